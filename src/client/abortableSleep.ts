import { sleep } from 'n8n-workflow';

const SLICE_MS = 200;

/**
 * Waits `ms`; returns false as soon as `signal` aborts (true when the time has passed). n8n-workflow's `sleep` is the
 * only timer a community node may use and it cannot be cancelled, so the wait is cut into short
 * slices: a stopped execution is noticed within 200 ms and no long timer outlives it.
 */
export async function abortableSleep(ms: number, signal?: AbortSignal): Promise<boolean> {
	const until = Date.now() + ms;
	for (;;) {
		if (signal?.aborted) return false;
		const left = until - Date.now();
		if (left <= 0) return true;
		await sleep(Math.min(left, SLICE_MS));
	}
}
