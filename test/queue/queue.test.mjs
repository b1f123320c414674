// `npm run test:queue`: the package in n8n's queue mode (test/queue/cluster.mjs: one main, two
// workers, one webhook processor, Redis, PostgreSQL), against the sandbox. Suites run in order and
// share one cluster; the figures they measure are printed and saved in bench/results/queue.*.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CREDENTIAL_NAME, NODE_TYPES, repoRoot, tail } from '../harness/n8n-boot.mjs';
import { N8n, Sandbox, byId, chainWorkflow, eventually, outputsOf, sleep } from '../e2e/helpers.mjs';
import { TOOL_NAME, chatAgentWorkflow, createModelCredential, sendChat, sessionTag } from '../e2e/chatAgent.mjs';
import { MCP_TRIGGER_TYPE, TRANSPORTS, connectMcp, resultOf, toolNameOf } from '../e2e/mcp.mjs';
import { startFakeModel } from '../fake-model/server.mjs';
import { saveResults } from '../../bench/quoteInReadme.mjs';
import { bootQueueCluster } from './cluster.mjs';
import { CALL_TIMEOUT_MS, boundedFetch, explainLostCall, within } from './lostCall.mjs';
import { starve } from './starve.mjs';

const WORKERS = 2;
const WORKER_CONCURRENCY = 10;
/** 12 seeded facts + 388 generated: four pages of 100. */
const FACTS = 400;

let cluster;
let sandbox;
let n8n;
const figures = {};
const signingSecrets = new Set();

before(async () => {
	cluster = await bootQueueCluster({
		workers: WORKERS,
		workerConcurrency: WORKER_CONCURRENCY,
		sandboxArgs: ['--rate-limit', '100000', '--facts', String(FACTS - 12)],
	});
	sandbox = new Sandbox(cluster.sandbox);
	n8n = new N8n(cluster);
});

after(async () => {
	await cluster?.stop();
	if (Object.keys(figures).length) report();
});

/** How many of `items` fall under each key. */
const countBy = (items, key) => items.reduce((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});
const credentials = () => ({ agentPlatformApi: { id: cluster.credentialId, name: CREDENTIAL_NAME } });

/** Execution ids each worker's log says it started ("Worker started execution <id> (job <n>)"). */
function executionsByWorker() {
	return Object.fromEntries(
		cluster.workers.map((worker) => [worker.name, new Set([...readFileSync(worker.logFile, 'utf8').matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]))]),
	);
}

/** Which worker ran each id; fails when an execution ran on none of them or on two. */
function workersOf(ids) {
	const byWorker = executionsByWorker();
	const counts = Object.fromEntries(Object.keys(byWorker).map((name) => [name, 0]));
	for (const id of ids) {
		const ran = Object.keys(byWorker).filter((name) => byWorker[name].has(String(id)));
		assert.equal(ran.length, 1, `execution ${id} ran on ${ran.length ? ran.join(' and ') : 'no worker'}`);
		counts[ran[0]] += 1;
	}
	return counts;
}

/** A production workflow: Webhook (GET <path>) → `node`, answering with the node's items. */
async function webhookWorkflow(name, node) {
	const webhookPath = `queue-${randomUUID()}`;
	const workflow = await n8n.createWorkflow({
		name,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: randomUUID(), name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: randomUUID(), parameters: { httpMethod: 'GET', path: webhookPath, responseMode: 'lastNode', responseData: 'allEntries' } },
			{ id: randomUUID(), name: 'Agent Platform', type: NODE_TYPES.action, typeVersion: 1, position: [300, 0], parameters: node, credentials: credentials() },
		],
		connections: { Webhook: { main: [[{ node: 'Agent Platform', type: 'main', index: 0 }]] } },
	});
	await cluster.api.public('POST', `/workflows/${workflow.id}/activate`);
	const url = `${cluster.webhook.url}/webhook/${webhookPath}`;
	// The webhook processor learns of a new production webhook from the database: wait until it
	// answers (this probe is itself one execution, counted by the callers).
	await eventually(async () => (await boundedFetch(url)).status === 200, `${url} to answer`, 30_000);
	return { id: workflow.id, url };
}

/**
 * Calls the workflow's webhook `count` times, `parallel` at a time, each call tagged `?call=<n>`;
 * returns the answers (status, items, ms to answer, when answered). A call unanswered within
 * CALL_TIMEOUT_MS (or, given `giveUp`, when that signal aborts, `waited` saying when) fails the test
 * with what the cluster did with it (explainLostCall), once the other calls have ended.
 */
async function callMany(workflow, count, parallel, { giveUp, waited } = {}) {
	const answers = [];
	const lost = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: parallel }, async () => {
			while (next < count) {
				const call = next;
				next += 1;
				try {
					const sent = performance.now();
					const url = `${workflow.url}?call=${call}`;
					const res = giveUp ? await fetch(url, { signal: giveUp }) : await boundedFetch(url);
					const body = await res.json().catch(() => undefined);
					answers.push({ status: res.status, items: Array.isArray(body) ? body.length : -1, ms: performance.now() - sent, at: performance.now() });
				} catch (error) {
					lost.push({ call, error });
				}
			}
		}),
	);
	if (lost.length) {
		const explained = await Promise.all(lost.map(({ call, error }) => explainLostCall({ cluster, n8n, workflowId: workflow.id, url: workflow.url, call, error, waited })));
		// The processor's own last lines too, once: a loss whose execution finished leaves nothing about it there.
		assert.fail(`${lost.length} of ${count} webhook calls were lost:\n${explained.join('\n\n')}\n\nwebhook processor log (last 40 lines):\n${tail(path.join(cluster.root, 'webhook.log'), 40)}`);
	}
	return answers;
}

async function finishedExecutions(workflowId, expected) {
	return await eventually(async () => {
		const list = (await cluster.api.public('GET', `/executions?workflowId=${workflowId}&limit=250`)).data;
		return list.length >= expected && list.every((e) => !['new', 'running', 'waiting'].includes(e.status)) ? list : undefined;
	}, `${expected} finished executions of workflow ${workflowId}`, 60_000);
}

describe('the action node on workers', () => {
	test('production executions run on the workers, spread over both, every one succeeding', async () => {
		const CALLS = 120;
		const workflow = await webhookWorkflow('queue: list facts', { resource: 'memoryFact', operation: 'getMany', returnAll: false, limit: 20, output: 'simple' });
		const started = performance.now();
		const answers = await callMany(workflow, CALLS, 20);
		const seconds = (performance.now() - started) / 1000;
		assert.deepEqual(answers.filter((a) => a.status !== 200 || a.items !== 20), [], 'every call answered with 20 facts');

		const executions = await finishedExecutions(workflow.id, CALLS + 1);
		assert.deepEqual(executions.filter((e) => e.status !== 'success').map((e) => e.id), []);
		const byWorker = workersOf(executions.map((e) => e.id));
		for (const [worker, count] of Object.entries(byWorker)) assert.ok(count > 0, `${worker} ran none of the ${CALLS} executions`);
		figures.throughput = { executions: CALLS, parallelCalls: 20, seconds: +seconds.toFixed(1), perMinute: Math.round((CALLS / seconds) * 60), byWorker };
	});
});

// The webhook processor enqueues an execution and only then waits for its job; on a busy machine a
// worker can finish the job in between. n8n then never sees it finish unless finished jobs are kept
// (cluster.mjs KEEP_FINISHED_JOBS, docs/queue-mode.md): with n8n's default, some of these calls are
// never answered. Starved, the processor runs 20 ms in every 320, and shares those among the 20 calls
// in flight: how long a call takes depends on how much CPU the machine gives the processor in its turns,
// so no bound on it is fair. The starving stops once every call is answered or STARVED_FOR_MS has passed;
// a call lost to that race stays unanswered even then, so a call still unanswered CALL_TIMEOUT_MS after
// the starving ended counts as lost. How long calls take, starved, is printed with the figures.
const STARVED = { stoppedMs: 300, runningMs: 20 };
const STARVED_FOR_MS = 120_000;
describe('a webhook processor the machine starves of CPU', () => {
	test('every call is answered, though the workers finish jobs before it waits for them', async () => {
		const CALLS = 60;
		const workflow = await webhookWorkflow('queue: starved webhook processor', { resource: 'memoryFact', operation: 'getMany', returnAll: false, limit: 20, output: 'simple' });
		const giveUp = new AbortController();
		const starving = starve(cluster.webhook.process.pid, STARVED);
		const calls = callMany(workflow, CALLS, 20, { giveUp: giveUp.signal, waited: `no answer ${CALL_TIMEOUT_MS / 1000} s after the starving ended` });
		let capped;
		let lostAfter;
		let answers;
		try {
			await Promise.race([calls.catch(() => undefined), new Promise((resolve) => (capped = setTimeout(resolve, STARVED_FOR_MS)))]);
			await starving.stop();
			const unstarvedAt = performance.now();
			lostAfter = setTimeout(() => giveUp.abort(), CALL_TIMEOUT_MS);
			answers = await calls;
			const seconds = answers.map((a) => a.ms / 1000).sort((x, y) => x - y);
			figures.starved = {
				calls: CALLS,
				...STARVED,
				p50s: +seconds[Math.floor(seconds.length / 2)].toFixed(1),
				maxS: +seconds.at(-1).toFixed(1),
				answeredUnstarved: answers.filter((a) => a.at > unstarvedAt).length,
			};
		} finally {
			clearTimeout(capped);
			clearTimeout(lostAfter);
			await starving.stop();
		}
		assert.deepEqual(answers.filter((a) => a.status !== 200 || a.items !== 20), [], 'every call answered with 20 facts');
		const executions = await finishedExecutions(workflow.id, CALLS + 1);
		assert.deepEqual(executions.filter((e) => e.status !== 'success').map((e) => e.id), []);
	});
});

describe('one API key shared by many executions on several workers', () => {
	test('a burst bigger than the rate limit completes with no 429 reaching a user', async () => {
		const LIMIT = 60;
		const WINDOW_MS = 10_000;
		const CALLS = 30;
		const workflow = await webhookWorkflow('queue: all facts', { resource: 'memoryFact', operation: 'getMany', returnAll: true, output: 'simple' });
		// A small plan with a short window, fresh: 30 executions × 4 pages = 120 requests, two windows' worth.
		await sandbox.admin('/rate-limit', { method: 'PUT', body: { limit: LIMIT, windowMs: WINDOW_MS } });
		const logged = (await sandbox.admin('/requests')).length;
		const started = performance.now();
		const answers = await callMany(workflow, CALLS, CALLS);
		const seconds = (performance.now() - started) / 1000;
		const requests = (await sandbox.admin('/requests')).slice(logged).filter((r) => r.path.startsWith('/v1/memory/facts'));
		await sandbox.admin('/rate-limit', { method: 'PUT', body: { limit: 100_000, windowMs: 60_000 } });

		const failed = answers.filter((a) => a.status !== 200 || a.items !== FACTS);
		const executions = await finishedExecutions(workflow.id, CALLS + 1);
		const byWorker = workersOf(executions.map((e) => e.id));
		const wire429 = requests.filter((r) => r.status === 429).length;
		figures.sharedBudget = {
			executions: CALLS,
			limit: `${LIMIT} per ${WINDOW_MS / 1000} s`,
			requests: requests.length,
			wire429,
			reachingUsers: failed.length + executions.filter((e) => e.status !== 'success').length,
			seconds: +seconds.toFixed(1),
			// Whole windows the requests need before the last one can start (fixed windows).
			idealSeconds: (Math.ceil(requests.filter((r) => r.status !== 429).length / LIMIT) - 1) * (WINDOW_MS / 1000),
			byWorker,
		};
		assert.deepEqual(failed, [], 'every execution returned all facts');
		assert.deepEqual(executions.filter((e) => e.status !== 'success').map((e) => e.id), []);
		for (const [worker, count] of Object.entries(byWorker)) assert.ok(count > 0, `${worker} ran none of the executions`);
		// No storm: the workers read the server's counters instead of assuming they are alone, so
		// 429s stay below one per execution running at once (the requests in flight when a window
		// runs out). A client that retries blindly meets one per request over budget, per window.
		assert.ok(wire429 < WORKERS * WORKER_CONCURRENCY, `${wire429} of ${requests.length} requests were refused with 429`);
	});
});

describe('the trigger in queue mode', () => {
	let workflowId;
	let webhookId;
	let subscription;
	const events = ['memory.fact_created'];
	const ours = async () => (await sandbox.admin('/webhooks')).filter((s) => s.url.includes(webhookId));
	const triggerOutput = (execution) => outputsOf(execution)['Agent Platform Trigger']?.[0];

	test('activating on the main registers one subscription pointing at the webhook processor', async () => {
		webhookId = randomUUID();
		const workflow = await n8n.createWorkflow({
			name: 'queue: trigger',
			settings: { executionOrder: 'v1' },
			nodes: [
				{ id: randomUUID(), name: 'Agent Platform Trigger', type: NODE_TYPES.trigger, typeVersion: 1, position: [0, 0], webhookId, parameters: { subscriptionMode: 'create', events, options: {} }, credentials: credentials() },
				{ id: randomUUID(), name: 'No Operation', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [300, 0], parameters: {} },
			],
			connections: { 'Agent Platform Trigger': { main: [[{ node: 'No Operation', type: 'main', index: 0 }]] } },
		});
		workflowId = workflow.id;
		await cluster.api.public('POST', `/workflows/${workflowId}/activate`);
		const subs = await eventually(async () => ((await ours()).length ? await ours() : undefined), 'the subscription');
		assert.equal(subs.length, 1);
		assert.equal(subs[0].url, `${cluster.webhook.url}/webhook/${webhookId}/webhook`);
		subscription = subs[0];
		const stored = (await cluster.api.public('GET', `/workflows/${workflowId}`)).staticData?.['node:Agent Platform Trigger'];
		assert.equal(stored?.subscriptionId, subscription.id);
		assert.match(stored?.secret ?? '', /^whsec_/);
		signingSecrets.add(stored.secret);
	});

	test('events reach the webhook processor, are verified there and run on the workers', async () => {
		const EVENTS = 40;
		const markers = [];
		for (let i = 0; i < EVENTS; i++) {
			const marker = randomUUID();
			markers.push(marker);
			await sandbox.admin('/emit', { method: 'POST', body: { event: 'memory.fact_created', data: { marker } } });
			await sleep(100);
		}
		let seen = 'none yet';
		const executions = await eventually(async () => {
			const list = await n8n.executions(workflowId);
			const done = list.filter((e) => markers.includes(triggerOutput(e)?.data?.marker));
			// An execution shows its trigger's output while it is still running: wait until all have ended.
			const ended = done.every((e) => !['new', 'running', 'waiting'].includes(e.status));
			seen = `${done.length} with a marker (by status ${JSON.stringify(countBy(done, (e) => e.status))}), ${list.length} in all`;
			return done.length >= EVENTS && ended ? done : undefined;
		}, `${EVENTS} trigger executions`, 60_000).catch(async (error) => {
			const attempts = await sandbox.admin(`/deliveries?subscription_id=${subscription.id}`);
			throw new Error(`${error.message}: ${seen}; delivery attempts ${attempts.length}, answers ${JSON.stringify(countBy(attempts, (d) => d.status ?? d.error))}`);
		});
		assert.equal(executions.length, EVENTS, 'each event started exactly one execution');
		assert.deepEqual(executions.filter((e) => e.status !== 'success').map((e) => `${e.id}: ${e.status}`), []);
		const byWorker = workersOf(executions.map((e) => e.id));

		// Every delivery was accepted by the webhook processor (the main serves no production webhooks). The sandbox records an attempt's
		// answer when it arrives: a processor short of CPU may answer after a worker has run the execution, or after the sender's timeout,
		// whose retry the trigger answers as a duplicate. So each event's 200 is awaited (within the sender's four attempts), and then no
		// retry may have started a second execution.
		const attemptsOf = async () => (await sandbox.admin(`/deliveries?subscription_id=${subscription.id}`)).filter((d) => markers.some((m) => d.body.includes(m)));
		const deliveries = await eventually(async () => {
			const attempts = await attemptsOf();
			return markers.every((m) => attempts.some((d) => d.status === 200 && d.body.includes(m))) ? attempts : undefined;
		}, `a 200 from the webhook processor for each of the ${EVENTS} events`, 60_000);
		const accepted = deliveries.filter((d) => d.status === 200);
		assert.equal(accepted.length, EVENTS, 'one attempt of each event accepted');
		const afterRetries = (await n8n.executions(workflowId)).filter((e) => markers.includes(triggerOutput(e)?.data?.marker));
		assert.equal(afterRetries.length, EVENTS, 'no retry started a second execution');

		const latencies = executions.map((e) => Date.parse(e.startedAt) - Date.parse(triggerOutput(e).timestamp)).sort((a, b) => a - b);
		const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
		figures.trigger = { events: EVENTS, executions: executions.length, deliveryAttempts: deliveries.length, p50ms: pct(50), p95ms: pct(95), byWorker };
	});

	test('a forged event is refused by the webhook processor and starts nothing', async () => {
		const before = (await n8n.executions(workflowId)).length;
		const timestamp = new Date().toISOString();
		const body = JSON.stringify({ event: 'memory.fact_created', org_id: 'org_acme', timestamp, data: { marker: 'forged' } });
		const res = await boundedFetch(subscription.url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-service-event': 'memory.fact_created', 'x-service-timestamp': timestamp, 'x-service-signature': `sha256=${'0'.repeat(64)}` },
			body,
		});
		assert.equal(res.status, 401);
		// A barrier: once a genuine event's execution exists, the forged one had every chance to show.
		const marker = randomUUID();
		await sandbox.admin('/emit', { method: 'POST', body: { event: 'memory.fact_created', data: { marker } } });
		await eventually(async () => (await n8n.executions(workflowId)).find((e) => triggerOutput(e)?.data?.marker === marker), 'the barrier execution');
		assert.equal((await n8n.executions(workflowId)).length, before + 1);
	});

	test('deactivating on the main removes the subscription', async () => {
		await cluster.api.public('POST', `/workflows/${workflowId}/deactivate`);
		await eventually(async () => (await ours()).length === 0, 'the subscription to be deleted');
		// n8n saves the workflow's static data after the node's delete method returns, which is after the
		// API has deleted the subscription: read it until that save has landed (as the e2e test does).
		const forgotten = async () => {
			const stored = (await cluster.api.public('GET', `/workflows/${workflowId}`)).staticData?.['node:Agent Platform Trigger'] ?? {};
			return stored.secret === undefined;
		};
		await eventually(forgotten, 'the workflow to forget the signing secret');
	});
});

// n8n 3 runs every manual execution on a worker (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS, set for this
// cluster, goes away): "Execute workflow" in the editor is the REST call runManually makes.
describe('a manual execution offloaded to a worker', () => {
	test('"Execute workflow" runs on one worker and returns what the API has', async () => {
		const workflow = await n8n.createWorkflow(
			chainWorkflow('queue: manual run', [
				{ name: 'Get organization', parameters: { resource: 'organization', operation: 'get', output: 'raw' } },
				{ name: 'Get agent', parameters: { resource: 'agent', operation: 'get', agentId: byId('dep_support01') } },
			], cluster.credentialId),
		);
		const execution = await n8n.runManually(workflow.id);
		assert.equal(execution.mode, 'manual');
		assert.equal(execution.status, 'success', JSON.stringify(execution.data?.resultData?.error));
		workersOf([execution.id]);
		const outputs = outputsOf(execution);
		assert.deepEqual(outputs['Get organization'], [(await sandbox.api('/organization')).data]);
		assert.equal(outputs['Get agent'][0].id, 'dep_support01');
	});
});

// The chat agent of the e2e suite (Chat Trigger → AI Agent with the fake model, Agent Platform
// Memory and the Agent Platform tool), its chat webhook served by the webhook processor: each turn is
// an execution on a worker, and the memory of one turn is read back by the next, on any worker.
describe('an AI Agent with Agent Platform Memory on the workers', () => {
	let model;
	let webhookId;
	let workflowId;
	const session = `queue-chat-${randomUUID()}`;

	before(async () => {
		model = await startFakeModel();
		const modelCredentialId = await createModelCredential(cluster.api, model.url);
		const memory = { agentId: byId('dep_support01'), sessionIdType: 'fromInput', contextWindowLength: 5 };
		const built = chatAgentWorkflow({ name: 'queue: chat agent with platform memory', credentialId: cluster.credentialId, modelCredentialId, memory });
		webhookId = built.webhookId;
		workflowId = (await n8n.createWorkflow(built.workflow)).id;
		await cluster.api.public('POST', `/workflows/${workflowId}/activate`);
		await eventually(async () => (await boundedFetch(`${cluster.webhook.url}/webhook/${webhookId}/chat`)).status === 200, 'the chat webhook on the webhook processor', 30_000);
	});
	after(async () => {
		if (workflowId) await cluster.api.public('POST', `/workflows/${workflowId}/deactivate`).catch(() => undefined);
		await model?.stop();
	});

	test('a second turn sees the first; both ran on workers; the turns are the agent’s L1 facts', async () => {
		const chat = async (text) => {
			const reply = await within(cluster, `the chat message "${text}"`, sendChat(cluster.webhook.url, webhookId, session, text));
			assert.equal(reply.status, 200, reply.text);
			return reply.json.output;
		};
		assert.match(await chat('My name is Ada'), /^You said: "My name is Ada"\. Earlier in this chat you said: nothing\./);
		assert.match(await chat(`use ${TOOL_NAME}: escalation contact`), new RegExp(`^Using ${TOOL_NAME}, I found [1-9]\\d* results?: fact_`));
		assert.match(await chat('What is my name?'), /^You said: "What is my name\?"\. Earlier in this chat you said: "My name is Ada", "use /);

		const executions = await finishedExecutions(workflowId, 3);
		assert.deepEqual(executions.map((e) => e.status), ['success', 'success', 'success']);
		workersOf(executions.map((e) => e.id));
		const stored = await sandbox.all(`/memory/facts?agent_id=dep_support01&tier=L1&q=${sessionTag(session)}`);
		assert.equal(stored.length, 3);
	});
});

// The MCP Server Trigger in queue mode: the webhook processor holds the MCP session and hands each
// tool call to a worker as an execution, whose result it relays back. A real MCP client (the
// official SDK) over both transports n8n offers.
describe('the tool behind the MCP Server Trigger in queue mode', () => {
	const mcpPath = `queue-mcp-${randomUUID().slice(0, 8)}`;
	const SEARCH = 'Search memory facts';
	const ORG = 'Get the organization';
	let workflowId;
	const clients = [];

	before(async () => {
		const tool = (name, parameters, x) => ({ id: randomUUID(), name, type: NODE_TYPES.tool, typeVersion: 1, position: [x, 240], parameters: { descriptionType: 'manual', ...parameters }, credentials: credentials() });
		const workflow = await n8n.createWorkflow({
			name: 'queue: MCP server',
			settings: { executionOrder: 'v1' },
			nodes: [
				{ id: randomUUID(), name: 'MCP Server Trigger', type: MCP_TRIGGER_TYPE, typeVersion: 2, position: [0, 0], webhookId: randomUUID(), parameters: { authentication: 'none', path: mcpPath } },
				// Return All saved on a tool (a workflow from before tool mode hid it): n8n drops it, so the list stops at Limit.
				tool(SEARCH, { toolDescription: 'Search memory facts by words', resource: 'memoryFact', operation: 'getMany', returnAll: true, limit: 2, filters: { text: "={{ $fromAI('text', 'Words the fact should contain', 'string') }}" } }, 0),
				tool(ORG, { toolDescription: 'The organization of the API key', resource: 'organization', operation: 'get' }, 200),
			],
			connections: Object.fromEntries([SEARCH, ORG].map((name) => [name, { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] }])),
		});
		workflowId = workflow.id;
		await cluster.api.public('POST', `/workflows/${workflowId}/activate`);
		await eventually(async () => (await boundedFetch(`${cluster.webhook.url}/mcp/${mcpPath}`, { method: 'POST' })).status !== 404, 'the MCP endpoint on the webhook processor', 30_000);
	});
	after(async () => {
		await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
		if (workflowId) await cluster.api.public('POST', `/workflows/${workflowId}/deactivate`).catch(() => undefined);
	});

	for (const transport of TRANSPORTS) {
		test(`over ${transport}: tool calls run on the workers and return the API's data`, async () => {
			const earlier = (await n8n.executions(workflowId)).length;
			const client = await connectMcp(`${cluster.webhook.url}/mcp/${mcpPath}`, { transport });
			clients.push(client);
			const { tools } = await client.listTools();
			assert.deepEqual(tools.map((t) => t.name).sort(), [toolNameOf(ORG), toolNameOf(SEARCH)].sort());

			const org = resultOf(await within(cluster, `the MCP call of ${ORG}`, client.callTool({ name: toolNameOf(ORG), arguments: {} })));
			assert.equal([org.json].flat()[0]?.id, (await sandbox.api('/organization')).data.id, org.text);
			const found = resultOf(await within(cluster, `the MCP call of ${SEARCH}`, client.callTool({ name: toolNameOf(SEARCH), arguments: { text: 'is noted' } })));
			assert.equal(found.json?.length, 2, found.text);

			// Newest first: the executions this test started.
			const all = await finishedExecutions(workflowId, earlier + 2);
			const executions = all.slice(0, all.length - earlier);
			assert.deepEqual(executions.filter((e) => e.status !== 'success').map((e) => e.id), []);
			workersOf(executions.map((e) => e.id));
		});
	}
});

describe('secrets', () => {
	test('neither the API key nor the signing secret appears in any process log', () => {
		assert.ok(signingSecrets.size > 0);
		for (const file of ['main', 'webhook', ...cluster.workers.map((w) => w.name)]) {
			const text = readFileSync(path.join(cluster.root, `${file}.log`), 'utf8');
			for (const secret of [cluster.sandbox.apiKey, ...signingSecrets]) assert.ok(!text.includes(secret), `${file}.log contains a secret`);
		}
	});
});

function report() {
	const { throughput: t, sharedBudget: b, trigger: g, starved: s } = figures;
	const split = (byWorker) => Object.values(byWorker ?? {}).join(' / ');
	const lines = [
		`Command: \`npm run test:queue\` (${new Date().toISOString().slice(0, 10)}, n8n 2.41.1 in queue mode: 1 main, ${WORKERS} workers × concurrency ${WORKER_CONCURRENCY}, 1 webhook processor; Redis ${cluster.redis.version} and PostgreSQL ${cluster.postgres.version} from Debian; sandbox on loopback)`,
		'',
		'| what | figure |',
		'|---|---|',
	];
	if (t) lines.push(`| Executions per minute across workers (webhook → list 20 facts, ${t.parallelCalls} calls at a time) | ${t.perMinute}/min (${t.executions} in ${t.seconds} s; per worker ${split(t.byWorker)}, counting the readiness probe) |`);
	if (b)
		lines.push(
			`| ${b.executions} executions at once on one key, plan ${b.limit} (all ${FACTS} facts each) | ${b.requests} requests in ${b.seconds} s (whole windows needed: ${b.idealSeconds} s); 429s on the wire: ${b.wire429}; reaching users: ${b.reachingUsers}; per worker ${split(b.byWorker)} |`,
		);
	if (g) lines.push(`| Trigger: event → execution start on a worker (${g.executions} events via the webhook processor) | p50 ${g.p50ms} ms, p95 ${g.p95ms} ms; per worker ${split(g.byWorker)} |`);
	if (s) lines.push(`| Webhook processor starved of CPU (stopped ${s.stoppedMs} ms, run ${s.runningMs} ms; ${s.calls} calls, 20 at a time): time to answer a call | p50 ${s.p50s} s, slowest ${s.maxS} s; starved for ${STARVED_FOR_MS / 1000} s at most, answered after that: ${s.answeredUnstarved} |`);
	// The documentation quotes a run that measured all four; a partial one (a suite failed) is saved apart.
	saveResults(repoRoot, 'queue', figures, lines.join('\n'), { quote: Boolean(t && b && g && s) });
}
