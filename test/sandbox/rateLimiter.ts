/**
 * Per-key fixed-window rate limiting with the three headers on every response.
 * The unit of `X-RateLimit-Reset` is not shown in the spec, so it is configurable: clients are
 * tested against each reading a real service might use.
 */
export type ResetUnit = 'epoch-seconds' | 'epoch-ms' | 'seconds-until-reset';

export const PLAN_LIMITS = { individual: 60, team: 120 } as const;

export type Plan = keyof typeof PLAN_LIMITS | 'enterprise';

interface Window {
	startedAt: number;
	used: number;
}

export interface RateDecision {
	allowed: boolean;
	headers: Record<string, string>;
}

export class RateLimiter {
	private readonly windows = new Map<string, Window>();
	/** Windows opened per key since the last reset: how many windows a run spanned. */
	private readonly opened = new Map<string, number>();
	/** Whether a 429 carries `Retry-After` (the spec does not show that it does). */
	retryAfter = true;
	/** How far the server's clock is from ours: epoch `X-RateLimit-Reset` values are shifted by it. */
	clockOffsetMs = 0;

	constructor(
		public limit: number,
		public windowMs: number,
		public resetUnit: ResetUnit,
		private readonly now: () => number = Date.now,
		/** How far the server's own clock (its `Date`) is from `now`: epoch resets are written on it. */
		private readonly serverClockMs: () => number = () => 0,
	) {}

	/** Counts one request for `key` (a refused one does not spend budget) and says if it may run. */
	take(key: string): RateDecision {
		const window = this.current(key);
		const allowed = window.used < this.limit;
		if (allowed) window.used += 1;
		return { allowed, headers: this.headers(window, !allowed) };
	}

	/** Headers for a request that spends no budget (e.g. refused before authentication). */
	peek(key: string): Record<string, string> {
		return this.headers(this.current(key), false);
	}

	/** Uses up the rest of a key's window: a "429 storm" fault. */
	exhaust(key: string): void {
		this.current(key).used = this.limit;
	}

	reset(): void {
		this.windows.clear();
		this.opened.clear();
	}

	/** How many windows `key` has used since the last reset (a window opens with its first request). */
	windowsOpened(key: string): number {
		return this.opened.get(key) ?? 0;
	}

	/** Back to a well-behaved server: `Retry-After` on 429s, clocks in agreement. */
	restoreDefaults(): void {
		this.retryAfter = true;
		this.clockOffsetMs = 0;
	}

	private current(key: string): Window {
		const now = this.now();
		let window = this.windows.get(key);
		if (!window || now >= window.startedAt + this.windowMs) {
			window = { startedAt: now, used: 0 };
			this.windows.set(key, window);
			this.opened.set(key, (this.opened.get(key) ?? 0) + 1);
		}
		return window;
	}

	private headers(window: Window, limited: boolean): Record<string, string> {
		const resetAt = window.startedAt + this.windowMs;
		const msLeft = Math.max(0, resetAt - this.now());
		const headers: Record<string, string> = {
			'x-ratelimit-limit': String(this.limit),
			'x-ratelimit-remaining': String(Math.max(0, this.limit - window.used)),
			'x-ratelimit-reset': this.formatReset(resetAt, msLeft),
		};
		if (limited && this.retryAfter) headers['retry-after'] = String(Math.max(1, Math.ceil(msLeft / 1000)));
		return headers;
	}

	private formatReset(resetAt: number, msLeft: number): string {
		switch (this.resetUnit) {
			case 'epoch-ms':
				return String(resetAt + this.serverClockMs() + this.clockOffsetMs);
			case 'seconds-until-reset':
				return String(Math.ceil(msLeft / 1000));
			default:
				return String(Math.ceil((resetAt + this.serverClockMs() + this.clockOffsetMs) / 1000));
		}
	}
}
