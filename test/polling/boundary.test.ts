/**
 * Issue 38: the boundary at activation is the API's own time (its `Date` header), so no fact that
 * existed then is reported, whatever the list's order, `total` or page lengths. One test per class of
 * the table, with facts dated apart (made over time, not one batch), and the clock rules of
 * docs/polling-trigger.md (what the trigger proves, reports late, and refuses to guess).
 */
import type { IDataObject } from 'n8n-workflow';
import { STATE_KEY } from '../../nodes/AgentPlatformPollingTrigger/state';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { type Fact, startFactServer } from './factServer';
import { api, pollingWorkflow } from './helpers';

const CREATED = { events: ['memory.fact_created'], filters: {} };
const DAY = 86_400_000;

type Workflow = ReturnType<typeof pollingWorkflow>;
const reported = (items: IDataObject[], event = 'memory.fact_created') => items.filter((i) => i.event === event).map((i) => String(((i.data as IDataObject).fact as IDataObject).id));
const sorted = (ids: string[]) => [...ids].sort();

async function pollTimes(wf: Workflow, polls: number): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	for (let i = 0; i < polls; i++) items.push(...(await wf.poll()));
	return items;
}

/** A new order at every request (a SQL list without ORDER BY), from a fixed seed. */
function permuted(): (facts: Fact[]) => Fact[] {
	let seed = 38;
	const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
	return (facts) => {
		const list = [...facts];
		for (let i = list.length - 1; i > 0; i--) {
			const j = Math.floor(next() * (i + 1));
			[list[i], list[j]] = [list[j], list[i]];
		}
		return list;
	};
}

/** Facts made over weeks: each an hour apart, the newest a minute ago. */
function existing(server: Awaited<ReturnType<typeof startFactServer>>, count: number, agentId = 'dep_b'): string[] {
	const now = Date.now();
	return Array.from({ length: count }, (_, i) => server.create(1, agentId, false, now - 60_000 - (count - i) * 3_600_000)[0]);
}

let server: Awaited<ReturnType<typeof startFactServer>> | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

describe('the lists of the issue: nothing that existed at activation is reported', () => {

	test('a new permutation per request, 10,000 facts dated apart: no existing fact, on polls with new facts and without', async () => {
		server = await startFactServer({ order: permuted() });
		const old = new Set(existing(server, 10_000));
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const made = server.create(7);
		const items = await pollTimes(wf, 6);
		expect(reported(items).filter((id) => old.has(id))).toEqual([]);
		// Late or not (no stable order: best-effort), each new fact at most once.
		expect(reported(items).every((id) => made.includes(id))).toBe(true);
		expect(new Set(reported(items)).size).toBe(reported(items).length);
	}, 60_000);

	const newestFirst = (facts: Fact[]) => [...facts].reverse();
	test.each([
		['oldest first', 'over-counts by 250 (a count taken before the filter)', undefined, (count: number) => count + 250],
		['oldest first', 'under-counts (capped at 100 while 300 exist)', undefined, (count: number) => Math.min(count, 100)],
		['newest first', 'over-counts by 250', newestFirst, (count: number) => count + 250],
		['newest first', 'under-counts (capped at 100)', newestFirst, (count: number) => Math.min(count, 100)],
	])('%s, a total that %s: only the new facts, each once, and an idle poll costs at most 3 requests', async (_order, _how, order, total) => {
		server = await startFactServer({ order, total });
		const old = existing(server, 300);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const made = server.create(3);
		const items = await pollTimes(wf, 12);
		expect(reported(items).filter((id) => old.includes(id))).toEqual([]);
		expect(sorted(reported(items))).toEqual(sorted(made));
		const before = server.requests();
		expect(await wf.poll()).toEqual([]);
		expect(server.requests() - before).toBeLessThanOrEqual(3);
	});

	test('a total capped at 100, pages of 28, a batch at activation (no order shown), then 600 facts dated apart: every one reported, once (the checker\'s "capped" counterexample)', async () => {
		server = await startFactServer({ total: (count) => Math.min(count, 100), served: (limit) => Math.min(limit, 28) });
		server.create(10, 'dep_b', true);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		const made = server.create(600);
		const items = await pollTimes(wf, 8);
		expect(reported(items)).toHaveLength(new Set(reported(items)).size);
		expect(sorted(reported(items))).toEqual(sorted(made));
	});

	test('oldest first, a total capped at 100, a key of 60 a minute, 226 facts made at once after activation: every one reported (the fast read keeps how far it read)', async () => {
		server = await startFactServer({ total: (count) => Math.min(count, 100), rateLimit: 60 });
		existing(server, 989);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		const made = server.create(226);
		const items = await pollTimes(wf, 10);
		expect(reported(items)).toHaveLength(new Set(reported(items)).size);
		expect(sorted(reported(items))).toEqual(sorted(made));
	});

	test('oldest first, a total capped at 100, pages of 60, a batch and one fact dated decades ahead at the end, a key of 60: 100 new facts reported (checker\'s counterexample)', async () => {
		const byDate = (facts: Fact[]) => [...facts].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
		server = await startFactServer({ order: byDate, total: (count) => Math.min(count, 100), served: (limit) => Math.min(limit, 60), rateLimit: 60 });
		server.create(120, 'dep_b', true, Date.now() - 3_600_000);
		server.create(1, 'dep_b', false, Date.now() + 30 * 365 * DAY);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		const made = server.create(100);
		const items = await pollTimes(wf, 20);
		expect(sorted(reported(items))).toEqual(sorted(made));
	});

	test('oldest first, pages that overlap (each starts two facts early), two facts: an idle poll costs at most 3 requests (checker\'s cost case)', async () => {
		server = await startFactServer({ early: 2, rateLimit: 60 });
		existing(server, 2);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		const made = server.create(1);
		expect(reported(await pollTimes(wf, 2))).toEqual(made);
		for (let i = 0; i < 3; i++) {
			const before = server.requests();
			expect(await wf.poll()).toEqual([]);
			expect(server.requests() - before).toBeLessThanOrEqual(3);
		}
	});

	test('sorted by agent (descending), then newest first, short pages, facts dated decades ahead in the middle: new facts of the last agent are reported', async () => {
		const byAgent = (facts: Fact[]) => [...facts].sort((a, b) => b.agent_id.localeCompare(a.agent_id) || Date.parse(b.created_at) - Date.parse(a.created_at));
		server = await startFactServer({ order: byAgent, served: (limit) => Math.min(limit, 60), rateLimit: 120 });
		for (const agent of ['dep_zulu', 'dep_bravo', 'dep_alpha']) existing(server, 40, agent);
		const decades = Date.now() + 30 * 365 * DAY;
		for (let i = 0; i < 85; i++) server.create(1, 'dep_bravo', false, decades + i * 1_000);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		const made = server.create(2, 'dep_alpha', true);
		const items = await pollTimes(wf, 16);
		expect(sorted(reported(items))).toEqual(sorted(made));
	});

	test('over 5,000 facts dated decades ahead (a broken clock) plus real ones: the activation poll emits nothing, and neither do the next, but new facts', async () => {
		server = await startFactServer();
		existing(server, 200);
		const decades = Date.now() + 30 * 365 * DAY;
		const broken = new Set(Array.from({ length: 5_100 }, (_, i) => server?.create(1, 'dep_b', false, decades + i * 1_000)[0] as string));
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		const made = server.create(2);
		const items = await pollTimes(wf, 6);
		expect(reported(items).filter((id) => broken.has(id))).toEqual([]);
		expect(sorted(reported(items))).toEqual(sorted(made));
		expect(warn.mock.calls.filter(([message]) => String(message).includes('ahead of the API')).length).toBe(1);
		warn.mockRestore();
	}, 60_000);

	test('pages always shorter than the limit they report (a byte cap): new facts once, and an idle poll costs at most 3 requests', async () => {
		server = await startFactServer({ served: (limit) => Math.min(limit, 37) });
		const old = existing(server, 1_000);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		const made = server.create(2);
		const items = await pollTimes(wf, 3);
		expect(sorted(reported(items))).toEqual(sorted(made));
		expect(reported(items).filter((id) => old.includes(id))).toEqual([]);
		for (let i = 0; i < 3; i++) {
			const before = server.requests();
			expect(await wf.poll()).toEqual([]);
			expect(server.requests() - before).toBeLessThanOrEqual(3);
		}
	});

	test('a stored state of the previous version (format 3) holding more keys than this one keeps: the next new fact is reported', async () => {
		server = await startFactServer();
		existing(server, 400);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		await wf.poll();
		// As 3039572 might have left it: its cursor a day back, 4,000 keys dated apart since, and the API's clock at its last poll.
		const state = wf.staticData()[STATE_KEY] as IDataObject & { facts: IDataObject & { apiDate: number } };
		const since = state.facts.apiDate - DAY;
		const seen: Record<string, string> = {};
		for (let i = 0; i < 4_000; i++) seen[String(since + i * 20_000)] = `k${String(i).padStart(7, '0')}`;
		state.format = 3;
		state.facts.created = { since, seen };
		server.advance(1_000);
		const made = server.create(1);
		const items = await pollTimes(wf, 3);
		expect(reported(items)).toEqual(made);
	});
});

describe('the clocks: what the trigger proves, reports late, and refuses to guess', () => {

	test('a fact dated a few minutes ahead, read at activation: the boundary is raised past it, so it is never reported (nor anything dated before it), and the log says so once', async () => {
		server = await startFactServer();
		existing(server, 150);
		const ahead = server.create(1, 'dep_b', false, Date.now() + 3 * 60_000);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		// Made after activation but dated before the fact ahead: it cannot be told from one that existed.
		const unprovable = server.create(1);
		server.advance(4 * 60_000);
		const later = server.create(1);
		const items = await pollTimes(wf, 8);
		expect(reported(items).filter((id) => [...ahead, ...unprovable].includes(id))).toEqual([]);
		expect(reported(items)).toEqual(later);
		expect(warn.mock.calls.filter(([message]) => String(message).includes('ahead of the API')).length).toBe(1);
		warn.mockRestore();
	});

	test('a fact made after activation dated ahead of the API\'s clock is not reported while ahead; once the API\'s `Date` passes it, it is, once', async () => {
		server = await startFactServer();
		existing(server, 150);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		const ahead = server.create(1, 'dep_b', false, Date.now() + 10 * 60_000);
		const now = server.create(1);
		const first = await pollTimes(wf, 2);
		expect(reported(first)).toEqual(now);
		server.advance(11 * 60_000);
		const then = await pollTimes(wf, 3);
		expect(reported(then)).toEqual(ahead);
	});

	test('a fact made within the second of the activation poll\'s last answer is not reported (the API\'s `Date` cannot tell it from one that existed), and the log says so once; one a second later is', async () => {
		server = await startFactServer();
		existing(server, 50);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		// Dated in the second the activation's last `Date` names (the boundary is the end of that second).
		const boundary = ((wf.staticData()[STATE_KEY] as IDataObject & { facts: { created: { since: number } } }).facts.created.since);
		expect(boundary % 1_000).toBe(0);
		const within = server.create(1, 'dep_b', false, boundary - 1);
		const after = server.create(1);
		const warn = jest.spyOn(wf.logger(), 'warn');
		const items = await pollTimes(wf, 3);
		expect(reported(items)).toEqual(after);
		expect(reported(items)).not.toContain(within[0]);
		// Never reported, and n8n's log says why, once.
		expect(warn.mock.calls.filter(([message]) => String(message).includes('within the second')).length).toBe(1);
		warn.mockRestore();
	});
});

describe('Memory Tier = L4, created events only', () => {
	let sb: RunningSandbox | undefined;
	afterEach(async () => await sb?.close());

	test('a fact created before activation and promoted into L4 after it is not reported as created; one created in L4 after is', async () => {
		sb = await startSandbox({ plan: 'enterprise', lifetimes: false });
		// Made just before activation: newer than every fact in L4 then.
		const before = String((await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'made in L1' })).id);
		const wf = pollingWorkflow(sb, { events: ['memory.fact_created'], filters: { tier: 'L4' } });
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		await api(sb, 'POST', `/memory/facts/${before}/promote`, { tier: 'L4' });
		const made = String((await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'straight into L4', tier: 'L4' })).id);
		const items = await pollTimes(wf, 4);
		expect(reported(items)).toEqual([made]);
	});
});
