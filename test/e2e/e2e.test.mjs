// End-to-end in a real n8n: the package installed as a community package, driven through n8n's
// REST and public API, against the sandbox. One boot for the whole file.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { bootAll } from '../harness/n8n-boot.mjs';

let env;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

before(async () => {
	env = await bootAll({ examples: true });
}, { timeout: 600_000 });

after(() => env?.stop());

const sandbox = async (path, init = {}) => {
	const res = await fetch(`${env.sandbox.baseUrl}${path}`, {
		...init,
		headers: { authorization: `Bearer ${env.sandbox.apiKey}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
	});
	return await res.json();
};
const admin = async (path, init = {}) => (await (await fetch(`${env.sandbox.adminUrl}${path}`, { ...init, headers: { 'content-type': 'application/json' } })).json()).data;

/** A workflow: Webhook (answers with the last node's items) → Agent Platform node. */
async function webhookWorkflow(name, parameters) {
	const path = `e2e-${randomUUID()}`;
	const workflow = await env.api.public('POST', '/workflows', {
		name,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: randomUUID(), name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: randomUUID(), parameters: { httpMethod: 'GET', path, responseMode: 'lastNode', responseData: 'allEntries' } },
			{ id: randomUUID(), name: 'Agent Platform', type: 'n8n-nodes-agent-platform.agentPlatform', typeVersion: 1, position: [300, 0], parameters, credentials: { agentPlatformApi: { id: env.credentialId, name: 'Agent Platform (sandbox)' } } },
		],
		connections: { Webhook: { main: [[{ node: 'Agent Platform', type: 'main', index: 0 }]] } },
	});
	await env.api.public('POST', `/workflows/${workflow.id}/activate`);
	return { id: workflow.id, url: `${env.n8n.url}/webhook/${path}` };
}

async function call(url) {
	for (let attempt = 0; attempt < 20; attempt++) {
		const res = await fetch(url);
		if (res.status !== 404) return { status: res.status, json: await res.json() };
		await sleep(250); // a freshly activated webhook can answer 404 for a moment
	}
	throw new Error(`webhook ${url} never registered`);
}

const rl = (value) => ({ __rl: true, mode: 'id', value });

describe('the package in n8n', () => {
	test('action node, its tool variant and the trigger are registered', async () => {
		const res = await fetch(`${env.n8n.url}/types/nodes.json`, { headers: { cookie: env.api.cookie } });
		const names = (await res.json()).map((t) => t.name).filter((n) => n.startsWith('n8n-nodes-agent-platform.'));
		assert.deepEqual(names.sort(), ['n8n-nodes-agent-platform.agentPlatform', 'n8n-nodes-agent-platform.agentPlatformTool', 'n8n-nodes-agent-platform.agentPlatformTrigger']);
	});

	test('the credential test passes with the sandbox key and fails clearly with a bad one', async () => {
		const test = (apiKey) => env.api.rest('POST', '/credentials/test', { credentials: { id: env.credentialId, name: 'test', type: 'agentPlatformApi', data: { apiKey, baseUrl: env.sandbox.baseUrl } } });
		assert.equal((await test(env.sandbox.apiKey)).status, 'OK');
		const bad = await test(['ctx', 'revoked', 'key'].join('_'));
		assert.equal(bad.status, 'Error');
		assert.match(bad.message, /Unauthorized|Invalid API key/);
	});

	test('the example workflows were imported', async () => {
		const { data } = await env.api.public('GET', '/workflows?limit=50');
		assert.ok(data.length >= 5, `expected the 5 examples, got ${data.length}`);
	});
});

describe('a workflow per resource group matches the sandbox', () => {
	const cases = [
		['agents', { resource: 'agent', operation: 'getMany', returnAll: true }, '/agents?limit=100'],
		['memory facts', { resource: 'memoryFact', operation: 'getMany', returnAll: true, simplify: false }, '/memory/facts?limit=100'],
		['knowledge documents', { resource: 'knowledgeDocument', operation: 'getMany', returnAll: true, simplify: false }, '/knowledge/documents?limit=100'],
		['teams', { resource: 'team', operation: 'getMany', returnAll: true }, '/organization/teams?limit=100'],
		['members', { resource: 'member', operation: 'getMany', returnAll: true }, '/organization/members?limit=100'],
		['skills', { resource: 'skill', operation: 'getMany', agentId: rl('dep_support01'), returnAll: true }, '/agents/dep_support01/skills?limit=100'],
		['webhook subscriptions', { resource: 'webhookSubscription', operation: 'getMany', returnAll: true }, '/webhooks?limit=100'],
	];
	for (const [name, parameters, path] of cases) {
		test(name, async () => {
			const wf = await webhookWorkflow(`e2e ${name}`, parameters);
			const { status, json } = await call(wf.url);
			assert.equal(status, 200);
			const expected = (await sandbox(path)).data;
			assert.deepEqual(json, expected);
		});
	}

	test('organization', async () => {
		const wf = await webhookWorkflow('e2e organization', { resource: 'organization', operation: 'get' });
		const { json } = await call(wf.url);
		assert.equal(json[0].id, 'org_acme');
	});

	test('a write: promote a memory fact', async () => {
		const wf = await webhookWorkflow('e2e promote', { resource: 'memoryFact', operation: 'promote', factId: rl('fact_0003'), promoteTo: { tier: 'L4' } });
		const { json } = await call(wf.url);
		assert.equal(json[0].tier, 'L4');
		assert.equal((await sandbox('/memory/facts/fact_0003')).data.tier, 'L4');
	});
});

describe('the trigger in n8n', () => {
	let workflowId;
	let subscription;

	test('activation registers one subscription for the production URL', async () => {
		const workflow = await env.api.public('POST', '/workflows', {
			name: 'e2e trigger',
			settings: { executionOrder: 'v1' },
			nodes: [
				{ id: randomUUID(), name: 'Agent Platform Trigger', type: 'n8n-nodes-agent-platform.agentPlatformTrigger', typeVersion: 1, position: [0, 0], webhookId: randomUUID(), parameters: { subscriptionMode: 'create', events: ['memory.fact_created'], options: {} }, credentials: { agentPlatformApi: { id: env.credentialId, name: 'Agent Platform (sandbox)' } } },
				{ id: randomUUID(), name: 'No Operation', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [300, 0], parameters: {} },
			],
			connections: { 'Agent Platform Trigger': { main: [[{ node: 'No Operation', type: 'main', index: 0 }]] } },
		});
		workflowId = workflow.id;
		await env.api.public('POST', `/workflows/${workflowId}/activate`);
		// n8n finishes registering a workflow's webhooks shortly after the activate call returns.
		let subs = [];
		for (let i = 0; i < 40 && subs.length === 0; i++) {
			await sleep(250);
			subs = (await admin('/webhooks')).filter((s) => s.url.startsWith(env.n8n.url));
		}
		assert.equal(subs.length, 1);
		assert.match(subs[0].url, /\/webhook\//);
		assert.deepEqual(subs[0].events, ['memory.fact_created']);
		subscription = subs[0];
	});

	const executions = async () => (await env.api.public('GET', `/executions?workflowId=${workflowId}&includeData=true&limit=50`)).data;

	test('an event the sandbox delivers starts an execution with the verified payload', async () => {
		await sleep(1000);
		const fact = (await sandbox('/memory/facts', { method: 'POST', body: JSON.stringify({ agent_id: 'dep_sales02', content: 'E2E delivered fact' }) })).data;
		let found;
		for (let i = 0; i < 40 && !found; i++) {
			await sleep(250);
			found = (await executions()).find((e) => JSON.stringify(e.data ?? {}).includes(fact.id));
		}
		assert.ok(found, 'no execution carried the delivered fact');
		const output = found.data.resultData.runData['Agent Platform Trigger'][0].data.main[0][0].json;
		assert.equal(output.event, 'memory.fact_created');
		assert.equal(output.org_id, 'org_acme');
		assert.equal(output.data.fact.id, fact.id);
	});

	test('a tampered event and a replayed event are refused and start nothing', async () => {
		const before = (await executions()).length;
		const delivered = (await admin(`/deliveries?subscription_id=${subscription.id}`)).find((d) => d.status === 200);
		const url = subscription.url;
		const tampered = await fetch(url, { method: 'POST', headers: delivered.headers, body: delivered.body.replace('E2E delivered fact', 'E2E forged fact') });
		assert.equal(tampered.status, 401);
		const replayed = await fetch(url, { method: 'POST', headers: delivered.headers, body: delivered.body });
		assert.equal(replayed.status, 200);
		assert.match(await replayed.text(), /duplicate/);
		await sleep(1500);
		assert.equal((await executions()).length, before);
	});

	test('deactivation removes the subscription', async () => {
		await env.api.public('POST', `/workflows/${workflowId}/deactivate`);
		let subs = [subscription];
		for (let i = 0; i < 40 && subs.length > 0; i++) {
			await sleep(250);
			subs = (await admin('/webhooks')).filter((s) => s.url.startsWith(env.n8n.url));
		}
		assert.deepEqual(subs, []);
	});
});

describe('secrets', () => {
	test('neither the API key nor a signing secret appears in execution data or in n8n\'s log', async () => {
		const { data } = await env.api.public('GET', '/executions?includeData=true&limit=250');
		const everything = JSON.stringify(data) + readFileSync(env.logFile, 'utf8');
		assert.ok(!everything.includes(env.sandbox.apiKey), 'API key leaked');
		assert.ok(!/whsec_[a-z0-9]{8,}/.test(everything), 'a signing secret leaked');
	});
});
