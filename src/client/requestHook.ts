/**
 * What a caller that keeps its own account of a client's requests is told (the polling trigger's
 * share of the key, nodes/AgentPlatformPollingTrigger/keyShare.ts): each attempt as it leaves,
 * retries included, and what each answer's headers said of the key's limit and of the server's
 * clock. The headers are read here, in the client, as docs/architecture.md promises; the caller
 * gets numbers.
 */
export interface RequestHook {
	/** An attempt is about to be sent. */
	sending(): void;
	/** An answer came: the key's limit per minute and the server's `Date`, when its headers name them. */
	answered(answer: { limit?: number; serverDate?: number }): void;
}
