// The sandbox in a worker thread, for the list rows: a real API answers from another machine, so
// its work and its latency must not wait on the client's thread. In the benchmark's own thread, the
// sandbox would see a wave of page requests only once the client had handled the previous wave, and
// each wave's 20 ms of latency would then pass with both sides idle: a cost of the benchmark, not of
// the client. On its own thread, it answers while the client works, as a server does.
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const serve = `
const { parentPort, workerData } = require('node:worker_threads');
const { startSandbox } = require(workerData.sandboxModule);
(async () => {
	const sb = await startSandbox(workerData.options);
	sb.admin.seedFacts('org_acme', Math.max(0, workerData.facts - sb.admin.org('org_acme').facts.size));
	const calls = {
		freshWindow: () => {
			sb.admin.setRateLimit({});
			sb.app.requests.length = 0;
		},
		counts: () => ({ requests: sb.app.requests.length, wire429: sb.app.requests.filter((r) => r.status === 429).length }),
		close: async () => {
			await sb.close();
			setImmediate(() => process.exit(0));
		},
	};
	parentPort.on('message', async ({ id, call }) => parentPort.postMessage({ id, value: await calls[call]() }));
	parentPort.postMessage({ ready: { baseUrl: sb.baseUrl, apiKey: sb.apiKey } });
})();
`;

/**
 * Starts the sandbox compiled in `compiledRoot` (the benchmark's .cache/bench) with `options` and
 * `facts` memory facts in org_acme, on its own thread. Returns its Base URL and key, and:
 * `freshWindow()` (a new rate-limit window and an empty request log), `counts()` (requests and
 * 429s the sandbox sent since), `close()`.
 */
export async function startSandboxThread(compiledRoot, options, facts) {
	const worker = new Worker(serve, { eval: true, workerData: { sandboxModule: path.join(compiledRoot, 'test/sandbox/index.js'), options, facts } });
	const pending = new Map();
	let nextId = 0;
	const ready = new Promise((resolve, reject) => {
		worker.once('error', reject);
		worker.on('message', (message) => {
			if (message.ready) return resolve(message.ready);
			pending.get(message.id)?.(message.value);
			pending.delete(message.id);
		});
	});
	const call = (name) =>
		new Promise((resolve) => {
			const id = nextId++;
			pending.set(id, resolve);
			worker.postMessage({ id, call: name });
		});
	const { baseUrl, apiKey } = await ready;
	return {
		baseUrl,
		apiKey,
		freshWindow: () => call('freshWindow'),
		counts: () => call('counts'),
		close: async () => {
			const exited = new Promise((resolve) => worker.once('exit', resolve));
			await call('close');
			await exited;
		},
	};
}
