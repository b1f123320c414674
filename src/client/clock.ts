/**
 * The time the client lives by: what time it is, and waiting. Every wait the client makes (the rate
 * budget's pacing, a retry's backoff) and every time it reads goes through the clock in use, so a
 * test can run them on a clock of its own (test/harness/virtualClock.ts: rate windows of seconds
 * pass in milliseconds) and the client does not know. In n8n it is the system's: `Date.now`, and
 * n8n-workflow's `sleep` cut into slices so that a stopped execution is noticed (abortableSleep.ts).
 * The per-attempt deadline (transport.ts) keeps real time: it bounds how long a server may take.
 */
import { abortableSleep } from './abortableSleep';

export interface Clock {
	/** Epoch milliseconds. */
	now(): number;
	/** Waits `ms`; resolves false as soon as `signal` aborts, true when the time has passed. */
	sleep(ms: number, signal?: AbortSignal): Promise<boolean>;
}

const systemClock: Clock = { now: () => Date.now(), sleep: abortableSleep };

let current: Clock = systemClock;

/** The clock in use; read through at every call, so a replacement takes effect for budgets already made. */
export const clock: Clock = {
	now: () => current.now(),
	sleep: async (ms, signal) => await current.sleep(ms, signal),
};

/** Runs every client in this process on `replacement` until the returned function puts the system's clock back (tests). */
export function useClock(replacement: Clock): () => void {
	current = replacement;
	return () => {
		current = systemClock;
	};
}
