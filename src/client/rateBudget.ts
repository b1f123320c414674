/**
 * When the next request on an API key may go out, decided from what the server said
 * (rateHeaders.ts) and what this process has sent. One budget per base URL and key, shared by every
 * execution in the process and looked up by a SHA-256 fingerprint: the key itself is never stored.
 *
 * The state is grouped by what it describes: the `window` (what the server's current window is known
 * to hold), the `hold` (what keeps every request on the key back), and this process's traffic (in
 * flight, announced). Each numbered rule is one method, named after it in `admit`. The words
 * (window, hold, slow start, announcement) are in the glossary of docs/architecture.md.
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
 *    announced is what the jobs still have to send: a job that withdraws takes back only its rest
 *    (announcement.ts).
 * 5. `Retry-After` holds every request on the key until then; a 429 without a usable hint backs off.
 * 6. A hint beyond MAX_WAIT_MS (a Retry-After of a day, a spent window resetting in an hour) is not
 *    waited for: admission is refused with the server's words, so the user learns now, not later.
 */
import { createHash } from 'node:crypto';
import { type Announcement, Job } from './announcement';
import { clock } from './clock';
import type { RateHeaders } from './rateHeaders';

export { type Announcement, MAX_EXPECTED } from './announcement';

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

export type Admission =
	| { kind: 'go' }
	/**
	 * Nothing was taken: wait `ms` (or until `changed()` resolves, when `untilChange`), then ask again.
	 * `reason` says why in words, quoting the header that asked for it; `slowStart` marks rule 1's pause.
	 */
	| { kind: 'wait'; ms: number; untilChange?: boolean; reason: string; slowStart?: boolean }
	/** The server asked for a wait longer than MAX_WAIT_MS; `hint` quotes it, `ms` is how long it asked for. */
	| { kind: 'refuse'; hint: string; ms: number };

/** What the server's current window is known to hold. */
interface Window {
	/** The key's requests per window, once an answer has said. */
	limit?: number;
	/** What may still be sent in it, net of requests in flight; undefined while not known (rule 1). */
	remaining?: number;
	/** When it has surely reset; undefined when not known. */
	resetAt?: number;
	resetResolutionMs: number;
	/** The header that told the reset, for quoting. */
	resetQuote?: string;
	/** It was assumed open at the last one's reset, and no answer from it has come back yet (rule 3). */
	presumed: boolean;
	/** Requests of ours the server may have counted in it. */
	ours: number;
	/** When the last request was admitted in it (rule 4 spaces the next from it). */
	lastAdmitAt: number;
}

/** What holds every request on the key back (rules 5 and 6). */
interface Hold {
	until: number;
	/** Why: the Retry-After quoted, or the backoff after a 429 that named no time. */
	reason: string;
	/** A hint beyond MAX_WAIT_MS: refused until `until` (at most MAX_WAIT_MS), quoting `hint`. */
	refusal?: { until: number; hint: string; askedUntil: number };
}

export class RateBudget {
	private readonly window: Window = { resetResolutionMs: 1000, presumed: false, ours: 0, lastAdmitAt: Number.NEGATIVE_INFINITY };
	private readonly hold: Hold = { until: 0, reason: '' };
	/** Requests admitted and not yet answered. */
	private inFlight = 0;
	/** Requests announced and not yet sent (rule 4). */
	private expected = 0;
	/** An answer came without any rate-limit header: the server does not meter by them (rule 1). */
	private unmetered = false;
	/** Until then, someone else is assumed to spend the same key's windows (rule 4). */
	private sharedUntil = 0;
	private wake: Array<() => void> = [];

	constructor(private readonly now: () => number = Date.now) {}

	/** The key's requests per window, once an answer has said. */
	get keyLimit(): number | undefined {
		return this.window.limit;
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
		const held = this.tooLong(now) ?? this.held(now);
		if (held) return held;
		this.rollOver(now);
		if (this.window.remaining === undefined) return this.slowStart(now, job);
		if (this.window.remaining <= 0) return this.spent(now, job);
		return this.spread(now) ?? this.take(now, job);
	}

	/**
	 * Records a response's headers and frees its slot. `refused` is a 429: the request did not spend
	 * the budget. When it names a Retry-After, that is when to come back, and its own counts (often a
	 * blanket "0 remaining" during an overload) do not replace what the window's answers taught.
	 */
	update(headers: RateHeaders, refused = false): void {
		const now = this.now();
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (headers.limit !== undefined) this.window.limit = headers.limit;
		this.unmetered = !refused && headers.limit === undefined && headers.remaining === undefined && headers.retryAfterUntil === undefined;
		// A refused request spent nothing on the server.
		if (refused) this.giveBack();
		if (headers.retryAfterUntil !== undefined) this.retryAfter(headers, now);
		if (!(refused && headers.retryAfterUntil !== undefined)) this.learnWindow(headers, now);
		this.notify();
	}

	/**
	 * Rule 5, after a 429 whose headers `update` has recorded: when neither a Retry-After nor a spent
	 * window holds the next request back, back off for `fallbackMs`, or it would be re-sent at once.
	 */
	refused(fallbackMs: number): void {
		const now = this.now();
		const { remaining, resetAt } = this.window;
		if (this.hold.refusal && this.hold.refusal.until > now) return;
		if (this.hold.until > now) return;
		if (remaining !== undefined && remaining <= 0 && resetAt !== undefined && resetAt > now) return;
		this.holdUntil(now + Math.min(fallbackMs, MAX_WAIT_MS), 'backing off after HTTP 429 that named no time to wait (no Retry-After, no reset)');
	}

	/** Frees the slot of a request that got no response; one that surely never left gives its count back. */
	release(notSent: boolean): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		if (notSent) this.giveBack();
		this.notify();
	}

	/** Resolves at the next answer or release: waiters for an unknown budget wake then, not on a timer. */
	changed(): Promise<void> {
		return new Promise((resolve) => this.wake.push(resolve));
	}

	/** Rule 1: unknown budget, one request at a time until an answer says more. */
	private slowStart(now: number, job: Job | undefined): Admission {
		if (this.inFlight > 0 && !this.unmetered) return { kind: 'wait', ms: ANSWER_WAIT_MS, untilChange: true, reason: SLOW_START, slowStart: true };
		return this.take(now, job);
	}

	/** Rule 2: the admission is counted at once, against what remains in the window. */
	private take(now: number, job: Job | undefined): Admission {
		this.inFlight += 1;
		this.window.ours += 1;
		if (this.window.remaining !== undefined) this.window.remaining -= 1;
		job?.took();
		this.window.lastAdmitAt = now;
		return { kind: 'go' };
	}

	/** Rule 3: nothing remains in the window. */
	private spent(now: number, job: Job | undefined): Admission {
		const { resetAt, resetQuote, limit } = this.window;
		if (resetAt !== undefined) {
			const ms = resetAt + RESET_MARGIN_MS - now;
			const at = resetQuote ?? new Date(resetAt).toISOString();
			if (ms > MAX_WAIT_MS) return { kind: 'refuse', hint: `no requests remaining until the window resets at ${at}`, ms };
			return { kind: 'wait', ms, reason: `no requests remaining in this window (limit ${limit ?? 'unknown'}) until it resets at ${at}` };
		}
		// Spent in a window whose reset is not known yet: the answers in flight will tell.
		if (this.inFlight > 0) return { kind: 'wait', ms: ANSWER_WAIT_MS, untilChange: true, reason: 'no requests remaining in this window; waiting for an answer that says when it resets' };
		return this.take(now, job);
	}

	/** Rule 3: past the reset, a fresh window of the last known limit, until headers say otherwise. */
	private rollOver(now: number): void {
		const window = this.window;
		if (window.resetAt === undefined || now < window.resetAt + RESET_MARGIN_MS) return;
		window.resetAt = undefined;
		window.remaining = window.limit === undefined ? undefined : window.limit - this.inFlight;
		window.presumed = window.remaining !== undefined;
		window.ours = this.inFlight;
		window.lastAdmitAt = Number.NEGATIVE_INFINITY;
	}

	/** Rule 4: announced work beyond what remains, or a key someone else spends too, is spread over the window. */
	private spread(now: number): Admission | undefined {
		const { remaining = 0, resetAt, resetResolutionMs, presumed, lastAdmitAt } = this.window;
		if (!(this.expected > remaining || (this.expected > 0 && this.sharedUntil > now))) return undefined;
		if (presumed && this.inFlight > 0) {
			return { kind: 'wait', ms: ANSWER_WAIT_MS, untilChange: true, reason: `a new window began; waiting for its first answer before spreading ${this.expected} announced requests over it` };
		}
		if (resetAt === undefined) return undefined;
		// What remains, in even slots before the reset: the reset itself is the next window's first
		// slot, and a request sent on it would be counted there, leaving this window one short.
		const expectedReset = resetAt - resetResolutionMs / 2;
		const next = lastAdmitAt + (expectedReset - now) / (remaining + 1);
		if (next <= now) return undefined;
		return { kind: 'wait', ms: Math.ceil(next - now), reason: this.spreading(now) };
	}

	/** Rule 4's reason, in words. */
	private spreading(now: number): string {
		const { remaining, resetAt, limit } = this.window;
		const why = this.expected > (remaining ?? 0) ? `${this.expected} announced requests, ${remaining} remaining` : 'another client spends this key too';
		return `spreading requests evenly until the window resets in ${(Math.max(0, (resetAt ?? now) - now) / 1000).toFixed(1)} s (${why}; limit ${limit ?? 'unknown'})`;
	}

	/** Rule 5: a Retry-After (or a backoff) holds every request on the key until then. */
	private held(now: number): Admission | undefined {
		return this.hold.until > now ? { kind: 'wait', ms: this.hold.until - now, reason: this.hold.reason } : undefined;
	}

	/** Rule 6: a hint beyond MAX_WAIT_MS is not waited for; admission is refused with the server's words. */
	private tooLong(now: number): Admission | undefined {
		const { refusal } = this.hold;
		return refusal && refusal.until > now ? { kind: 'refuse', hint: refusal.hint, ms: Math.max(0, refusal.askedUntil - now) } : undefined;
	}

	/** Rules 5 and 6: a Retry-After is held, or refused when it asks for more than MAX_WAIT_MS. */
	private retryAfter(headers: RateHeaders, now: number): void {
		const until = headers.retryAfterUntil as number;
		const quote = headers.retryAfterQuote ?? 'Retry-After';
		// A longer hint is refused at once, and for at most MAX_WAIT_MS: then one request may ask again,
		// so a bogus header cannot lock the key out for a day.
		if (until - now > MAX_WAIT_MS) this.hold.refusal = { until: now + MAX_WAIT_MS, hint: quote, askedUntil: until };
		else this.holdUntil(until, `the API asked for it (${quote})`);
	}

	private holdUntil(until: number, reason: string): void {
		if (until <= this.hold.until) return;
		this.hold.until = until;
		this.hold.reason = reason;
	}

	/** What an answer's counts say of the current window (a response from a window already ended says nothing). */
	private learnWindow(headers: RateHeaders, now: number): void {
		if (headers.remaining === undefined || headers.resetAt === undefined || headers.resetAt <= now) return;
		const window = this.window;
		const candidate = headers.remaining - this.inFlight;
		const slack = Math.max(window.resetResolutionMs, headers.resetResolutionMs ?? 0) + SAME_WINDOW_SLACK_MS;
		if (window.resetAt !== undefined && window.remaining !== undefined && Math.abs(headers.resetAt - window.resetAt) <= slack) {
			// Same window: responses overtake each other, the lowest count is the truth, and the
			// earliest upper bound on the reset is the tightest.
			window.remaining = Math.min(window.remaining, candidate);
			window.resetAt = Math.min(window.resetAt, headers.resetAt);
		} else {
			// A new window, also when it resets earlier than the one we knew (the server restarted it).
			// Of ours, at most this request and those still in flight can have been counted in it.
			window.remaining = candidate;
			window.resetAt = headers.resetAt;
			window.lastAdmitAt = Number.NEGATIVE_INFINITY;
			window.ours = 1 + this.inFlight;
		}
		// More used than we can have sent: someone else spends this key too (rule 4).
		if (window.limit !== undefined && window.limit - headers.remaining > window.ours) this.sharedUntil = now + SHARED_FOR_MS;
		window.presumed = false;
		window.resetResolutionMs = headers.resetResolutionMs ?? 1000;
		window.resetQuote = headers.resetQuote;
	}

	/** A request that spent nothing on the server (refused, or never sent) gives its count back. */
	private giveBack(): void {
		if (this.window.remaining !== undefined) this.window.remaining += 1;
		this.window.ours = Math.max(0, this.window.ours - 1);
	}

	private notify(): void {
		const wake = this.wake;
		this.wake = [];
		for (const resolve of wake) resolve();
	}
}

const budgets = new Map<string, RateBudget>();

/** The budget shared by everything in this process that uses the same API key at the same URL, on the client's clock. */
export function budgetFor(baseUrl: string, apiKey: string): RateBudget {
	const fingerprint = createHash('sha256').update(`${baseUrl}\u0000${apiKey}`).digest('hex');
	let budget = budgets.get(fingerprint);
	if (!budget) {
		budget = new RateBudget(() => clock.now());
		budgets.set(fingerprint, budget);
	}
	return budget;
}
