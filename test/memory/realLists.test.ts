/**
 * The session's list as real services serve it (issue 45): facts without `created_at` or with the
 * date under another name, saves landing while a load reads (a busy channel, 20 messages at once),
 * and a list in no order by date, fixed or new on every request. A chat message never loads nothing
 * in silence, costs what a quiet one does when the session is busy, and spends at most 60 requests
 * in any order, answering from what it read (its own turns only) and saying once when it may miss
 * newer turns.
 */
import { sleep, type IExecuteFunctions } from 'n8n-workflow';
import { encodeTurn, sessionTag } from '../../nodes/AgentPlatformMemory/turnFact';
import { startSandbox, type RunningSandbox } from '../sandbox';
import type { MemoryFact } from '../sandbox/model';
import type { FactDateField, FactOrder, SandboxOptions } from '../sandbox/options';
import { history, memoryParameters, withMemory, type AgentMemory } from './helpers';

const sandboxes: RunningSandbox[] = [];
async function sandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const sb = await startSandbox({ plan: 'enterprise', rateLimit: 1_000_000, lifetimes: false, ...options });
	sandboxes.push(sb);
	return sb;
}
afterAll(async () => await Promise.all(sandboxes.map(async (sb) => await sb.close())));

/** One execution of the memory for the chat session `sessionId`. */
async function run<T>(sb: RunningSandbox, sessionId: string, use: (memory: AgentMemory, ctx: IExecuteFunctions) => Promise<T>): Promise<T> {
	const { result, error } = await withMemory(sb, memoryParameters(), use, { inputItems: [{ sessionId, chatInput: 'hello' }] });
	if (error) throw new Error(`${error.message}: ${error.description ?? ''}`);
	return result as T;
}

/** One chat message as the AI Agent sends it: load the history, answer, save the turn. */
const chatMessage = async (sb: RunningSandbox, sessionId: string, n: number) =>
	await run(sb, sessionId, async (memory) => {
		const loaded = await history(memory);
		await memory.saveContext({ input: `question ${n}` }, { output: `answer ${n}` });
		return loaded;
	});

/** What the memory tells n8n's logger (one per process) while `use` runs. */
async function infoLogDuring(sb: RunningSandbox, use: () => Promise<void>): Promise<string[]> {
	let spy: jest.SpyInstance | undefined;
	await run(sb, 'log-probe', async (_memory, ctx) => void (spy = jest.spyOn(ctx.logger, 'info')));
	try {
		await use();
		return (spy as jest.SpyInstance).mock.calls.map(([message]: unknown[]) => String(message));
	} finally {
		spy?.mockRestore();
	}
}

/** The requests `use` sends: list reads and creates. */
async function counted<T>(sb: RunningSandbox, use: () => Promise<T>) {
	const before = sb.admin.requests().length;
	const value = await use();
	const sent = sb.admin.requests().slice(before);
	return { value, lists: sent.filter((r) => r.method === 'GET').length, creates: sent.filter((r) => r.method === 'POST').length, all: sent.length };
}

const turnsFrom = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => [['human', `question ${from + i}`], ['ai', `answer ${from + i}`]]).flat();
const numbersIn = (loaded: Array<[string, string]>) => loaded.filter(([type]) => type === 'human').map(([, text]) => Number(/^question (\d+)$/.exec(text)?.[1]));

/** A turn of `sessionId` saved by another writer now (the sandbox's clock), as the node stores one. */
function landTurn(sb: RunningSandbox, sessionId: string, n: number, atMs: number): void {
	const iso = new Date(atMs).toISOString();
	const content = encodeTurn([{ role: 'user', text: `question ${n}` }, { role: 'assistant', text: `answer ${n}` }], sessionTag('chatTrigger', sessionId), new Date(atMs));
	const fact: MemoryFact = { id: `fact_land${n}`, agent_id: 'dep_support01', content, tier: 'L4', scope: 'agent', source: { conversation_id: sessionId, channel: 'n8n' }, created_at: iso, updated_at: iso, expires_at: null, promoted_at: null };
	sb.admin.org('org_acme').facts.set(fact.id, fact);
}

describe('never empty in silence', () => {
	test.each([
		['none', 'oldest-first'],
		['none', 'newest-first'],
		['createdAt', 'oldest-first'],
		['createdAt', 'newest-first'],
	] as Array<[FactDateField, FactOrder]>)('facts dated by %s, the list %s: the latest turns by each turn\'s own last line, 2 list requests', async (factDateField, factOrder) => {
		const sb = await sandbox({ factDateField, factOrder });
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', sessionId: 'undated', turns: 500 });
		const first = await counted(sb, async () => await chatMessage(sb, 'undated', 500));
		expect(first.value).toEqual(turnsFrom(495, 500));
		expect(first.lists).toBeLessThanOrEqual(2);
		// The turn just saved is the newest of the next message.
		expect(await chatMessage(sb, 'undated', 501)).toEqual(turnsFrom(496, 501));
	});

	test('a list that holds facts by the tag but none of the session\'s turns says so in n8n\'s log', async () => {
		const sb = await sandbox();
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', sessionId: 'moved', turns: 30 });
		// Every turn of the session now carries another channel: the search still finds them by the tag.
		for (const fact of sb.admin.org('org_acme').facts.values()) if (fact.source.conversation_id === 'moved') fact.source = { ...fact.source, channel: 'slack' };
		const log = await infoLogDuring(sb, async () => expect(await run(sb, 'moved', async (memory) => await history(memory))).toEqual([]));
		expect(log.filter((m) => /found 30 facts, none of them a turn of this session/.test(m))).toHaveLength(1);
	});
});

describe('a busy session costs what a quiet one does', () => {
	test.each(['oldest-first', 'newest-first'] as FactOrder[])('%s, 5,000 turns: two saves land while the load reads: at most 6 list requests, the latest turns', async (factOrder) => {
		const sb = await sandbox({ factOrder, stableTies: true });
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', sessionId: 'busy', turns: 5_000 });
		let landed = 0;
		sb.admin.afterRequest((entry) => {
			if (entry.method === 'GET' && landed < 2) landTurn(sb, 'busy', 5_000 + landed, sb.admin.now() + ++landed);
		});
		try {
			const { value, lists } = await counted(sb, async () => await run(sb, 'busy', async (memory) => await history(memory)));
			expect(landed).toBe(2);
			expect(lists).toBeLessThanOrEqual(6);
			// The latest five when the read began, or with the turns that landed as the newest.
			expect([turnsFrom(4_995, 5_000), turnsFrom(4_996, 5_001), turnsFrom(4_997, 5_002)]).toContainEqual(value);
		} finally {
			sb.admin.afterRequest(undefined);
		}
	}, 60_000);

	test.each(['oldest-first', 'newest-first'] as FactOrder[])('%s, 300 turns: 20 messages of one session at once cost at most 3 requests each in all; every turn stored once', async (factOrder) => {
		// Answers take from 0 to 15 ms, each its own, and the messages arrive a little apart, as people's
		// do: one message's save lands between another's requests.
		const sb = await sandbox({ factOrder });
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', sessionId: 'crowd', turns: 300 });
		// A process that has run the memory before: the first run of a process loads code, which would keep the messages in step.
		await chatMessage(sb, 'warm-up', 0);
		let jitter = 7;
		sb.admin.afterRequest(() => sb.admin.setLatency((jitter = (jitter * 37 + 11) % 16)));
		const message = async (i: number) => {
			await sleep(i * 25);
			return await chatMessage(sb, 'crowd', 300 + i);
		};
		const { value, all } = await counted(sb, async () => await Promise.all(Array.from({ length: 20 }, async (_, i) => await message(i))));
		expect(all).toBeLessThanOrEqual(60);
		// Each message got five turns of the session, oldest first.
		for (const loaded of value) {
			const numbers = numbersIn(loaded);
			expect(numbers).toHaveLength(5);
			expect(numbers.every((n, i) => i === 0 || n !== numbers[i - 1])).toBe(true);
		}
		const stored = [...sb.admin.org('org_acme').facts.values()].filter((f) => f.source.conversation_id === 'crowd').map((f) => /question (\d+)/.exec(f.content)?.[1]);
		expect(stored).toHaveLength(320);
		expect(new Set(stored).size).toBe(320);
	}, 60_000);
});

describe('a message has a budget in any list order', () => {
	test.each([
		['unordered', 5_000],
		['scrambled', 20_000],
		['unordered', 20_000],
	] as Array<[FactOrder, number]>)('%s list, %s turns: at most 60 requests a message, its own turns only, the window\'s limit logged once', async (factOrder, turns) => {
		const sb = await sandbox({ factOrder });
		const sessionId = `budget-${factOrder}-${turns}`;
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', sessionId, turns });
		// Another session's turns and a fact quoting this session's tag share the agent's list.
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', sessionId: 'neighbour', turns: 200 });
		const quote = [...sb.admin.org('org_acme').facts.values()].find((f) => f.source.conversation_id === sessionId);
		sb.admin.org('org_acme').facts.set('fact_quote', { ...(quote as MemoryFact), id: 'fact_quote', source: { conversation_id: sessionId, channel: 'api' }, content: (quote as MemoryFact).content.replace('question', 'forged') });
		const messages: Array<{ value: Array<[string, string]>; all: number }> = [];
		const log = await infoLogDuring(sb, async () => {
			for (let n = turns; n < turns + 2; n++) messages.push(await counted(sb, async () => await chatMessage(sb, sessionId, n)));
		});
		for (const { value, all } of messages) {
			expect(all).toBeLessThanOrEqual(60);
			const numbers = numbersIn(value);
			expect(numbers).toHaveLength(5);
			// Turns of the session, as saved, oldest first.
			expect(numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= turns)).toBe(true);
			expect(numbers.every((n, i) => i === 0 || n > numbers[i - 1])).toBe(true);
			expect(value).toEqual(numbers.flatMap((n) => turnsFrom(n, n + 1)));
		}
		expect(log.filter((m) => /no order the memory can learn .* may miss newer ones/.test(m))).toHaveLength(1);
	}, 120_000);

	test('reshuffled, 20,000 turns: each message has the turn this process saved last, checked by id; a kept turn another worker deleted is never given', async () => {
		const sb = await sandbox({ factOrder: 'unordered' });
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', sessionId: 'kept', turns: 20_000 });
		await chatMessage(sb, 'kept', 20_000);
		for (let n = 20_001; n < 20_004; n++) {
			const { value, all } = await counted(sb, async () => await chatMessage(sb, 'kept', n));
			expect(all).toBeLessThanOrEqual(60);
			expect(numbersIn(value).at(-1)).toBe(n - 1);
		}
		// Another worker deletes the two turns saved last: they are never given again.
		const facts = sb.admin.org('org_acme').facts;
		for (const fact of [...facts.values()]) if (/question 2000[23]"/.test(fact.content)) facts.delete(fact.id);
		const { value, all } = await counted(sb, async () => await chatMessage(sb, 'kept', 20_004));
		expect(all).toBeLessThanOrEqual(60);
		expect(numbersIn(value)).not.toContain(20_002);
		expect(numbersIn(value)).not.toContain(20_003);
		expect(numbersIn(value).at(-1)).toBe(20_001);
	}, 120_000);

	test('a fixed list in no order by date, 5,000 turns: read whole within the budget, so the latest turns exactly', async () => {
		const sb = await sandbox({ factOrder: 'scrambled' });
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', sessionId: 'fixed', turns: 5_000 });
		const { value, all } = await counted(sb, async () => await chatMessage(sb, 'fixed', 5_000));
		expect(value).toEqual(turnsFrom(4_995, 5_000));
		expect(all).toBeLessThanOrEqual(60);
	}, 60_000);
});
