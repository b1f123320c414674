/**
 * When the next request on an API key may go out, decided from what the server said
 * (rateHeaders.ts) and what this process has sent. One budget per base URL and key, shared by every
 * execution in the process and looked up by a SHA-256 fingerprint: the key itself is never stored.
 *
 * The rules, each checked by a table of cases in test/client/rateBudget.test.ts:
 * 1. Slow start: while the key's budget is unknown, one request is in flight; the first answer's
 *    headers say how many may follow. An answer with no rate-limit headers at all ends the slow
 *    start too: there is nothing to pace by, and a 429 still holds everything back (rule 5).
 * 2. Every admission is counted at once, against what remains in the window, including after a
 *    wait: a waiter is never handed a slot; it asks again when it wakes.
 * 3. Nothing remains: wait for the reset. After the reset, admit at most the last known limit until
 *    fresh headers say otherwise; and when more work is announced than that limit, one request
 *    until they do (its answer shows what other processes on the key, n8n's queue-mode workers say,
 *    have spent of the new window, so rule 4 can share it instead of each process spending it all).
 * 4. More work announced (`expect`) than remains: the rest is spread evenly until the reset, so other
 *    users of the key (other executions, other n8n workers) are not starved into 429s. When the
 *    counts show that someone else spends the same window (another n8n worker, another program),
 *    announced work is spread out even when it would fit: each of them would otherwise spend what
 *    remains at once. A request admitted under an announcement counts against it, so what is
 *    announced is what the jobs still have to send: a job that withdraws takes back only its rest.
 * 5. `Retry-After` holds every request on the key until then; a 429 without a usable hint backs off.
 * 6. A hint beyond MAX_WAIT_MS (a Retry-After of a day, a spent window resetting in an hour) is not
 *    waited for: admission is refused with the server's words, so the user learns now, not later.
 */
import { createHash } from 'node:crypto';
import type { RateHeaders } from './rateHeaders';

/** The longest single wait for the rate limit (one minute's window and a margin). */
export const MAX_WAIT_MS = 65_000;

/** After a reset time, before the next window is assumed open. */
const RESET_MARGIN_MS = 100;

/** Reset times of one window, read from different responses, agree to within their resolution plus transit. */
const SAME_WINDOW_SLACK_MS = 250;

/** How long another spender, once seen in the counts, is assumed to share the key. */
const SHARED_FOR_MS = 60_000;

/** Longest nap while waiting for an answer that will teach the budget (a change wakes the waiter sooner). */
const ANSWER_WAIT_MS = 1_000;

const SLOW_START = "slow start: the key's rate limit is not known until the first answer, which this request waits for";

/** Announcements are capped: a server's `total` must not inflate the budget for every other execution. */
export const MAX_EXPECTED = 10_000;

export type Admission =
	| { kind: 'go' }
	/**
	 * Nothing was taken: wait `ms` (or until `changed()` resolves, when `untilChange`), then ask again.
	 * `reason` says why in words, quoting the header that asked for it; `slowStart` marks rule 1's pause.
	 */
	| { kind: 'wait'; ms: number; untilChange?: boolean; reason: string; slowStart?: boolean }
	/** The server asked for a wait longer than MAX_WAIT_MS; `hint` quotes it, `ms` is how long it asked for. */
	| { kind: 'refuse'; hint: string; ms: number };

/** Work announced to the budget (rule 4), by a job that knows (or learns) how many requests it will send. */
export interface Announcement {
	/** The job sends `requests` in all, those already admitted under it included (a list learns its size as it reads). */
	resize(requests: number): void;
	/** The job has ended: what it had not sent is no longer expected. */
	withdraw(): void;
}

/** One announcement: what is left of it is what it adds to the budget's `expected`. */
class Job implements Announcement {
	private left = 0;
	private taken = 0;
	private ended = false;

	constructor(
		requests: number,
		private readonly changed: (delta: number) => void,
	) {
		this.resize(requests);
	}

	resize(requests: number): void {
		if (!this.ended) this.setLeft(Math.min(MAX_EXPECTED, Math.max(0, Math.floor(requests) - this.taken)));
	}

	withdraw(): void {
		this.setLeft(0);
		this.ended = true;
	}

	/** One of its requests was admitted. */
	took(): void {
		this.taken += 1;
		if (this.left > 0) this.setLeft(this.left - 1);
	}

	private setLeft(left: number): void {
		this.changed(left - this.left);
		this.left = left;
	}
}

export class RateBudget {
	private limit?: number;
	/** What may still be sent in the current window, net of requests in flight. */
	private remaining?: number;
	/** When the current window has surely reset; undefined when not known. */
	private resetAt?: number;
	private resetResolutionMs = 1000;
	private resetQuote?: string;
	private inFlight = 0;
	private expected = 0;
	private blockedUntil = 0;
	/** Why `blockedUntil` holds: the Retry-After quoted, or the backoff after a 429 that named no time. */
	private blockedBy = '';
	private refusal?: { until: number; hint: string; askedUntil: number };
	private lastAdmitAt = Number.NEGATIVE_INFINITY;
	/** An answer came without any rate-limit header: the server does not meter by them. */
	private unmetered = false;
	/** The window reset and no answer from the new one has come back yet. */
	private presumed = false;
	/** Requests of ours the server may have counted in the current window. */
	private spentInWindow = 0;
	/** Until then, someone else is assumed to spend the same key's windows. */
	private sharedUntil = 0;
	private wake: Array<() => void> = [];

	constructor(private readonly now: () => number = Date.now) {}

	/** The key's requests per window, once an answer has said. */
	get keyLimit(): number | undefined {
		return this.limit;
	}

	/**
	 * Jobs that know their size announce it (rule 4). Requests admitted under the announcement
	 * (`admit(announcement)`) count against it; `withdraw` takes back what is left of it.
	 */
	expect(requests: number): Announcement {
		return new Job(requests, (delta) => (this.expected = Math.max(0, this.expected + delta)));
	}

	/** Takes a slot for one request (rule 2), or says how long to wait before asking again; `announcement` is the job it belongs to. */
	admit(announcement?: Announcement): Admission {
		const now = this.now();
		const job = announcement instanceof Job ? announcement : undefined;
		if (this.refusal && this.refusal.until > now) return { kind: 'refuse', hint: this.refusal.hint, ms: Math.max(0, this.refusal.askedUntil - now) };
		if (this.blockedUntil > now) return { kind: 'wait', ms: this.blockedUntil - now, reason: this.blockedBy };
		this.rollOver(now);
		if (this.remaining === undefined) {
			// Rule 1: unknown budget, one request at a time until an answer says more.
			if (this.inFlight > 0 && !this.unmetered) return { kind: 'wait', ms: ANSWER_WAIT_MS, untilChange: true, reason: SLOW_START, slowStart: true };
			return this.take(now, job);
		}
		if (this.remaining <= 0) return this.spent(now, job);
		const spread = this.expected > this.remaining || (this.expected > 0 && this.sharedUntil > now);
		if (spread && this.presumed && this.inFlight > 0) {
			return { kind: 'wait', ms: ANSWER_WAIT_MS, untilChange: true, reason: `a new window began; waiting for its first answer before spreading ${this.expected} announced requests over it` };
		}
		if (spread && this.resetAt !== undefined) {
			// What remains, in even slots before the reset: the reset itself is the next window's first
			// slot, and a request sent on it would be counted there, leaving this window one short.
			const expectedReset = this.resetAt - this.resetResolutionMs / 2;
			const next = this.lastAdmitAt + (expectedReset - now) / (this.remaining + 1);
			if (next > now) return { kind: 'wait', ms: Math.ceil(next - now), reason: this.spreading(now) };
		}
		return this.take(now, job);
	}

	/** Rule 3: nothing remains in the window. */
	private spent(now: number, job: Job | undefined): Admission {
		if (this.resetAt !== undefined) {
			const ms = this.resetAt + RESET_MARGIN_MS - now;
			const hint = `no requests remaining until the window resets at ${this.resetQuote ?? new Date(this.resetAt).toISOString()}`;
			if (ms > MAX_WAIT_MS) return { kind: 'refuse', hint, ms };
			return { kind: 'wait', ms, reason: `no requests remaining in this window (limit ${this.limit ?? 'unknown'}) until it resets at ${this.resetQuote ?? new Date(this.resetAt).toISOString()}` };
		}
		// Spent in a window whose reset is not known yet: the answers in flight will tell.
		if (this.inFlight > 0) return { kind: 'wait', ms: ANSWER_WAIT_MS, untilChange: true, reason: 'no requests remaining in this window; waiting for an answer that says when it resets' };
		return this.take(now, job);
	}

	/** Rule 4's reason, in words. */
	private spreading(now: number): string {
		const why = this.expected > (this.remaining ?? 0) ? `${this.expected} announced requests, ${this.remaining} remaining` : 'another client spends this key too';
		return `spreading requests evenly until the window resets in ${(Math.max(0, (this.resetAt ?? now) - now) / 1000).toFixed(1)} s (${why}; limit ${this.limit ?? 'unknown'})`;
	}

	/**
	 * Records a response's headers and frees its slot. `refused` is a 429: the request did not spend
	 * the budget. When it names a Retry-After, that is when to come back, and its own counts (often a
	 * blanket "0 remaining" during an overload) do not replace what the window's answers taught.
	 */
	update(headers: RateHeaders, refused = false): void {
		const now = this.now();
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (headers.limit !== undefined) this.limit = headers.limit;
		this.unmetered = !refused && headers.limit === undefined && headers.remaining === undefined && headers.retryAfterUntil === undefined;
		if (refused) {
			// A refused request spent nothing on the server.
			if (this.remaining !== undefined) this.remaining += 1;
			this.spentInWindow = Math.max(0, this.spentInWindow - 1);
		}
		if (headers.retryAfterUntil !== undefined) {
			// A longer hint is refused at once, and for at most MAX_WAIT_MS: then one request may ask again,
			// so a bogus header cannot lock the key out for a day.
			if (headers.retryAfterUntil - now > MAX_WAIT_MS) this.refusal = { until: now + MAX_WAIT_MS, hint: headers.retryAfterQuote ?? 'Retry-After', askedUntil: headers.retryAfterUntil };
			else this.hold(headers.retryAfterUntil, `the API asked for it (${headers.retryAfterQuote ?? 'Retry-After'})`);
			if (refused) {
				this.notify();
				return;
			}
		}
		// A response from a window that has already ended says nothing about the current one.
		if (headers.remaining !== undefined && headers.resetAt !== undefined && headers.resetAt > now) {
			const candidate = headers.remaining - this.inFlight;
			const slack = Math.max(this.resetResolutionMs, headers.resetResolutionMs ?? 0) + SAME_WINDOW_SLACK_MS;
			if (this.resetAt !== undefined && this.remaining !== undefined && Math.abs(headers.resetAt - this.resetAt) <= slack) {
				// Same window: responses overtake each other, the lowest count is the truth, and the
				// earliest upper bound on the reset is the tightest.
				this.remaining = Math.min(this.remaining, candidate);
				this.resetAt = Math.min(this.resetAt, headers.resetAt);
			} else {
				// A new window, also when it resets earlier than the one we knew (the server restarted it).
				// Of ours, at most this request and those still in flight can have been counted in it.
				this.remaining = candidate;
				this.resetAt = headers.resetAt;
				this.lastAdmitAt = Number.NEGATIVE_INFINITY;
				this.spentInWindow = 1 + this.inFlight;
			}
			// More used than we can have sent: someone else spends this key too.
			if (this.limit !== undefined && this.limit - headers.remaining > this.spentInWindow) this.sharedUntil = now + SHARED_FOR_MS;
			this.presumed = false;
			this.resetResolutionMs = headers.resetResolutionMs ?? 1000;
			this.resetQuote = headers.resetQuote;
		}
		this.notify();
	}

	/**
	 * After a 429 whose headers `update` has recorded: when neither a Retry-After nor a spent window
	 * holds the next request back, back off for `fallbackMs`, or it would be re-sent at once.
	 */
	refused(fallbackMs: number): void {
		const now = this.now();
		if (this.refusal && this.refusal.until > now) return;
		if (this.blockedUntil > now) return;
		if (this.remaining !== undefined && this.remaining <= 0 && this.resetAt !== undefined && this.resetAt > now) return;
		this.hold(now + Math.min(fallbackMs, MAX_WAIT_MS), 'backing off after HTTP 429 that named no time to wait (no Retry-After, no reset)');
	}

	private hold(until: number, reason: string): void {
		if (until <= this.blockedUntil) return;
		this.blockedUntil = until;
		this.blockedBy = reason;
	}

	/** Frees the slot of a request that got no response; one that surely never left gives its count back. */
	release(notSent: boolean): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (notSent) {
			if (this.remaining !== undefined) this.remaining += 1;
			this.spentInWindow = Math.max(0, this.spentInWindow - 1);
		}
		this.notify();
	}

	/** Resolves at the next answer or release: waiters for an unknown budget wake then, not on a timer. */
	changed(): Promise<void> {
		return new Promise((resolve) => this.wake.push(resolve));
	}

	private notify(): void {
		const wake = this.wake;
		this.wake = [];
		for (const resolve of wake) resolve();
	}

	private take(now: number, job: Job | undefined): Admission {
		this.inFlight += 1;
		this.spentInWindow += 1;
		if (this.remaining !== undefined) this.remaining -= 1;
		job?.took();
		this.lastAdmitAt = now;
		return { kind: 'go' };
	}

	/** Rule 3: past the reset, a fresh window of the last known limit, until headers say otherwise. */
	private rollOver(now: number): void {
		if (this.resetAt === undefined || now < this.resetAt + RESET_MARGIN_MS) return;
		this.resetAt = undefined;
		this.remaining = this.limit === undefined ? undefined : this.limit - this.inFlight;
		this.presumed = this.remaining !== undefined;
		this.spentInWindow = this.inFlight;
		this.lastAdmitAt = Number.NEGATIVE_INFINITY;
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
