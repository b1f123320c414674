/**
 * Remembers the signatures of deliveries already accepted, for as long as the tolerance window
 * lets a redelivery through, so an identical event (a retry, a replay) starts no second execution.
 *
 * The memory is per n8n process. In queue mode with several webhook processors, two copies of one
 * delivery reaching two different processes within the window would both run; the timestamp
 * window still bounds replays. (Static data is not used: n8n saves it after executions, not when
 * a webhook is refused, so it cannot record deliveries reliably.)
 */
const MAX_ENTRIES = 10_000;

const seen = new Map<string, number>();

/** True the first time `key` is seen within `windowMs`; false for a duplicate. */
export function firstDelivery(key: string, windowMs: number, now = Date.now()): boolean {
	const expiresAt = seen.get(key);
	if (expiresAt !== undefined && expiresAt > now) return false;
	if (seen.size >= MAX_ENTRIES) {
		for (const [k, until] of seen) {
			if (until <= now || seen.size >= MAX_ENTRIES) seen.delete(k);
			if (seen.size < MAX_ENTRIES * 0.9) break;
		}
	}
	seen.set(key, now + windowMs);
	return true;
}
