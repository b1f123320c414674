// n8n in queue mode on one machine, as users scale it out: one main instance (editor, API,
// activation of triggers), `workers` workers (run every execution) and one webhook processor
// (receives production webhooks, runs the trigger's webhook method, enqueues the execution),
// coordinated through Redis and sharing one PostgreSQL database. Each process has its own user
// folder with the package installed the way n8n's community-package installer installs it,
// as each container of a real deployment would.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
	N8nApi,
	createCredential,
	freePort,
	installCommunityPackage,
	packPackage,
	startN8n,
	startSandboxProcess,
	tail,
} from '../harness/n8n-boot.mjs';
import { ensureN8n } from '../harness/n8n-install.mjs';
import { ensureServers, startPostgres, startRedis } from './services.mjs';

const log = (msg) => process.stderr.write(`[queue] ${msg}\n`);

/**
 * Finished jobs Redis keeps, as docs/queue-mode.md tells users to set: with n8n's default of 0 a job
 * that a worker finishes before the webhook processor starts waiting for it is never seen to finish,
 * and a webhook answering with the last node's data hangs (lostCompletion.test.mjs shows why).
 */
export const KEEP_FINISHED_JOBS = 1000;

export async function bootQueueCluster({ workers = 2, workerConcurrency = 10, sandboxArgs = [], logLevel = 'info', keepFinishedJobs = KEEP_FINISHED_JOBS } = {}) {
	const started = Date.now();
	ensureServers();
	await ensureN8n();
	const root = mkdtempSync(path.join(os.tmpdir(), 'n8n-agent-platform-queue-'));
	const processes = [];
	const stop = async () => {
		// n8n first, then what it depends on (else it logs lost connections while shutting down).
		const services = new Set(processes.slice(0, 3));
		await Promise.all(processes.filter((p) => !services.has(p)).map((p) => p.stop()));
		await Promise.all([...services].map((p) => p.stop()));
		if (process.env.KEEP_N8N_FOLDER) log(`logs and folders kept in ${root}`);
		else rmSync(root, { recursive: true, force: true });
	};
	try {
		// Every port from freePort (the sandbox's too: one it picked itself could be one handed out here, not yet bound).
		const [pgPort, redisPort, mainPort, webhookPort, sandboxPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
		const postgres = await startPostgres({ dir: path.join(root, 'postgres'), port: pgPort });
		processes.push(postgres);
		const redis = await startRedis({ dir: path.join(root, 'redis'), port: redisPort });
		processes.push(redis);
		const sandbox = await startSandboxProcess(sandboxArgs, { port: sandboxPort });
		processes.push(sandbox);
		log(`sandbox at ${sandbox.baseUrl}`);

		log('building and packing the package');
		const tarball = packPackage(root);
		const folder = (name) => {
			const dir = path.join(root, name);
			mkdirSync(dir, { recursive: true });
			installCommunityPackage(dir, tarball);
			return dir;
		};
		const shared = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redisPort),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(pgPort),
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
			// Manual runs go to the workers too (n8n 3 makes this the only behaviour).
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			// Production webhooks are served by the webhook processor, so the URL the trigger
			// registers with the API points there.
			WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
			N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: String(keepFinishedJobs),
			N8N_EXECUTIONS_QUEUE_KEEP_LAST_FAILED: String(keepFinishedJobs),
			// n8n pings its database every 2 s and, when a ping takes over 5 s, answers every request 503 "Database is not ready" and
			// after three such pings tears its pool down: a process the machine starves of CPU (the test below) misses that deadline
			// with its database well, and calls in flight then wait for the rebuilt pool, some for ever (docs/queue-mode.md).
			DB_PING_TIMEOUT_MS: '60000',
		};

		// The main instance first: it creates the database schema the others expect.
		// Production webhooks only on the webhook processor, as n8n recommends for queue mode.
		const main = await startN8n({
			userFolder: folder('main'),
			port: mainPort,
			logFile: path.join(root, 'main.log'),
			env: { ...shared, N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
			logLevel,
		});
		processes.push(main);
		log(`starting the main instance at ${main.url}`);
		await main.ready();

		const workerList = [];
		for (let i = 1; i <= workers; i++) {
			const healthPort = await freePort();
			const worker = await startN8n({
				userFolder: folder(`worker-${i}`),
				port: healthPort,
				logFile: path.join(root, `worker-${i}.log`),
				args: ['worker', `--concurrency=${workerConcurrency}`],
				env: { ...shared, QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' },
				logLevel,
			});
			worker.name = `worker-${i}`;
			processes.push(worker);
			workerList.push(worker);
		}
		// With n8n's default pool (2 connections, 20 s to get one) the queries of 20 calls at once on a webhook processor starved of CPU (the
		// test below) time out waiting for those two: a deployment taking that traffic sizes the pool for it (docs/queue-mode.md).
		const webhook = await startN8n({ userFolder: folder('webhook'), port: webhookPort, logFile: path.join(root, 'webhook.log'), args: ['webhook'], env: { ...shared, DB_POSTGRESDB_POOL_SIZE: '10', DB_POSTGRESDB_CONNECTION_TIMEOUT: '60000' }, logLevel });
		processes.push(webhook);
		log(`starting ${workers} workers and the webhook processor at ${webhook.url}`);
		await Promise.all([...workerList.map((w) => w.ready()), webhook.ready()]);

		const api = new N8nApi(main.url);
		await api.setupOwner();
		await api.createApiKey();
		const credentialId = await createCredential(api, sandbox);
		log(`queue mode ready in ${Math.round((Date.now() - started) / 1000)} s (logs in ${root})`);
		return { root, postgres, redis, sandbox, main, workers: workerList, webhook, api, credentialId, stop };
	} catch (error) {
		for (const name of ['main', 'worker-1', 'webhook']) log(`last lines of ${name}.log:\n${tail(path.join(root, `${name}.log`), 15)}`);
		await stop();
		throw error;
	}
}
