/**
 * The one place that knows rate limits (spec §8): reads `X-RateLimit-Limit`, `-Remaining` and
 * `-Reset` from every response and decides how long the next request must wait.
 *
 * - A job whose requests fit in what remains runs at full speed: no waits at all.
 * - When callers have announced more work than the window has left (`expect`), the remaining
 *   requests are spread evenly over the time left, so the budget lasts until the reset and other
 *   users of the same key (other executions, other n8n workers) are not starved into 429s.
 * - When nothing is left, it waits for the reset (capped) instead of sending a doomed request.
 * - `Retry-After` on a 429 wins over everything else; a 429 without a usable hint backs off.
 *
 * State is shared by every execution in this n8n process that uses the same base URL and key,
 * looked up by a SHA-256 fingerprint: the key itself is never stored.
 */
import { createHash } from 'node:crypto';

/** No wait is ever longer than this; a longer hint is treated as bad data and re-probed. */
export const MAX_WAIT_MS = 65_000;

/** Added to a computed reset time: epoch-second headers and clock skew round in our disfavour. */
const RESET_MARGIN_MS = 250;

/** Reset times of one window differ by the header's 1-second resolution plus transit time. */
const SAME_WINDOW_MS = 1_500;

/** Below this `Date`-header skew, the local clock is trusted (Date has 1-second resolution). */
const SKEW_TOLERANCE_MS = 2_000;

export interface RateHeaders {
	limit?: number;
	remaining?: number;
	/** Local epoch ms at which the window resets. */
	resetAt?: number;
	/** Local epoch ms before which the server asked us not to retry. */
	retryAfterUntil?: number;
}

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string | undefined => {
	const value = headers[name] ?? headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
};

const integer = (value: string | undefined): number | undefined => {
	if (value === undefined || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return undefined;
	return Math.floor(Number(value));
};

/**
 * Reads `X-RateLimit-Reset` whatever its unit (not shown in the spec): above 1e12 it is epoch
 * milliseconds, above 1e9 epoch seconds, otherwise seconds from now. Epoch values are read
 * against the response's `Date` header when the clocks disagree, so a skewed local clock does
 * not stretch or shorten waits.
 */
export function parseReset(value: number, now: number, serverDate?: number): number {
	const skew = serverDate !== undefined && Math.abs(now - serverDate) > SKEW_TOLERANCE_MS ? now - serverDate : 0;
	if (value > 1e12) return value + skew;
	if (value > 1e9) return value * 1000 + skew;
	return now + value * 1000;
}

/** Reads `Retry-After`: delta seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	if (value === undefined) return undefined;
	const seconds = integer(value);
	if (seconds !== undefined) return now + Math.max(0, seconds) * 1000;
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : date;
}

export function readRateHeaders(headers: Headers, now = Date.now()): RateHeaders {
	const dateHeader = header(headers, 'date');
	const serverDate = dateHeader ? Date.parse(dateHeader) : undefined;
	const reset = integer(header(headers, 'x-ratelimit-reset'));
	return {
		limit: integer(header(headers, 'x-ratelimit-limit')),
		remaining: integer(header(headers, 'x-ratelimit-remaining')),
		resetAt: reset === undefined ? undefined : parseReset(reset, now, Number.isNaN(serverDate) ? undefined : serverDate),
		retryAfterUntil: parseRetryAfter(header(headers, 'retry-after'), now),
	};
}

export class RateBudget {
	limit?: number;
	remaining?: number;
	resetAt?: number;
	private blockedUntil = 0;
	/** Requests granted a slot whose response has not come back yet. */
	private inFlight = 0;
	/** Requests announced by running jobs and not yet granted a slot. */
	private expected = 0;
	/** While pacing, the earliest time the next slot may start. */
	private nextSlot = 0;

	constructor(private readonly now: () => number = Date.now) {}

	/** Jobs that know their size (pagination after the first page, many items) announce it. */
	expect(requests: number): () => void {
		let left = Math.max(0, Math.floor(requests));
		this.expected += left;
		return () => {
			this.expected = Math.max(0, this.expected - left);
			left = 0;
		};
	}

	/**
	 * Grants one request a slot and says how many ms to wait before sending it (0 = now). The
	 * slot is taken at once, so concurrent callers see each other and cannot overspend.
	 */
	reserve(): number {
		const now = this.now();
		let slot = now;
		if (this.blockedUntil > now) {
			slot = this.blockedUntil;
		} else if (this.remaining !== undefined && this.resetAt !== undefined && now < this.resetAt) {
			const available = this.remaining - this.inFlight;
			if (available <= 0) {
				slot = this.resetAt + RESET_MARGIN_MS;
			} else if (this.expected > available) {
				// More work announced than budget left: spread the rest evenly until the reset.
				slot = Math.max(now, this.nextSlot);
				this.nextSlot = slot + Math.max(0, this.resetAt - slot) / available;
			}
		}
		this.inFlight += 1;
		this.expected = Math.max(0, this.expected - 1);
		return Math.max(0, Math.min(slot - now, MAX_WAIT_MS));
	}

	/** Records what a response said and frees its slot. */
	update(headers: RateHeaders): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		const now = this.now();
		if (headers.limit !== undefined) this.limit = headers.limit;
		if (headers.retryAfterUntil !== undefined) {
			// The server named the time to come back; it outranks a Reset that may be a minute off
			// (a short overload, not a spent budget). The next response re-teaches the counters.
			this.blockedUntil = Math.max(this.blockedUntil, Math.min(headers.retryAfterUntil, now + MAX_WAIT_MS));
			this.remaining = undefined;
			this.resetAt = undefined;
			return;
		}
		// A late response from a window that has already ended says nothing about the current one.
		if (headers.resetAt !== undefined && headers.remaining !== undefined && headers.resetAt > now) {
			// Reset values of one window agree to within SAME_WINDOW_MS. Any other
			// reset time still ahead is a new window, also when it is earlier than the one we knew:
			// the server restarted the window (plan changed, limits reset) and waiting for the old
			// reset would idle the whole budget.
			const sameWindow =
				this.resetAt !== undefined && now < this.resetAt && Math.abs(headers.resetAt - this.resetAt) <= SAME_WINDOW_MS;
			// Responses overtake each other; within one window the lowest count is the truth.
			this.remaining = sameWindow ? Math.min(this.remaining ?? headers.remaining, headers.remaining) : headers.remaining;
			this.resetAt = sameWindow ? Math.max(this.resetAt ?? 0, headers.resetAt) : headers.resetAt;
			if (!sameWindow) this.nextSlot = 0;
		}
	}

	/**
	 * After a 429, whose headers `update` has already recorded: a `Retry-After`, or a spent window
	 * with a reset still ahead, already holds the next request back. When neither does (no hint, or
	 * a reset already past by our clock because the server's runs a little behind), back off for
	 * `fallbackMs`; otherwise the refused request would be re-sent at once, again and again.
	 */
	refused(fallbackMs: number): void {
		const now = this.now();
		const spentUntilReset = this.remaining !== undefined && this.remaining - this.inFlight <= 0 && this.resetAt !== undefined && this.resetAt > now;
		if (this.blockedUntil > now || spentUntilReset) return;
		this.blockedUntil = now + Math.min(fallbackMs, MAX_WAIT_MS);
	}

	/** Frees the slot of a request that got no response (network error, abort). */
	release(): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
	}
}

const budgets = new Map<string, RateBudget>();

/** The budget shared by everything in this process that uses the same API key at the same URL. */
export function budgetFor(baseUrl: string, apiKey: string): RateBudget {
	const fingerprint = createHash('sha256').update(`${baseUrl}\u0000${apiKey}`).digest('hex');
	let budget = budgets.get(fingerprint);
	if (!budget) {
		budget = new RateBudget();
		budgets.set(fingerprint, budget);
	}
	return budget;
}
