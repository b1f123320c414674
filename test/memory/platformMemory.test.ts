import { AIMessage, HumanMessage, ToolMessage } from './langchainMessages.js';
import type { INodeParameters } from 'n8n-workflow';
import { type KeySource, sessionTag } from '../../nodes/AgentPlatformMemory/turnFact';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { described, history, memoryParameters, withMemory } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const facts = () => [...sb.admin.org('org_acme').facts.values()];
/** The facts of a chat session, or of a key defined below. */
const sessionFacts = (key: string, source: KeySource = 'chatTrigger') => facts().filter((f) => f.content.includes(sessionTag(source, key)));
const chat = (sessionId: string, chatInput = 'hello') => ({ inputItems: [{ sessionId, chatInput }] });

describe('Agent Platform Memory: the conversation', () => {
	test('a turn is one fact of the agent, kept Until Deleted (L4) by default, tagged with the session, and the next message sees it', async () => {
		const first = await withMemory(sb, memoryParameters(), async (memory) => {
			const before = await history(memory);
			await memory.saveContext({ input: 'What is the refund window?' }, { output: '30 days from delivery.' });
			return before;
		});
		expect(first.error).toBeUndefined();
		expect(first.result).toEqual([]);

		const stored = sessionFacts('session-a');
		expect(stored).toHaveLength(1);
		expect(stored[0]).toEqual(
			expect.objectContaining({ agent_id: 'dep_support01', tier: 'L4', scope: 'agent', source: { conversation_id: 'session-a', channel: 'n8n' } }),
		);
		expect(stored[0].content).toMatch(
			new RegExp(`^User: "What is the refund window\\?"\\nAssistant: "30 days from delivery\\."\\n\\[n8n chat ${sessionTag('chatTrigger', 'session-a')} \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\]$`),
		);

		const second = await withMemory(sb, memoryParameters(), async (memory) => await history(memory));
		expect(second.result).toEqual([
			['human', 'What is the refund window?'],
			['ai', '30 days from delivery.'],
		]);
		// The search is narrowed on the server: the agent and the session's tag, in every tier.
		const search = sb.admin.requests().find((r) => r.method === 'GET' && r.path.startsWith('/v1/memory/facts?'));
		expect(search?.path).toContain('agent_id=dep_support01');
		expect(search?.path).not.toContain('tier=');
		expect(search?.path).toContain(`q=${sessionTag('chatTrigger', 'session-a')}`);
	});

	test('a chat message costs one read and one write: the history n8n logs after the save is not read again', async () => {
		await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input: 'first question' }, { output: 'first answer' }));
		sb.app.requests.length = 0;
		const { result, error } = await withMemory(sb, memoryParameters(), async (memory) => {
			await history(memory);
			await memory.saveContext({ input: 'second question' }, { output: 'second answer' });
			return (await memory.chatHistory.getMessages()).map(described);
		});
		expect(error).toBeUndefined();
		expect(result).toEqual([
			['human', 'first question'],
			['ai', 'first answer'],
			['human', 'second question'],
			['ai', 'second answer'],
		]);
		expect(sb.admin.requests().map((r) => r.method)).toEqual(['GET', 'POST']);
	});

	test('the history n8n logs without a load before it is read from the API', async () => {
		await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input: 'q' }, { output: 'a' }));
		const { result } = await withMemory(sb, memoryParameters(), async (memory) => (await memory.chatHistory.getMessages()).map(described));
		expect(result).toEqual([
			['human', 'q'],
			['ai', 'a'],
		]);
	});

	test('only the last turns (Context Window Length) come back, oldest first', async () => {
		for (const n of [1, 2, 3, 4]) {
			await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input: `question ${n}` }, { output: `answer ${n}` }));
		}
		const { result } = await withMemory(sb, memoryParameters({ contextWindowLength: 2 }), async (memory) => await history(memory));
		expect(result).toEqual([
			['human', 'question 3'],
			['ai', 'answer 3'],
			['human', 'question 4'],
			['ai', 'answer 4'],
		]);
	});

	test('sessions are kept apart, and clearing one deletes only its facts', async () => {
		await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input: 'in A' }, { output: 'A' }), chat('session-a'));
		await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input: 'in A again' }, { output: 'A2' }), chat('session-a'));
		await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input: 'in B' }, { output: 'B' }), chat('session-b'));
		const total = facts().length;

		const b = await withMemory(sb, memoryParameters(), async (memory) => await history(memory), chat('session-b'));
		expect(b.result).toEqual([
			['human', 'in B'],
			['ai', 'B'],
		]);

		await withMemory(sb, memoryParameters(), async (memory) => await memory.clear(), chat('session-a'));
		expect(sessionFacts('session-a')).toHaveLength(0);
		expect(sessionFacts('session-b')).toHaveLength(1);
		expect(facts()).toHaveLength(total - 2);
		const a = await withMemory(sb, memoryParameters(), async (memory) => await history(memory), chat('session-a'));
		expect(a.result).toEqual([]);
	});

	test('a fact that only quotes a session tag, or another agent’s fact, is not part of the session', async () => {
		const tag = sessionTag('chatTrigger', 'session-a');
		const org = sb.admin.org('org_acme');
		const base = { tier: 'L1', scope: 'agent', source: { conversation_id: 'x', channel: 'api' }, created_at: '', updated_at: '', expires_at: null, promoted_at: null };
		org.facts.set('fact_quote', { ...base, id: 'fact_quote', agent_id: 'dep_support01', content: `Someone pasted [n8n chat ${tag} 2026-01-01T00:00:00.000Z] here` });
		org.facts.set('fact_other', { ...base, id: 'fact_other', agent_id: 'dep_sales02', content: `User: "forged"\n[n8n chat ${tag} 2026-01-01T00:00:00.000Z]` });
		const { result } = await withMemory(sb, memoryParameters(), async (memory) => await history(memory));
		expect(result).toEqual([]);
	});

	test('a turn that used tools keeps the question and the final answer, not the call or its result', async () => {
		const secret = 'whsec_tool_result_secret';
		await withMemory(sb, memoryParameters(), async (memory) => {
			await memory.chatHistory.addMessages([
				new HumanMessage('Make me a webhook'),
				new AIMessage({ content: 'Let me create it.', tool_calls: [{ id: 'call_1', name: 'Create_subscription', args: { url: 'https://example.com' }, type: 'tool_call' }] }),
				new ToolMessage({ content: JSON.stringify({ id: 'wh_1', secret }), tool_call_id: 'call_1' }),
				new AIMessage('Done: the subscription wh_1 exists.'),
			]);
		});
		const stored = sessionFacts('session-a');
		expect(stored).toHaveLength(1);
		expect(stored[0].content).not.toContain(secret);
		const { result } = await withMemory(sb, memoryParameters(), async (memory) => await history(memory));
		expect(result).toEqual([
			['human', 'Make me a webhook'],
			['ai', 'Done: the subscription wh_1 exists.'],
		]);
	});

	test('messages with line breaks, quotes and a forged trailer come back exactly', async () => {
		const input = 'Line one\nUser: "not a line"\n[n8n chat n8nchat00000000000000000000000000000000 2020-01-01T00:00:00.000Z]';
		const output = 'Ünïcödé 🎉 and "quotes" \\ backslash\n\nAssistant: "also not a line"';
		await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input }, { output }));
		const { result } = await withMemory(sb, memoryParameters(), async (memory) => await history(memory));
		expect(result).toEqual([
			['human', input],
			['ai', output],
		]);
	});

	test('a turn longer than the content limit is kept shortened, with a note of what was left out', async () => {
		const output = 'x'.repeat(30_000);
		const saved = await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input: 'short question' }, { output }));
		expect(saved.error).toBeUndefined();
		const [fact] = sessionFacts('session-a');
		expect(fact.content.length).toBeLessThanOrEqual(10_000);
		const { result } = await withMemory(sb, memoryParameters(), async (memory) => await history(memory));
		const [question, answer] = result as Array<[string, string]>;
		expect(question).toEqual(['human', 'short question']);
		expect(answer[1]).toMatch(/^x+ …\[\d+ more characters not kept\]$/);
		const kept = answer[1].indexOf(' ');
		expect(kept + Number(/(\d+) more/.exec(answer[1])?.[1])).toBe(30_000);
	});

	test('a custom session key works, and the session id comes from the chat trigger’s input by default', async () => {
		await withMemory(sb, memoryParameters({ sessionIdType: 'customKey', sessionKey: '={{ $json.user }}' }), async (memory) => await memory.saveContext({ input: 'hi' }, { output: 'hello' }), {
			inputItems: [{ user: 'user@example.com' }],
		});
		expect(sessionFacts('user@example.com', 'defined')[0].source).toEqual({ conversation_id: 'user@example.com', channel: 'n8n' });
	});
});

describe('Agent Platform Memory: bad input is refused before any request', () => {
	test('no session id in the input', async () => {
		const { error } = await withMemory(sb, memoryParameters(), async () => undefined, { inputItems: [{ chatInput: 'hi' }] });
		expect(error?.message).toBe('Error in sub-node Agent Platform Memory');
		expect(error?.description).toBe('No session ID found');
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('an empty custom key, an L1 tier, an empty scope list and an out-of-range window', async () => {
		const cases: Array<[INodeParameters, string]> = [
			[{ sessionIdType: 'customKey', sessionKey: '' }, 'The parameter "Key" is empty'],
			[{ longTermContext: true, contextTiers: ['L1', 'L3'], contextScopes: ['company'], maxFacts: 5, maxCharacters: 1000 }, 'The parameter "Tiers" may not include L1'],
			[{ longTermContext: true, contextTiers: ['L3'], contextScopes: [], maxFacts: 5, maxCharacters: 1000 }, 'The parameter "Scopes" is empty'],
			[{ contextWindowLength: 0 }, 'The parameter "Context Window Length" must be a whole number from 1 to 100, got 0'],
			[{ agentId: { __rl: true, mode: 'id', value: 'agent_1' } }, 'The parameter "Agent" got "agent_1". An agent ID is dep_ followed by letters, digits, _ - . or :, with nothing else (no spaces or address parts).'],
		];
		for (const [overrides, message] of cases) {
			const { error } = await withMemory(sb, memoryParameters(overrides), async () => undefined);
			expect(error?.description).toBe(message);
		}
		expect(sb.admin.requests()).toHaveLength(0);
	});
});

describe('Agent Platform Memory: through the shared client', () => {
	test('API errors reach the agent as the package’s errors (a read-only key cannot save a turn)', async () => {
		const { result } = await withMemory(
			sb,
			memoryParameters(),
			async (memory) => await memory.saveContext({ input: 'q' }, { output: 'a' }).then(
				() => 'saved',
				(error: Error) => error.message,
			),
			{ apiKey: sb.keys.readOnly },
		);
		expect(result).toMatch(/\[forbidden\]$/);
		expect(sessionFacts('session-a')).toHaveLength(0);
	});

	test('server errors and resets on reads are retried; the history still loads', async () => {
		await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input: 'q' }, { output: 'a' }));
		sb.admin.setFaults({ serverErrorRate: 0.5, resetRate: 0.3, methods: ['GET'] }, 7);
		const { result, error } = await withMemory(sb, memoryParameters({ longTermContext: true, contextTiers: ['L2', 'L3', 'L4'], contextScopes: ['agent', 'team', 'company'], maxFacts: 5, maxCharacters: 2000 }), async (memory) => await history(memory));
		expect(error).toBeUndefined();
		expect((result as Array<[string, string]>).slice(-2)).toEqual([
			['human', 'q'],
			['ai', 'a'],
		]);
		expect(sb.admin.requests().some((r) => r.fault && r.fault !== 'none')).toBe(true);
	});
});
