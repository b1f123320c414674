/**
 * The polling trigger at the cost of what changed (issue 21): new facts read at the edge of a list
 * in creation order (oldest first or newest first), the sweep when there is no such order, the
 * share of the key across polls, and servers that are hostile or odd. Run through n8n-core's
 * PollContext against the sandbox, polls one minute apart as far as the key share knows.
 */
import type { IDataObject } from 'n8n-workflow';
import { SAFETY_POLL_REQUESTS } from '../../nodes/AgentPlatformPollingTrigger/factSweep';
import { MAX_SEEN, MAX_SEEN_BYTES, STATE_KEY } from '../../nodes/AgentPlatformPollingTrigger/state';
import type { SandboxRequest, SandboxResponse } from '../sandbox/app';
import { testNow, useVirtualClockPerTest } from '../harness/virtualClock';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../sandbox';
import { api, pollingWorkflow } from './helpers';

type Order = NonNullable<SandboxOptions['factOrder']>;
const STABLE: Order[] = ['oldest-first', 'newest-first'];
const ALL_ORDERS: Order[] = [...STABLE, 'unordered'];

let sb: RunningSandbox | undefined;
async function sandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	await sb?.close();
	// In the blocks on a virtual clock, the sandbox counts its windows on the clock the client paces by.
	sb = await startSandbox({ plan: 'enterprise', now: testNow, ...options });
	return sb;
}
afterEach(async () => {
	await sb?.close();
	sb = undefined;
});

const CREATED = { events: ['memory.fact_created'], filters: {} };
const FACTS = { events: ['memory.fact_created', 'memory.fact_promoted'], filters: {} };
const PROMOTED = { events: ['memory.fact_promoted'], filters: {} };

const gets = (s: RunningSandbox, key = 'primary') => s.admin.requests().filter((r) => r.method === 'GET' && r.key === key);
const reported = (items: IDataObject[], event: string) => items.filter((i) => i.event === event).map((i) => String(((i.data as IDataObject).fact as IDataObject).id));
const create = async (s: RunningSandbox, content: string) => String((await api(s, 'POST', '/memory/facts', { agent_id: 'dep_support01', content })).id);
const stateOf = (wf: ReturnType<typeof pollingWorkflow>) => wf.staticData()[STATE_KEY] as IDataObject & { facts: IDataObject };

/**
 * In a list with no stable order the activation reads the whole list, holding what existed, over as many
 * polls as the share takes; a fact made in the activation's second that this read meets cannot be told
 * new (docs/polling-trigger.md, What it can prove: counted as refused). Polls until that read has ended.
 */
async function untilActivationRead(wf: ReturnType<typeof pollingWorkflow>): Promise<void> {
	for (let i = 0; i < 200 && (stateOf(wf).facts.sweep as IDataObject | undefined)?.holding; i++) expect(await wf.poll()).toEqual([]);
}

/** Polls until `done` says every expected item came, or `max` polls; then `extra` more. Returns all items. */
async function pollFor(wf: ReturnType<typeof pollingWorkflow>, done: (items: IDataObject[]) => boolean, max: number, extra = 3): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	for (let i = 0; i < max && !done(items); i++) items.push(...(await wf.poll()));
	for (let i = 0; i < extra; i++) items.push(...(await wf.poll()));
	return items;
}

const sameIds = (got: string[], expected: string[]) => expect([...got].sort()).toEqual([...expected].sort());

/** `count` facts created now, as a busy organization's agents make them (newest first: at the start of the list); their ids. */
function createAtStart(s: RunningSandbox, count: number): string[] {
	const facts = s.admin.org('org_acme').facts;
	const before = new Set(facts.keys());
	s.admin.seedFacts('org_acme', count);
	const now = new Date(s.admin.now()).toISOString();
	const made = [...facts.values()].filter((fact) => !before.has(fact.id));
	for (const fact of made) Object.assign(fact, { created_at: now, updated_at: now });
	return made.map((fact) => fact.id);
}

/** A trigger on `facts` facts in `factOrder`, past its baseline, with n8n's log warnings watched. */
async function pastBaseline(factOrder: Order, facts: number) {
	const s = await sandbox({ factOrder });
	s.admin.seedFacts('org_acme', facts);
	const wf = pollingWorkflow(s, CREATED);
	wf.activate();
	await wf.poll();
	const warn = jest.spyOn(wf.logger(), 'warn');
	const warned = (text: string) => warn.mock.calls.filter(([message]) => String(message).includes(text)).length;
	return { s, wf, warn, warned };
}

describe('new facts at the cost of what changed', () => {
	// The client's pacing waits pass in no real time (a new virtual clock each test, shared with its sandbox).
	useVirtualClockPerTest();
	test.each(STABLE)('%s: an idle poll of 5,000 facts costs at most SAFETY_POLL_REQUESTS (the fast read, then the safety read), and new facts come in the next poll at that cost', async (factOrder) => {
		const s = await sandbox({ factOrder });
		s.admin.seedFacts('org_acme', 5_000);
		const wf = pollingWorkflow(s, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const before = gets(s).length;
		expect(await wf.poll()).toEqual([]);
		expect(gets(s).length - before).toBeLessThanOrEqual(SAFETY_POLL_REQUESTS);

		const ids = [await create(s, 'one'), await create(s, 'two'), await create(s, 'three')];
		const next = gets(s).length;
		sameIds(reported(await wf.poll(), 'memory.fact_created'), ids);
		expect(gets(s).length - next).toBeLessThanOrEqual(SAFETY_POLL_REQUESTS);
		expect(await wf.poll()).toEqual([]);
	});

	test.each(ALL_ORDERS)('%s: a fact created while a poll reads is reported once, and nothing from before the baseline', async (factOrder) => {
		const s = await sandbox({ factOrder, maxPageSize: 20 });
		s.admin.seedFacts('org_acme', 300);
		const wf = pollingWorkflow(s, FACTS);
		wf.activate();
		await wf.poll();
		if (factOrder === 'unordered') await untilActivationRead(wf);
		const made: string[] = [await create(s, 'before the poll')];
		// While the next poll reads its first page, another fact is created.
		const original = s.app.handle.bind(s.app);
		let pages = 0;
		s.app.handle = async (req: SandboxRequest): Promise<SandboxResponse> => {
			const response = await original(req);
			if (req.method === 'GET' && req.url.startsWith('/v1/memory/facts?') && ++pages === 1) made.push(await create(s, 'during the poll'));
			return response;
		};
		const items = await pollFor(wf, (got) => made.every((id) => reported(got, 'memory.fact_created').includes(id)), 200);
		s.app.handle = original;
		sameIds(reported(items, 'memory.fact_created'), made);
		expect(reported(items, 'memory.fact_promoted')).toEqual([]);
	});

	test.each(STABLE)('%s: the newest facts at the edge deleted: new facts are still reported once, read down to the facts before them, with nothing to fall back on', async (factOrder) => {
		const s = await sandbox({ factOrder, maxPageSize: 20 });
		s.admin.seedFacts('org_acme', 200);
		const wf = pollingWorkflow(s, CREATED);
		wf.activate();
		await wf.poll();
		const warn = jest.spyOn(wf.logger(), 'warn');
		// The facts the trigger knows at the edge are the newest: delete the 10 newest.
		const newest = [...s.admin.org('org_acme').facts.keys()].slice(-10);
		for (const id of newest) await api(s, 'DELETE', `/memory/facts/${id}`);
		const made = [await create(s, 'after the edge was deleted'), await create(s, 'and another')];
		const items = await pollFor(wf, (got) => made.every((id) => reported(got, 'memory.fact_created').includes(id)), 50);
		sameIds(reported(items, 'memory.fact_created'), made);
		expect(warn.mock.calls.filter(([message]) => String(message).includes('could not be read'))).toHaveLength(0);
		const before = gets(s).length;
		await wf.poll();
		expect(gets(s).length - before).toBeLessThanOrEqual(SAFETY_POLL_REQUESTS);
		warn.mockRestore();
	});

	test('oldest-first: facts deleted before the edge: the end is found from the current total, and an idle poll costs no more', async () => {
		const { s, wf, warn, warned } = await pastBaseline('oldest-first', 3_000);
		// Four deletions: the read, which starts a few facts before the edge, now holds only the last known fact.
		for (const id of [...s.admin.org('org_acme').facts.keys()].slice(100, 104)) await api(s, 'DELETE', `/memory/facts/${id}`);
		const before = gets(s).length;
		expect(await wf.poll()).toEqual([]);
		expect(gets(s).length - before).toBeLessThanOrEqual(SAFETY_POLL_REQUESTS);
		const made = await create(s, 'after the deletions');
		expect(reported(await wf.poll(), 'memory.fact_created')).toEqual([made]);
		expect(warned('could not be read')).toBe(0);
		warn.mockRestore();
	});

	test('newest-first: a burst that leaves only the first known fact on the first page is read there, once, without falling back to a sweep', async () => {
		const { s, wf, warn, warned } = await pastBaseline('newest-first', 3_000);
		// 99 new facts on pages of 100: the first known fact is the first page's last item.
		const made: string[] = [];
		for (let n = 0; n < 99; n++) made.push(await create(s, `burst ${n}`));
		const before = gets(s).length;
		sameIds(reported(await wf.poll(), 'memory.fact_created'), made);
		expect(gets(s).length - before).toBeLessThanOrEqual(SAFETY_POLL_REQUESTS);
		expect(warned('could not be read')).toBe(0);
		warn.mockRestore();
	});

	test.each(STABLE)('%s: a bulk import larger than the keys the trigger keeps is reported whole, once', async (factOrder) => {
		const s = await sandbox({ factOrder });
		s.admin.seedFacts('org_acme', 1_000);
		const wf = pollingWorkflow(s, CREATED);
		wf.activate();
		await wf.poll();
		// Imported at once (the same second), more than MAX_SEEN and more than one poll hands over.
		const now = new Date(s.admin.now()).toISOString();
		const before = new Set(s.admin.org('org_acme').facts.keys());
		s.admin.seedFacts('org_acme', MAX_SEEN + 500);
		const imported = [...s.admin.org('org_acme').facts.values()].filter((f) => !before.has(f.id));
		for (const fact of imported) fact.created_at = now;
		const ids = imported.map((f) => f.id);
		const items = await pollFor(wf, (got) => got.length >= ids.length, 20);
		const got = reported(items, 'memory.fact_created');
		expect(got.length).toBe(ids.length);
		sameIds(got, ids);
		const seen = (stateOf(wf).facts.created as { seen: Record<string, string> }).seen;
		expect(JSON.stringify(seen).length).toBeLessThanOrEqual(MAX_SEEN_BYTES);
	});

	test.each([
		['no facts', 0],
		['one fact', 1],
	])('an organization with %s: the baseline does not call the list unordered (too few facts to tell), and a fact created later is reported', async (_how, count) => {
		const s = await sandbox({ factOrder: 'oldest-first' });
		const facts = s.admin.org('org_acme').facts;
		for (const id of [...facts.keys()].slice(count)) facts.delete(id);
		const wf = pollingWorkflow(s, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		await wf.poll();
		expect(warn.mock.calls.filter(([message]) => String(message).includes('not in creation order'))).toHaveLength(0);
		const made = await create(s, 'the first after the baseline');
		const items = await pollFor(wf, (got) => reported(got, 'memory.fact_created').includes(made), 20);
		expect(reported(items, 'memory.fact_created')).toEqual([made]);
		warn.mockRestore();
	});

	test.each([
		['promotions only', PROMOTED, 'created'],
		['new facts only', CREATED, 'promoted'],
	])('%s: the state keeps no keys for the event not chosen', async (_how, settings, other) => {
		const s = await sandbox({ factOrder: 'oldest-first', maxPageSize: 20 });
		s.admin.seedFacts('org_acme', 100);
		const wf = pollingWorkflow(s, settings);
		wf.activate();
		await wf.poll();
		const [id] = [...s.admin.org('org_acme').facts.keys()].slice(-1);
		await api(s, 'POST', `/memory/facts/${id}/promote`, {});
		await create(s, 'one more');
		for (let n = 0; n < 10; n++) await wf.poll();
		expect(Object.keys((stateOf(wf).facts[other] as IDataObject).seen as IDataObject)).toEqual([]);
	});

	test('a list in no stable order: nothing from before the baseline, every change once, and the log says why once', async () => {
		const s = await sandbox({ factOrder: 'unordered', maxPageSize: 20 });
		s.admin.seedFacts('org_acme', 400);
		const wf = pollingWorkflow(s, FACTS);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		await untilActivationRead(wf);
		const made = [await create(s, 'one'), await create(s, 'two'), await create(s, 'three')];
		const some = [...s.admin.org('org_acme').facts.keys()].filter((_, i) => i % 97 === 5);
		for (const id of some) await api(s, 'POST', `/memory/facts/${id}/promote`, { tier: 'L4' });
		const items = await pollFor(
			wf,
			(got) => made.every((id) => reported(got, 'memory.fact_created').includes(id)) && some.every((id) => reported(got, 'memory.fact_promoted').includes(id)),
			300,
			20,
		);
		sameIds(reported(items, 'memory.fact_created'), made);
		sameIds(reported(items, 'memory.fact_promoted'), some);
		expect(warn.mock.calls.filter(([message]) => String(message).includes('not in creation order'))).toHaveLength(1);
		warn.mockRestore();
	});
	test('facts dated a minute apart in a list sorted by agent, read whole over several polls at activation: the one dated just inside the window before the newest is held across polls, never reported', async () => {
		// The activation's whole read runs under a provisional cursor (the list's clock); the fact a minute before the newest is
		// in its window but more than the window before that cursor: its key must survive being stored between polls.
		const s = await sandbox({ factOrder: 'agent-then-newest', maxPageSize: 20, rateLimit: 120 });
		// The newest made five seconds before activation (seeding and activating take time in a real org).
		s.admin.seedFacts('org_acme', 600, undefined, undefined, { gapMs: 60_000, aheadMs: -5_000 });
		const wf = pollingWorkflow(s, FACTS);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		await untilActivationRead(wf);
		const made = await create(s, 'the first after the whole read');
		const items = await pollFor(wf, (got) => reported(got, 'memory.fact_created').includes(made), 100, 60);
		expect(reported(items, 'memory.fact_created')).toEqual([made]);
	});
});

describe('the sweep finds its place at the cost of what moved', () => {
	// The client's pacing waits pass in no real time (a new virtual clock each test, shared with its sandbox).
	useVirtualClockPerTest();
	const offsets = (requests: Array<{ path: string }>) => requests.map((r) => Number(new URLSearchParams(r.path.split('?')[1]).get('offset')));

	test('facts deleted behind the sweep, more than its anchors: the page before finds its place and the read goes on from the answer it holds, each promotion once', async () => {
		const s = await sandbox({ factOrder: 'oldest-first', rateLimit: 120, windowMs: 1_000, stableTies: true });
		s.admin.seedFacts('org_acme', 5_000);
		const wf = pollingWorkflow(s, PROMOTED);
		wf.activate();
		await wf.poll();
		const at = (stateOf(wf).facts.sweep as { offset: number }).offset;
		const keys = [...s.admin.org('org_acme').facts.keys()];
		// Twenty deleted well behind the sweep; one promotion lands in the page before its first request, one in that request's answer.
		for (const id of keys.slice(100, 120)) await api(s, 'DELETE', `/memory/facts/${id}`);
		const promoted = [keys[at + 10], keys[at + 50]];
		for (const id of promoted) await api(s, 'POST', `/memory/facts/${id}/promote`, { tier: 'L4' });
		const before = gets(s).length;
		const items = await wf.poll();
		// The first request, the page before it (one item into the first answer's ground, joined with it on that item), then on
		// from the first answer's end (not the first answer again).
		expect(offsets(gets(s).slice(before, before + 3))).toEqual([at - 5, at - 104, at + 90]);
		items.push(...(await pollFor(wf, (got) => promoted.every((id) => reported([...items, ...got], 'memory.fact_promoted').includes(id)), 20)));
		expect(reported(items, 'memory.fact_promoted').sort()).toEqual([...promoted].sort());
	});

	/** A trigger on a newest-first list of `facts` facts on a Team key, past its baseline, watching for an hour (its promotions' cursor an hour back, so that a whole sweep visibly moves it). */
	async function watchingNewestFirst(settings: typeof FACTS, facts: number) {
		// Ties in creation order: what a sweep costs, and whether it ends whole, in a list that keeps its places.
		const s = await sandbox({ factOrder: 'newest-first', rateLimit: 120, windowMs: 1_000, stableTies: true });
		s.admin.seedFacts('org_acme', facts);
		const wf = pollingWorkflow(s, settings);
		wf.activate();
		await wf.poll();
		const cursor = () => stateOf(wf).facts.promoted as { since: number };
		cursor().since -= 3_600_000;
		return { s, wf, cursor, since: cursor().since };
	}

	test('newest-first, promotions only, more than a page of facts created between polls: the sweep keeps its place, its sweeps end whole and move the cursor, each promotion once', async () => {
		const { s, wf, cursor, since } = await watchingNewestFirst(PROMOTED, 3_000);
		const promoted: string[] = [];
		const items: IDataObject[] = [];
		for (let p = 0; p < 8; p++) {
			createAtStart(s, 150);
			promoted.push([...s.admin.org('org_acme').facts.keys()][200 + p * 300]);
			await api(s, 'POST', `/memory/facts/${promoted[p]}/promote`, { tier: 'L4' });
			const before = gets(s).length;
			items.push(...(await wf.poll()));
			// Nothing was deleted: a request behind the one before it (a step back) is one spent in vain.
			const asked = offsets(gets(s).slice(before));
			expect(asked.filter((offset, i) => i > 0 && offset < asked[i - 1])).toEqual([]);
		}
		// Whole sweeps ended meanwhile (each takes two or three of these polls): they moved the cursor.
		expect(cursor().since).toBeGreaterThan(since);
		items.push(...(await pollFor(wf, (got) => promoted.every((id) => reported([...items, ...got], 'memory.fact_promoted').includes(id)), 10)));
		sameIds(reported(items, 'memory.fact_promoted'), promoted);
	});

	test('newest-first, new and promoted facts, a burst larger than a poll may read: the sweep under way keeps its place, ends whole and moves the cursor, each change once', async () => {
		const { s, wf, cursor, since } = await watchingNewestFirst(FACTS, 5_000);
		const made = createAtStart(s, 2_500);
		const promoted = [...s.admin.org('org_acme').facts.keys()][2_000];
		await api(s, 'POST', `/memory/facts/${promoted}/promote`, { tier: 'L4' });
		const items: IDataObject[] = [];
		// A sweep under way through the burst (the activation may have spent its share reading its window, a batch: the sweep then starts later).
		for (let p = 0, started = false; p < 12 && !(started && !stateOf(wf).facts.sweep); p++) {
			items.push(...(await wf.poll()));
			started ||= stateOf(wf).facts.sweep !== undefined;
		}
		expect(stateOf(wf).facts.sweep).toBeUndefined();
		expect(cursor().since).toBeGreaterThan(since);
		items.push(...(await pollFor(wf, (got) => reported([...items, ...got], 'memory.fact_created').length >= made.length, 10)));
		sameIds(reported(items, 'memory.fact_created'), made);
		expect(reported(items, 'memory.fact_promoted')).toEqual([promoted]);
	});

	test('newest-first, new and promoted facts, the oldest deleted as fast as new ones come (the total stays): the sweep moves by the new facts found, ends whole and moves the cursor', async () => {
		const { s, wf, cursor, since } = await watchingNewestFirst(FACTS, 3_000);
		const facts = s.admin.org('org_acme').facts;
		await api(s, 'POST', `/memory/facts/${[...facts.keys()][2_900]}/promote`, { tier: 'L4' });
		for (let p = 0; p < 12; p++) {
			createAtStart(s, 150);
			for (const id of [...facts.keys()].slice(0, 150)) facts.delete(id);
			await wf.poll();
		}
		expect(cursor().since).toBeGreaterThan(since);
	});
});

describe('a share of the key, never more', () => {
	// The client's pacing waits pass in no real time (a new virtual clock each test, shared with its sandbox).
	useVirtualClockPerTest();
	/** A key that names 120 a minute (the Team plan) in its headers, in windows of a second so the test need not wait. */
	const teamKey = async () => {
		const s = await sandbox({ rateLimit: 120, windowMs: 1_000 });
		s.admin.seedFacts('org_acme', 5_000);
		return s;
	};

	test('polls a minute apart spend at most the default share (0.2 of 120 a minute), and a promotion at the end of the list is still found', async () => {
		const s = await teamKey();
		const wf = pollingWorkflow(s, { events: ['*'], filters: {} });
		wf.activate();
		await wf.poll();
		const last = [...s.admin.org('org_acme').facts.keys()].at(-1) as string;
		await api(s, 'POST', `/memory/facts/${last}/promote`, { tier: 'L4' });
		const perPoll: number[] = [];
		const items: IDataObject[] = [];
		for (let i = 0; i < 12; i++) {
			const before = gets(s).length;
			items.push(...(await wf.poll()));
			perPoll.push(gets(s).length - before);
		}
		expect(Math.max(...perPoll)).toBeLessThanOrEqual(24);
		expect(gets(s).length).toBeLessThanOrEqual(24 * 13);
		expect(reported(items, 'memory.fact_promoted')).toEqual([last]);
	});

	test('the share is an option; polls in the same minute share one minute of it', async () => {
		const s = await teamKey();
		const wf = pollingWorkflow(s, { ...FACTS, options: { keyShare: 0.1 } }, { minutesPerPoll: 0 });
		wf.activate();
		for (let i = 0; i < 10; i++) await wf.poll();
		// Twelve a minute at 0.1 of 120; the first poll knew only the smallest plan's limit (6 of 60).
		expect(gets(s).length).toBeLessThanOrEqual(12);
	});

	test('a share out of range is refused, naming the option', async () => {
		const s = await sandbox();
		const wf = pollingWorkflow(s, { ...FACTS, options: { keyShare: 2 } });
		wf.activate();
		await expect(wf.poll()).rejects.toThrow('The parameter "Options → Share of Rate Limit" must be a number from 0.01 to 1, got 2');
	});
});

describe('no event lost or invented by a hostile or odd server', () => {
	test.each(ALL_ORDERS)('%s: a fact made after activation dated ten minutes ahead does not hide the facts created after it, and is reported once, at once (the activation read its window: ids and dates decide)', async (factOrder) => {
		const s = await sandbox({ factOrder });
		const wf = pollingWorkflow(s, CREATED);
		wf.activate();
		await wf.poll();
		const ahead = await create(s, 'from a clock ten minutes fast');
		(s.admin.org('org_acme').facts.get(ahead) as { created_at: string }).created_at = new Date(s.admin.now() + 600_000).toISOString();
		const after = await create(s, 'correctly dated, made after it');
		const first = await pollFor(wf, (got) => reported(got, 'memory.fact_created').includes(after), 20, 2);
		s.admin.advance(601_000);
		const second = await pollFor(wf, (got) => got.length > 0, 3, 2);
		sameIds(reported(first, 'memory.fact_created'), [ahead, after]);
		expect(reported(second, 'memory.fact_created')).toEqual([]);
	});

	test('promotions a broken clock dates far ahead do not move the cursor there: later promotions are still reported', async () => {
		const s = await sandbox();
		s.admin.seedFacts('org_acme', Math.max(MAX_SEEN, 5_000) + 100);
		const wf = pollingWorkflow(s, PROMOTED);
		wf.activate();
		await wf.poll();
		for (const fact of s.admin.org('org_acme').facts.values()) fact.promoted_at = '2100-01-01T00:00:00.000Z';
		for (let i = 0; i < 10; i++) await wf.poll();
		// The clock is mended; a promotion now is reported.
		await api(s, 'POST', '/memory/facts/fact_0003/promote', { tier: 'L4' });
		const items = await pollFor(wf, (got) => got.length > 0, 20, 0);
		expect(reported(items, 'memory.fact_promoted')).toContain('fact_0003');
		const since = ((stateOf(wf).facts.promoted ?? {}) as { since?: number }).since ?? 0;
		expect(since).toBeLessThanOrEqual(Date.now());
	});

	test('a stored cursor in the far future is not believed', async () => {
		const s = await sandbox();
		const wf = pollingWorkflow(s, PROMOTED);
		wf.activate();
		await wf.poll();
		// Whatever the state's shape, every cursor time in it moves to the year 2100.
		const future = Date.parse('2100-01-01T00:00:00.000Z');
		const toFuture = (value: unknown): void => {
			if (value === null || typeof value !== 'object') return;
			for (const [key, child] of Object.entries(value as IDataObject)) {
				if (key === 'since' && typeof child === 'number') (value as IDataObject)[key] = future;
				else toFuture(child);
			}
		};
		toFuture(wf.staticData());
		await api(s, 'POST', '/memory/facts/fact_0004/promote', { scope: 'company' });
		const items = await pollFor(wf, (got) => got.length > 0, 10, 0);
		expect(reported(items, 'memory.fact_promoted')).toEqual(['fact_0004']);
	});

	test('a server or proxy that ignores offset: the poll fails naming it, instead of ending the read after one page', async () => {
		const s = await sandbox();
		s.admin.seedFacts('org_acme', 500);
		const original = s.app.handle.bind(s.app);
		s.app.handle = async (req: SandboxRequest) => await original({ ...req, url: req.url.replace(/([?&])offset=\d+&?/, '$1') });
		const wf = pollingWorkflow(s, CREATED);
		wf.activate();
		await expect(wf.poll()).rejects.toThrow(/answered a request for offset [1-9]\d* with offset 0/);
	});

	test('the credential edited to another organization under the same credential id: a new baseline, not false events', async () => {
		const s = await sandbox();
		const wf = pollingWorkflow(s, { events: ['*'], filters: {} });
		wf.activate();
		await wf.poll();
		const fingerprint = stateOf(wf).fingerprint;
		wf.setApiKey(s.keys.otherOrg);
		expect(await wf.poll()).toEqual([]);
		expect(stateOf(wf).fingerprint).not.toBe(fingerprint);
		expect(stateOf(wf).orgId).toBe('org_globex');
		// And changes there (a second after the new baseline, whose `Date` could not tell one within it) are reported, once, as the other organization's.
		s.admin.advance(1_000);
		const fact = (await fetch(`${s.baseUrl}/memory/facts`, {
			method: 'POST',
			headers: { authorization: `Bearer ${s.keys.otherOrg}`, 'content-type': 'application/json' },
			body: JSON.stringify({ agent_id: 'dep_globex01', content: 'at the other organization' }),
		}).then(async (r) => ((await r.json()) as { data: IDataObject }).data)) as IDataObject;
		const items = await wf.poll();
		expect(items.map((i) => [i.event, i.org_id])).toEqual([['memory.fact_created', 'org_globex']]);
		expect(reported(items, 'memory.fact_created')).toEqual([String(fact.id)]);
	});

	test('agent ids __proto__ and valueOf are agents like any other', async () => {
		const s = await sandbox();
		const agents = s.admin.org('org_acme').agents;
		const template = agents.get('dep_support01') as NonNullable<ReturnType<typeof agents.get>>;
		for (const id of ['__proto__', 'valueOf', 'toString']) agents.set(id, { ...template, id, agent_name: id, status: 'active' });
		const wf = pollingWorkflow(s, { events: ['agent.status_changed', 'deployment.provisioned'], filters: {} });
		wf.activate();
		await wf.poll();
		(agents.get('__proto__') as { status: string }).status = 'inactive';
		const items = await wf.poll();
		expect(items.map((i) => i.data)).toEqual([{ agent_id: '__proto__', agent_name: '__proto__', previous_status: 'active', status: 'inactive', online: false }]);
		expect(await wf.poll()).toEqual([]);
	});
});
