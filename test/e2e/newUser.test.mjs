// What a new user meets in a real n8n (issue 47, items 3 to 6), each checked where n8n shows it: the
// execution n8n stores and its editor reads (the error, the output pane's notices, the Logs panel's
// memory output). One boot of its own (bootAll with the fake chat model), run by test/e2e/run.mjs.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CREDENTIAL_NAME, NODE_TYPES, bootAll } from '../harness/n8n-boot.mjs';
import { startFakeModel } from '../fake-model/server.mjs';
import { TOOL_NAME, chatAgentWorkflow, createModelCredential, n8nHasAiNodeSdk, sendChat } from './chatAgent.mjs';
import { N8n, Sandbox, byId, eventually, outputsOf } from './helpers.mjs';

let stack;
let n8n;
let sandbox;

before(
	async () => {
		stack = await bootAll({ examples: false });
		n8n = new N8n(stack);
		sandbox = new Sandbox(stack.sandbox);
	},
	{ timeout: 600_000 },
);

after(async () => {
	await stack?.stop();
});

const AGENT_RULE = 'An agent ID is dep_ followed by letters, digits, _ - . or :, with nothing else (no spaces or address parts).';

/** Manual Trigger → one Agent Platform node of `typeVersion`; returns the finished execution. */
async function runOne(parameters, typeVersion = 1.1) {
	const credentials = { agentPlatformApi: { id: stack.credentialId, name: CREDENTIAL_NAME } };
	const workflow = await n8n.createWorkflow({
		name: `new user ${randomUUID().slice(0, 8)}`,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: randomUUID(), name: 'Run manually', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: randomUUID(), name: 'Agent Platform', type: NODE_TYPES.action, typeVersion, position: [260, 0], parameters, credentials },
		],
		connections: { 'Run manually': { main: [[{ node: 'Agent Platform', type: 'main', index: 0 }]] } },
	});
	const execution = await n8n.runManually(workflow.id);
	const run = execution.data?.resultData?.runData?.['Agent Platform']?.[0];
	return { execution, items: outputsOf(execution)['Agent Platform'] ?? [], hints: (run?.hints ?? []).map((hint) => hint.message), error: execution.data?.resultData?.error };
}

const isTurn = (fact) => fact.source?.channel === 'n8n' && /\n\[n8n chat n8nchat[0-9a-f]{32} [0-9T:.Z-]+\]$/.test(fact.content);

describe('a pasted ID with extra text (item 3)', () => {
	test('the run is refused with what the whole ID may hold and where the pasted text stops', async () => {
		const { execution, error } = await runOne({ resource: 'agent', operation: 'get', agentId: byId('={{ "dep_support01 /edit" }}') });
		assert.equal(execution.status, 'error');
		assert.equal(error.message, `The parameter "Agent" got "dep_support01 /edit". ${AGENT_RULE}`);
		assert.match(error.description, /^It has a space after "dep_support01"\./);
	});
});

describe('Memory Fact → Get Many without chat turns (item 4)', () => {
	before(async () => {
		await sandbox.admin('/seed-session', { method: 'POST', body: { agent_id: 'dep_support01', session_id: `e2e-${randomUUID()}`, turns: 5 } });
	});

	test('a node of version 1.1 lists what agents learned; version 1 still lists the turns', async () => {
		const listed = await sandbox.all('/memory/facts');
		assert.ok(listed.filter(isTurn).length >= 5, 'the seeded turns are in the list');
		const current = await runOne({ resource: 'memoryFact', operation: 'getMany', returnAll: true, output: 'raw' });
		assert.equal(current.execution.status, 'success');
		assert.equal(current.items.filter(isTurn).length, 0);
		assert.equal(current.items.length, listed.filter((fact) => !isTurn(fact)).length);
		const saved = await runOne({ resource: 'memoryFact', operation: 'getMany', returnAll: true, output: 'raw' }, 1);
		assert.ok(saved.items.filter(isTurn).length >= 5);
	});
});

describe('Limit (item 5)', () => {
	test('a Limit of 0 is refused naming Limit, not run as 1', async () => {
		const { execution, error } = await runOne({ resource: 'agent', operation: 'getMany', returnAll: false, limit: 0 });
		assert.equal(execution.status, 'error');
		assert.equal(error.message, 'The parameter "Limit" must be a whole number of 1 or more, got 0');
	});

	test('a typed Limit of 1 leaves the notice to n8n (its "Limit of 1 items reached"), so the run says it once', async () => {
		const { items, hints } = await runOne({ resource: 'agent', operation: 'getMany', returnAll: false, limit: 1 });
		assert.equal(items.length, 1);
		assert.deepEqual(hints.filter((hint) => /Limit/.test(hint)), []);
	});

	test('a Limit by expression: the node says it, "1 item"', async () => {
		const { hints } = await runOne({ resource: 'agent', operation: 'getMany', returnAll: false, limit: '={{ 1 }}' });
		assert.deepEqual(
			hints.filter((hint) => /Limit/.test(hint)),
			[hints.find((hint) => /^Limit stopped the list at 1 item of the \d+ the API announced\./.test(hint))],
		);
	});
});

describe('a remembered tool call in the Logs panel (item 6)', { skip: !n8nHasAiNodeSdk() && 'this n8n lacks @n8n/ai-node-sdk' }, () => {
	let model;

	before(async () => {
		model = await startFakeModel();
	});

	after(async () => {
		await model?.stop();
	});

	test('reads as "Called <tool> (…) → …" with no call id; the model still got the call and its result', async () => {
		await sandbox.api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_sales02', content: 'The company sells warehouse robots', tier: 'L4', scope: 'company' } });
		const modelCredentialId = await createModelCredential(stack.api, model.url);
		const memory = { agentId: byId('dep_support01'), sessionIdType: 'fromInput', contextWindowLength: 5, rememberToolCalls: true };
		const built = chatAgentWorkflow({ name: 'e2e logs panel words', credentialId: stack.credentialId, modelCredentialId, memory });
		const { id } = await n8n.createWorkflow(built.workflow);
		await stack.api.public('POST', `/workflows/${id}/activate`);
		try {
			await eventually(async () => (await fetch(`${stack.n8n.url}/webhook/${built.webhookId}/chat`)).status === 200, 'the chat webhook');
			const session = `e2e-words-${randomUUID()}`;
			const first = await sendChat(stack.n8n.url, built.webhookId, session, `quietly use ${TOOL_NAME}: robots`);
			assert.equal(first.status, 200, first.text);
			const second = await sendChat(stack.n8n.url, built.webhookId, session, 'Hello again');
			assert.equal(second.status, 200, second.text);

			const [execution] = await n8n.executions(id);
			const outputs = (execution.data.resultData.runData['Agent Platform Memory'] ?? []).flatMap((run) => run.data?.ai_memory?.flat() ?? []).map((item) => item.json);
			const loaded = outputs.find((output) => output.action === 'loadMemoryVariables');
			// n8n's editor shows each message as String(kwargs.content) (its memory output parser).
			const shown = (loaded?.chatHistory ?? []).map((message) => String(message.kwargs?.content));
			assert.ok(
				shown.some((text) => new RegExp(`^Called ${TOOL_NAME} \\(searchText: robots\\) → \\d+ (fact|facts|result|results)$`).test(text)),
				JSON.stringify(shown),
			);
			assert.ok(!JSON.stringify(loaded).includes('call_'), JSON.stringify(loaded));
			// What the model read in turn 2: turn 1's call with its id, and its result.
			const prompt = model.requests.at(-1).messages;
			const call = prompt.find((message) => message.role === 'assistant' && message.tool_calls?.some((c) => c.function.name === TOOL_NAME));
			assert.ok(call && prompt.some((message) => message.role === 'tool' && message.tool_call_id === call.tool_calls[0].id), JSON.stringify(prompt));
		} finally {
			await stack.api.public('POST', `/workflows/${id}/deactivate`).catch(() => undefined);
		}
	});
});
