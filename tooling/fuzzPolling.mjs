#!/usr/bin/env node
// `npm run fuzz:polling`: the hostile-list checker (test/polling/hostileList.test.ts) with many runs
// and a random seed, printed first so a failure can be replayed. Settings as environment variables
// or as arguments (`npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=123`):
//
// - FUZZ_RUNS: scenarios to try (default 300);
// - FUZZ_SEED: the seed (default: random); with FUZZ_PATH (fast-check's path, printed with a
//   counterexample) it replays one scenario at once.
//
// Exits non-zero on a counterexample, which jest prints shrunk with the invariant it broke.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SETTINGS = ['FUZZ_RUNS', 'FUZZ_SEED', 'FUZZ_PATH'];
const env = { ...process.env };
for (const arg of process.argv.slice(2)) {
	const [name, value] = arg.split('=');
	if (!SETTINGS.includes(name) || value === undefined) {
		process.stderr.write(`fuzz:polling: unknown argument "${arg}"; use ${SETTINGS.map((s) => `${s}=…`).join(', ')}\n`);
		process.exit(2);
	}
	env[name] = value;
}
env.FUZZ_RUNS ??= '300';
env.FUZZ_SEED ??= String(randomInt(1, 2 ** 31 - 1));
for (const name of ['FUZZ_RUNS', 'FUZZ_SEED']) {
	if (!/^\d+$/.test(env[name]) || Number(env[name]) < 1) {
		process.stderr.write(`fuzz:polling: ${name} must be a whole number of at least 1, got "${env[name]}"\n`);
		process.exit(2);
	}
}
const what = env.FUZZ_PATH ? `the scenario at path ${env.FUZZ_PATH}` : `${env.FUZZ_RUNS} runs`;
process.stdout.write(`fuzz:polling: ${what}, seed ${env.FUZZ_SEED} (replay: npm run fuzz:polling -- FUZZ_RUNS=${env.FUZZ_RUNS} FUZZ_SEED=${env.FUZZ_SEED}; one counterexample: add FUZZ_PATH=… as printed with it)\n`);
const started = Date.now();
const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const result = spawnSync(process.execPath, [jest, 'test/polling/hostileList.test.ts', '--maxWorkers=1'], { cwd: root, env, stdio: 'inherit' });
const seconds = Math.round((Date.now() - started) / 1_000);
process.stdout.write(`fuzz:polling: ${result.status === 0 ? 'no counterexample' : 'COUNTEREXAMPLE found (above, shrunk)'} in ${seconds} s, ${env.FUZZ_RUNS} runs, seed ${env.FUZZ_SEED}\n`);
process.exit(result.status ?? 1);
