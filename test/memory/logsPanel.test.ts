/**
 * What n8n's Logs panel shows of the memory's runs: each message's text, as with n8n's own
 * memories, never "[object Object]". The memory runs as an AI Agent's sub-node through n8n-core, and
 * its run data (what n8n stores in the execution and the editor reads) is read back as JSON and
 * shown the way n8n 2.41's editor shows a memory's output (see panelText).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { memoryParameters, withMemory } from './helpers';
import { readableInLogs } from '../../nodes/AgentPlatformMemory/logView';
import { AIMessage, HumanMessage, ToolMessage } from './langchainMessages.js';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

interface SerializedMessage {
	lc?: number;
	type?: string;
	id?: string[];
	kwargs?: { content?: unknown; additional_kwargs?: IDataObject };
}

/**
 * A memory output as n8n 2.41.1's editor renders it (the AiMemory parser of the Logs panel, read from
 * its bundle): `String(kwargs.content)`, after `**Human:**` / `**AI:**`, a tool message's content alone.
 */
function panelText(output: IDataObject): string {
	const history = (output.chatHistory ?? output.messages) as SerializedMessage[] | undefined;
	return (history ?? [])
		.map((m) => {
			let text = String(m.kwargs?.content);
			if (m.kwargs?.additional_kwargs && Object.keys(m.kwargs.additional_kwargs).length) text += ` (${JSON.stringify(m.kwargs.additional_kwargs)})`;
			if (m.id?.includes('HumanMessage')) return `**Human:** ${text.trim()}`;
			if (m.id?.includes('AIMessage')) return `**AI:** ${text}`;
			return text;
		})
		.join('\n\n');
}

/** The memory outputs of the last run panelOf read, as the execution stores them. */
let memoryOutputs: IDataObject[] = [];

/** Every memory output of the run, as the execution stores it (JSON) and the panel shows it. */
async function panelOf(parameters: INodeParameters, use: Parameters<typeof withMemory>[2]): Promise<string[]> {
	const { run, error } = await withMemory(sb, parameters, use);
	expect(error).toBeUndefined();
	const runs = (JSON.parse(JSON.stringify(run?.data.resultData.runData['Agent Platform Memory'] ?? [])) as Array<{ data?: { ai_memory?: Array<Array<{ json: IDataObject }>> } }>) ?? [];
	const outputs = runs.flatMap((r) => r.data?.ai_memory?.flat() ?? []).map((item) => item.json);
	expect(outputs.length).toBeGreaterThan(0);
	memoryOutputs = outputs;
	return outputs.map(panelText);
}

describe("Agent Platform Memory in n8n's Logs panel", () => {
	test('a load and a save show the text of each message, as Human and AI', async () => {
		await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input: 'What is the refund window?' }, { output: '30 days from delivery.' }));
		const shown = await panelOf(memoryParameters(), async (memory) => {
			await memory.loadMemoryVariables({});
			await memory.saveContext({ input: 'And for robots?' }, { output: 'Robots: 60 days.' });
		});
		const [loaded, saved] = shown;
		expect(loaded).toBe('**Human:** What is the refund window?\n\n**AI:** 30 days from delivery.');
		expect(saved).toContain('**Human:** And for robots?\n\n**AI:** Robots: 60 days.');
		expect(shown.join('\n')).not.toContain('[object Object]');
	});

	test('with Remember Tool Calls, a call reads as a line of words, with no call ids; the model still gets the ids and the summary', async () => {
		const remembering = memoryParameters({ rememberToolCalls: true });
		await withMemory(sb, remembering, async (memory) => {
			await memory.chatHistory.addMessages([
				new HumanMessage('Which facts mention refunds?'),
				// n8n's AI Agent hands the tool its call's id among the arguments, as real n8n 2.41 does (e2e newUser.test.mjs).
				new AIMessage({ content: '', tool_calls: [{ id: 'call_8', name: 'Search_platform_memory', args: { query: 'refund', id: 'call_8' }, type: 'tool_call' }] }),
				new ToolMessage({
					content: JSON.stringify([
						{ id: 'fact_0012', content: 'Refunds: 30 days.' },
						{ id: 'fact_0013', content: 'Refunds for robots: 60 days.' },
						{ id: 'fact_0014', content: 'Refunds need a receipt.' },
					]),
					tool_call_id: 'call_8',
					name: 'Search_platform_memory',
				}),
				new AIMessage('fact_0012 says 30 days.'),
			]);
		});
		let given: unknown;
		const panels = await panelOf(remembering, async (memory) => {
			given = (await memory.loadMemoryVariables({})).chat_history;
		});
		expect(panels[0].split('\n\n')).toEqual([
			'**Human:** Which facts mention refunds?',
			'**AI:** Called Search_platform_memory (query: refund) → 3 facts',
			'The result held fact_0012, fact_0013, fact_0014.',
			'**AI:** fact_0012 says 30 days.',
		]);
		expect(JSON.stringify(memoryOutputs)).not.toContain('call_8');
		// What the model reads: the call with its id and arguments, and the result with the summary's JSON.
		const [, call, result] = given as Array<{ tool_calls?: unknown; tool_call_id?: unknown; content: unknown }>;
		expect(call.tool_calls).toEqual([expect.objectContaining({ id: 'call_8', name: 'Search_platform_memory', args: { query: 'refund', id: 'call_8' } })]);
		expect(result.tool_call_id).toBe('call_8');
		expect(result.content).toMatch(/^Kept by memory from this tool result .*"fact_0012".*"fact_0014"/);
	});

	test('a failed call, a call with text before it, and a single result read in words too', async () => {
		const remembering = memoryParameters({ rememberToolCalls: true });
		await withMemory(sb, remembering, async (memory) => {
			await memory.chatHistory.addMessages([
				new HumanMessage('Delete fact_0099 and look up fact_0012'),
				new AIMessage({
					content: 'Let me do both.',
					tool_calls: [
						{ id: 'call_1', name: 'Delete_memory_fact', args: { factId: 'fact_0099' }, type: 'tool_call' },
						{ id: 'call_2', name: 'Get_memory_fact', args: { factId: 'fact_0012' }, type: 'tool_call' },
					],
				}),
				new ToolMessage({ content: JSON.stringify({ error: 'Memory fact "fact_0099" was not found' }), tool_call_id: 'call_1', name: 'Delete_memory_fact' }),
				new ToolMessage({ content: JSON.stringify({ id: 'fact_0012', content: 'Refunds: 30 days.' }), tool_call_id: 'call_2', name: 'Get_memory_fact' }),
				new AIMessage('fact_0099 does not exist; fact_0012 says 30 days.'),
			]);
		});
		const [loaded] = await panelOf(remembering, async (memory) => await memory.loadMemoryVariables({}));
		expect(loaded.split('\n\n')).toEqual([
			'**Human:** Delete fact_0099 and look up fact_0012',
			'**AI:** Let me do both.\nCalled Delete_memory_fact (factId: fact_0099) → failed: Memory fact "fact_0099" was not found\nCalled Get_memory_fact (factId: fact_0012) → fact_0012',
			'The result kept no IDs.',
			'The result held fact_0012.',
			'**AI:** fact_0099 does not exist; fact_0012 says 30 days.',
		]);
		expect(loaded).not.toMatch(/call_1|call_2/);
	});
});

/**
 * How the panel's words are given (logView.ts): @n8n/ai-node-sdk has no supported way to shape
 * the log, so the memory replaces the SDK adapter's readers. These pin the shape of the SDK this
 * package is built against (the one n8n 2.41.1 ships); an SDK of another shape fails here, and in
 * n8n it makes the memory say so in n8n's log instead of leaving the panel unreadable in silence.
 */
describe("the AI node SDK's memory has the shape the Logs panel's words rely on", () => {
	const chatMemory = { chatHistory: { getMessages: async () => [], addMessage: async () => undefined, addMessages: async () => undefined, clear: async () => undefined }, loadMessages: async () => [], saveTurn: async () => undefined, clear: async () => undefined };

	test('the installed SDK: supplyMemory gives an adapter whose class has loadMemoryVariables and whose chatHistory has getMessages; nothing is warned', async () => {
		const sdk = await import('@n8n/ai-node-sdk');
		const warnings: string[] = [];
		const context = { addInputData: () => ({ index: 0 }), addOutputData: () => undefined, getNode: () => ({ name: 'memory' }) };
		const supplied = readableInLogs(sdk.supplyMemory(context as never, chatMemory as never), (message) => warnings.push(message));
		const adapter = supplied.response as { loadMemoryVariables: unknown; chatHistory: { getMessages: unknown } };
		expect(typeof (Object.getPrototypeOf(adapter) as { loadMemoryVariables?: unknown }).loadMemoryVariables).toBe('function');
		expect(Object.hasOwn(adapter, 'loadMemoryVariables')).toBe(true);
		expect(Object.hasOwn(adapter.chatHistory, 'getMessages')).toBe(true);
		expect(warnings).toEqual([]);
	});

	test("an SDK of another shape: nothing is replaced, and n8n's log says what is missing", () => {
		const warnings: string[] = [];
		const changed = { response: { load: async () => [] } };
		expect(readableInLogs(changed as never, (message) => warnings.push(message))).toBe(changed);
		expect(warnings).toEqual([expect.stringMatching(/^Agent Platform Memory: the AI node SDK's memory has no loadMemoryVariables or chatHistory\.getMessages \(it changed shape\)/)]);
	});
});
