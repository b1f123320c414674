// The hostile-list checker's settings (hostileList.test.ts), from the environment that
// `npm run fuzz:polling` (tooling/fuzzPolling.mjs) sets. Plain JS because the strict lint forbids
// `process` in .ts files. `npm test` leaves them unset: a fixed seed and a few runs.
'use strict';

/** Runs and seed under `npm test`: 60 scenarios take about 8 s. */
const DEFAULT_RUNS = 60;
const DEFAULT_SEED = 38;

const whole = (name, fallback) => {
	const value = process.env[name];
	if (value === undefined || value === '') return fallback;
	if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, got "${value}"`);
	return Number(value);
};

module.exports = {
	runs: whole('FUZZ_RUNS', DEFAULT_RUNS),
	seed: whole('FUZZ_SEED', DEFAULT_SEED),
	/** fast-check's path of a counterexample (printed with it): replays that one scenario. */
	path: process.env.FUZZ_PATH || undefined,
};
