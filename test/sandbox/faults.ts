/**
 * Injected faults, drawn from a seeded PRNG so a run is reproducible: the same seed and the same
 * request order give the same faults. Rates are fractions of requests (0..1).
 */
import { createRandom, type Random } from './prng';

export interface FaultConfig {
	/** Added to every API request, in milliseconds. */
	latencyMs?: number;
	/** Fraction answered `internal_error` 500 (or 502/503 at random) without touching state. */
	serverErrorRate?: number;
	/** Fraction whose connection is destroyed before any response byte. */
	resetRate?: number;
	/** Fraction whose JSON body is cut in half (status 200, broken JSON). */
	malformedRate?: number;
	/** Fraction whose body is written slowly, in `slowBodyChunks` pieces `slowBodyDelayMs` apart. */
	slowBodyRate?: number;
	slowBodyChunks?: number;
	slowBodyDelayMs?: number;
	/** Fraction of requests that start a storm: this and the next `stormLength` requests get 429. */
	stormRate?: number;
	stormLength?: number;
	/** Fault only these methods (default all); e.g. ['GET'] to keep writes clean. */
	methods?: string[];
}

export type FaultAction =
	| { kind: 'none' }
	| { kind: 'server-error'; status: number }
	| { kind: 'reset' }
	| { kind: 'malformed' }
	| { kind: 'slow'; chunks: number; delayMs: number }
	| { kind: 'storm' };

export class FaultInjector {
	private random: Random;
	private stormLeft = 0;
	config: FaultConfig;

	constructor(config: FaultConfig = {}, seed = 1) {
		this.config = config;
		this.random = createRandom(seed);
	}

	set(config: FaultConfig, seed?: number): void {
		this.config = config;
		this.stormLeft = 0;
		if (seed !== undefined) this.random = createRandom(seed);
	}

	/** Decides the fault for one API request. One draw per kind keeps sequences stable. */
	draw(method: string): FaultAction {
		const c = this.config;
		const draws = [this.random(), this.random(), this.random(), this.random(), this.random(), this.random()];
		if (c.methods && !c.methods.includes(method)) return { kind: 'none' };
		if (this.stormLeft > 0) {
			this.stormLeft -= 1;
			return { kind: 'storm' };
		}
		if (draws[0] < (c.stormRate ?? 0)) {
			this.stormLeft = c.stormLength ?? 5;
			return { kind: 'storm' };
		}
		if (draws[1] < (c.resetRate ?? 0)) return { kind: 'reset' };
		if (draws[2] < (c.serverErrorRate ?? 0)) {
			return { kind: 'server-error', status: [500, 502, 503][Math.floor(draws[5] * 3)] };
		}
		if (draws[3] < (c.malformedRate ?? 0)) return { kind: 'malformed' };
		if (draws[4] < (c.slowBodyRate ?? 0)) {
			return { kind: 'slow', chunks: c.slowBodyChunks ?? 4, delayMs: c.slowBodyDelayMs ?? 100 };
		}
		return { kind: 'none' };
	}
}
