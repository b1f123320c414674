// Why the queue cluster keeps finished jobs (cluster.mjs KEEP_FINISHED_JOBS, docs/queue-mode.md): a
// webhook processor answering with the last node's data enqueues the execution, runs its hooks, and
// only then waits for the job with Bull's job.finished(). A worker can finish the job in between. With
// n8n's default retention (N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED=0) Bull deletes the finished job,
// so job.finished() never finds it and the completion message has already gone by: the HTTP call
// waits for ever. This is that sequence, with the Bull n8n ships and a real Redis.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePort } from '../harness/n8n-boot.mjs';
import { ensureN8n } from '../harness/n8n-install.mjs';
import { ensureServers, startRedis } from './services.mjs';
import { KEEP_FINISHED_JOBS } from './cluster.mjs';

/** Long enough for two rounds of Bull's finished() watchdog (every 5 s). */
const PATIENCE_MS = 11_000;

let redis;
let dir;
let Queue;

before(async () => {
	ensureServers();
	const n8n = await ensureN8n();
	Queue = createRequire(path.join(n8n.root, 'node_modules', 'n8n', 'package.json'))('bull');
	dir = mkdtempSync(path.join(os.tmpdir(), 'n8n-agent-platform-bull-'));
	redis = await startRedis({ dir, port: await freePort() });
});

after(async () => {
	await redis?.stop();
	if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Enqueues one job that a worker finishes at once; waits for it only once it has finished. */
async function waitAfterTheWorker(keep) {
	const url = `redis://127.0.0.1:${redis.port}`;
	const name = `jobs-${keep}`;
	const producer = new Queue(name, url);
	const worker = new Queue(name, url);
	try {
		let finishedOnWorker;
		const done = new Promise((resolve) => (finishedOnWorker = resolve));
		worker.on('completed', () => finishedOnWorker());
		void worker.process(async () => 'done');
		const job = await producer.add({}, { removeOnComplete: keep, removeOnFail: keep });
		await done;
		let timer;
		const outcome = await Promise.race([
			// After close() Bull rejects a finished() still waiting: that is an outcome too, not a crash.
			job.finished().then(() => 'seen', (error) => `failed: ${error.message}`),
			new Promise((resolve) => (timer = setTimeout(() => resolve('never seen'), PATIENCE_MS))),
		]);
		clearTimeout(timer);
		return outcome;
	} finally {
		await Promise.all([producer.close(), worker.close()]);
	}
}

describe("n8n's queue: a job that finishes before anyone waits for it", () => {
	test("with n8n's default retention (0) it is never seen to finish", async () => {
		assert.equal(await waitAfterTheWorker(0), 'never seen');
	});

	test('with finished jobs kept, as the cluster and docs/queue-mode.md set, it is seen', async () => {
		assert.equal(await waitAfterTheWorker(KEEP_FINISHED_JOBS), 'seen');
	});
});
