/**
 * Issue 31: a mis-learned order may make an event late, never lost, never invented. Each failure class
 * the issue names, against the sandbox or against a small server that behaves as real ones may
 * (factServer.ts): facts expiring while new ones come, equal timestamps in a changing order, a list
 * sorted by something else first, a `total` that is off, pages shorter than their limit, the API's
 * clock behind n8n's, a burst larger than the keys kept followed by deletions at the old end, the
 * key's limit falling, an overdrawn share, and a stored state that cannot be read whole.
 */
import type { IDataObject } from 'n8n-workflow';
import { STATE_KEY } from '../../nodes/AgentPlatformPollingTrigger/state';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { type Fact, startFactServer } from './factServer';
import { useVirtualClock } from '../harness/virtualClock';
import { api, beginningAt, pollingWorkflow } from './helpers';

const CREATED = { events: ['memory.fact_created'], filters: {} };
const FACTS = { events: ['memory.fact_created', 'memory.fact_promoted'], filters: {} };

type Workflow = ReturnType<typeof pollingWorkflow>;
const reported = (items: IDataObject[], event: string) => items.filter((i) => i.event === event).map((i) => String(((i.data as IDataObject).fact as IDataObject).id));
const sorted = (ids: string[]) => [...ids].sort();

/** Polls `polls` times; every item. */
async function pollTimes(wf: Workflow, polls: number): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	for (let i = 0; i < polls; i++) items.push(...(await wf.poll()));
	return items;
}

/** Polls until every id in `expected` came as `event` (at most `max` polls), then `extra` more; every item. */
async function pollUntil(wf: Workflow, event: string, expected: string[], max: number, extra = 3): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	for (let i = 0; i < max && !expected.every((id) => reported(items, event).includes(id)); i++) items.push(...(await wf.poll()));
	items.push(...(await pollTimes(wf, extra)));
	return items;
}

/** For tests whose polls read thousands of facts whole (hundreds of requests, seconds of CPU alone): jest's 30 s would stop them on a busy machine. */
const WHOLE_READS_MS = 120_000;

/** n8n's log warnings containing `text`. */
const warnings = (warn: jest.SpyInstance, text: string) => warn.mock.calls.filter(([message]) => String(message).includes(text)).length;

describe('a server that behaves as real ones may', () => {
	let server: Awaited<ReturnType<typeof startFactServer>> | undefined;
	afterEach(async () => {
		await server?.close();
		server = undefined;
	});

	test('equal timestamps in a changing order: no fact there at the baseline is reported, the new ones once; those of the activation\'s second are reported or taken as existing, and the log says how many', async () => {
		let request = 0;
		// One batch of 450 facts sharing one created_at, in a new order at every request (ties broken anyhow).
		server = await startFactServer({ order: (facts) => facts.map((f, i) => ({ f, k: (i * 7919 + ++request * 104_729) % 1_000_003 })).sort((a, b) => Date.parse(a.f.created_at) - Date.parse(b.f.created_at) || a.k - b.k).map((x) => x.f) });
		const list = server;
		// Begun at the start of a second of the server's clock, so that the activation poll mostly ends in the second it began in.
		await beginningAt(0, async () => {
			const old = list.create(450, 'dep_b', true);
			const wf = pollingWorkflow(list.target, CREATED);
			wf.activate();
			const warn = jest.spyOn(wf.logger(), 'warn');
			await wf.poll();
			// A list of one date in a new order per request shows no order: a fact made in the activation's second cannot be told from one
			// that existed there unread (dated after the batch too), so it may be taken as existing (docs/polling-trigger.md): then it is
			// counted, and the log says how many. Which second that is depends on when the activation poll took its clock: one whose reads go
			// on into the next second (a slow poll) holds only up to the first, and a fact made after it is new either way (reporting it
			// invents nothing). A fact dated after the second of the activation poll's last `Date` is always reported.
			const secondEnds = Math.floor(list.lastDate() / 1_000) * 1_000 + 1_000;
			const inSecond = list.create(3, 'dep_b', true);
			const afterIt = Date.parse(list.facts.at(-1)?.created_at ?? '') >= secondEnds ? inSecond : [];
			list.advance(2_000);
			const made = list.create(3, 'dep_b', true);
			const items = await pollUntil(wf, 'memory.fact_created', made, 30, 10);
			const got = reported(items, 'memory.fact_created');
			const taken = inSecond.filter((id) => !got.includes(id));
			expect(got.filter((id) => old.includes(id))).toEqual([]);
			expect(sorted(got.filter((id) => !inSecond.includes(id)))).toEqual(sorted(made));
			expect(got.filter((id) => afterIt.includes(id))).toEqual(afterIt);
			expect(got.length).toBe(new Set(got).size);
			const said = warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('after a batch (one created_at at the ends the activation read, which shows no order) and before the activation'));
			expect([said.reduce((sum, message) => sum + Number(/^.*?(\d+) memory-fact change\(s\) read were not reported/.exec(message)?.[1] ?? Number.NaN), 0), Number(((wf.staticData()[STATE_KEY] as IDataObject).facts as IDataObject).taken ?? 0)]).toEqual([taken.length, taken.length]);
			warn.mockRestore();
		});
	});

	test('a list sorted by agent first: a new fact of an agent early in the list is reported once (late, by the sweep), and the log says why once', async () => {
		const byAgent = (facts: Fact[]) => [...facts].sort((a, b) => a.agent_id.localeCompare(b.agent_id) || Date.parse(a.created_at) - Date.parse(b.created_at));
		server = await startFactServer({ order: byAgent });
		server.create(300, 'dep_a');
		server.create(300, 'dep_z');
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		// From activation on: its whole read may be the one that shows the order.
		const warn = jest.spyOn(wf.logger(), 'warn');
		await wf.poll();
		const early = server.create(1, 'dep_a');
		const late = server.create(1, 'dep_z');
		const items = await pollUntil(wf, 'memory.fact_created', [...early, ...late], 60, 5);
		expect(sorted(reported(items, 'memory.fact_created'))).toEqual(sorted([...early, ...late]));
		// Each reason once: the fast read finds fewer new facts at the end than the list grew by, then a whole read shows the order.
		expect(warnings(warn, 'could not be read')).toBeLessThanOrEqual(1);
		expect(warnings(warn, 'not in creation order')).toBe(1);
		warn.mockRestore();
	});

	test('a total short of the list by 150: promotions and new facts past it are reported once', async () => {
		server = await startFactServer({ total: (count) => Math.max(0, count - 150) });
		server.create(600);
		const wf = pollingWorkflow(server.target, FACTS);
		wf.activate();
		await wf.poll();
		const last = server.facts[server.facts.length - 1].id;
		server.promote(last);
		const made = server.create(2);
		const items = await pollUntil(wf, 'memory.fact_promoted', [last], 40, 5);
		expect(reported(items, 'memory.fact_promoted')).toEqual([last]);
		const created = [...reported(items, 'memory.fact_created'), ...reported(await pollUntil(wf, 'memory.fact_created', made, 40, 0), 'memory.fact_created')];
		expect(sorted(created)).toEqual(sorted(made));
	});

	test.each([
		['new facts', CREATED],
		['new and promoted facts', FACTS],
	])('pages half as long as their limit, watching %s: new facts once, none there at the baseline', async (_what, settings) => {
		server = await startFactServer({ served: (limit) => Math.ceil(limit / 2) });
		const old = server.create(500);
		const wf = pollingWorkflow(server.target, settings);
		wf.activate();
		await wf.poll();
		const made = server.create(4);
		const items = await pollUntil(wf, 'memory.fact_created', made, 40, 5);
		expect(sorted(reported(items, 'memory.fact_created'))).toEqual(sorted(made));
		expect(reported(items, 'memory.fact_created').filter((id) => old.includes(id))).toEqual([]);
	});

	test.each([
		['10 minutes', 10 * 60_000],
		['three weeks', 21 * 86_400_000],
	])('the API clock %s behind n8n\'s: promotions and new facts made after activation are reported, in an ordered list and in none', async (_how, behind) => {
		for (const order of [undefined, (facts: Fact[]) => [...facts].reverse().sort(() => 0).sort((a, b) => a.id.localeCompare(b.id) * (a.id.length % 2 ? 1 : -1))]) {
			server = await startFactServer({ clockOffsetMs: -behind, order });
			server.create(250);
			const wf = pollingWorkflow(server.target, FACTS);
			wf.activate();
			await wf.poll();
			const promoted = server.facts[10].id;
			server.promote(promoted);
			const made = server.create(2);
			const items = await pollUntil(wf, 'memory.fact_promoted', [promoted], 30, 3);
			items.push(...(await pollUntil(wf, 'memory.fact_created', made.filter((id) => !reported(items, 'memory.fact_created').includes(id)), 30, 0)));
			expect(reported(items, 'memory.fact_promoted')).toEqual([promoted]);
			expect(sorted(reported(items, 'memory.fact_created'))).toEqual(sorted(made));
			await server.close();
			server = undefined;
		}
	});
});

describe('on the sandbox', () => {
	let sb: RunningSandbox | undefined;
	afterEach(async () => {
		await sb?.close();
		sb = undefined;
	});
	const gets = (s: RunningSandbox) => s.admin.requests().filter((r) => r.method === 'GET').length;

	test('oldest first, 3,000 facts, 150 expiring and 2 created between polls: at most 3 requests a poll, each new fact once', async () => {
		sb = await startSandbox({ plan: 'enterprise', factOrder: 'oldest-first' });
		sb.admin.seedFacts('org_acme', 3_000);
		const wf = pollingWorkflow(sb, CREATED);
		wf.activate();
		await wf.poll();
		const facts = sb.admin.org('org_acme').facts;
		const made: string[] = [];
		const items: IDataObject[] = [];
		const perPoll: number[] = [];
		for (let p = 0; p < 6; p++) {
			for (const id of [...facts.keys()].slice(0, 150)) facts.delete(id);
			for (let i = 0; i < 2; i++) made.push(String((await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: `poll ${p} fact ${i}` })).id));
			const before = gets(sb);
			items.push(...(await wf.poll()));
			perPoll.push(gets(sb) - before);
		}
		expect(Math.max(...perPoll)).toBeLessThanOrEqual(3);
		expect(sorted(reported(items, 'memory.fact_created'))).toEqual(sorted(made));
	});

	test.each(['oldest-first', 'newest-first'] as const)('%s: a burst of 2,500 new facts, then the 300 oldest deleted: every new fact once', async (factOrder) => {
		sb = await startSandbox({ plan: 'enterprise', factOrder, rateLimit: 120, windowMs: 1_000 });
		sb.admin.seedFacts('org_acme', 1_000);
		const wf = pollingWorkflow(sb, CREATED);
		wf.activate();
		await wf.poll();
		const facts = sb.admin.org('org_acme').facts;
		const before = new Set(facts.keys());
		sb.admin.seedFacts('org_acme', 2_500);
		const start = sb.admin.now();
		const burst = [...facts.values()].filter((f) => !before.has(f.id));
		burst.forEach((f, i) => (f.created_at = new Date(start + i).toISOString()));
		// The API's clock past the last of those dates: none waits as dated ahead of it.
		sb.admin.advance(burst.length);
		for (const id of [...before].slice(0, 300)) facts.delete(id);
		const ids = burst.map((f) => f.id);
		const items = await pollUntil(wf, 'memory.fact_created', ids, 80, 5);
		const got = reported(items, 'memory.fact_created');
		expect(got.length).toBe(new Set(got).size);
		expect(sorted(got)).toEqual(sorted(ids));
	});

	test("the key's limit falling from 6,000 to 60 a minute: the next poll sends at most a minute's share of the new limit (12), and one to learn it", async () => {
		sb = await startSandbox({ plan: 'enterprise', rateLimit: 6_000, windowMs: 1_000 });
		sb.admin.seedFacts('org_acme', 20_000);
		const wf = pollingWorkflow(sb, FACTS);
		wf.activate();
		await pollTimes(wf, 2);
		sb.admin.setRateLimit({ limit: 60 });
		const before = gets(sb);
		await wf.poll();
		expect(gets(sb) - before).toBeLessThanOrEqual(13);
	}, WHOLE_READS_MS);

	test('a share overdrawn in the stored state: polling goes on within a few minutes, and a new fact is reported', async () => {
		sb = await startSandbox({ plan: 'enterprise', rateLimit: 120, windowMs: 1_000 });
		const wf = pollingWorkflow(sb, CREATED);
		wf.activate();
		await wf.poll();
		((wf.staticData()[STATE_KEY] as IDataObject).share as IDataObject).tokens = -1_000_000;
		const made = String((await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'after the overdraft' })).id);
		const items = await pollUntil(wf, 'memory.fact_created', [made], 5, 0);
		expect(reported(items, 'memory.fact_created')).toEqual([made]);
	});

	test('a stored state it cannot read whole keeps its cursors: a fact made since the last poll is reported, and the log says so once', async () => {
		sb = await startSandbox({ plan: 'enterprise' });
		const wf = pollingWorkflow(sb, FACTS);
		wf.activate();
		await wf.poll();
		const warn = jest.spyOn(wf.logger(), 'warn');
		const made = String((await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'made before the state broke' })).id);
		const facts = (wf.staticData()[STATE_KEY] as IDataObject).facts as IDataObject;
		facts.order = 'sideways';
		const items = await pollUntil(wf, 'memory.fact_created', [made], 10, 2);
		expect(reported(items, 'memory.fact_created')).toEqual([made]);
		expect(warnings(warn, 'could not be read whole')).toBe(1);
		warn.mockRestore();
	});

	test.each([
		['10 minutes', 10 * 60_000],
		['three weeks', 21 * 86_400_000],
	])("the sandbox's clock %s behind n8n's: a promotion and a new fact made after activation are reported", async (_how, behind) => {
		sb = await startSandbox({ plan: 'enterprise', clockOffsetMs: -behind });
		sb.admin.seedFacts('org_acme', 300);
		const wf = pollingWorkflow(sb, FACTS);
		wf.activate();
		await wf.poll();
		const promoted = [...sb.admin.org('org_acme').facts.keys()][5];
		await api(sb, 'POST', `/memory/facts/${promoted}/promote`, { tier: 'L4' });
		const made = String((await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'after activation' })).id);
		const items = await pollUntil(wf, 'memory.fact_promoted', [promoted], 20, 2);
		items.push(...(await pollUntil(wf, 'memory.fact_created', [made].filter((id) => !reported(items, 'memory.fact_created').includes(id)), 10, 0)));
		expect(reported(items, 'memory.fact_promoted')).toEqual([promoted]);
		expect(reported(items, 'memory.fact_created')).toEqual([made]);
	});

	// Other clients' requests on the key make the budget spread each poll's pages over the window
	// (rateBudget.ts, rule 4): on the virtual clock the sandbox shares, those waits pass in no real time.
	describe('on a virtual clock', () => {
		const clock = useVirtualClock();

		/**
		 * The sandbox's memory lives by its clock (the host's, plus the waits skipped, plus what a test moves it): the facts lists
		 * returned in a minute graduate at the first request after it ends, so a minute may end inside any poll. Here one ends,
		 * for sure, inside the activation poll and inside the last of the polls that follow: after the next answer of the fact list
		 * the clock is put a millisecond before the next minute.
		 */
		const minuteEndsAfterNextList = (s: RunningSandbox) =>
			s.admin.afterRequest((entry) => {
				if (entry.method !== 'GET' || !entry.path.startsWith('/v1/memory/facts')) return;
				s.admin.afterRequest(undefined);
				s.admin.advance(Math.max(0, Math.floor(60_000 - (s.admin.now() % 60_000) - 1)));
			});

		test.each(['oldest-first', 'newest-first', 'unordered'] as const)('%s, lifetimes on, graduation on, a minute of sandbox time a poll: L1 facts expire while new ones come and others graduate (also during the activation poll and the last poll); every change once, none invented', async (factOrder) => {
			sb = await startSandbox({ plan: 'enterprise', factOrder, graduation: 3, now: clock.now });
			sb.admin.seedFacts('org_acme', 2_000);
			const wf = pollingWorkflow(sb, FACTS);
			wf.activate();
			minuteEndsAfterNextList(sb);
			await wf.poll();
			// The activation poll holds what it reads as existing, made before it or during it (docs/polling-trigger.md, What it can
			// prove): a graduation made while it ran may go unreported; one made after it may not.
			const activated = sb.admin.now();
			const made: string[] = [];
			const items: IDataObject[] = [];
			for (let p = 0; p < 40; p++) {
				sb.admin.advance(60_000);
				for (let i = 0; i < 3; i++) made.push(String((await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: `minute ${p} fact ${i}` })).id));
				items.push(...(await wf.poll()));
			}
			items.push(...(await pollTimes(wf, 29)));
			minuteEndsAfterNextList(sb);
			items.push(...(await wf.poll()));
			// What graduated up to the last poll (some in it, maybe after its last read) comes within a bounded number of polls more.
			const facts = sb.admin.org('org_acme').facts;
			const promoted = [...facts.values()].filter((fact) => fact.promoted_at && Date.parse(fact.promoted_at) > activated).map((fact) => fact.id);
			items.push(...(await pollUntil(wf, 'memory.fact_promoted', promoted.filter((id) => !reported(items, 'memory.fact_promoted').includes(id)), 30, 0)));
			const created = reported(items, 'memory.fact_created');
			expect(created.length).toBe(new Set(created).size);
			// Every fact made is reported, unless it expired before a read could see it (L1 lives an hour of sandbox time).
			const alive = new Set(facts.keys());
			expect(made.filter((id) => alive.has(id) && !created.includes(id))).toEqual([]);
			expect(created.filter((id) => !made.includes(id))).toEqual([]);
			const graduated = reported(items, 'memory.fact_promoted');
			expect(promoted.filter((id) => !graduated.includes(id))).toEqual([]);
			const promotions = items.filter((i) => i.event === 'memory.fact_promoted').map((i) => `${String(((i.data as IDataObject).fact as IDataObject).id)} ${String(i.timestamp)}`);
			expect(promotions.length).toBe(new Set(promotions).size);
		}, WHOLE_READS_MS);
	});
});
