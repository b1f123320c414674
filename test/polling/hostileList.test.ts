/**
 * Issues 38 and 44's hostile-list checker: fast-check generates list servers from the behaviours real
 * and careless servers show (two clocks, facts dated before they can be read, writes while the
 * trigger reads), and random work between polls, and the real polling trigger must keep its
 * promises after every sequence (hostileCheck.ts says which). `npm test` runs a fixed seed and a few
 * runs; `npm run fuzz:polling` (tooling/fuzzPolling.mjs) runs many with a random seed it prints, and
 * FUZZ_SEED (with FUZZ_PATH) replays one. A counterexample is printed shrunk.
 */
import fc from 'fast-check';
import { useVirtualClock } from '../harness/virtualClock';
import { behaviourArb, stepArb } from './hostileList';
import { run } from './hostileCheck';
import * as settings from './fuzzSettings.js';

const { runs: RUNS, seed: SEED, path: PATH } = settings;

useVirtualClock();

test(`hostile lists: nothing invented, nothing twice, nothing lost or late, within the share (${RUNS} runs, seed ${SEED})`, async () => {
	const property = fc.asyncProperty(behaviourArb, fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (behaviour, steps) => {
		await run(behaviour, steps);
	});
	await fc.assert(property, { numRuns: RUNS, seed: SEED, path: PATH, verbose: 0 });
}, Math.max(30_000, RUNS * 5_000));
