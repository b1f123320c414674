// "Every example runs as shipped": the stack `npm run dev` starts (bootAll with the examples: the
// sandbox, the local fake chat model, n8n, and the examples imported with the credentials dev sets
// on them, nothing else changed), and each example run the way the dev banner says, in its order
// (test/harness/examplesTour.mjs): manual runs executed, triggers published and fed one event, the
// memory chat two turns that remember. Its own boot, so the sandbox is as fresh as in `npm run dev`.
// On n8n 1.x the examples that need n8n 2 (memory: the AI node SDK; human review; MCP) are skipped,
// each saying why.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { bootAll } from '../harness/n8n-boot.mjs';
import { N8N_VERSION } from '../harness/n8n-install.mjs';
import { CHAT_RECIPES, TOUR, tourSteps } from '../harness/examplesTour.mjs';
import { n8nHasAiNodeSdk } from './chatAgent.mjs';
import { N8n, Sandbox, eventually, outputsOf } from './helpers.mjs';
import { connectMcp, n8nHasMcpTrigger, resultOf } from './mcp.mjs';

const v1 = N8N_VERSION.startsWith('1.');
let stack;
let n8n;
let sandbox;
const published = [];

before(
	async () => {
		stack = await bootAll({ examples: true });
		n8n = new N8n(stack);
		sandbox = new Sandbox(stack.sandbox);
	},
	{ timeout: 600_000 },
);

after(async () => {
	for (const id of published) await stack?.api.public('POST', `/workflows/${id}/deactivate`).catch(() => undefined);
	await stack?.stop();
});

const example = (file) => stack.workflows.find((w) => w.file === file);
const workflowOf = async (file) => await stack.api.public('GET', `/workflows/${example(file).id}`);

/** Publishes an example as shipped (n8n refuses one whose nodes have issues). */
async function publish(file) {
	const { id } = example(file);
	await stack.api.public('POST', `/workflows/${id}/activate`);
	published.push(id);
	return id;
}

async function runManually(file, trigger) {
	const execution = await n8n.runManually(example(file).id, trigger);
	assert.equal(execution.status, 'success', JSON.stringify(execution.data?.resultData?.error ?? execution.status));
	return outputsOf(execution);
}

/**
 * A new successful execution of a published example, after `since` executions. `waiting` is
 * success too where the example's last node keeps the run open (a chat answered by a Chat node
 * waits for the next message).
 */
async function nextExecution(id, since, { timeoutMs = 20_000, waiting = false } = {}) {
	const execution = await eventually(async () => {
		const all = await n8n.executions(id);
		return all.length > since && all[0].status !== 'running' && all[0].status !== 'new' ? all[0] : undefined;
	}, `a run of workflow ${id}`, timeoutMs);
	const ok = execution.status === 'success' || (waiting && execution.status === 'waiting' && !execution.data?.resultData?.error);
	assert.ok(ok, `${execution.status}: ${JSON.stringify(execution.data?.resultData?.error ?? '')}`);
	return outputsOf(execution);
}

/**
 * Publishes a chat example and returns a function that sends one message of a session, as n8n's
 * hosted chat page does for a logged-in user (the examples' chats are for n8n users only).
 */
async function chatWith(file) {
	await publish(file);
	const trigger = (await workflowOf(file)).nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.chatTrigger');
	assert.ok(trigger.webhookId, `${file}: the chat trigger has a webhook ID`);
	assert.equal(trigger.parameters.authentication, 'n8nUserAuth', `${file}: the chat is for n8n users only`);
	const url = `${stack.n8n.url}/webhook/${trigger.webhookId}/chat`;
	const send = async (sessionId, chatInput, cookie = stack.api.cookie) =>
		await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }) });
	// A freshly published webhook can answer 404 for a moment; then a visitor without a login is refused.
	await eventually(async () => (await fetch(url)).status === 200, 'the hosted chat page');
	assert.ok([401, 403, 500].includes((await send('anonymous', 'hello', '')).status), 'a chat without an n8n login is refused');
	return async (sessionId, text) => {
		const res = await send(sessionId, text);
		const reply = { status: res.status, text: await res.text() };
		assert.equal(reply.status, 200, reply.text);
		reply.json = JSON.parse(reply.text);
		return reply;
	};
}

describe('every example runs as shipped', () => {
	test('the tour names every example, and dev imported each with the credentials it needs', () => {
		assert.deepEqual([...TOUR].sort(), stack.workflows.map((w) => w.file).sort());
	});

	test('knowledge-document-sync.json: a manual run gives the document a new version', async () => {
		const before = (await sandbox.api('/knowledge/documents/doc_company_overview')).data;
		const outputs = await runManually('knowledge-document-sync.json', 'Run manually');
		const after = (await sandbox.api('/knowledge/documents/doc_company_overview')).data;
		assert.equal(after.version, before.version + 1);
		assert.deepEqual(outputs['Update the document'].map((d) => d.version), [after.version]);
	});

	test('bulk-memory-cleanup.json: deletes exactly the facts it created, nothing else', async () => {
		const before = (await sandbox.all('/memory/facts')).map((f) => f.id).sort();
		const outputs = await runManually('bulk-memory-cleanup.json', 'Run manually');
		const created = outputs['Create marked facts'].map((f) => f.id).sort();
		assert.equal(created.length, 3);
		assert.deepEqual(outputs['Find marked facts'].map((f) => f.id).sort(), created);
		assert.deepEqual(outputs['Delete each fact'].map((d) => d.id).sort(), created);
		assert.deepEqual((await sandbox.all('/memory/facts')).map((f) => f.id).sort(), before, 'the facts that were there are all still there');
	});

	test('skill-toggling.json: a manual run from its schedule enables or disables the skill, and it publishes', async () => {
		const outputs = await runManually('skill-toggling.json', 'Every weekday at 9:00 and 18:00');
		const [changed] = outputs['Enable web browsing'] ?? outputs['Disable web browsing'];
		const skills = await sandbox.all('/agents/dep_sales02/skills');
		assert.equal(skills.find((s) => s.id === changed.id)?.enabled, changed.enabled);
		await publish('skill-toggling.json');
	});

	test('notify-on-promoted-fact.json: published, a promotion through the API starts one run that formats it', async () => {
		const id = await publish('notify-on-promoted-fact.json');
		// n8n registers a published trigger's webhook in the background: wait for the subscription.
		const { webhookId } = (await workflowOf('notify-on-promoted-fact.json')).nodes.find((n) => n.name === 'When a fact is promoted');
		await eventually(async () => (await sandbox.admin('/webhooks')).some((s) => s.url.includes(webhookId)), 'the subscription');
		const [fact] = await sandbox.all('/memory/facts?tier=L4');
		const since = (await n8n.executions(id)).length;
		const promoted = await sandbox.api(`/memory/facts/${fact.id}/promote`, { method: 'POST', body: { tier: 'L4' } });
		assert.equal(promoted.status, 200);
		const outputs = await nextExecution(id, since);
		assert.deepEqual(outputs['Format message'].map((m) => m.text), [`Memory fact promoted to L4 / ${fact.scope}: ${fact.content}`]);
	});

	test('react-to-changes-by-polling.json: published, a new fact starts one run at the next poll', { timeout: 150_000 }, async () => {
		const id = await publish('react-to-changes-by-polling.json');
		// Activation polls once for its baseline (no run); the fact must come after it.
		await eventually(async () => (await stack.api.public('GET', `/workflows/${id}`)).staticData, 'the baseline poll', 30_000);
		const since = (await n8n.executions(id)).length;
		const content = `Hello from the polling example ${randomUUID().slice(0, 8)}`;
		assert.equal((await sandbox.api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_support01', content } })).status, 201);
		const outputs = await nextExecution(id, since, { timeoutMs: 130_000 });
		assert.deepEqual(outputs['Describe the change'].map((m) => m.text), [`New fact of dep_support01: ${content}`]);
	});

	test('ai-agent-with-agent-platform-tool.json: published, a chat message makes the model call the tool, which searches the platform', async () => {
		const chat = await chatWith('ai-agent-with-agent-platform-tool.json');
		const reply = await chat(`examples-${randomUUID()}`, CHAT_RECIPES.tool);
		// An answer made from the tool's result: what was found, by ID and in words, not raw JSON.
		assert.match(reply.json.output, /^Using Agent_Platform, I found [1-9]\d* results?: fact_\w+: “[^”]*refund window/is, reply.json.output);
		assert.doesNotMatch(reply.json.output, /[[{]"/, 'no raw JSON in the answer');
		assert.equal(stack.model.requests.at(-1).model, 'gpt-4o-mini', 'the example’s own model choice reached the model');
	});

	test('chat-agent-with-platform-memory.json: published, two turns of one session, and the second remembers the first', { skip: !n8nHasAiNodeSdk() && `n8n ${N8N_VERSION} lacks @n8n/ai-node-sdk, which the memory node needs (2.16 and later)` }, async () => {
		const chat = await chatWith('chat-agent-with-platform-memory.json');
		const session = `examples-${randomUUID()}`;
		const first = await chat(session, CHAT_RECIPES.rememberFirst);
		assert.match(first.json.output, /Earlier in this chat you said: nothing\./);
		const second = await chat(session, CHAT_RECIPES.rememberSecond);
		assert.match(second.json.output, new RegExp(`Earlier in this chat you said: "${CHAT_RECIPES.rememberFirst}"\\.`));
	});

	test('chat-agent-with-human-review.json: published, the tour\'s message makes the model call a deleting tool: the chat shows a review (Approve / Decline) and nothing is deleted before it', { skip: v1 && `n8n ${N8N_VERSION} has no human review for tools and no Chat node (n8n 2)` }, async () => {
		const chat = await chatWith('chat-agent-with-human-review.json');
		const { id } = example('chat-agent-with-human-review.json');
		const [fact] = (await sandbox.api('/memory/facts?tier=L2&limit=1')).data;
		const since = (await n8n.executions(id)).length;
		await chat(`examples-${randomUUID()}`, CHAT_RECIPES.review(fact.id));
		// The run waits for the person's answer.
		const execution = await eventually(async () => {
			const all = await n8n.executions(id);
			return all.length > since && all[0].status === 'waiting' ? all[0] : undefined;
		}, 'the run to wait for the review');
		const called = stack.model.requests.at(-1);
		assert.ok(called.tools.some((t) => t.function.name === 'Delete_memory_fact'), 'the deleting tool was offered');
		const shown = JSON.stringify(execution.data);
		assert.ok(shown.includes('The agent wants to run') && shown.includes(fact.id), 'the review names the tool call');
		assert.ok(shown.includes('Approve') && shown.includes('Decline'), 'the review offers Approve and Decline');
		assert.equal((await sandbox.api(`/memory/facts/${fact.id}`)).status, 200, 'nothing is deleted before an approval');
	});

	test('the tour says what happens: one run per poll with an item per change, why chat turns are left out, and the review', async () => {
		const steps = tourSteps((file) => file, { sandbox: stack.sandbox, promotable: 'fact_x', reviewFact: 'fact_y', mcpUrl: 'u', mcpToken: 't', executeWorkflow: 'Execute workflow', executeStep: 'Execute step' });
		const text = (file) => steps.find(([, url]) => url === file)[2].join('\n');
		assert.match(text('react-to-changes-by-polling.json'), /one run starts,\nwith one item per change/);
		assert.doesNotMatch(text('react-to-changes-by-polling.json'), /one run per new fact/);
		assert.match(text('react-to-changes-by-polling.json'), /memory\.fact_created[\s\S]*Include Chat Turns/);
		assert.match(text('chat-agent-with-human-review.json'), /Delete_memory_fact: fact_y[\s\S]*Approve \/ Decline/);
		// The examples' triggers are the version that leaves chat turns out, as the tour says.
		for (const file of ['react-to-changes-by-polling.json', 'notify-on-promoted-fact.json']) {
			const trigger = (await workflowOf(file)).nodes.find((n) => n.type.startsWith('n8n-nodes-agent-platform.') && /Trigger$/.test(n.type));
			assert.equal(trigger.typeVersion, 1.1, `${file}: ${trigger.name}`);
			assert.notEqual(trigger.parameters.includeChatTurns, true, file);
		}
	});

	test('mcp-server-for-agent-platform.json: published with dev’s token, an MCP client lists the tools and calls one', { skip: !n8nHasMcpTrigger() && `n8n ${N8N_VERSION} has no MCP Server Trigger (n8n 2)` }, async () => {
		await publish('mcp-server-for-agent-platform.json');
		const url = `${stack.n8n.url}/mcp/agent-platform`;
		await eventually(async () => (await fetch(url, { method: 'POST' })).status !== 404, 'the MCP endpoint');
		const client = await connectMcp(url, { transport: 'streamableHttp', token: stack.mcpToken });
		try {
			const { tools } = await client.listTools();
			assert.ok(tools.some((t) => t.name === 'List_agents'), JSON.stringify(tools.map((t) => t.name)));
			const agents = resultOf(await client.callTool({ name: 'List_agents', arguments: {} }));
			assert.deepEqual(agents.json.map((a) => a.id).sort(), (await sandbox.all('/agents')).map((a) => a.id).sort(), agents.text);
		} finally {
			await client.close();
		}
	});
});
