/**
 * When a failed request may be sent again. The rule that protects users' data: a request that may
 * have reached the server is re-sent only if sending it twice cannot write twice (GET, PUT, DELETE,
 * HEAD, OPTIONS). A 429 is always safe to retry: the server refused it without acting.
 */
export const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export const RETRY_LIMITS = {
	/** Retries after 429s (each waits as the server says). */
	rateLimited: 8,
	/** Retries after 5xx, resets and timeouts, idempotent methods only. */
	transient: 6,
	baseDelayMs: 200,
	maxDelayMs: 8_000,
};

/** Exponential backoff with full jitter: spreads retries of many clients apart. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
	const ceiling = Math.min(RETRY_LIMITS.maxDelayMs, RETRY_LIMITS.baseDelayMs * 2 ** attempt);
	return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Network failures where the request surely never reached the server. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function neverReachedServer(code: string | undefined): boolean {
	return code !== undefined && NOT_SENT.has(code);
}

export function isRetryableStatus(status: number): boolean {
	return status === 500 || status === 502 || status === 503 || status === 504;
}
