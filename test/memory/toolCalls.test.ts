/**
 * Remember Tool Calls: the memory as an AI Agent's sub-node keeps the tool calls of a turn and a
 * bounded, redacted summary of their results, and gives them back as the messages the model saw.
 * The tool results are the Agent Platform node's own, run as a tool against the sandbox, and handed
 * to the memory the way n8n 2.x's AI Agent does (chatHistory.addMessages with the user's message,
 * each call's assistant message and tool message, and the answer).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { nodeAsTool } from '../harness/n8n-core';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { memoryParameters, withMemory, type AgentMemory, type LcMessage } from './helpers';
import { AIMessage, HumanMessage, ToolMessage } from './langchainMessages.js';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const MAX_FACT_CONTENT = 10_000;
const remembering = memoryParameters({ rememberToolCalls: true });
const turnFacts = () => [...sb.admin.org('org_acme').facts.values()].filter((f) => f.source.channel === 'n8n');

/** The Agent Platform node as the tool an agent gets, and what one call of it returns to the model. */
async function callTool(parameters: INodeParameters, args: IDataObject): Promise<string> {
	const { tool } = nodeAsTool({ nodeType: new AgentPlatform(), parameters, credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl } });
	return String(await tool.invoke(args));
}

/** Subscribed to an event no test here fires, so the sandbox attempts no delivery to the made-up host. */
const createWebhook = async (url: string) =>
	await callTool(
		{ resource: 'webhookSubscription', operation: 'create', url: "={{ $fromAI('url', 'Where to deliver', 'string') }}", events: ['deployment.provisioned'] },
		{ url },
	);
const searchFacts = async (text: string) =>
	await callTool({ resource: 'memoryFact', operation: 'getMany', returnAll: true, filters: { text: "={{ $fromAI('search_text', 'Words', 'string') }}" } }, { search_text: text });

const call = (id: string, name: string, args: IDataObject) => new AIMessage({ content: '', tool_calls: [{ id, name, args, type: 'tool_call' }] });
const result = (id: string, name: string, content: string) => new ToolMessage({ content, tool_call_id: id, name });

interface Seen {
	type: string;
	text: string;
	calls?: Array<{ id: string; name: string; args: unknown }>;
	answers?: string;
}

/** A LangChain message as the model would see it: its type, text, tool calls, or the call it answers. */
function seen(message: LcMessage): Seen {
	const m = message as LcMessage & { tool_calls?: Array<{ id: string; name: string; args: unknown }>; tool_call_id?: string };
	const text = typeof m.content === 'string' ? m.content : (m.content as Array<{ text?: string }>).map((part) => part.text ?? '').join('');
	const out: Seen = { type: m._getType(), text };
	if (m.tool_calls?.length) out.calls = m.tool_calls.map(({ id, name, args }) => ({ id, name, args }));
	if (m.tool_call_id) out.answers = m.tool_call_id;
	return out;
}
const load = async (parameters = remembering) =>
	((await withMemory(sb, parameters, async (memory: AgentMemory) => (await memory.loadMemoryVariables({})).chat_history.map(seen))).result ?? []) as Seen[];

describe('Agent Platform Memory: Remember Tool Calls', () => {
	test('a turn keeps each call and a summary of its result, given back as the messages the model saw; the signing secret is never stored', async () => {
		const created = await createWebhook('https://hooks.example.com/agent');
		const subscription = (JSON.parse(created) as IDataObject[])[0];
		const secret = String(subscription.secret);
		// What the model read includes the secret (the create response is the one place it appears).
		expect(secret).toMatch(/^whsec_/);
		expect(created).toContain(secret);
		const found = await searchFacts('refund');
		const factIds = (JSON.parse(found) as IDataObject[]).map((f) => f.id);
		expect(factIds.length).toBeGreaterThan(1);

		const answer = `Created ${String(subscription.id)}; its signing secret is ${secret}. ${factIds.length} facts mention refunds.`;
		const saved = await withMemory(sb, remembering, async (memory) => {
			await memory.chatHistory.addMessages([
				new HumanMessage(`Subscribe https://hooks.example.com/agent, then find refund facts. My key is ${sb.apiKey}.`),
				call('call_create', 'Create_subscription', { url: 'https://hooks.example.com/agent', id: 'call_create' }),
				result('call_create', 'Create_subscription', created),
				call('call_search', 'Search_facts', { search_text: 'refund' }),
				result('call_search', 'Search_facts', found),
				new AIMessage(answer),
			]);
		});
		expect(saved.error).toBeUndefined();

		const [fact] = turnFacts();
		expect(turnFacts()).toHaveLength(1);
		expect(fact.content).not.toContain(secret);
		expect(fact.content).not.toContain(sb.apiKey);
		expect(fact.content.length).toBeLessThanOrEqual(MAX_FACT_CONTENT);
		expect(fact.content.split('\n').map((line) => /^(User|Assistant|Tool call|Tool result|\[n8n chat)/.exec(line)?.[1])).toEqual(['User', 'Tool call', 'Tool result', 'Tool call', 'Tool result', 'Assistant', '[n8n chat']);

		const messages = await load();
		expect(messages.map((m) => [m.type, m.calls?.map((c) => c.id) ?? m.answers ?? null])).toEqual([
			['human', null],
			['ai', ['call_create']],
			['tool', 'call_create'],
			['ai', ['call_search']],
			['tool', 'call_search'],
			['ai', null],
		]);
		expect(messages[0].text).toBe('Subscribe https://hooks.example.com/agent, then find refund facts. My key is [redacted].');
		expect(messages[1].calls).toEqual([{ id: 'call_create', name: 'Create_subscription', args: { url: 'https://hooks.example.com/agent', id: 'call_create' } }]);
		expect(messages[3].calls).toEqual([{ id: 'call_search', name: 'Search_facts', args: { search_text: 'refund' } }]);
		// The results: what identifies what the tool returned, and how many there were.
		const summaryOf = (m: Seen) => JSON.parse(m.text.slice(m.text.indexOf('{'))) as IDataObject;
		expect(summaryOf(messages[2])).toEqual({ count: 1, items: [{ id: subscription.id, active: true, events: { count: 1 } }] });
		const search = summaryOf(messages[4]);
		expect(search.count).toBe(factIds.length);
		expect((search.items as IDataObject[]).map((f) => f.id)).toEqual(factIds);
		expect((search.items as IDataObject[])[0]).toEqual(expect.objectContaining({ agent_id: expect.stringMatching(/^dep_/), tier: expect.any(String), scope: expect.any(String) }));
		expect(JSON.stringify(search)).not.toContain('content');
		expect(messages[5].text).toBe(answer.replace(secret, '[redacted]'));
		expect(JSON.stringify(messages)).not.toContain(secret);

		// Turned off later, the same turn gives the model only the message and the answer.
		expect((await load(memoryParameters())).map((m) => [m.type, m.text])).toEqual([
			['human', messages[0].text],
			['ai', messages[5].text],
		]);
	});

	test('off by default: only the message and the answer are kept, and the answer does not keep a secret either', async () => {
		const created = await createWebhook('https://hooks.example.com/off');
		const secret = String((JSON.parse(created) as IDataObject[])[0].secret);
		await withMemory(sb, memoryParameters(), async (memory) => {
			await memory.chatHistory.addMessages([
				new HumanMessage('Subscribe me'),
				call('call_1', 'Create_subscription', { url: 'https://hooks.example.com/off' }),
				result('call_1', 'Create_subscription', created),
				new AIMessage(`Done. Secret: ${secret}`),
			]);
		});
		const [fact] = turnFacts();
		expect(fact.content).not.toContain(secret);
		expect(fact.content).not.toContain('Tool');
		expect((await load()).map((m) => [m.type, m.text])).toEqual([
			['human', 'Subscribe me'],
			['ai', 'Done. Secret: [redacted]'],
		]);
	});

	test.each([
		['on', remembering],
		['off', memoryParameters()],
	])('Remember Tool Calls %s: a signing secret created in an earlier tool round, which n8n does not hand the memory, is not stored either', async (_how, parameters) => {
		const created = await createWebhook('https://hooks.example.com/earlier');
		const secret = String((JSON.parse(created) as IDataObject[])[0].secret);
		// n8n 2.x saves only the last round: here a search, after the round that created the webhook.
		await withMemory(sb, parameters, async (memory) => {
			await memory.chatHistory.addMessages([
				new HumanMessage('Subscribe me, then find refunds'),
				call('call_2', 'Search_facts', { search_text: 'refund' }),
				result('call_2', 'Search_facts', await searchFacts('refund')),
				new AIMessage(`Subscribed; the signing secret is ${secret}. No refunds found.`),
			]);
		});
		const [fact] = turnFacts();
		expect(fact.content).not.toContain(secret);
		expect(fact.content).toContain('the signing secret is [redacted]');
	});

	test('bounded: each summary and the turn’s tool lines have a limit, the latest calls are kept, and a call without its result is not', async () => {
		const big = JSON.stringify(Array.from({ length: 300 }, (_, n) => ({ id: `fact_${n}`, name: `Fact number ${n}`, content: 'x'.repeat(500), token: `tok_${'s'.repeat(20)}${n}` })));
		const messages: unknown[] = [new HumanMessage('Read everything')];
		for (let n = 0; n < 15; n++) messages.push(call(`call_${n}`, 'Search_facts', { search_text: 'y'.repeat(1000) }), result(`call_${n}`, 'Search_facts', big));
		messages.push(call('call_unanswered', 'Search_facts', { search_text: 'never answered' }));
		messages.push(new AIMessage('x'.repeat(20_000)));
		await withMemory(sb, remembering, async (memory) => await memory.chatHistory.addMessages(messages));

		const [fact] = turnFacts();
		expect(fact.content.length).toBeLessThanOrEqual(MAX_FACT_CONTENT);
		expect(fact.content).not.toContain('tok_sss');
		const toolLines = fact.content.split('\n').filter((line) => line.startsWith('Tool'));
		expect(toolLines.join('\n').length).toBeLessThanOrEqual(5_000);
		for (const line of toolLines) expect(line.length).toBeLessThanOrEqual(1_000);

		const loaded = await load();
		const calls = loaded.flatMap((m) => m.calls?.map((c) => c.id) ?? []);
		expect(calls.length).toBeGreaterThan(0);
		expect(calls.length).toBeLessThanOrEqual(10);
		// The latest answered calls, each followed by its result; the unanswered one is gone.
		expect(calls).toEqual(Array.from({ length: calls.length }, (_, k) => `call_${15 - calls.length + k}`));
		loaded.forEach((m, i) => m.calls && expect(loaded[i + 1].answers).toBe(m.calls[0].id));
		const summary = JSON.parse(loaded[2].text.slice(loaded[2].text.indexOf('{'))) as IDataObject;
		expect(summary.count).toBe(300);
		expect((summary.items as IDataObject[])[0]).toEqual({ id: 'fact_0', name: 'Fact number 0' });
		expect(loaded.at(-1)?.text).toMatch(/^x+ …\[\d+ more characters not kept\]$/);
	});

	test('a failed call is kept as failed, and a result that is not JSON keeps its start', async () => {
		await withMemory(sb, remembering, async (memory) => {
			await memory.chatHistory.addMessages([
				new HumanMessage('Try both'),
				call('call_a', 'Get_fact', { fact_id: 'fact_missing' }),
				new ToolMessage({ content: JSON.stringify({ error: 'The resource you are requesting could not be found', errorType: 'NodeApiError' }), tool_call_id: 'call_a', status: 'error' }),
				call('call_b', 'Calculator', { input: '6*7' }),
				result('call_b', 'Calculator', `42 ${'and more text '.repeat(40)}`),
				new AIMessage('The fact is gone; 6*7 is 42.'),
			]);
		});
		const [fact] = turnFacts();
		expect(fact.content).toContain('Tool result: {"id":"call_a","name":"Get_fact","summary":{"error":"The resource you are requesting could not be found","errorType":"NodeApiError"},"error":true}');
		const loaded = await load();
		expect(loaded[4].text).toMatch(/: "42 and more text .{150,}…"$/);
		expect(loaded[4].text.length).toBeLessThan(400);
	});
});
