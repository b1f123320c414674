#!/usr/bin/env node
// `npm run bench:n8n`: the figures that need a real n8n (2.41.1, the package installed as a
// community package, the sandbox on loopback):
// - listing 10,000 memory facts under the Team plan (120/min) with the Agent Platform node, and
//   with what a user would otherwise build: n8n's HTTP Request node with its pagination settings,
//   once with defaults and once at its best (pages of 100, no interval between pages, stop at
//   `total`: the 100 requests fit in the plan's minute), the two times side by side;
// - event-to-execution latency of the trigger (sandbox emit → n8n execution start), p50 and p95.
// Prints a markdown table and saves bench/results/n8n.{json,md}.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveResults } from './quoteInReadme.mjs';
import { bootAll } from '../test/harness/n8n-boot.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITEMS = 10_000;
const EVENTS = 40;
const BEST = 'HTTP Request node, best settings';
const log = (m) => process.stderr.write(`[bench:n8n] ${m}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const env = await bootAll({ examples: false, sandboxArgs: ['--plan', 'team', '--facts', String(ITEMS - 12), '--latency', '20'] });
const results = {};
try {
	const admin = async (p, init = {}) => (await (await fetch(`${env.sandbox.adminUrl}${p}`, { ...init, headers: { 'content-type': 'application/json' } })).json()).data;
	const total = (await (await fetch(`${env.sandbox.baseUrl}/memory/facts?limit=1`, { headers: { authorization: `Bearer ${env.sandbox.apiKey}` } })).json()).pagination.total;
	const cred = { agentPlatformApi: { id: env.credentialId, name: 'Agent Platform (sandbox)' } };

	async function webhookWorkflow(name, node) {
		const p = `bench-${randomUUID()}`;
		const wf = await env.api.public('POST', '/workflows', {
			name,
			settings: { executionOrder: 'v1' },
			nodes: [
				{ id: randomUUID(), name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: randomUUID(), parameters: { httpMethod: 'GET', path: p, responseMode: 'lastNode', responseData: 'allEntries' } },
				{ id: randomUUID(), position: [300, 0], ...node },
			],
			connections: { Webhook: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
		});
		await env.api.public('POST', `/workflows/${wf.id}/activate`);
		// Not probed: any request to the URL would run the workflow. A fresh webhook needs ~1 s.
		await sleep(2500);
		return `${env.n8n.url}/webhook/${p}`;
	}

	async function timed(label, url, count) {
		await admin('/rate-limit', { method: 'PUT', body: JSON.stringify({}) }); // fresh window
		await admin('/deliveries', { method: 'DELETE' });
		const before = (await admin('/requests')).length;
		const started = performance.now();
		const res = await fetch(url);
		const body = await res.json().catch(() => ({}));
		const seconds = (performance.now() - started) / 1000;
		const requests = (await admin('/requests')).slice(before);
		const got = count(body);
		results[label] = { completed: res.status === 200 && got === total, items: got, seconds: +seconds.toFixed(1), requests: requests.length, wire429: requests.filter((r) => r.status === 429).length, httpStatus: res.status };
		log(`${label}: ${JSON.stringify(results[label])}`);
	}

	const ours = await webhookWorkflow('bench ours', {
		name: 'Agent Platform',
		type: 'n8n-nodes-agent-platform.agentPlatform',
		typeVersion: 1,
		parameters: { resource: 'memoryFact', operation: 'getMany', returnAll: true, output: 'raw' },
		credentials: cred,
	});
	const httpNode = (pagination, extra = {}) => ({
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			url: `${env.sandbox.baseUrl}/memory/facts`,
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${env.sandbox.apiKey}` }] },
			options: { pagination: { pagination } },
			...extra,
		},
	});
	const httpDefault = await webhookWorkflow(
		'bench http defaults',
		httpNode({
			parameters: { parameters: [{ name: 'offset', value: '={{ $pageCount * 50 }}' }] },
			paginationCompleteWhen: 'other',
			completeExpression: '={{ $response.body.data.length === 0 }}',
		}),
	);
	const httpBest = await webhookWorkflow(
		'bench http best',
		httpNode({
			parameters: { parameters: [{ name: 'offset', value: '={{ $pageCount * 100 }}' }, { name: 'limit', value: '100' }] },
			paginationCompleteWhen: 'other',
			completeExpression: '={{ $response.body.pagination.offset + $response.body.data.length >= $response.body.pagination.total }}',
			limitPagesFetched: false,
			requestInterval: 0,
		}),
	);
	const countOurs = (body) => (Array.isArray(body) ? body.length : 0);
	const countHttp = (body) => (Array.isArray(body) ? body.reduce((n, page) => n + (Array.isArray(page.data) ? page.data.length : 0), 0) : 0);
	await timed('Agent Platform node', ours, countOurs);
	await timed('HTTP Request node, defaults', httpDefault, countHttp);
	await timed(BEST, httpBest, countHttp);

	// Trigger: emit events one by one; latency = execution start - event timestamp (same clock).
	const wf = await env.api.public('POST', '/workflows', {
		name: 'bench trigger',
		settings: { executionOrder: 'v1' },
		nodes: [{ id: randomUUID(), name: 'Trigger', type: 'n8n-nodes-agent-platform.agentPlatformTrigger', typeVersion: 1, position: [0, 0], webhookId: randomUUID(), parameters: { subscriptionMode: 'create', events: ['agent.status_changed'], options: {} }, credentials: cred }],
		connections: {},
	});
	await env.api.public('POST', `/workflows/${wf.id}/activate`);
	for (let i = 0; i < 40 && !(await admin('/webhooks')).length; i++) await sleep(250);
	const executions = async () => (await env.api.public('GET', `/executions?workflowId=${wf.id}&includeData=true&limit=250`)).data;
	// A warm-up event, awaited: n8n 2.x publishes a workflow in the background and a new webhook can
	// answer 404 for a while, which the sandbox's delivery retries would count as latency.
	await admin('/emit', { method: 'POST', body: JSON.stringify({ event: 'agent.status_changed', data: { agent_id: 'dep_ops03', n: -1 } }) });
	for (let i = 0; i < 120 && (await executions()).length < 1; i++) await sleep(250);
	for (let i = 0; i < EVENTS; i++) {
		await admin('/emit', { method: 'POST', body: JSON.stringify({ event: 'agent.status_changed', data: { agent_id: 'dep_ops03', n: i } }) });
		await sleep(150);
	}
	// Until every event has its execution, or 30 s.
	for (let i = 0; i < 120 && (await executions()).length < EVENTS + 1; i++) await sleep(250);
	const execs = (await executions()).filter((e) => e.data?.resultData?.runData?.Trigger?.[0]?.data?.main?.[0]?.[0]?.json?.data?.n >= 0);
	const latencies = execs
		.map((e) => {
			const json = e.data?.resultData?.runData?.Trigger?.[0]?.data?.main?.[0]?.[0]?.json;
			return json ? Date.parse(e.startedAt) - Date.parse(json.timestamp) : undefined;
		})
		.filter((x) => x !== undefined)
		.sort((a, b) => a - b);
	const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
	results.trigger = { events: EVENTS, executions: latencies.length, p50ms: pct(50), p95ms: pct(95) };
	log(`trigger: ${JSON.stringify(results.trigger)}`);
} finally {
	await env.stop();
}

const row = (label) => {
	const r = results[label];
	return `| ${label} | ${r.completed ? 'yes' : `no (HTTP ${r.httpStatus}, ${r.items} items)`} | ${r.seconds} s | ${r.requests} | ${r.wire429} |`;
};
const ours = results['Agent Platform node'];
const best = results[BEST];
const sideBySide = best.completed
	? `Side by side: the Agent Platform node ${ours.seconds} s, the HTTP Request node at its best settings ${best.seconds} s (${(best.seconds / ours.seconds).toFixed(1)}× as long).`
	: `Side by side: the Agent Platform node ${ours.seconds} s; the HTTP Request node at its best settings did not complete (HTTP ${best.httpStatus}, ${best.items} items in ${best.seconds} s).`;
const md = [
	`Command: \`npm run bench:n8n\` (${new Date().toISOString().slice(0, 10)}, n8n 2.41.1, sandbox Team plan 120/min, 20 ms latency, ${ITEMS} facts; HTTP Request "best settings" = page size 100, no interval between pages, stop at total)`,
	'',
	'| list all facts with | completed | time | requests | 429s on the wire |',
	'|---|---|---|---|---|',
	row('Agent Platform node'),
	row('HTTP Request node, defaults'),
	row(BEST),
	'',
	sideBySide,
	'',
	`Trigger, event to execution start in n8n (${results.trigger.executions} of ${results.trigger.events} events): p50 ${results.trigger.p50ms} ms, p95 ${results.trigger.p95ms} ms.`,
].join('\n');
saveResults(root, 'n8n', results, md);
process.exit(0);
