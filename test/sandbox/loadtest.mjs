#!/usr/bin/env node
// Measures the sandbox's own throughput so it is known not to be a benchmark's bottleneck:
// `node test/sandbox/loadtest.mjs [seconds] [connections]` starts the sandbox (rate limit lifted)
// in a child process and drives GET /v1/agents?limit=100 from this one with undici, bounded in time.
// Saves the result as bench/results/sandbox.{json,md} and quotes it in docs/benchmarks.md.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { saveResults } from '../../bench/quoteInReadme.mjs';

const loadBefore = os.loadavg()[0];
const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 32);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const child = spawn(process.execPath, [path.join(root, 'test/sandbox/cli.mjs'), '--port', '0', '--plan', 'enterprise', '--rate-limit', '100000000'], { stdio: ['ignore', 'pipe', 'inherit'] });
const { baseUrl, apiKey } = await new Promise((resolve, reject) => {
	let text = '';
	child.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
	child.stdout.on('data', (c) => {
		text += c;
		const b = /Base URL: (\S+)/.exec(text);
		const k = /API key: (\S+)/.exec(text);
		if (b && k) resolve({ baseUrl: b[1], apiKey: k[1] });
	});
});
const url = new URL(baseUrl);
const pool = new Pool(url.origin, { connections, pipelining: 1 });
let done = 0;
let failed = 0;
const until = Date.now() + seconds * 1000;
const started = performance.now();
await Promise.all(
	Array.from({ length: connections }, async () => {
		while (Date.now() < until) {
			const res = await pool.request({ path: `${url.pathname}/agents?limit=100`, method: 'GET', headers: { authorization: `Bearer ${apiKey}` } });
			await res.body.dump();
			if (res.statusCode === 200) done += 1;
			else failed += 1;
		}
	}),
);
const elapsed = (performance.now() - started) / 1000;
await pool.close();
child.kill('SIGTERM');
const perSecond = Math.round(done / elapsed);
const result = `GET /v1/agents?limit=100: ${perSecond} requests/s over ${elapsed.toFixed(1)} s with ${connections} connections (${done} ok, ${failed} failed)`;
const day = new Date().toISOString().slice(0, 10);
const figures = { requestsPerSecond: perSecond, seconds: +elapsed.toFixed(1), connections, ok: done, failed, cpus: os.cpus().length, loadAverageBefore: +loadBefore.toFixed(1) };
saveResults(root, 'sandbox', figures, `Measured by \`node test/sandbox/loadtest.mjs ${seconds} ${connections}\` (${day}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before the run): ${result}.`);
