/**
 * Sessions of any length, a few requests a message (issue 39): one chat message (the agent's load,
 * then its save) costs at most 2 list requests and 1 create, whatever the session's length, in either
 * list order; the latest turns are the ones the API's dates make the latest, whatever the list's
 * order, the clocks, ties, graduations or a second writer; Clear deletes every fact of a session of
 * any length, within the rate limit, and can be run again after an interruption.
 */
import type { IExecuteFunctions, INodeParameters } from 'n8n-workflow';
import { encodeTurn, sessionTag } from '../../nodes/AgentPlatformMemory/turnFact';
import { useVirtualClock } from '../harness/virtualClock';
import { startSandbox, type RunningSandbox } from '../sandbox';
import type { MemoryFact } from '../sandbox/model';
import type { FactOrder } from '../sandbox/options';
import { history, memoryParameters, withMemory, type AgentMemory } from './helpers';

// The rate windows a long Clear waits for pass on a virtual clock, the client's and the sandbox's.
const clock = useVirtualClock();
let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise', now: clock.now })));
afterAll(async () => await sb.close());
beforeEach(() => {
	sb.admin.reset();
	sb.admin.setFactOrder('oldest-first');
});

const org = () => sb.admin.org('org_acme');
const TAG = sessionTag('chatTrigger', 'session-a');
/** What the memory tells n8n's logger (one per process, as a node's context gives it) from now on. */
async function infoLog() {
	let spy: jest.SpyInstance | undefined;
	await run(async (_memory, ctx) => void (spy = jest.spyOn(ctx.logger, 'info')));
	return spy as jest.SpyInstance;
}
const sessionFacts = () => [...org().facts.values()].filter((f) => f.source.conversation_id === 'session-a' && f.content.includes(TAG));

async function run<T>(use: (memory: AgentMemory, ctx: IExecuteFunctions) => Promise<T>, parameters: INodeParameters = memoryParameters()): Promise<T> {
	const { result, error } = await withMemory(sb, parameters, use);
	if (error) throw new Error(`${error.message}: ${error.description ?? ''}`);
	return result as T;
}

/** The requests one run sends, by kind. */
async function counted<T>(use: () => Promise<T>) {
	const before = sb.admin.requests().length;
	const value = await use();
	const sent = sb.admin.requests().slice(before);
	return { value, lists: sent.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/memory/facts')).length, creates: sent.filter((r) => r.method === 'POST').length, sent };
}

/** One chat message as the AI Agent sends it: load the history, answer, save the turn. */
const chatMessage = async (n: number) =>
	await run(async (memory) => {
		const loaded = await history(memory);
		await memory.saveContext({ input: `question ${n}` }, { output: `answer ${n}` });
		return loaded;
	});

const lastTurns = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => [['human', `question ${from + i}`], ['ai', `answer ${from + i}`]]).flat();

/** A turn stored as the node stores it, with the dates given (the API's `created_at`, the trailer's n8n time). */
function putTurn(n: number, createdAt: number, trailerAt = createdAt, fields: Partial<MemoryFact> = {}): MemoryFact {
	const content = encodeTurn([{ role: 'user', text: `question ${n}` }, { role: 'assistant', text: `answer ${n}` }], TAG, new Date(trailerAt));
	const iso = new Date(createdAt).toISOString();
	const fact: MemoryFact = {
		id: `fact_t${String(n).padStart(6, '0')}`,
		agent_id: 'dep_support01',
		content,
		tier: 'L4',
		scope: 'agent',
		source: { conversation_id: 'session-a', channel: 'n8n' },
		created_at: iso,
		updated_at: iso,
		expires_at: null,
		promoted_at: null,
		...fields,
	};
	org().facts.set(fact.id, fact);
	return fact;
}

describe.each(['oldest-first', 'newest-first'] as FactOrder[])('a chat message, the list %s', (order) => {
	test.each([2_000, 12_000])('at %s turns: at most 2 list requests to load and 1 to save, the latest turns, nothing refused', async (turns) => {
		sb.admin.setFactOrder(order);
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', turns });
		const { value, lists, creates } = await counted(async () => await chatMessage(turns));
		expect(value).toEqual(lastTurns(turns - 5, turns));
		expect(lists).toBeLessThanOrEqual(2);
		expect(creates).toBe(1);
		// The next message sees the turn just saved as the latest, at the same cost.
		const next = await counted(async () => await chatMessage(turns + 1));
		expect(next.value).toEqual(lastTurns(turns - 4, turns + 1));
		expect(next.lists).toBeLessThanOrEqual(2);
	}, 60_000);
});

describe('the latest turns are the ones the API dates latest', () => {
	const base = Date.parse('2026-11-01T00:00:00.000Z');

	test.each(['oldest-first', 'newest-first'] as FactOrder[])('%s: turns sharing one created_at across the page boundary come back in trailer order', async (order) => {
		sb.admin.setFactOrder(order);
		for (let n = 0; n < 150; n++) putTurn(n, base + n * 1000);
		// The last 130 share one created_at (one batch); their trailers say which came last.
		for (let n = 150; n < 280; n++) putTurn(n, base + 150_000, base + n * 1000);
		expect(await run(async (memory) => await history(memory))).toEqual(lastTurns(275, 280));
	});

	test.each(['oldest-first', 'newest-first'] as FactOrder[])('%s: the API clock ahead or behind n8n by hours changes nothing', async (order) => {
		sb.admin.setFactOrder(order);
		const now = Date.now();
		for (let n = 0; n < 300; n++) putTurn(n, now - 5 * 3_600_000 + n * 1000 + 3 * 3_600_000 * (n % 2 === 0 ? 1 : -1), now - 600_000 + n * 1000);
		// API dates three hours ahead for even turns, behind for odd ones: the list's order is the API's, and so are the latest turns.
		const latestByApi = sessionFacts().sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at)).slice(-5);
		const expected = latestByApi.flatMap((f) => {
			const n = Number(/question (\d+)/.exec(f.content)?.[1]);
			return [['human', `question ${n}`], ['ai', `answer ${n}`]];
		});
		expect(await run(async (memory) => await history(memory))).toEqual(expected);
	});

	test('turns the platform graduated or a person promoted, in any tier or scope, still count', async () => {
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', turns: 500 });
		const latest = sessionFacts().slice(-3);
		sb.admin.graduate('org_acme', latest[0].id, { scope: 'team' });
		sb.admin.graduate('org_acme', latest[2].id, { scope: 'company' });
		const { value, lists } = await counted(async () => await run(async (memory) => await history(memory)));
		expect(value).toEqual(lastTurns(495, 500));
		expect(lists).toBeLessThanOrEqual(2);
	});

	test('two n8n processes writing to one session: each message sees the other turns', async () => {
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', turns: 400 });
		await Promise.all([chatMessage(400), chatMessage(401)]);
		const loaded = await run(async (memory) => await history(memory));
		expect(loaded.slice(0, 6)).toEqual(lastTurns(397, 400));
		expect(loaded.slice(6).map(([, text]) => text).sort()).toEqual(['answer 400', 'answer 401', 'question 400', 'question 401']);
	});

	test('an order that cannot be learned: read whole, right, and the reason logged once', async () => {
		sb.admin.setFactOrder('unordered');
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', turns: 350 });
		const info = await infoLog();
		try {
			expect(await run(async (memory) => await history(memory))).toEqual(lastTurns(345, 350));
			expect(await run(async (memory) => await history(memory))).toEqual(lastTurns(345, 350));
			const reasons = info.mock.calls.filter(([message]: unknown[]) => /no order the memory can learn/.test(String(message)));
			expect(reasons).toHaveLength(1);
		} finally {
			info.mockRestore();
		}
	}, 60_000);
});

describe('Clear at any length', () => {
	test('deletes every turn of a session past 10,000, nothing else, within the rate limit; an interrupted Clear run again finishes', async () => {
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', turns: 10_500 });
		sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', sessionId: 'session-b', turns: 20 });
		sb.admin.setRateLimit({ limit: 3_000, windowMs: 1_000 });
		const deletes = () => sb.admin.requests().filter((r) => r.method === 'DELETE').length;
		// Interrupted: the server starts failing every delete part way.
		sb.admin.afterRequest(() => {
			if (deletes() < 4_000) return;
			sb.admin.setFaults({ serverErrorRate: 1, methods: ['DELETE'] });
			sb.admin.afterRequest(undefined);
		});
		const first = await withMemory(sb, memoryParameters(), async (memory) => await memory.clear());
		expect(first.error).toBeDefined();
		const left = sessionFacts().length;
		expect(left).toBeGreaterThan(0);
		expect(left).toBeLessThan(10_500);
		sb.admin.setFaults({});
		const info = await infoLog();
		try {
			await run(async (memory) => await memory.clear());
			expect(info.mock.calls.some(([message]: unknown[]) => /Clear deleted 1,000 of/.test(String(message)))).toBe(true);
		} finally {
			info.mockRestore();
		}
		expect(sessionFacts()).toHaveLength(0);
		expect([...org().facts.values()].filter((f) => f.source.conversation_id === 'session-b')).toHaveLength(20);
		expect(sb.admin.requests().filter((r) => r.status === 429)).toHaveLength(0);
		expect(await run(async (memory) => await history(memory))).toEqual([]);
	}, 120_000);
});
