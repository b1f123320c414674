/**
 * The sandbox's own clock: the host's time, plus an offset (a server whose clock runs ahead of or
 * behind n8n's) plus whatever a test or the dev command has moved it forward, so an hour of the
 * platform's life passes without waiting an hour. Every date the sandbox writes comes from here;
 * rate-limit windows keep the host's time (they have their own `clockOffsetMs`).
 */

/** The most a clock may be moved, or set off the host's, at once: ten years. */
export const MAX_CLOCK_MS = 10 * 365 * 86_400_000;

export interface ClockState {
	/** The sandbox's time now, ISO 8601. */
	now: string;
	offsetMs: number;
	advancedMs: number;
}

export class SandboxClock {
	private advancedMs = 0;

	constructor(
		readonly offsetMs = 0,
		private readonly host: () => number = Date.now,
	) {}

	/** Epoch milliseconds on the sandbox's clock. */
	now(): number {
		return this.host() + this.offsetMs + this.advancedMs;
	}

	iso(): string {
		return new Date(this.now()).toISOString();
	}

	/** Moves the clock forward; it never runs backwards, as no server's clock should. */
	advance(ms: number): void {
		this.advancedMs += ms;
	}

	/** Back to the host's time plus the offset. */
	reset(): void {
		this.advancedMs = 0;
	}

	state(): ClockState {
		return { now: this.iso(), offsetMs: this.offsetMs, advancedMs: this.advancedMs };
	}
}

/** Why `value` is not a usable clock amount, or undefined when it is. */
export function clockAmountProblem(value: unknown, { signed }: { signed: boolean }): string | undefined {
	const low = signed ? -MAX_CLOCK_MS : 0;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > MAX_CLOCK_MS) {
		return `must be a whole number of milliseconds from ${low} to ${MAX_CLOCK_MS}${signed ? ' (negative: behind the host)' : ''}`;
	}
	return undefined;
}
