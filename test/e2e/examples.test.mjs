// "Every example runs as shipped": the stack `npm run dev` starts (bootAll with the examples: the
// sandbox, the local fake chat model, n8n, and the examples imported with the credentials dev sets
// on them, nothing else changed), and each example run the way the dev banner says, in its order
// (test/harness/examplesTour.mjs): manual runs executed, triggers published and fed one event, the
// memory chat two turns that remember. Its own boot, so the sandbox is as fresh as in `npm run dev`.
// On n8n 1.x the examples that need n8n 2 (memory: the AI node SDK; human review; MCP) are skipped,
// each saying why.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { bootAll } from '../harness/n8n-boot.mjs';
import { N8N_VERSION } from '../harness/n8n-install.mjs';
import { CHAT_RECIPES, TOUR, nextTier, tourFacts, tourSteps } from '../harness/examplesTour.mjs';
import { n8nHasAiNodeSdk } from './chatAgent.mjs';
import { openEditorChat } from './editorChat.mjs';
import { N8n, Sandbox, eventually, outputsOf } from './helpers.mjs';
import { connectMcp, n8nHasMcpTrigger, resultOf } from './mcp.mjs';

const v1 = N8N_VERSION.startsWith('1.');
let stack;
let n8n;
let sandbox;
/** What the tour names in this stack, and its steps' lines by example file. */
let facts;
let stepOf;
const published = [];

before(
	async () => {
		stack = await bootAll({ examples: true });
		n8n = new N8n(stack);
		sandbox = new Sandbox(stack.sandbox);
		facts = await tourFacts(stack, { executeWorkflow: v1 ? 'Test workflow' : 'Execute workflow' });
		const steps = tourSteps((file) => file, facts);
		stepOf = (file) => steps.find(([, url]) => url === file)[2];
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

/** Runs one of the tour's curl lines as written (a terminal's shell); returns what curl printed. */
function runTourCurl(file, route) {
	const line = stepOf(file).find((l) => l.trim().startsWith('curl ') && l.includes(route));
	assert.ok(line, `${file}: the tour gives a curl line for ${route}`);
	return JSON.parse(execFileSync('sh', ['-c', `${line.trim()} --silent --fail-with-body`], { encoding: 'utf8', timeout: 20_000 }));
}

/**
 * "Execute workflow" on an example whose trigger waits for an event: the editor's manual run from
 * that trigger, which n8n answers by registering the trigger's test webhook and waiting.
 */
async function executeWorkflowAndWait(file, trigger) {
	const { id } = example(file);
	const workflowData = await stack.api.rest('GET', `/workflows/${id}`);
	const started = await stack.api.rest('POST', `/workflows/${id}/run`, { workflowData, startNodes: [], triggerToStartFrom: { name: trigger } });
	assert.equal(started.waitingForWebhook, true, JSON.stringify(started));
	return id;
}

/** A finished execution of workflow `id` (any mode) newer than the first `since`. */
async function finishedExecution(id, since, timeoutMs = 30_000) {
	return await eventually(async () => {
		const all = await n8n.executions(id);
		return all.length > since && ['success', 'error', 'crashed', 'canceled'].includes(all[0].status) ? all[0] : undefined;
	}, `a finished run of workflow ${id}`, timeoutMs);
}

/** The hour (0-23) in `timeZone` now. */
const hourIn = (timeZone) => Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));

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

	test('skill-toggling.json: Execute workflow enables the skill before noon and disables it from noon on, in the timezone the tour names; it publishes', async () => {
		assert.match(stepOf('skill-toggling.json').join(' '), new RegExp(`before noon it enables[\\s\\S]*from noon on it disables[\\s\\S]*${facts.timezone.replace('/', '\\/')}`));
		assert.equal((await workflowOf('skill-toggling.json')).settings?.timezone ?? 'DEFAULT', 'DEFAULT', 'the example has no timezone of its own, so n8n\'s is the one the tour names');
		const before = hourIn(facts.timezone);
		const outputs = await runManually('skill-toggling.json', 'Every weekday at 9:00 and 18:00');
		const after = hourIn(facts.timezone);
		const ran = outputs['Enable web browsing'] ? 'Enable web browsing' : 'Disable web browsing';
		// A run across noon may take either branch.
		if ((before < 12) === (after < 12)) assert.equal(ran, before < 12 ? 'Enable web browsing' : 'Disable web browsing', `at ${before}:xx in ${facts.timezone}`);
		const [changed] = outputs[ran];
		assert.equal(changed.enabled, ran === 'Enable web browsing');
		const skills = await sandbox.all('/agents/dep_sales02/skills');
		assert.equal(skills.find((s) => s.id === changed.id)?.enabled, changed.enabled);
		await publish('skill-toggling.json');
	});

	test('notify-on-promoted-fact.json: Execute workflow, then the tour\'s curl promotes a fact below L4: the whole workflow runs and Format message writes the promotion, L3 → L4', async () => {
		const { promotable } = facts;
		assert.notEqual(promotable.tier, 'L4', 'the tour promotes a fact that can still go up');
		const id = await executeWorkflowAndWait('notify-on-promoted-fact.json', 'When a fact is promoted');
		// n8n registers the trigger's test webhook, and the trigger subscribes its test URL.
		await eventually(async () => (await sandbox.admin('/webhooks')).some((sub) => sub.url.includes('/webhook-test/')), 'the test URL subscribed');
		const since = (await n8n.executions(id)).length;
		const promoted = runTourCurl('notify-on-promoted-fact.json', `/memory/facts/${promotable.id}/promote`);
		assert.deepEqual([promoted.data.id, promoted.data.tier], [promotable.id, nextTier(promotable.tier)]);
		const execution = await finishedExecution(id, since);
		assert.equal(execution.status, 'success', JSON.stringify(execution.data?.resultData?.error ?? ''));
		const outputs = outputsOf(execution);
		const line = `Memory fact ${promotable.id} promoted ${promotable.tier} → ${promoted.data.tier} (${promotable.scope}): ${promotable.content}`;
		assert.deepEqual(outputs['Format message'].map((m) => m.text), [line]);
		const promised = /"Format message" writes "([^"(]*)\(/.exec(stepOf('notify-on-promoted-fact.json').join(' '))?.[1];
		assert.ok(promised && line.startsWith(promised), `the tour promises a line starting "${promised}"`);
	});

	test('react-to-changes-by-polling.json: published, the tour\'s curl makes a fact, which starts one run at the next poll', { timeout: 150_000 }, async () => {
		const id = await publish('react-to-changes-by-polling.json');
		// Activation polls once for its baseline (no run); the fact must come after it.
		await eventually(async () => (await stack.api.public('GET', `/workflows/${id}`)).staticData, 'the baseline poll', 30_000);
		const since = (await n8n.executions(id)).length;
		const created = runTourCurl('react-to-changes-by-polling.json', '/memory/facts');
		const outputs = await nextExecution(id, since, { timeoutMs: 130_000 });
		assert.deepEqual(outputs['Describe the change'].map((m) => m.text), [`New fact of ${created.data.agent_id}: ${created.data.content}`]);
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

	test('the tour\'s chat steps in the editor\'s chat: the tool chat answers with the facts found, the memory chat remembers', { skip: (v1 || !n8nHasAiNodeSdk()) && `n8n ${N8N_VERSION}: the memory chat needs @n8n/ai-node-sdk (2.16 and later); this drives n8n 2's editor chat` }, async () => {
		const tool = await openEditorChat(stack, example('ai-agent-with-agent-platform-tool.json').id);
		const found = await tool.send(CHAT_RECIPES.tool);
		assert.match(found.output, /^Using Agent_Platform, I found [1-9]\d* results?: fact_\w+: “[^”]*refund window/is, found.output);
		const memory = await openEditorChat(stack, example('chat-agent-with-platform-memory.json').id);
		assert.match((await memory.send(CHAT_RECIPES.rememberFirst)).output, /Earlier in this chat you said: nothing\./);
		assert.match((await memory.send(CHAT_RECIPES.rememberSecond)).output, new RegExp(`Earlier in this chat you said: "${CHAT_RECIPES.rememberFirst}"\\.`));
	});

	/** The tour's message in the editor's chat of the human review example, up to the review. */
	async function askForReview() {
		const { id } = example('chat-agent-with-human-review.json');
		const chat = await openEditorChat(stack, id);
		const conversation = await chat.send(CHAT_RECIPES.review(facts.reviewFact));
		const review = await conversation.next();
		assert.equal(review.type, 'with-buttons', JSON.stringify(review));
		const called = stack.model.requests.at(-1);
		assert.ok(called.tools.some((t) => t.function.name === 'Delete_memory_fact'), 'the deleting tool was offered');
		// The review names the tool and its parameters in words, as the tour quotes it.
		const quoted = /the chat first asks: "([^"]+)"/.exec(stepOf('chat-agent-with-human-review.json').join(' '))?.[1];
		assert.equal(quoted, `The agent asks to Delete memory fact with fact ID ${facts.reviewFact}`);
		assert.ok(review.text.replace(/\*\*/g, '').startsWith(quoted), review.text);
		assert.doesNotMatch(review.text, /\[object Object\]|\{"/, 'no raw objects in the review');
		assert.deepEqual(review.buttons.map((b) => b.text).sort(), ['Approve', 'Decline']);
		assert.equal((await sandbox.api(`/memory/facts/${facts.reviewFact}`)).status, 200, 'nothing is deleted before an answer');
		return { conversation, review };
	}

	/** The run of the conversation, once finished. */
	async function finished(conversation) {
		return await eventually(async () => {
			const execution = await stack.api.public('GET', `/executions/${conversation.executionId}`);
			return ['success', 'error', 'crashed', 'canceled'].includes(execution.status) ? execution : undefined;
		}, `execution ${conversation.executionId} to finish`);
	}

	test('chat-agent-with-human-review.json: in the editor\'s chat as the tour says, Decline keeps the fact, and the run ends with the agent\'s reply', { skip: v1 && `n8n ${N8N_VERSION} has no human review for tools and no Chat node (n8n 2)` }, async () => {
		const { conversation, review } = await askForReview();
		try {
			await conversation.press(review, 'Decline');
			const reply = await conversation.next();
			assert.equal(reply.text, 'I did not run Delete_memory_fact: it was declined in the review, so nothing changed.');
			assert.equal((await finished(conversation)).status, 'success');
		} finally {
			conversation.close();
		}
		assert.equal((await sandbox.api(`/memory/facts/${facts.reviewFact}`)).status, 200, 'the fact stays');
	});

	test('chat-agent-with-human-review.json: the same message again and Approve deletes the fact, and the run ends with the agent\'s reply', { skip: v1 && `n8n ${N8N_VERSION} has no human review for tools and no Chat node (n8n 2)` }, async () => {
		const { conversation, review } = await askForReview();
		try {
			await conversation.press(review, 'Approve');
			const reply = await conversation.next();
			assert.equal(reply.text, `Using Delete_memory_fact, I deleted ${facts.reviewFact}.`);
			assert.equal((await finished(conversation)).status, 'success');
		} finally {
			conversation.close();
		}
		assert.equal((await sandbox.api(`/memory/facts/${facts.reviewFact}`)).status, 404, 'the fact is deleted');
	});

	test('the tour says what happens: one run per poll with an item per change and nothing about deletions starting one, why chat turns are left out, the review, and credentials already set', async () => {
		const text = (file) => stepOf(file).join('\n');
		assert.match(text('react-to-changes-by-polling.json'), /one run starts,\nwith one item per change/);
		assert.doesNotMatch(text('react-to-changes-by-polling.json'), /one run per new fact|run the clean-up again/);
		assert.match(text('react-to-changes-by-polling.json'), /shows under "Executions"[\s\S]*Deleting a fact is no event/);
		assert.match(text('react-to-changes-by-polling.json'), /memory\.fact_created[\s\S]*Include Chat Turns/);
		assert.doesNotMatch(text('notify-on-promoted-fact.json'), /Execute step/, 'Execute step runs the trigger alone');
		for (const file of ['ai-agent-with-agent-platform-tool.json', 'chat-agent-with-platform-memory.json', 'chat-agent-with-human-review.json']) {
			assert.match(text(file), /in the chat at the bottom of the editor \(click "Open chat" if it is closed\)/, file);
		}
		assert.match(text('chat-agent-with-human-review.json'), new RegExp(`Delete_memory_fact: ${facts.reviewFact}[\\s\\S]*Approve / Decline`));
		// The examples' triggers are the version that leaves chat turns out, as the tour says.
		for (const file of ['react-to-changes-by-polling.json', 'notify-on-promoted-fact.json']) {
			const trigger = (await workflowOf(file)).nodes.find((n) => n.type.startsWith('n8n-nodes-agent-platform.') && /Trigger$/.test(n.type));
			assert.equal(trigger.typeVersion, 1.1, `${file}: ${trigger.name}`);
			assert.notEqual(trigger.parameters.includeChatTurns, true, file);
		}
		// "its credentials are set": every node of the MCP example that takes a credential has one.
		const mcp = await workflowOf('mcp-server-for-agent-platform.json');
		for (const node of mcp.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote')) assert.ok(Object.keys(node.credentials ?? {}).length > 0, `${node.name} has a credential`);
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
