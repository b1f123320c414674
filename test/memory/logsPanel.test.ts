/**
 * What n8n's Logs panel shows of the memory's runs: each message's text, as with n8n's own
 * memories, never "[object Object]". The memory runs as an AI Agent's sub-node through n8n-core, and
 * its run data (what n8n stores in the execution and the editor reads) is read back as JSON and
 * shown the way n8n 2.41's editor shows a memory's output (see panelText).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { memoryParameters, withMemory } from './helpers';
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

/** Every memory output of the run, as the execution stores it (JSON) and the panel shows it. */
async function panelOf(parameters: INodeParameters, use: Parameters<typeof withMemory>[2]): Promise<string[]> {
	const { run, error } = await withMemory(sb, parameters, use);
	expect(error).toBeUndefined();
	const runs = (JSON.parse(JSON.stringify(run?.data.resultData.runData['Agent Platform Memory'] ?? [])) as Array<{ data?: { ai_memory?: Array<Array<{ json: IDataObject }>> } }>) ?? [];
	const outputs = runs.flatMap((r) => r.data?.ai_memory?.flat() ?? []).map((item) => item.json);
	expect(outputs.length).toBeGreaterThan(0);
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

	test('with Remember Tool Calls, a call reads as the tool and its input, its result as the summary kept', async () => {
		const remembering = memoryParameters({ rememberToolCalls: true });
		await withMemory(sb, remembering, async (memory) => {
			await memory.chatHistory.addMessages([
				new HumanMessage('Which fact mentions refunds?'),
				new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'Search_facts', args: { text: 'refund' }, type: 'tool_call' }] }),
				new ToolMessage({ content: JSON.stringify([{ id: 'fact_0012', content: 'Refunds: 30 days.' }]), tool_call_id: 'call_1', name: 'Search_facts' }),
				new AIMessage('fact_0012 says 30 days.'),
			]);
		});
		const [loaded] = await panelOf(remembering, async (memory) => await memory.loadMemoryVariables({}));
		expect(loaded.split('\n\n')).toEqual([
			'**Human:** Which fact mentions refunds?',
			'**AI:** Calling Search_facts with input: {"text":"refund"}',
			expect.stringMatching(/^Kept by memory from this tool result .*"fact_0012"/),
			'**AI:** fact_0012 says 30 days.',
		]);
	});
});
