// End-to-end in a real n8n: the package installed as a community package (test/harness/n8n-boot.mjs),
// driven through n8n's REST and public API against the sandbox, which runs in its own process so
// every request and webhook delivery crosses a real socket. One boot for the whole file; the
// suites run in order (the secrets scan at the end reads what the others produced).
//
// node:test rather than jest: this suite is plain .mjs because it needs processes, files and
// timers, which the strict lint forbids in .ts, and it does not share jest's in-process sandbox.
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { CREDENTIAL_NAME, NODE_TYPES, bootAll, createCredential, loadExamples } from '../harness/n8n-boot.mjs';
import { N8N_VERSION } from '../harness/n8n-install.mjs';
import { startFakeModel } from '../fake-model/server.mjs';
import { FACT_TOOL_NAME, MEMORY_NODE_TYPE, TOOL_NAME, TOOL_NODE, chatAgentWorkflow, createModelCredential, n8nHasAiNodeSdk, sendChat, sessionTag } from './chatAgent.mjs';
import hostile from '../hostile/server.js';
import { DURABLE_IDLE_POLL_LOG, DURABLE_SCHEDULER_ENV, n8nHasDurablePollScheduler, restartN8n } from './durableScheduler.mjs';
import { N8n, POLLING_NODE, Sandbox, byId, chainWorkflow, eventually, outputsOf, pollingTriggerWorkflow, sleep } from './helpers.mjs';
import { MCP_EXAMPLE, MCP_TRIGGER_TYPE, TRANSPORTS, connectMcp, n8nHasMcpTrigger, resultOf, toolNameOf } from './mcp.mjs';
import { describeN8nReadiness } from './n8nReadiness.mjs';
import { takeScreenshots } from './screenshots.mjs';

// n8n-workflow's ESM build does not load under plain Node; its CommonJS one does.
const { NodeHelpers, Workflow } = createRequire(import.meta.url)('n8n-workflow');

/** The API's webhook signature (`sha256=` + hex HMAC-SHA256 of the raw body), written out independently of src/signing.ts on purpose: a cross-check. */
const sign = (secret, body) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

let stack;
let n8n;
let sandbox;
/** Signing secrets seen during the run; none may appear where it should not. */
const secrets = new Set();
/** The one execution and node allowed to show a secret: the action node's webhook create. */
const allowedSecretOutput = { executionId: undefined, node: 'Create subscription' };

before(
	async () => {
		// Debug level, so the log scan below also covers what n8n logs only when asked to.
		stack = await bootAll({ examples: true, logLevel: 'debug' });
		n8n = new N8n(stack);
		sandbox = new Sandbox(stack.sandbox);
	},
	{ timeout: 600_000 },
);

after(async () => {
	await stack?.stop();
});

const nonce = () => `e2e-${randomUUID().slice(0, 8)}`;
/** The operations an agent should not run unreviewed (the issue's list, written out independently of the node). */
const DESTRUCTIVE = ['memoryFact.delete', 'member.remove', 'team.delete', 'webhookSubscription.delete', 'skill.disable'];
const HUMAN_REVIEW_EXAMPLE = 'chat-agent-with-human-review.json';
/** n8n's human review for tools in a chat: the Chat node's generated "HitlTool" variant. */
const HUMAN_REVIEW_TYPE = '@n8n/n8n-nodes-langchain.chatHitlTool';
const ids = (items) => items.map((item) => item.id).sort();

describe('the package in n8n', () => {
	test('the action node, its tool variant, the two triggers and the memory are registered node types', async () => {
		const res = await fetch(`${stack.n8n.url}/types/nodes.json`, { headers: { cookie: stack.api.cookie } });
		const types = (await res.json()).filter((t) => t.name.startsWith('n8n-nodes-agent-platform.'));
		assert.deepEqual(types.map((t) => t.name).sort(), [...Object.values(NODE_TYPES), MEMORY_NODE_TYPE].sort());
		const byName = Object.fromEntries(types.map((t) => [t.name, t]));
		assert.equal(byName[NODE_TYPES.tool].outputs[0], 'ai_tool');
		assert.deepEqual(byName[NODE_TYPES.trigger].inputs, []);
		assert.deepEqual(byName[NODE_TYPES.pollingTrigger].inputs, []);
		// n8n's node panel hides nodes in the "AI" category from normal search unless they are AI
		// root nodes; the action node and trigger must stay findable (the tool variant is AI).
		for (const name of [NODE_TYPES.action, NODE_TYPES.trigger, NODE_TYPES.pollingTrigger]) assert.ok(!byName[name].codex.categories.includes('AI'), `${name} is in the AI category`);
	});

	test('n8n serves the icons of the nodes and the credential; every node shares the credential\'s brand icon', async () => {
		const get = async (route) => await (await fetch(`${stack.n8n.url}${route}`, { headers: { cookie: stack.api.cookie } })).json();
		const nodeTypes = (await get('/types/nodes.json')).filter((t) => t.name.startsWith('n8n-nodes-agent-platform.'));
		const credential = (await get('/types/credentials.json')).find((c) => c.name === 'agentPlatformApi');
		const icons = Object.fromEntries([...nodeTypes, credential].map((t) => [t.name, t.iconUrl]));
		for (const [name, iconUrl] of Object.entries(icons)) {
			for (const theme of ['light', 'dark']) {
				const res = await fetch(`${stack.n8n.url}/${iconUrl?.[theme]}`);
				assert.equal(res.status, 200, `${name}: ${theme} icon ${iconUrl?.[theme]}`);
				assert.match(await res.text(), /^<svg /, `${name}: ${theme} icon is not an SVG`);
			}
			assert.notEqual(iconUrl.light, iconUrl.dark, `${name}: light and dark icons are one file`);
		}
		assert.ok(nodeTypes.some((t) => t.name === NODE_TYPES.trigger) && nodeTypes.some((t) => t.name === NODE_TYPES.tool));
		for (const { name } of nodeTypes) assert.deepEqual(icons[name], icons.agentPlatformApi, `${name} has its own icon`);
	});

	test('the credential test passes with the sandbox key and fails with the API’s own message for a bad one', async () => {
		const good = await n8n.testCredential(stack.sandbox.apiKey, stack.sandbox.baseUrl);
		assert.equal(good.status, 'OK', JSON.stringify(good));
		const revoked = ['ctx', 'revoked', 'key'].join('_');
		const bad = await n8n.testCredential(revoked, stack.sandbox.baseUrl);
		assert.equal(bad.status, 'Error');
		// The sandbox's own 401 text, then our hint: what n8n's declarative test could not show.
		assert.match(bad.message, /^Invalid API key: it is unknown or has been revoked \[unauthorized, HTTP 401\]\. Check the API key/);
		assert.ok(!bad.message.includes(revoked), 'the key is in the message');
		const wrongPrefix = ['sk', 'live', 'abc'].join('_');
		const prefix = await n8n.testCredential(wrongPrefix, stack.sandbox.baseUrl);
		assert.equal(prefix.status, 'Error');
		assert.match(prefix.message, /must start with "ctx_"/);
		assert.ok(!prefix.message.includes(wrongPrefix), 'the key is in the message');
		const unknownPath = await n8n.testCredential(stack.sandbox.apiKey, `${stack.sandbox.baseUrl}/v9`);
		assert.equal(unknownPath.status, 'Error');
		assert.match(unknownPath.message, /^No endpoint GET \/v1\/v9\/v1\/agents \[not_found, HTTP 404\]\. The Base URL/);
		const wrongUrl = await n8n.testCredential(stack.sandbox.apiKey, stack.sandbox.baseUrl.replace('/v1', '/v9'));
		assert.equal(wrongUrl.status, 'Error');
		assert.match(wrongUrl.message, /HTTP 404 with an HTML page.*Base URL/);
	});

	test('the example workflows are imported and their nodes are known to n8n', async () => {
		assert.deepEqual(stack.workflows.map((w) => w.file), loadExamples({}).map((e) => e.file));
		const known = new Set((await (await fetch(`${stack.n8n.url}/types/nodes.json`, { headers: { cookie: stack.api.cookie } })).json()).map((t) => t.name));
		// n8n 1.85.4 predates the MCP Server Trigger, the Chat node and human review for tools; on it,
		// the two examples that use them import but show those nodes as unknown. Every other node
		// must be known everywhere, and these on n8n 2.x.
		const newer = [MCP_TRIGGER_TYPE, HUMAN_REVIEW_TYPE, '@n8n/n8n-nodes-langchain.chat'];
		const mayLack = N8N_VERSION.startsWith('1.') ? newer : [];
		for (const { id, name } of stack.workflows) {
			const workflow = await stack.api.public('GET', `/workflows/${id}`);
			for (const node of workflow.nodes) assert.ok(known.has(node.type) || mayLack.includes(node.type), `${name}: unknown node type ${node.type}`);
		}
		if (!N8N_VERSION.startsWith('1.')) for (const type of newer) assert.ok(known.has(type), `n8n ${N8N_VERSION} lacks ${type}`);
	});

	test('the human review example gates exactly the destructive operations, and nothing else', () => {
		const { workflow } = loadExamples({}).find((e) => e.file === HUMAN_REVIEW_EXAMPLE);
		const review = workflow.nodes.find((n) => n.type === HUMAN_REVIEW_TYPE);
		const into = (target) => Object.entries(workflow.connections).filter(([, c]) => c.ai_tool?.[0]?.some((to) => to.node === target)).map(([from]) => from);
		const operationOf = (nodeName) => {
			const { parameters } = workflow.nodes.find((n) => n.name === nodeName);
			return `${parameters.resource}.${parameters.operation}`;
		};
		assert.deepEqual(into(review.name).map(operationOf).sort(), DESTRUCTIVE.slice().sort());
		const direct = into('AI Agent').filter((name) => name !== review.name);
		assert.ok(direct.length > 0);
		for (const name of direct) assert.ok(!DESTRUCTIVE.includes(operationOf(name)), `${name} reaches the agent unreviewed`);
		assert.match(review.parameters.message, /\$tool\.parameters/);
	});

	test('the nodes of the examples have no parameter issues in n8n (what the editor flags in red)', async () => {
		const types = await (await fetch(`${stack.n8n.url}/types/nodes.json`, { headers: { cookie: stack.api.cookie } })).json();
		const typeOf = (node) => types.find((t) => t.name === node.type && [t.version].flat().includes(node.typeVersion));
		const issues = [];
		for (const { file, workflow } of loadExamples({})) {
			for (const node of workflow.nodes) {
				const type = typeOf(node);
				// n8n 1.x may lack a node or a version of it (the test above says which may be missing).
				if (!type && N8N_VERSION.startsWith('1.')) continue;
				if (!type) {
					issues.push(`${file}: ${node.name}: n8n has no ${node.type} version ${node.typeVersion}`);
					continue;
				}
				const found = NodeHelpers.getNodeParametersIssues(type.properties, node, type);
				if (found) issues.push(`${file}: ${node.name}: ${JSON.stringify(found.parameters)}`);
			}
		}
		assert.deepEqual(issues, []);
	});

	test('the tool variant n8n makes shows the human-review hint for the destructive operations only; the node never', async () => {
		const types = await (await fetch(`${stack.n8n.url}/types/nodes.json`, { headers: { cookie: stack.api.cookie } })).json();
		const byName = Object.fromEntries(types.filter((t) => [NODE_TYPES.action, NODE_TYPES.tool].includes(t.name)).map((t) => [t.name, t]));
		const operations = byName[NODE_TYPES.action].properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => p.options.map((o) => ({ resource: p.displayOptions.show.resource[0], operation: o.value })));
		assert.ok(operations.length > 20);
		// What the editor does: resolve the node's parameters against its type, then evaluate each
		// hint's display condition on the node (with this repository's n8n-workflow, 2.41's; the
		// node types, tool variant included, are the ones this n8n serves).
		const shows = (type, parameters) => {
			const nodeTypes = { getByName: () => ({ description: byName[type] }), getByNameAndVersion: () => ({ description: byName[type] }), getKnownTypes: () => ({}) };
			const workflow = new Workflow({ nodes: [{ id: 'n', name: 'Node', type, typeVersion: 1, position: [0, 0], parameters }], connections: {}, active: false, nodeTypes });
			const node = workflow.getNode('Node');
			return (byName[type].hints ?? []).filter((hint) => workflow.expression.getSimpleParameterValue(node, hint.displayCondition, 'internal', {}) === true).map((hint) => hint.message);
		};
		for (const { resource, operation } of operations) {
			const asTool = shows(NODE_TYPES.tool, { resource, operation });
			if (DESTRUCTIVE.includes(`${resource}.${operation}`)) assert.match(asTool.join(), /human review/i, `${resource}.${operation} as a tool`);
			else assert.deepEqual(asTool, [], `${resource}.${operation} as a tool`);
			assert.deepEqual(shows(NODE_TYPES.action, { resource, operation }), [], `${resource}.${operation} as a node`);
		}
	});
	// Running each example as shipped: examples.test.mjs, in the stack `npm run dev` starts.
});

describe('a workflow per resource group: output matches the sandbox', () => {
	test('agents: get many, get, update', async () => {
		const description = nonce();
		const { execution, outputs } = await n8n.runChain('e2e agents', [
			{ name: 'Get many agents', parameters: { resource: 'agent', operation: 'getMany', returnAll: true } },
			{ name: 'Get agent', parameters: { resource: 'agent', operation: 'get', agentId: byId('dep_support01'), output: 'raw' } },
			{ name: 'Update agent', parameters: { resource: 'agent', operation: 'update', agentId: byId('dep_ops03'), updateFields: { description } } },
		]);
		assert.equal(execution.status, 'success');
		assert.deepEqual(ids(outputs['Get many agents']), ids(await sandbox.all('/agents')));
		assert.deepEqual(outputs['Get agent'], [(await sandbox.api('/agents/dep_support01')).data]);
		assert.equal(outputs['Update agent'][0].description, description);
		assert.equal((await sandbox.api('/agents/dep_ops03')).data.description, description);
	});

	test('memory facts: create, promote, get, search, delete', async () => {
		const content = `The e2e fact ${nonce()}`;
		const created = "={{ $('Create fact').item.json.id }}";
		const { execution, outputs } = await n8n.runChain('e2e memory facts', [
			{ name: 'Create fact', parameters: { resource: 'memoryFact', operation: 'create', agentId: byId('dep_support01'), content, additionalFields: { tier: 'L1', scope: 'agent' } } },
			{ name: 'Promote fact', parameters: { resource: 'memoryFact', operation: 'promote', factId: byId(created), promoteTo: { tier: 'L3', scope: 'team' } } },
			{ name: 'Get fact', parameters: { resource: 'memoryFact', operation: 'get', factId: byId(created), output: 'raw' } },
			{ name: 'Search facts', parameters: { resource: 'memoryFact', operation: 'getMany', returnAll: true, output: 'raw', filters: { text: content } } },
			{ name: 'Delete fact', parameters: { resource: 'memoryFact', operation: 'delete', factId: byId('fact_0002') } },
		]);
		assert.equal(execution.status, 'success');
		const [fact] = outputs['Create fact'];
		assert.equal(fact.content, content);
		assert.deepEqual([outputs['Promote fact'][0].tier, outputs['Promote fact'][0].scope], ['L3', 'team']);
		const stored = (await sandbox.api(`/memory/facts/${fact.id}`)).data;
		assert.deepEqual(outputs['Get fact'], [stored]);
		assert.deepEqual([stored.tier, stored.scope], ['L3', 'team']);
		assert.deepEqual(ids(outputs['Search facts']), [fact.id]);
		assert.equal((await sandbox.api('/memory/facts/fact_0002')).status, 404);
	});

	test('knowledge documents: get many, update, get', async () => {
		const content = `# Products\n\nUpdated by ${nonce()}`;
		const before = (await sandbox.api('/knowledge/documents/doc_products_services')).data;
		const { execution, outputs } = await n8n.runChain('e2e knowledge', [
			{ name: 'Get many documents', parameters: { resource: 'knowledgeDocument', operation: 'getMany', returnAll: true, output: 'raw' } },
			{ name: 'Update document', parameters: { resource: 'knowledgeDocument', operation: 'update', documentId: byId('doc_products_services'), updateFields: { content } } },
			{ name: 'Get document', parameters: { resource: 'knowledgeDocument', operation: 'get', documentId: byId('doc_products_services'), output: 'raw' } },
		]);
		assert.equal(execution.status, 'success');
		assert.deepEqual(ids(outputs['Get many documents']), ids(await sandbox.all('/knowledge/documents')));
		const after = (await sandbox.api('/knowledge/documents/doc_products_services')).data;
		assert.equal(after.content, content);
		assert.equal(after.version, before.version + 1);
		assert.deepEqual(outputs['Get document'], [after]);
	});

	test('organization, teams and members: get, create team, add member, list by team, update, remove', async () => {
		const teamName = `Team ${nonce()}`;
		const email = `${nonce()}@acme.example`;
		const team = "={{ $('Create team').item.json.id }}";
		const { execution, outputs } = await n8n.runChain('e2e organization', [
			{ name: 'Get organization', parameters: { resource: 'organization', operation: 'get', output: 'raw' } },
			{ name: 'Create team', parameters: { resource: 'team', operation: 'create', name: teamName, additionalFields: { description: 'made by e2e' } } },
			{ name: 'Add member', parameters: { resource: 'member', operation: 'add', email, additionalFields: { name: 'E2E Person', role: 'member', teamId: byId(team) } } },
			{ name: 'Members of the team', parameters: { resource: 'member', operation: 'getMany', returnAll: true, filters: { teamId: byId(team) } } },
			{ name: 'Rename team', parameters: { resource: 'team', operation: 'update', teamId: byId(team), updateFields: { name: `${teamName} (renamed)` } } },
			{ name: 'Remove member', parameters: { resource: 'member', operation: 'remove', memberId: byId("={{ $('Add member').item.json.id }}") } },
		]);
		assert.equal(execution.status, 'success');
		// Read before the team was created: the same organization, one team fewer than now.
		const org = (await sandbox.api('/organization')).data;
		assert.deepEqual(outputs['Get organization'], [{ ...org, team_count: org.team_count - 1 }]);
		const [created] = outputs['Create team'];
		const [member] = outputs['Add member'];
		assert.equal(member.team_id, created.id);
		assert.deepEqual(ids(outputs['Members of the team']), [member.id]);
		assert.equal((await sandbox.api(`/organization/teams/${created.id}`)).data.name, `${teamName} (renamed)`);
		assert.equal((await sandbox.api(`/organization/members/${member.id}`)).status, 404);
	});

	test('skills: get many, disable, enable', async () => {
		const state = async () => Object.fromEntries((await sandbox.all('/agents/dep_sales02/skills')).map((s) => [s.id, s.enabled]));
		assert.deepEqual([(await state()).web_browsing, (await state()).data_query], [true, false], 'the seed this test changes');
		const { execution, outputs } = await n8n.runChain('e2e skills', [
			{ name: 'Get skills', parameters: { resource: 'skill', operation: 'getMany', agentId: byId('dep_sales02'), returnAll: true } },
			{ name: 'Disable web browsing', parameters: { resource: 'skill', operation: 'disable', agentId: byId('dep_sales02'), skillId: 'web_browsing' } },
			{ name: 'Enable data query', parameters: { resource: 'skill', operation: 'enable', agentId: byId('dep_sales02'), skillId: 'data_query' } },
		]);
		assert.equal(execution.status, 'success');
		assert.deepEqual(ids(outputs['Get skills']), ids(await sandbox.all('/agents/dep_sales02/skills')));
		const now = await state();
		assert.equal(now.web_browsing, false);
		assert.equal(now.data_query, true);
		assert.equal(outputs['Disable web browsing'][0].enabled, false);
		assert.equal(outputs['Enable data query'][0].enabled, true);
	});

	test('webhook subscriptions: create (the one output with a secret), get, update, list, delete', async () => {
		const description = nonce();
		const sub = "={{ $('Create subscription').item.json.id }}";
		const { execution, outputs } = await n8n.runChain('e2e webhook subscriptions', [
			{ name: 'Create subscription', parameters: { resource: 'webhookSubscription', operation: 'create', url: 'http://127.0.0.1:9/e2e-nowhere', events: ['memory.fact_created'], additionalFields: { description } } },
			{ name: 'Get subscription', parameters: { resource: 'webhookSubscription', operation: 'get', webhookId: byId(sub), output: 'raw' } },
			{ name: 'Add an event', parameters: { resource: 'webhookSubscription', operation: 'update', webhookId: byId(sub), updateFields: { events: ['memory.fact_created', 'agent.status_changed'] } } },
			{ name: 'List subscriptions', parameters: { resource: 'webhookSubscription', operation: 'getMany', returnAll: true } },
			{ name: 'Delete subscription', parameters: { resource: 'webhookSubscription', operation: 'delete', webhookId: byId(sub) } },
		]);
		assert.equal(execution.status, 'success');
		const [created] = outputs['Create subscription'];
		assert.match(created.secret, /^whsec_/);
		assert.ok(created.secret_notice, 'the create output says the secret is shown once');
		secrets.add(created.secret);
		allowedSecretOutput.executionId = execution.id;
		assert.equal(outputs['Get subscription'][0].secret, undefined);
		assert.equal(outputs['Get subscription'][0].description, description);
		assert.deepEqual(outputs['Add an event'][0].events.sort(), ['agent.status_changed', 'memory.fact_created']);
		assert.ok(ids(outputs['List subscriptions']).includes(created.id));
		assert.ok(!(await sandbox.admin('/webhooks')).some((s) => s.id === created.id), 'the subscription is gone from the sandbox');
	});

	test('API request: any path, paginated', async () => {
		const { execution, outputs } = await n8n.runChain('e2e api request', [
			{ name: 'List teams', parameters: { resource: 'apiRequest', operation: 'request', method: 'GET', path: '/organization/teams', paginate: true, returnAll: true } },
		]);
		assert.equal(execution.status, 'success');
		assert.deepEqual(ids(outputs['List teams']), ids(await sandbox.all('/organization/teams')));
	});
});

/** A workflow of the trigger followed by a No Operation node; returns it and its webhook id. */
async function createTriggerWorkflow(name, parameters, credential) {
	const webhookId = randomUUID();
	const workflow = await n8n.createWorkflow({
		name,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: randomUUID(),
				name: 'Agent Platform Trigger',
				type: NODE_TYPES.trigger,
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters,
				credentials: { agentPlatformApi: credential },
			},
			{ id: randomUUID(), name: 'No Operation', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [300, 0], parameters: {} },
		],
		connections: { 'Agent Platform Trigger': { main: [[{ node: 'No Operation', type: 'main', index: 0 }]] } },
	});
	return { workflow, webhookId };
}

describe('the trigger in n8n', () => {
	let workflowId;
	let subscription;
	let secret;
	const events = ['memory.fact_created', 'memory.fact_promoted'];
	const executions = async () => await n8n.executions(workflowId);
	const triggerOutput = (execution) => outputsOf(execution)['Agent Platform Trigger']?.[0];
	const ourSubscriptions = async () => (await sandbox.admin('/webhooks')).filter((s) => s.url.startsWith(stack.n8n.url));

	test('activating the workflow registers one subscription for its production URL', async () => {
		const { workflow, webhookId } = await createTriggerWorkflow('e2e trigger', { subscriptionMode: 'create', events, options: {} }, { id: stack.credentialId, name: CREDENTIAL_NAME });
		workflowId = workflow.id;
		await stack.api.public('POST', `/workflows/${workflowId}/activate`);
		const subs = await eventually(async () => ((await ourSubscriptions()).length > 0 ? await ourSubscriptions() : undefined), 'the subscription');
		assert.equal(subs.length, 1);
		assert.equal(subs[0].url, `${stack.n8n.url}/webhook/${webhookId}/webhook`);
		assert.deepEqual([...subs[0].events].sort(), events);
		subscription = subs[0];
		// n8n keeps the id and the one-time secret in the workflow's static data, saved once activation has ended (after the sandbox has the subscription).
		const stored = await eventually(async () => (await stack.api.public('GET', `/workflows/${workflowId}`)).staticData?.['node:Agent Platform Trigger'], 'the stored subscription');
		assert.equal(stored?.subscriptionId, subscription.id);
		assert.match(stored?.secret ?? '', /^whsec_/);
		secret = stored.secret;
		secrets.add(secret);
	});

	test('an event from a real API action starts an execution with the verified payload', async () => {
		// A freshly registered production webhook can answer 404 for a moment; the sandbox retries.
		const fact = (await sandbox.api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_sales02', content: `Delivered ${nonce()}` } })).data;
		const execution = await eventually(async () => (await executions()).find((e) => triggerOutput(e)?.data?.fact?.id === fact.id), 'the execution');
		const delivered = await eventually(
			async () => (await sandbox.admin(`/deliveries?subscription_id=${subscription.id}`)).find((d) => d.status === 200 && d.body.includes(fact.id)),
			'the accepted delivery',
		);
		assert.equal(execution.status, 'success');
		assert.deepEqual(triggerOutput(execution), JSON.parse(delivered.body));
		assert.equal(triggerOutput(execution).event, 'memory.fact_created');
	});

	test('an event the sandbox emits starts an execution carrying exactly its data', async () => {
		const data = { fact: { id: 'fact_0005', tier: 'L4', scope: 'company' }, previous: { tier: 'L3', scope: 'team' }, marker: nonce() };
		await sandbox.admin('/emit', { method: 'POST', body: { event: 'memory.fact_promoted', data } });
		const execution = await eventually(async () => (await executions()).find((e) => triggerOutput(e)?.data?.marker === data.marker), 'the execution');
		assert.equal(triggerOutput(execution).event, 'memory.fact_promoted');
		assert.equal(triggerOutput(execution).org_id, 'org_acme');
		assert.deepEqual(triggerOutput(execution).data, data);
	});

	test('tampered, replayed and stale events are refused and start no execution', async () => {
		const before = (await executions()).length;
		const delivered = (await sandbox.admin(`/deliveries?subscription_id=${subscription.id}`)).find((d) => d.status === 200);
		const post = async (headers, body) => {
			const res = await fetch(subscription.url, { method: 'POST', headers, body });
			return { status: res.status, text: await res.text() };
		};

		const tampered = await post(delivered.headers, delivered.body.replace('"org_acme"', '"org_evil"'));
		assert.equal(tampered.status, 401);
		assert.match(tampered.text, /signature/);

		const replayed = await post(delivered.headers, delivered.body);
		assert.notEqual(replayed.status, 500);
		assert.match(replayed.text, /duplicate/);

		// Correctly signed (with the stored secret) but ten minutes old: outside the tolerance window.
		const timestamp = new Date(Date.now() - 10 * 60_000).toISOString();
		const body = JSON.stringify({ event: 'memory.fact_created', org_id: 'org_acme', timestamp, data: { fact: { id: 'fact_stale' } } });
		const stale = await post({ 'content-type': 'application/json', 'x-service-event': 'memory.fact_created', 'x-service-timestamp': timestamp, 'x-service-signature': sign(secret, body) }, body);
		assert.equal(stale.status, 401);
		assert.match(stale.text, /tolerance/);

		// A barrier instead of a pause: one more genuine event, and once its execution exists the
		// refused ones (answered before it was even sent) have had every chance to show up.
		const marker = nonce();
		await sandbox.admin('/emit', { method: 'POST', body: { event: 'memory.fact_created', data: { marker } } });
		await eventually(async () => (await executions()).find((e) => triggerOutput(e)?.data?.marker === marker), 'the barrier execution');
		assert.equal((await executions()).length, before + 1);
	});

	test('deactivating removes the subscription and forgets the secret', async () => {
		await stack.api.public('POST', `/workflows/${workflowId}/deactivate`);
		await eventually(async () => (await ourSubscriptions()).length === 0, 'the subscription to be deleted');
		// n8n saves the workflow's static data after the node's delete method returns, which is after the
		// API has deleted the subscription: read it until that save has landed.
		const forgotten = async () => {
			const stored = (await stack.api.public('GET', `/workflows/${workflowId}`)).staticData?.['node:Agent Platform Trigger'] ?? {};
			return stored.subscriptionId === undefined && stored.secret === undefined;
		};
		await eventually(forgotten, 'the workflow to forget the subscription and its secret');
	});
});

// The polling trigger on its own credential with the sandbox's read-only key: the sandbox's request
// log then tells its polls apart from everything else. Four poll times a minute (each one a minute
// apart, as n8n requires) keep the waits short.
describe('the polling trigger in n8n', () => {
	const NODE = POLLING_NODE;
	const CREDENTIAL = 'Agent Platform (read-only key)';
	/** The poll times below (seconds 0, 15, 30 and 45 of every minute) are this far apart. */
	const POLL_EVERY_MS = 15_000;
	let workflowId;
	const polls = async () => (await sandbox.admin('/requests')).filter((r) => r.key === 'readOnly');
	const items = async () => (await n8n.executions(workflowId)).flatMap((e) => outputsOf(e)[NODE] ?? []);

	test('activation polls once to record a baseline, keeps it in static data and starts nothing', async () => {
		const credentialId = await createCredential(stack.api, stack.sandbox, { name: CREDENTIAL, apiKey: stack.sandbox.readOnlyKey });
		const workflow = await n8n.createWorkflow(
			pollingTriggerWorkflow('e2e polling trigger', {
				seconds: [0, 15, 30, 45],
				parameters: { events: ['memory.fact_created', 'agent.status_changed'], filters: {} },
				credential: { id: credentialId, name: CREDENTIAL },
			}),
		);
		workflowId = workflow.id;
		const before = (await polls()).length;
		await stack.api.public('POST', `/workflows/${workflowId}/activate`);
		// n8n 2.x finishes an activation in the background; the baseline poll is part of it.
		const stored = await eventually(async () => {
			const state = (await stack.api.public('GET', `/workflows/${workflowId}`)).staticData?.[`node:${NODE}`]?.pollState;
			return state?.facts?.created && state?.agents ? state : undefined;
		}, 'the baseline in the static data');
		assert.equal(stored.orgId, 'org_acme');
		assert.ok((await polls()).length > before, 'activation polled the API');
		assert.equal((await n8n.executions(workflowId)).length, 0);
	});

	test('a fact created and an agent status changed through the API start the workflow once each', { timeout: 120_000 }, async () => {
		const fact = (await sandbox.api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_sales02', content: `Polled ${nonce()}` } })).data;
		const agent = (await sandbox.api('/agents/dep_legacy05')).data;
		const status = agent.status === 'maintenance' ? 'error' : 'maintenance';
		await sandbox.api('/agents/dep_legacy05', { method: 'PATCH', body: { status } });
		const isFact = (i) => i.event === 'memory.fact_created' && i.data?.fact?.id === fact.id;
		const isAgent = (i) => i.event === 'agent.status_changed' && i.data?.agent_id === 'dep_legacy05';
		await eventually(async () => {
			const all = await items();
			return all.some(isFact) && all.some(isAgent);
		}, 'both changes to start the workflow', 60_000);
		const all = await items();
		assert.deepEqual(all.find(isFact), {
			event: 'memory.fact_created',
			org_id: 'org_acme',
			timestamp: fact.created_at,
			data: { fact },
			poll: { seen_at: all.find(isFact).poll.seen_at, timestamp_from: 'created_at' },
		});
		assert.deepEqual(all.find(isAgent).data, { agent_id: 'dep_legacy05', agent_name: agent.agent_name, previous_status: agent.status, status, online: false });
		// Two more polls after the changes were reported: neither reports them again.
		const seenPolls = (await polls()).length;
		await eventually(async () => (await polls()).length >= seenPolls + 2, 'two more polls', 60_000);
		const again = await items();
		assert.equal(again.filter(isFact).length, 1);
		assert.equal(again.filter(isAgent).length, 1);
		for (const execution of await n8n.executions(workflowId)) {
			assert.ok(!JSON.stringify(execution).includes(stack.sandbox.readOnlyKey), `the API key is in execution ${execution.id}`);
		}
	});

	test('deactivation stops the polls', { timeout: 90_000 }, async () => {
		// Not a pause: n8n 2.x takes the trigger down in the background, after the deactivation has
		// answered, and a poll it started before then may still be under way (the previous test ends as
		// one begins). So no poll may start after n8n says the trigger is down: polls start at the poll
		// times, so none of the sandbox's requests may arrive from the first poll time after that on,
		// through the next one.
		const downAt = await n8n.deactivate(workflowId);
		const firstPollTime = Math.ceil((downAt + 1_000) / POLL_EVERY_MS) * POLL_EVERY_MS;
		// A poll's first request arrives within seconds of its poll time.
		await sleep(firstPollTime + POLL_EVERY_MS + 5_000 - Date.now());
		const late = (await polls()).filter((r) => r.receivedAt >= firstPollTime);
		assert.deepEqual(
			late.map((r) => `${new Date(r.receivedAt).toISOString()} ${r.method} ${r.path}`),
			[],
			`requests after n8n took the trigger down at ${new Date(downAt).toISOString()}`,
		);
	});
});

/** JSON paths of the strings in `value` that contain `needle` (names where, never what). */
function whereIs(value, needle, path = '$') {
	if (typeof value === 'string') return value.includes(needle) ? [path] : [];
	if (value === null || typeof value !== 'object') return [];
	return Object.entries(value).flatMap(([key, child]) => whereIs(child, needle, `${path}.${key}`));
}

describe('the trigger on an existing subscription', () => {
	test("the secret kept in the credential verifies events; nothing is created or deleted", async () => {
		const { data: created } = await sandbox.api('/webhooks', { method: 'POST', body: { url: 'https://example.com/placeholder', events: ['*'] } });
		secrets.add(created.secret);
		const credentialId = await createCredential(stack.api, stack.sandbox, { name: 'Agent Platform (existing subscription)', signingSecret: created.secret });
		const { workflow, webhookId } = await createTriggerWorkflow(
			'e2e trigger, existing subscription',
			{ subscriptionMode: 'existing', events: ['*'], options: {} },
			{ id: credentialId, name: 'Agent Platform (existing subscription)' },
		);
		const before = (await sandbox.admin('/webhooks')).length;
		await stack.api.public('POST', `/workflows/${workflow.id}/activate`);
		assert.equal((await sandbox.admin('/webhooks')).length, before, 'activation created no subscription');
		await sandbox.api(`/webhooks/${created.id}`, { method: 'PATCH', body: { url: `${stack.n8n.url}/webhook/${webhookId}/webhook` } });

		const marker = nonce();
		await sandbox.admin('/emit', { method: 'POST', body: { event: 'memory.fact_created', data: { marker } } });
		const output = (execution) => outputsOf(execution)['Agent Platform Trigger']?.[0];
		const execution = await eventually(async () => (await n8n.executions(workflow.id)).find((e) => output(e)?.data?.marker === marker), 'the execution');
		assert.equal(output(execution).event, 'memory.fact_created');

		// The same signed bytes sent as a form: n8n parses them into other fields (a forged event and
		// org_id), but the trigger acts only on the JSON of the bytes the signature covers.
		const timestamp = new Date().toISOString();
		const note = `x&event=memory.fact_promoted&org_id=org_evil&timestamp=${timestamp}&data=${nonce()}`;
		const body = JSON.stringify({ event: 'memory.fact_created', org_id: 'org_acme', timestamp, data: { note } });
		const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-service-event': 'memory.fact_created', 'x-service-timestamp': timestamp, 'x-service-signature': sign(created.secret, body) };
		const res = await fetch(`${stack.n8n.url}/webhook/${webhookId}/webhook`, { method: 'POST', headers, body });
		assert.equal(res.status, 200, await res.text());
		const asForm = await eventually(async () => (await n8n.executions(workflow.id)).find((e) => output(e)?.data?.note === note), 'the form-encoded delivery\'s execution');
		assert.deepEqual(output(asForm), { event: 'memory.fact_created', org_id: 'org_acme', timestamp, data: { note } });

		await stack.api.public('POST', `/workflows/${workflow.id}/deactivate`);
		assert.ok((await sandbox.admin('/webhooks')).some((s) => s.id === created.id), 'deactivation left the subscription made elsewhere alone');
		await sandbox.api(`/webhooks/${created.id}`, { method: 'DELETE' });
	});
});

describe('the API key stays with the Base URL', () => {
	// A Base URL server (or a proxy) that redirects every request to another origin, which records
	// whatever reaches it: n8n's HTTP helpers would follow and attach the key again unless told not to.
	let elsewhere;
	let redirector;
	const name = 'Agent Platform (redirecting proxy)';

	before(async () => {
		elsewhere = await hostile.startHostile((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"data":{"id":"org_elsewhere"}}');
		});
		redirector = await hostile.startHostile((req, res) => {
			res.writeHead(307, { location: `${elsewhere.origin}${req.url}` });
			res.end();
		});
	});
	after(async () => {
		await redirector?.close();
		await elsewhere?.close();
	});

	test('a redirect to another origin is not followed: credential test, a node run, trigger activation', async () => {
		const tested = await n8n.testCredential(stack.sandbox.apiKey, redirector.baseUrl);
		assert.equal(tested.status, 'Error');
		assert.match(tested.message, /redirect \(HTTP 307\) to "http:\/\/127\.0\.0\.1:\d+\/v1\/agents"/);

		const credentialId = await createCredential(stack.api, { apiKey: stack.sandbox.apiKey, baseUrl: redirector.baseUrl }, { name });
		const workflow = await n8n.createWorkflow(chainWorkflow('e2e redirect', [{ name: 'Get organization', parameters: { resource: 'organization', operation: 'get' } }], credentialId));
		const execution = await n8n.runManually(workflow.id);
		assert.equal(execution.status, 'error');
		assert.match(JSON.stringify(execution.data.resultData.error), /redirect \(HTTP 307\)/);

		const trigger = await createTriggerWorkflow('e2e trigger behind a redirect', { subscriptionMode: 'create', events: ['*'], options: {} }, { id: credentialId, name });
		// n8n 1.x activates in the request and answers with the error; 2.x publishes in the background.
		const activation = await stack.api.public('POST', `/workflows/${trigger.workflow.id}/activate`).then(
			() => 'accepted',
			(error) => error.message,
		);
		if (activation !== 'accepted') assert.match(activation, /redirect \(HTTP 307\)/);
		// Activation first looks for subscriptions an earlier one left (GET), then creates (POST): either is the trigger's.
		await eventually(() => redirector.received.some((r) => r.url.startsWith('/v1/webhooks')), "the trigger's subscription request");
		await stack.api.public('POST', `/workflows/${trigger.workflow.id}/deactivate`).catch(() => undefined);

		assert.ok(redirector.received.length >= 3, `the redirector saw ${redirector.received.length} requests`);
		assert.deepEqual(elsewhere.received.map((r) => `${r.method} ${r.url}`), []);
	});
});

describe('an AI Agent with Agent Platform Memory', () => {
	// Chat Trigger → AI Agent (OpenAI Chat Model on test/fake-model, Agent Platform Memory, the
	// Agent Platform node as a tool), driven through the public chat webhook like n8n's chat page.
	let model;
	let modelCredentialId;
	let webhookId;
	let workflowId;
	const workflowIds = [];
	const session = `e2e-chat-${randomUUID()}`;
	const seeded = {};
	const chat = async (sessionId, text) => await sendChat(stack.n8n.url, webhookId, sessionId, text);

	before(async () => {
		model = await startFakeModel();
		modelCredentialId = await createModelCredential(stack.api, model.url);
		// Durable facts the agent may know (its own L3, the company's L4) and one it may not (another
		// agent's own L3); the long-term context must carry exactly the first two.
		const create = async (body) => (await sandbox.api('/memory/facts', { method: 'POST', body: { ...body, content: `${body.content} ${nonce()}` } })).data;
		seeded.own = await create({ agent_id: 'dep_support01', content: 'Support answers within four hours', tier: 'L3', scope: 'agent' });
		seeded.company = await create({ agent_id: 'dep_sales02', content: 'The company sells warehouse robots', tier: 'L4', scope: 'company' });
		seeded.foreign = await create({ agent_id: 'dep_sales02', content: 'Sales keeps its demo slots private', tier: 'L3', scope: 'agent' });
		const built = await activeChatAgent('e2e chat agent with platform memory', memoryParameters);
		webhookId = built.webhookId;
		workflowId = built.workflowId;
	});

	/** The memory's parameters in the chat agent. */
	const memoryParameters = {
		agentId: byId('dep_support01'),
		sessionIdType: 'fromInput',
		contextWindowLength: 5,
		longTermContext: true,
		contextTiers: ['L3', 'L4'],
		contextScopes: ['agent', 'company'],
		searchUserMessage: false,
		maxFacts: 50,
		maxCharacters: 20000,
	};

	/** Creates and activates a chat agent workflow; returns its id and chat webhook id. */
	async function activeChatAgent(name, memory, options = {}) {
		const built = chatAgentWorkflow({ name, credentialId: stack.credentialId, modelCredentialId, memory, ...options });
		const id = (await n8n.createWorkflow(built.workflow)).id;
		workflowIds.push(id);
		await stack.api.public('POST', `/workflows/${id}/activate`);
		// A freshly activated webhook can answer 404 for a moment.
		await eventually(async () => (await fetch(`${stack.n8n.url}/webhook/${built.webhookId}/chat`)).status === 200, 'the chat webhook (its hosted chat page)');
		return { workflowId: id, webhookId: built.webhookId };
	}

	after(async () => {
		for (const id of workflowIds) await stack.api.public('POST', `/workflows/${id}/deactivate`).catch(() => undefined);
		await model?.stop();
	});

	test('on n8n without the AI node SDK the memory says which n8n it needs; nothing else is affected', { skip: n8nHasAiNodeSdk() && 'this n8n has the SDK' }, async () => {
		const reply = await chat(session, 'Hello');
		assert.notEqual(reply.status, 200);
		const [execution] = await n8n.executions(workflowId);
		assert.equal(execution.status, 'error');
		assert.match(JSON.stringify(execution.data), /Agent Platform Memory needs n8n 2\.16 or later/);
		assert.equal(model.requests.length, 0, 'the model was not called');
	});

	describe('on n8n with the AI node SDK', { skip: !n8nHasAiNodeSdk() && 'this n8n lacks @n8n/ai-node-sdk' }, () => {
		test('a second message sees the first turn', async () => {
			const first = await chat(session, 'My name is Ada');
			assert.equal(first.status, 200, first.text);
			assert.match(first.json.output, /^You said: "My name is Ada"\. Earlier in this chat you said: nothing\./);
			const second = await chat(session, 'What is my name?');
			assert.equal(second.status, 200, second.text);
			assert.match(second.json.output, /^You said: "What is my name\?"\. Earlier in this chat you said: "My name is Ada"\./);
			// The prompt itself: the first turn, question and answer, before the new message.
			const prompt = model.requests.at(-1).messages.map((m) => [m.role, typeof m.content === 'string' ? m.content : m.content.map((p) => p.text).join('')]);
			const turn = prompt.findIndex(([role, text]) => role === 'user' && text === 'My name is Ada');
			assert.ok(turn > 0, JSON.stringify(prompt));
			assert.deepEqual(prompt.slice(turn), [
				['user', 'My name is Ada'],
				['assistant', first.json.output],
				['user', 'What is my name?'],
			]);
		});

		test("the execution's memory output shows the chat's words, as n8n's Logs panel reads them", async () => {
			const [execution] = await n8n.executions(workflowId);
			const outputs = (execution.data.resultData.runData['Agent Platform Memory'] ?? []).flatMap((run) => run.data?.ai_memory?.flat() ?? []).map((item) => item.json);
			// n8n's editor shows each message as String(kwargs.content) (its memory output parser).
			const shown = outputs.flatMap((output) => (output.chatHistory ?? []).map((m) => String(m.kwargs?.content)));
			assert.ok(shown.includes('My name is Ada'), JSON.stringify(shown));
			assert.ok(shown.includes('What is my name?'), JSON.stringify(shown));
			assert.ok(shown.some((text) => text.startsWith('You said: "My name is Ada"')), JSON.stringify(shown));
			assert.ok(!shown.some((text) => text.includes('[object Object]')), JSON.stringify(shown));
		});

		test('the turns are stored as L1 facts of the agent, tagged with the session', async () => {
			const stored = await sandbox.all(`/memory/facts?agent_id=dep_support01&tier=L1&q=${sessionTag(session)}`);
			assert.equal(stored.length, 2);
			for (const fact of stored) {
				assert.deepEqual([fact.tier, fact.scope, fact.source], ['L1', 'agent', { conversation_id: session, channel: 'n8n' }]);
				assert.match(fact.content, new RegExp(`\\n\\[n8n chat ${sessionTag(session)} [0-9T:.Z-]+\\]$`));
			}
			assert.match(stored[0].content, /^User: "My name is Ada"\nAssistant: "You said: \\"My name is Ada\\"/);
			assert.match(stored[1].content, /^User: "What is my name\?"\nAssistant: "You said: /);
		});

		test("long-term facts reach the model's prompt, and only those the agent may know", async () => {
			const messages = model.requests.at(-1).messages;
			const prompt = JSON.stringify(messages);
			// One user-role message before the conversation (after the agent's system message).
			const context = messages.findIndex((m) => JSON.stringify(m.content).includes(seeded.own.content));
			assert.equal(messages[context].role, 'user');
			assert.ok(context < messages.findIndex((m) => JSON.stringify(m.content).includes('My name is Ada')), 'the context comes before the conversation');
			assert.ok(prompt.includes(seeded.own.content), 'the agent’s own L3 fact');
			assert.ok(prompt.includes(seeded.company.content), 'the company’s L4 fact');
			assert.ok(!prompt.includes(seeded.foreign.content), 'another agent’s own fact');
			assert.ok(!prompt.includes('(L1, '), 'a session-tier fact of the seed');
			assert.ok(!prompt.includes('Globex'), 'another organization');
			const reply = await chat(`e2e-chat-${randomUUID()}`, 'Hi');
			assert.match(reply.json.output, /Earlier in this chat you said: nothing\. I was given [1-9]\d* background facts\./, 'a new session starts empty but has the context');
		});

		test('the tool call runs the Agent Platform node, and the turn keeps only the question and the answer', async () => {
			const toolSession = `e2e-chat-${randomUUID()}`;
			const reply = await chat(toolSession, `use ${TOOL_NAME}: warehouse robots`);
			assert.equal(reply.status, 200, reply.text);
			assert.match(reply.json.output, new RegExp(`^Using ${TOOL_NAME}, I found [1-9]\\d* results?: fact_`));
			assert.ok(reply.json.output.includes(seeded.company.id), 'the tool result reached the model');
			const call = model.requests.at(-2);
			assert.ok(call.tools.some((t) => t.function.name === TOOL_NAME), 'the tool was offered');
			const [execution] = await n8n.executions(workflowId);
			assert.equal(execution.status, 'success');
			const toolRuns = execution.data.resultData.runData[TOOL_NODE];
			assert.ok(toolRuns?.length > 0, 'the Agent Platform tool node ran');
			const toolOutput = JSON.stringify(toolRuns.map((run) => run.data));
			assert.ok(toolOutput.includes(seeded.company.id), 'the tool node returned the fact');
			const requests = await sandbox.admin('/requests');
			const searched = requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/memory/facts?') && r.path.includes('q=warehouse'));
			assert.ok(searched.length > 0, 'the node asked the API');
			// n8n runs the agent, and so loads the memory, again after the round of tool calls: the
			// history is read once per execution all the same.
			const historyReads = requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/memory/facts?') && r.path.includes(`q=${sessionTag(toolSession)}`));
			assert.equal(historyReads.length, 1, JSON.stringify(historyReads.map((r) => r.path)));
			const [turn] = await sandbox.all(`/memory/facts?agent_id=dep_support01&tier=L1&q=${sessionTag(toolSession)}`);
			assert.equal(turn.content.split('\n').length, 3, turn.content);
			assert.ok(turn.content.startsWith(`User: "use ${TOOL_NAME}: warehouse robots"\nAssistant: "Using ${TOOL_NAME}, I found `));
		});

		test("with Remember Tool Calls, turn 2 uses an ID that only turn 1's tool call returned", async () => {
			// The seeded company fact is the only one holding its nonce; turn 1 finds it "quietly" (the
			// answer does not repeat the result), turn 2 asks for the fact_ ID it found.
			const word = seeded.company.content.split(' ').at(-1);
			const ask = async (hook, sessionId, text) => {
				const reply = await sendChat(stack.n8n.url, hook, sessionId, text);
				assert.equal(reply.status, 200, reply.text);
				return reply.json.output;
			};

			// Without the option (the agent above), the ID is gone by turn 2.
			const forgetful = `e2e-chat-${randomUUID()}`;
			assert.equal(await ask(webhookId, forgetful, `quietly use ${TOOL_NAME}: ${word}`), `Done: I used ${TOOL_NAME}.`);
			assert.equal(await ask(webhookId, forgetful, `use ${TOOL_NAME} with the fact_ ID from before`), 'I know no fact_ ID from before.');

			const remembering = await activeChatAgent('e2e chat agent remembering tool calls', { ...memoryParameters, rememberToolCalls: true }, { factTool: true });
			const toolSession = `e2e-chat-${randomUUID()}`;
			const first = await ask(remembering.webhookId, toolSession, `quietly use ${TOOL_NAME}: ${word}`);
			assert.equal(first, `Done: I used ${TOOL_NAME}.`);
			const turnTwo = model.requests.length;
			const second = await ask(remembering.webhookId, toolSession, `use ${FACT_TOOL_NAME} with the fact_ ID from before`);
			// The model called the second tool with the ID, and the fact it read back is the seeded one.
			assert.match(second, new RegExp(`^Using ${FACT_TOOL_NAME}, I found 1 result: ${seeded.company.id}: “`));
			assert.ok(second.includes(seeded.company.id) && second.includes(word), second);

			// What the model was given in turn 2: turn 1's call and its result, as the messages it saw then.
			const prompt = model.requests[turnTwo].messages;
			const earlierCall = prompt.find((m) => m.role === 'assistant' && m.tool_calls?.some((c) => c.function.name === TOOL_NAME));
			assert.ok(earlierCall, JSON.stringify(prompt));
			const answer = prompt.find((m) => m.role === 'tool' && m.tool_call_id === earlierCall.tool_calls[0].id);
			assert.ok(answer && JSON.stringify(answer.content).includes(seeded.company.id), JSON.stringify(prompt));
			assert.deepEqual(JSON.parse(earlierCall.tool_calls[0].function.arguments).searchText, word);

			// The stored turn: the question, the call, the summary of its result (no fact content), the answer.
			const stored = await sandbox.all(`/memory/facts?agent_id=dep_support01&tier=L1&q=${sessionTag(toolSession)}`);
			const turnOne = stored.find((fact) => fact.content.startsWith('User: "quietly'));
			const lines = turnOne.content.split('\n');
			assert.deepEqual(lines.map((line) => /^(User|Tool call|Tool result|Assistant|\[n8n chat)/.exec(line)?.[1]), ['User', 'Tool call', 'Tool result', 'Assistant', '[n8n chat'], turnOne.content);
			assert.ok(lines[2].includes(seeded.company.id) && !lines[2].includes(word), lines[2]);
		});
	});
});

// The MCP Server Trigger example, as shipped, with a Bearer token added the way a user adds one; a
// real MCP client (the official TypeScript SDK) connects over both transports n8n offers.
describe('the node as an MCP tool: an MCP client through the MCP Server Trigger example', { skip: !n8nHasMcpTrigger() && `n8n ${N8N_VERSION} has no MCP Server Trigger` }, () => {
	const token = `e2e-mcp-${randomUUID()}`;
	const clients = [];
	let example;
	let url;
	let fact;
	const connect = async (transport, withToken = token) => {
		const client = await connectMcp(url, { transport, token: withToken });
		clients.push(client);
		return client;
	};

	before(async () => {
		const credentialName = 'MCP clients (e2e)';
		const credentialId = (await stack.api.rest('POST', '/credentials', { name: credentialName, type: 'httpBearerAuth', data: { token } })).id;
		const { id } = stack.workflows.find((w) => w.file === MCP_EXAMPLE);
		example = await stack.api.public('GET', `/workflows/${id}`);
		const trigger = example.nodes.find((n) => n.type === MCP_TRIGGER_TYPE);
		assert.equal(trigger.parameters.authentication, 'bearerAuth', 'the example asks for a token');
		trigger.credentials = { httpBearerAuth: { id: credentialId, name: credentialName } };
		await stack.api.public('PUT', `/workflows/${id}`, { name: example.name, nodes: example.nodes, connections: example.connections, settings: { executionOrder: 'v1' } });
		await stack.api.public('POST', `/workflows/${id}/activate`);
		url = `${stack.n8n.url}/mcp/${trigger.parameters.path}`;
		// A freshly activated webhook can answer 404 for a moment.
		await eventually(async () => (await fetch(url, { method: 'POST' })).status !== 404, 'the MCP endpoint');
		fact = (await sandbox.api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_support01', content: `MCP clients may read this ${nonce()}` } })).data;
	});

	after(async () => {
		await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
		if (example) await stack.api.public('POST', `/workflows/${example.id}/deactivate`).catch(() => undefined);
	});

	test('a client without the token, or with another, is refused', async () => {
		for (const transport of TRANSPORTS) {
			// The SDK's errors carry the HTTP status as `code` (n8n answers "Authorization data is wrong!").
			const refused = (error) => error.code === 403 || assert.fail(`${transport}: ${error.code} ${error.message}`);
			await assert.rejects(connect(transport, null), refused, `${transport}, no token`);
			await assert.rejects(connect(transport, 'wrong-token'), refused, `${transport}, wrong token`);
		}
	});

	for (const transport of TRANSPORTS) {
		test(`over ${transport}: the client lists the example's tools, with their descriptions and the arguments $fromAI() asks for`, async () => {
			const client = await connect(transport);
			const { tools } = await client.listTools();
			const toolNodes = example.nodes.filter((n) => n.type === NODE_TYPES.tool);
			assert.deepEqual(
				tools.map((t) => [t.name, t.description]).sort(),
				toolNodes.map((n) => [toolNameOf(n.name), n.parameters.toolDescription]).sort(),
			);
			const schema = (name) => tools.find((t) => t.name === name).inputSchema;
			assert.deepEqual(Object.keys(schema('Search_memory_facts').properties), ['text']);
			assert.deepEqual(Object.keys(schema('Read_a_knowledge_document').properties), ['documentId']);
			assert.deepEqual(Object.keys(schema('List_agents').properties ?? {}), []);
		});

		test(`over ${transport}: tool calls run the Agent Platform node against the sandbox; results carry its data, never the key`, async () => {
			const client = await connect(transport);
			const before = (await sandbox.admin('/requests')).length;

			const searched = resultOf(await client.callTool({ name: 'Search_memory_facts', arguments: { text: fact.content } }));
			assert.deepEqual(searched.json, [{ id: fact.id, agent_id: fact.agent_id, content: fact.content, tier: fact.tier, scope: fact.scope, created_at: fact.created_at }], searched.text);

			const document = resultOf(await client.callTool({ name: 'Read_a_knowledge_document', arguments: { documentId: 'doc_company_overview' } }));
			assert.deepEqual([document.json].flat(), [(await sandbox.api('/knowledge/documents/doc_company_overview')).data], document.text);

			const agents = resultOf(await client.callTool({ name: 'List_agents', arguments: {} }));
			assert.deepEqual(agents.json.map((a) => a.id).sort(), (await sandbox.all('/agents')).map((a) => a.id).sort(), agents.text);

			const missing = await client.callTool({ name: 'Read_a_knowledge_document', arguments: { documentId: 'doc_missing' } });
			assert.equal(missing.isError, true, JSON.stringify(missing));
			assert.match(resultOf(missing).text, /not_found|404/);

			// n8n sent the requests with the key from its credential; the client never saw it.
			const sent = (await sandbox.admin('/requests')).slice(before);
			const search = sent.find((r) => r.method === 'GET' && r.path.startsWith('/v1/memory/facts?') && new URL(r.path, 'http://x').searchParams.get('q') === fact.content);
			assert.equal(search?.key, 'primary', JSON.stringify(sent.map((r) => `${r.method} ${r.path} ${r.key}`)));
			for (const result of [searched, document, agents]) assert.ok(!result.text.includes(stack.sandbox.apiKey), 'the API key reached the MCP client');
		});
	}
});

// n8n's durable scheduler makes a new Workflow from the database for every tick and saves static
// data only when a poll returns items (2.41: behind flags; the default from 2.45). The trigger keeps
// its latest state in the process, so idle polls carry the sweep on and the share is spent once. n8n
// restarts here with the flags (the suites below run under them too); twelve poll times a minute.
describe("the polling trigger under n8n's durable scheduler", { skip: !n8nHasDurablePollScheduler() && `n8n ${N8N_VERSION} has no durable scheduler for poll triggers` }, () => {
	const NODE = POLLING_NODE;
	const AGENT = 'dep_ops03';
	const SHARE = 0.25;
	/** The sandbox's Team limit, which the trigger reads from the headers. */
	const LIMIT = 120;
	let workflowId;

	before(async () => await restartN8n(stack, DURABLE_SCHEDULER_ENV), { timeout: 180_000 });
	after(async () => {
		if (workflowId) await stack.api.public('POST', `/workflows/${workflowId}/deactivate`);
	});

	test('idle ticks carry the sweep on: a fact created at once after activation and a promotion at the end of the list are reported once each, and the share is spent once', { timeout: 240_000 }, async (t) => {
		// About 25 pages for this agent: twice what the activation poll reads (its first minute's share
		// at the 60 a minute assumed before a response names the limit).
		await sandbox.admin('/seed', { method: 'POST', body: { facts: 2_400, agent_id: AGENT } });
		const listed = await fetch(`${stack.sandbox.baseUrl}/memory/facts?agent_id=${AGENT}&limit=1`, { headers: { authorization: `Bearer ${stack.sandbox.apiKey}` } }).then((r) => r.json());
		const last = (await sandbox.api(`/memory/facts?agent_id=${AGENT}&limit=1&offset=${listed.pagination.total - 1}`)).data[0].id;
		const credentialId = await createCredential(stack.api, stack.sandbox, { name: 'Agent Platform (read-only key)', apiKey: stack.sandbox.readOnlyKey });
		const workflow = await n8n.createWorkflow(
			pollingTriggerWorkflow('e2e polling trigger, durable scheduler', {
				seconds: Array.from({ length: 12 }, (_, i) => i * 5),
				parameters: { events: ['memory.fact_created', 'memory.fact_promoted'], filters: { agentId: byId(AGENT) }, options: { keyShare: SHARE } },
				credential: { id: credentialId, name: 'Agent Platform (read-only key)' },
			}),
		);
		workflowId = workflow.id;
		const first = (await sandbox.admin('/requests')).length;
		const activatedAt = Date.now();
		await stack.api.public('POST', `/workflows/${workflowId}/activate`);
		await eventually(async () => (await stack.api.public('GET', `/workflows/${workflowId}`)).staticData?.[`node:${NODE}`]?.pollState?.facts, 'the baseline in the static data');
		// At once after the baseline, as facts keep coming while a workflow is activated (issue 44).
		const made = (await sandbox.api('/memory/facts', { method: 'POST', body: { agent_id: AGENT, content: `Polled under the durable scheduler ${nonce()}` } })).data;
		await sandbox.api(`/memory/facts/${last}/promote`, { method: 'POST', body: { tier: 'L4' } });

		const reported = async (event) => (await n8n.executions(workflowId)).flatMap((e) => outputsOf(e)[NODE] ?? []).filter((i) => i.event === event);
		await eventually(async () => (await reported('memory.fact_promoted')).length > 0 && (await reported('memory.fact_created')).length > 0, 'the new fact and the promotion at the end of the list', 150_000);
		t.diagnostic(`the new fact and the promotion at the end of the list were reported ${Math.round((Date.now() - activatedAt) / 1000)} s after activation`);
		// Long enough for an overspending trigger to show (every tick spending what accumulated since the last save).
		await sleep(Math.max(10_000, activatedAt + 50_000 - Date.now()));
		assert.deepEqual((await reported('memory.fact_promoted')).map((i) => i.data.fact.id), [last]);
		assert.deepEqual((await reported('memory.fact_created')).map((i) => i.data.fact.id), [made.id]);

		const polls = (await sandbox.admin('/requests')).slice(first).filter((r) => r.key === 'readOnly');
		const minutes = (Date.now() - activatedAt) / 60_000;
		// A minute's worth held at the start, then SHARE × LIMIT a minute.
		const allowed = Math.floor(SHARE * LIMIT * (1 + minutes));
		t.diagnostic(`the trigger sent ${polls.length} requests in ${minutes.toFixed(2)} minutes; its share allows ${allowed}`);
		assert.ok(polls.length <= allowed, `the trigger sent ${polls.length} requests in ${minutes.toFixed(2)} minutes; its share allows ${allowed}`);
		// The polls were the durable scheduler's: its own line for a tick that returned nothing.
		assert.ok(readFileSync(stack.logFile, 'utf8').includes(DURABLE_IDLE_POLL_LOG), 'the durable scheduler ran no idle poll');
	});
});

// Issue 32 in a real n8n: the memory on a platform whose facts live (the sandbox's tier lifetimes)
// and graduate. The sandbox's clock is moved past an hour (it never goes back, so this runs after
// every suite that verifies webhook timestamps); n8n's clock is not, as on a real platform whose
// time passed while n8n's workflow waited for the next message.
describe("an AI Agent's history lasts as chosen, and reaches no other session", { skip: !n8nHasAiNodeSdk() && 'this n8n lacks @n8n/ai-node-sdk' }, () => {
	const HOUR_AND_A_MINUTE = 61 * 60_000;
	let model;
	let modelCredentialId;
	let companyFact;
	const workflowIds = [];

	before(async () => {
		model = await startFakeModel();
		modelCredentialId = await createModelCredential(stack.api, model.url);
		// A permanent company fact of the seed: the oldest, so listed before the thousands other suites added.
		companyFact = (await sandbox.api('/memory/facts/fact_0012')).data;
		assert.deepEqual([companyFact.tier, companyFact.scope], ['L4', 'company']);
	});

	after(async () => {
		for (const id of workflowIds) await stack.api.public('POST', `/workflows/${id}/deactivate`).catch(() => undefined);
		await model?.stop();
	});

	/** An active chat agent (memory node version 1.1) keeping its history as `keepHistory` says; returns its chat webhook id. */
	async function agentKeeping(keepHistory, longTermContext) {
		const memory = { agentId: byId('dep_support01'), sessionIdType: 'fromInput', keepHistory, contextWindowLength: 5, longTermContext, contextTiers: ['L2', 'L3', 'L4'], contextScopes: ['agent', 'team', 'company'], maxFacts: 50, maxCharacters: 20000 };
		const built = chatAgentWorkflow({ name: `e2e memory kept ${keepHistory}`, credentialId: stack.credentialId, modelCredentialId, memory, memoryVersion: 1.1 });
		const id = (await n8n.createWorkflow(built.workflow)).id;
		workflowIds.push(id);
		await stack.api.public('POST', `/workflows/${id}/activate`);
		await eventually(async () => (await fetch(`${stack.n8n.url}/webhook/${built.webhookId}/chat`)).status === 200, 'the chat webhook (its hosted chat page)');
		return built.webhookId;
	}
	const say = async (hook, sessionId, text) => {
		const reply = await sendChat(stack.n8n.url, hook, sessionId, text);
		assert.equal(reply.status, 200, reply.text);
		return reply.json.output;
	};
	const turnsOf = async (sessionId) => await sandbox.all(`/memory/facts?agent_id=dep_support01&q=${sessionTag(sessionId)}`);

	test('past an hour the history is kept with a day and gone with an hour; a graduated turn stays its session’s and reaches no other session’s context', async () => {
		const dayHook = await agentKeeping('day', true);
		const hourHook = await agentKeeping('hour', false);
		const pin = `PIN ${nonce()}`;
		const daySession = `e2e-day-${randomUUID()}`;
		const hourSession = `e2e-hour-${randomUUID()}`;
		assert.match(await say(dayHook, daySession, `My name is Ada, my ${pin}`), /Earlier in this chat you said: nothing\./);
		assert.match(await say(hourHook, hourSession, 'My name is Bob'), /Earlier in this chat you said: nothing\./);
		const [dayTurn] = await turnsOf(daySession);
		assert.deepEqual([dayTurn.tier, (await turnsOf(hourSession))[0].tier], ['L2', 'L1']);

		const clock = await sandbox.admin('/clock', { method: 'POST', body: { advanceMs: HOUR_AND_A_MINUTE } });
		assert.ok(clock.advancedMs >= HOUR_AND_A_MINUTE, JSON.stringify(clock));
		assert.match(await say(dayHook, daySession, 'What is my name?'), new RegExp(`Earlier in this chat you said: "My name is Ada, my ${pin}"\\.`));
		assert.match(await say(hourHook, hourSession, 'What is my name?'), /Earlier in this chat you said: nothing\./);
		const left = (await turnsOf(hourSession)).map((fact) => fact.content.split('\n')[0]);
		assert.deepEqual(left, ['User: "What is my name?"'], 'the hour’s first turn is gone from the platform');

		// The platform graduates the turn holding the PIN (L2 → L3), as it does with facts that prove useful.
		const graduated = await sandbox.admin('/graduate', { method: 'POST', body: { org_id: 'org_acme', fact_id: dayTurn.id } });
		assert.equal(graduated.tier, 'L3');
		const other = await say(dayHook, `e2e-other-${randomUUID()}`, 'Hi');
		assert.match(other, /Earlier in this chat you said: nothing\. I was given [1-9]\d* background facts\./);
		const prompt = JSON.stringify(model.requests.at(-1).messages);
		assert.ok(!prompt.includes(pin), 'the graduated turn reached another session');
		assert.ok(prompt.includes(companyFact.content), 'the organization’s facts are still given');
		// Its own session still has it, wherever it went.
		assert.match(await say(dayHook, daySession, 'And now?'), new RegExp(`Earlier in this chat you said: "My name is Ada, my ${pin}", "What is my name\\?"\\.`));
	});
});

// builderHint, sensitiveOutputFields and tool mode as n8n serves them; n8n's SSRF protection (restarts n8n).
describeN8nReadiness(() => ({ stack, n8n, sandbox, allowedSecretOutput }));

describe('secrets', () => {
	test('the API key and signing secrets appear nowhere in executions or n8n\'s log, except the webhook-create output', async () => {
		assert.ok(secrets.size >= 2, 'the suites above saw the secrets they create');
		const forbidden = [stack.sandbox.apiKey, ...secrets];
		const executions = await n8n.allExecutions();
		assert.ok(executions.length >= 10, `expected the suite's executions, got ${executions.length}`);
		let allowedSeen = false;
		for (const execution of executions) {
			const copy = structuredClone(execution);
			if (copy.id === allowedSecretOutput.executionId) {
				const runData = copy.data.resultData.runData;
				allowedSeen = JSON.stringify(runData[allowedSecretOutput.node]).includes([...secrets][0]);
				delete runData[allowedSecretOutput.node];
			}
			// The trigger keeps its signing secret in the workflow's static data, where n8n's own
			// triggers keep theirs (GitHub Trigger's webhookSecret). n8n 1.x copies the workflow's static
			// data into each execution's workflow snapshot; 2.x does not. Only that field is skipped.
			for (const [key, entry] of Object.entries(copy.workflowData?.staticData ?? {})) {
				if (key.startsWith('node:') && entry && typeof entry === 'object') delete entry.secret;
			}
			const text = JSON.stringify(copy);
			for (const value of forbidden) assert.ok(!text.includes(value), `a secret or the API key is in execution ${execution.id} at ${whereIs(copy, value).join(', ')}`);
		}
		assert.ok(allowedSeen, 'the scan found the secret where it belongs (so it would find it elsewhere)');
		const log = readFileSync(stack.logFile, 'utf8');
		assert.ok(log.length > 1000, 'the log was captured');
		for (const value of forbidden) assert.ok(!log.includes(value), "a secret or the API key is in n8n's log");
	});
});

// Last, because it adds executions of its own. `npm run test:e2e -- --screenshots`.
describe('screenshots for the README', { skip: !process.env.E2E_SCREENSHOTS && 'run with --screenshots' }, () => {
	test('the nodes in the editor, saved to docs/screenshots', { timeout: 300_000 }, async () => {
		await takeScreenshots(stack);
	});
});
