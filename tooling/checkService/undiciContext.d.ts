import type { ClientContext, Headers } from '../../src/client/transport';

/** One answer the service gave, as the checks read it. */
export interface Exchange {
	method: string;
	/** Path and query string. */
	path: string;
	status: number;
	headers: Headers;
	text: string;
	/** When it arrived, on this machine's clock (epoch ms). */
	at: number;
}

/** Requests sent, the most that may be, and attempts refused for it (none sent). */
export interface Counter {
	sent: number;
	cap: number;
	refused: number;
}

export function createUndiciContext(
	credentials: { baseUrl: string; apiKey: string },
	onWait?: (message: string) => void,
): {
	context: ClientContext;
	exchanges: Exchange[];
	counter: Counter;
};
