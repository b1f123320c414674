/**
 * Issue 38: the boundary at activation is the API's own time (its `Date` header), so no fact that
 * existed then is reported, whatever the list's order, `total` or page lengths. One test per class of
 * the table, with facts dated apart (made over time, not one batch), and the clock rules of
 * docs/polling-trigger.md (what the trigger proves, reports late, and refuses to guess).
 */
import { createHash } from 'node:crypto';
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
/** Activates a trigger on `server`'s list, runs the activation poll (nothing reported) and two more: how many of n8n's log warnings include `text`. */
async function activationWarnings(server: Awaited<ReturnType<typeof startFactServer>>, text: string): Promise<number> {
	const wf = pollingWorkflow(server.target, CREATED);
	wf.activate();
	const warn = jest.spyOn(wf.logger(), 'warn');
	expect(await wf.poll()).toEqual([]);
	await pollTimes(wf, 2);
	const count = warn.mock.calls.filter(([message]) => String(message).includes(text)).length;
	warn.mockRestore();
	return count;
}

function existing(server: Awaited<ReturnType<typeof startFactServer>>, count: number, agentId = 'dep_b'): string[] {
	const now = Date.now();
	return Array.from({ length: count }, (_, i) => server.create(1, agentId, false, now - 60_000 - (count - i) * 3_600_000)[0]);
}

/** A workflow watching new facts, activated on `server` holding `count` facts dated apart, and a spy on its log's warnings (restore it). */
async function activatedOn(server: Awaited<ReturnType<typeof startFactServer>>, count: number) {
	existing(server, count);
	const wf = pollingWorkflow(server.target, CREATED);
	const warn = jest.spyOn(wf.logger(), 'warn');
	wf.activate();
	expect(await wf.poll()).toEqual([]);
	return { wf, warn };
}
/** The warnings that the list grew by more facts than were found new where new facts appear (its total off). */
const totalClaims = (warn: jest.SpyInstance) => warn.mock.calls.filter(([message]) => String(message).includes('grew by more facts'));

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

	test('sorted by agent first, its two ends in order: the first agent\'s newest fact, a minute old, the last new one a sweep page reads before the order breaks, is not reported', async () => {
		server = await startFactServer({ order: (facts) => [...facts].sort((a, b) => a.agent_id.localeCompare(b.agent_id) || Date.parse(a.created_at) - Date.parse(b.created_at)) });
		const now = Date.now();
		// dep_a: 194 facts hours old and its newest a minute before activation (list index 194, the last a sweep's second page brings); dep_z: 200 from 50 to 5 minutes before.
		const old = [
			...Array.from({ length: 194 }, (_, i) => server?.create(1, 'dep_a', false, now - 3 * 3_600_000 + i * 10_000)[0]),
			...server.create(1, 'dep_a', false, now - 60_000),
			...Array.from({ length: 200 }, (_, i) => server?.create(1, 'dep_z', false, now - 50 * 60_000 + i * 13_500)[0]),
		];
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		expect(reported(await pollTimes(wf, 12)).filter((id) => old.includes(id))).toEqual([]);
	});

	/**
	 * A server sorted by agent first, then oldest first (a fact whose id is put in `undated` served with no readable date), and the facts
	 * it starts with: `hoursOld` of dep_a's from 3 hours before, 10 s apart, then one a minute old and one half a minute old; `dep_z` of
	 * dep_z's from 50 minutes before, `apartMs` apart.
	 */
	async function agentSorted(o: { hoursOld: number; dep_z: number; apartMs: number; onList?: (offset: number) => void }) {
		const undated = new Set<string>();
		const started = await startFactServer({ order: (facts) => [...facts].sort((a, b) => a.agent_id.localeCompare(b.agent_id) || Date.parse(a.created_at) - Date.parse(b.created_at)).map((f) => (undated.has(f.id) ? { ...f, created_at: 'not a date' } : f)), onList: o.onList });
		server = started;
		const now = Date.now();
		const old = [
			...Array.from({ length: o.hoursOld }, (_, i) => started.create(1, 'dep_a', false, now - 3 * 3_600_000 + i * 10_000)[0]),
			...started.create(1, 'dep_a', false, now - 60_000),
			...started.create(1, 'dep_a', false, now - 30_000),
			...Array.from({ length: o.dep_z }, (_, i) => started.create(1, 'dep_z', false, now - 50 * 60_000 + i * o.apartMs)[0]),
		];
		return { old, undated, now, target: started.target };
	}

	// As above, with one fact served undated between the first agent's newest and the next agent's oldest: the break is still found (a whole
	// read compares each dated fact with the dated one before it; on ef3ca11 an undated fact hid the next comparison, the order was taken as
	// confirmed, and the minute-old fact, never read at activation, was reported as created).
	test('sorted by agent first, its two ends in order, an undated fact where the order breaks: the first agent\'s minute-old fact is not reported', async () => {
		const { old, undated, target } = await agentSorted({ hoursOld: 194, dep_z: 200, apartMs: 13_500 });
		undated.add(old[195] as string);
		const wf = pollingWorkflow(target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		expect(reported(await pollTimes(wf, 12)).filter((id) => old.includes(id))).toEqual([]);
	});

	// As above, the undated fact the last of dep_a, where the sweep's second page ends (its place), and a late write dated among the
	// anchors before it while the sweep reads on: the anchors found fewer than kept at an undated place, a gap, and the page's first fresh fact (dep_z's
	// oldest, where the order breaks) was compared with the place's date, none (NaN): the break was not found, the order taken as confirmed,
	// and the minute-old fact, never read at activation, reported as created. It is now compared with the last date the sweep read.
	test('sorted by agent first, an undated fact where the sweep\'s page ends and the order breaks, a fact dated among its anchors written during the read: the first agent\'s minute-old fact is not reported', async () => {
		let armed = false;
		const { old, undated, now, target } = await agentSorted({
			hoursOld: 193,
			dep_z: 200,
			apartMs: 13_500,
			onList: (offset) => {
				if (armed && offset === 190) [armed] = [false, server?.create(1, 'dep_a', false, now - 3 * 3_600_000 + 190 * 10_000 + 1)];
			},
		});
		undated.add(old[194] as string);
		const wf = pollingWorkflow(target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		armed = true;
		expect(reported(await pollTimes(wf, 12)).filter((id) => old.includes(id))).toEqual([]);
		expect(armed).toBe(false);
	});

	// As above, dep_z's oldest 120 deleted after activation: the fast read's page then holds dep_a's end and what is left of dep_z, out of
	// order, and the facts out of order beside the break are dep_a's two newest, never read at activation, which it took for new facts dated
	// back (as a list kept in creation order may date them): the window read at activation stood, and both were reported as created. A fact it
	// knows, dated more than the window before the fact before it (toward the list's older end), proves the window wrong now: new facts dated
	// back come at the newest end, after the facts it knows. With dep_a's newest undated, the facts it knows were compared pairwise with that
	// one among them, both comparisons beside it NaN (an audit of NaN dates found it); they are compared dated now. Both fail on fe82424.
	test.each([['dated'], ['undated']])('sorted by agent first, the first agent\'s newest fact %s, the second agent\'s oldest deleted after activation: the first agent\'s minute-old facts are not reported', async (newest) => {
		const { old, undated, target } = await agentSorted({ hoursOld: 194, dep_z: 150, apartMs: 18_000 });
		if (newest === 'undated') undated.add(old[195] as string);
		const wf = pollingWorkflow(target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		server?.remove(old.slice(196, 316) as string[]);
		expect(reported(await pollTimes(wf, 12)).filter((id) => old.includes(id))).toEqual([]);
	});

	// Fuzz seeds 14301, 14501 and 14503 on bd0602b: where the ends the activation reads are one batch (one created_at, no order to learn), the
	// creations' cursor went past the batch and its whole read held only facts dated ahead; a fact dated after the batch and before activation
	// that no page of the activation showed (past a `total` that under-counts, or anywhere in a new order per request) was reported as created
	// when that read met it. That read now holds such facts as existing (it is begun again after gaps that show no order, until one ends
	// without); a fact made after the activation's second is reported. Both cases fail on bd0602b (the half-minute-old facts reported).
	test.each([['oldest first under a `total` capped at 100'], ['in a new order per request']])('a batch at the ends the activation reads, a list %s, facts half a minute old among them: none is reported, and a fact made after the activation\'s second is', async (how) => {
		let request = 0;
		const shuffle = (facts: Fact[]) => facts.map((f, i) => ({ f, k: (i * 7919 + ++request * 104_729) % 1_000_003 })).sort((a, b) => a.k - b.k).map((x) => x.f);
		server = await startFactServer({ rateLimit: 60, ...(how.startsWith('oldest') ? { total: (count: number) => Math.min(count, 100), served: () => 20 } : { order: shuffle }) });
		const now = Date.now();
		const old = [...server.create(600, 'dep_a', true, now - 3_600_000), ...server.create(2, 'dep_a', false, now - 30_000), ...server.create(600, 'dep_z', true, now - 3_600_000)];
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		server.advance(2_000);
		const made = server.create(1, 'dep_a');
		const items = await pollTimes(wf, 12);
		expect(reported(items).filter((id) => old.includes(id))).toEqual([]);
		expect(reported(items)).toEqual(made);
		// The read holding what existed is begun again after gaps at most three times, then ends: in a new order per request none ends without
		// gaps, and one that never ended kept the sweep from ever being idle (bench:polling waited 5,000 polls for it on 5afac01).
		const sweep = ((wf.staticData()[STATE_KEY] as IDataObject).facts as IDataObject).sweep as IDataObject | undefined;
		expect(sweep?.holding).toBeUndefined();
	});

	// Once the read holding what existed past a batch gives up (three reads whose gaps hid any order), the creations' cursor goes to the
	// activation's clock. Under a proxy's `Date` 10 minutes ahead of the facts, a fact made after that is dated minutes before that cursor:
	// not reported (the one assumption left for a list of no order is an honest `Date`), and on ddb7e4f, dated further back than the minute
	// before it that the refused count covers, said nowhere. n8n's log now says so once, when the read gives up.
	test('a batch in a new order per request under a `Date` 10 minutes ahead: once the read holding what existed gives up, n8n\'s log says facts dated before the activation\'s clock are not reported', async () => {
		let request = 0;
		const shuffle = (facts: Fact[]) => facts.map((f, i) => ({ f, k: (i * 7919 + ++request * 104_729) % 1_000_003 })).sort((a, b) => a.k - b.k).map((x) => x.f);
		server = await startFactServer({ rateLimit: 60, order: shuffle, dateSkewMs: () => 600_000 });
		const now = Date.now();
		server.create(600, 'dep_a', true, now - 3_600_000);
		server.create(2, 'dep_a', false, now - 30_000);
		server.create(600, 'dep_z', true, now - 3_600_000);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		const gaveUp = 'once its reads past a batch gave up after gaps, any dated before that second';
		const said = () => warn.mock.calls.filter(([message]) => String(message).includes(gaveUp)).length;
		const holding = () => (((wf.staticData()[STATE_KEY] as IDataObject).facts as IDataObject).sweep as IDataObject | undefined)?.holding === true;
		for (let i = 0; i < 80 && holding(); i++) {
			expect(said()).toBe(0);
			await wf.poll();
		}
		expect(holding()).toBe(false);
		server.advance(2_000);
		server.create(1, 'dep_a');
		expect(reported(await pollTimes(wf, 12))).toEqual([]);
		expect(said()).toBe(1);
		warn.mockRestore();
	});

	// Issue 44 (seeds 707 and 808): when the order broke, creations went to the list's clock at activation and nothing held the facts dated ahead
	// that the window never read, so those waited for the clock: one that existed was reported once the clock passed it (invented), and one made
	// long after, dated decades ahead, never was (lost). The read after the break now holds what it meets dated ahead, as an activation does.
	test('sorted by agent first, its two ends in order: an unread fact dated minutes ahead is never reported; one made after the order broke, dated decades ahead, is', async () => {
		server = await startFactServer({ order: (facts) => [...facts].sort((a, b) => a.agent_id.localeCompare(b.agent_id) || Date.parse(a.created_at) - Date.parse(b.created_at)) });
		const now = Date.now();
		// dep_a: 194 facts hours old and one dated 3 minutes ahead (list index 194, in the middle); dep_z: 200 from 50 to 5 minutes before.
		Array.from({ length: 194 }, (_, i) => server?.create(1, 'dep_a', false, now - 3 * 3_600_000 + i * 10_000));
		const ahead = server.create(1, 'dep_a', false, now + 3 * 60_000);
		Array.from({ length: 200 }, (_, i) => server?.create(1, 'dep_z', false, now - 50 * 60_000 + i * 13_500));
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		expect(await pollTimes(wf, 4)).toEqual([]);
		server.advance(5 * 60_000);
		const made = [...server.create(1, 'dep_a', false, Date.now() + 30 * 365 * DAY), ...server.create(1, 'dep_z')];
		const items = await pollTimes(wf, 8);
		expect(sorted(reported(items))).toEqual(sorted(made));
		expect(reported(items)).not.toContain(ahead[0]);
	});

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

	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=31337` on db56444 (and so on 76666b3): the promotions' cursor moved a second past that `Date`.
	test('a stored state of the previous version (format 3): a promotion made at once after the restart, in its last poll\'s `Date` second, is reported', async () => {
		server = await startFactServer();
		const old = existing(server, 50);
		const wf = pollingWorkflow(server.target, { events: ['memory.fact_promoted'], filters: {} });
		wf.activate();
		await wf.poll();
		const state = wf.staticData()[STATE_KEY] as IDataObject & { facts: IDataObject & { apiDate: number } };
		state.format = 3;
		// The previous version's last poll named this second; the promotion is made within it.
		state.facts.apiDate = Math.floor((Date.now() - 1) / 1_000) * 1_000;
		server.promote(old[10]);
		expect(reported(await pollTimes(wf, 3), 'memory.fact_promoted')).toEqual([old[10]]);
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
		const since = Date.now() - DAY;
		const seen: Record<string, string> = {};
		for (let i = 0; i < 4_000; i++) seen[String(since + i * 20_000)] = `k${String(i).padStart(7, '0')}`;
		state.format = 3;
		// A format-3 state holds the API's clock at its last poll.
		state.facts.apiDate = Math.floor(Date.now() / 1_000) * 1_000;
		state.facts.created = { since: state.facts.apiDate - DAY, seen };
		server.advance(1_000);
		const made = server.create(1);
		const items = await pollTimes(wf, 3);
		expect(reported(items)).toEqual(made);
	});
});

/** The list kept in creation order by the facts' own dates (as a database sorts it), oldest or newest first. */
const byDate = (facts: Fact[]) => [...facts].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
const byDateDesc = (facts: Fact[]) => byDate(facts).reverse();
const ORDERS: Array<[string, (facts: Fact[]) => Fact[]]> = [['oldest first', byDate], ['newest first', byDateDesc]];

/** A server sorted by date with facts made over weeks and a few in the last seconds (a busy list's newest end). */
async function busyServer(options: Parameters<typeof startFactServer>[0] = {}) {
	const s = await startFactServer({ order: byDate, ...options });
	existing(s, 60);
	s.create(3);
	return s;
}

describe('issue 44: ids and the facts\' own dates decide; a change that appears after activation is reported', () => {
	test.each(ORDERS)('%s: facts that appear at once after activation, dated 0.5 s, 30 s and 59 s before they can be read, are reported once; none that existed', async (_name, order) => {
		server = await busyServer({ order });
		const old = server.facts.map((f) => f.id);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const now = Date.now();
		const made = [500, 30_000, 59_000].map((back) => (server as NonNullable<typeof server>).create(1, 'dep_b', false, now - back)[0]);
		const items = await pollTimes(wf, 4);
		expect(sorted(reported(items))).toEqual(sorted(made));
		expect(reported(items).filter((id) => old.includes(id))).toEqual([]);
	});

	test('writes every 100 ms through activation: every fact made after the activation poll is reported once, none made before it', async () => {
		let writing = false;
		server = await busyServer({ onList: () => writing && tick() });
		const s = server;
		const tick = () => (s.advance(100), s.create(1));
		for (let i = 0; i < 20; i++) tick();
		const before = s.facts.map((f) => f.id);
		const wf = pollingWorkflow(s.target, CREATED);
		wf.activate();
		writing = true;
		await wf.poll();
		writing = false;
		const made: string[] = [];
		for (let i = 0; i < 39; i++) made.push(...tick());
		const items = await pollTimes(wf, 4);
		expect(reported(items).filter((id) => before.includes(id))).toEqual([]);
		expect(made.filter((id) => !reported(items).includes(id))).toEqual([]);
		expect(new Set(reported(items)).size).toBe(reported(items).length);
	});

	test('another client writing at every request of the activation, before 150 facts dated decades ahead, a key of 60 a minute: the read of the newest end joins its pages, and a fact made after activation, dated 30 s back, is reported', async () => {
		let writing = false;
		server = await startFactServer({ order: byDate, rateLimit: 60, onList: () => writing && (server as NonNullable<typeof server>).create(6) });
		const old = [...existing(server, 2_000), ...Array.from({ length: 150 }, (_, i) => (server as NonNullable<typeof server>).create(1, 'dep_b', false, Date.now() + 30 * 365 * DAY + i)[0])];
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		writing = true;
		expect(await wf.poll()).toEqual([]);
		writing = false;
		const made = server.create(1, 'dep_b', false, Date.now() - 30_000);
		const items = await pollTimes(wf, 3);
		// Those written while the activation poll read may be reported or not; the one made after it must be, once.
		expect(reported(items).filter((id) => made.includes(id))).toEqual(made);
		expect(reported(items).filter((id) => old.includes(id))).toEqual([]);
		expect(new Set(reported(items)).size).toBe(reported(items).length);
	});

	test.each([
		['10 minutes ahead of the facts\' clock', () => 600_000],
		['10 minutes behind it', () => -600_000],
		['from replicas 3 s apart either way', (n: number) => (n % 2 === 0 ? 3_000 : -3_000)],
		['absent', () => null],
	] as Array<[string, (n: number) => number | null]>)('a `Date` header %s: facts made at once and 2 s after activation are reported, promptly; none that existed, even those of the last minutes', async (_how, dateSkewMs) => {
		server = await startFactServer({ order: byDate, dateSkewMs });
		existing(server, 60);
		const recent = [4, 3, 2, 1, 0].map((min) => (server as NonNullable<typeof server>).create(1, 'dep_b', false, Date.now() - min * 60_000 - 200)[0]);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		// Twelve made at once, and one that shows half a minute after its date (a transaction committed late).
		const atOnce = [...server.create(12), ...server.create(1, 'dep_b', false, Date.now() - 30_000)];
		const first = await pollTimes(wf, 2);
		server.advance(2_000);
		const later = server.create(1);
		const items = [...first, ...(await pollTimes(wf, 2))];
		expect(sorted(reported(first))).toEqual(sorted(atOnce));
		expect(sorted(reported(items))).toEqual(sorted([...atOnce, ...later]));
		expect(reported(items).filter((id) => recent.includes(id))).toEqual([]);
	});

	test('/organization answered by a host 2 minutes ahead: only the fact list\'s `Date` is read, so the facts made at once are reported', async () => {
		server = await busyServer({ orgDateSkewMs: 120_000 });
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		const made = server.create(3);
		expect(sorted(reported(await pollTimes(wf, 2)))).toEqual(sorted(made));
	});

	test('a fact dated a few minutes ahead (one node\'s clock), read at activation: never reported, and it moves nothing: facts made after activation dated before it are', async () => {
		server = await busyServer();
		const ahead = server.create(1, 'dep_b', false, Date.now() + 3 * 60_000);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const made = server.create(2);
		server.advance(4 * 60_000);
		const later = server.create(1);
		const items = await pollTimes(wf, 4);
		expect(sorted(reported(items))).toEqual(sorted([...made, ...later]));
		expect(reported(items)).not.toContain(ahead[0]);
	});

	test('a fact made after activation dated minutes or decades ahead is reported, once', async () => {
		server = await busyServer();
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		const ahead = [...server.create(1, 'dep_b', false, Date.now() + 10 * 60_000), ...server.create(1, 'dep_b', false, Date.now() + 30 * 365 * DAY)];
		const now = server.create(1);
		const items = await pollTimes(wf, 4);
		expect(sorted(reported(items))).toEqual(sorted([...ahead, ...now]));
	});

	test('no silent loss: a fact that shows more than a minute after its own date is not reported, and n8n\'s log says so once with the count; the state counts it as refused', async () => {
		server = await busyServer();
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		await wf.poll();
		const warn = jest.spyOn(wf.logger(), 'warn');
		const late = server.create(1, 'dep_b', false, Date.now() - 90_000);
		const items = await pollTimes(wf, 3);
		expect(reported(items)).not.toContain(late[0]);
		expect(warn.mock.calls.filter(([message]) => String(message).includes('1 memory-fact change(s) read were not reported'))).toHaveLength(1);
		expect(((wf.staticData()[STATE_KEY] as IDataObject).facts as IDataObject).refused).toBe(1);
		expect(warn.mock.calls.filter(([message]) => String(message).includes('total'))).toHaveLength(0);
		warn.mockRestore();
	});

	// The activation's whole read takes as existing what no clock dates (docs/polling-trigger.md, What it can prove): on 1dfcd00 n8n's log said
	// so once, ever, with no count, and the state counted them nowhere, so every later one was not reported in silence.
	test('no silent loss: facts the activation\'s whole read takes as existing (a batch in a new order per request; made after activation, dated before its `Date`, as rows committed late) are counted, and n8n\'s log says how many in each poll that takes one', async () => {
		let request = 0;
		const shuffle = (facts: Fact[]) => facts.map((f, i) => ({ f, k: (i * 7919 + ++request * 104_729) % 1_000_003 })).sort((a, b) => a.k - b.k).map((x) => x.f);
		server = await startFactServer({ rateLimit: 60, order: shuffle });
		const now = Date.now();
		server.create(600, 'dep_a', true, now - 3_600_000);
		server.create(600, 'dep_z', true, now - 3_600_000);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const warn = jest.spyOn(wf.logger(), 'warn');
		const counts = () => warn.mock.calls.map(([message]) => /(\d+) memory-fact change\(s\) read were not reported/.exec(String(message))?.[1]).filter((n) => n !== undefined).map(Number);
		const [late, items]: [string[], IDataObject[]] = [[], []];
		for (const back of [20_000, 25_000]) {
			late.push(...server.create(1, 'dep_a', false, now - back));
			for (let i = 0; i < 12 && counts().length < late.length; i++) items.push(...(await wf.poll()));
		}
		expect(reported(items)).toEqual([]);
		expect(counts()).toEqual([1, 1]);
		expect(((wf.staticData()[STATE_KEY] as IDataObject).facts as IDataObject).taken).toBe(2);
		warn.mockRestore();
	});

	test.each([
		['one full page', 100],
		['two pages', 150],
	])('no silent loss: a list read whole at activation as one batch (%s, one created_at): a fact that shows later dated at the batch\'s date is reported, the batch never', async (_how, count) => {
		server = await startFactServer({ rateLimit: 60 });
		const stamp = Date.now() - 10_000;
		const batch = new Set(server.create(count, 'dep_b', true, stamp));
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		// Dated at the batch's date, shown after activation (a row committed late), and one made now.
		const late = server.create(1, 'dep_b', true, stamp);
		const now = server.create(1);
		const items = await pollTimes(wf, 4 + Math.ceil(count / 95));
		expect(reported(items).filter((id) => batch.has(id))).toEqual([]);
		expect(sorted(reported(items))).toEqual(sorted([...late, ...now]));
	});

	test('a batch larger than the activation reads (3,000 facts of one created_at): n8n\'s log says once, at activation, that a fact dated as early that shows later is not reported', async () => {
		server = await startFactServer({ rateLimit: 60 });
		server.create(3_000, 'dep_b', true, Date.now() - 10_000);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		const made = server.create(1);
		expect(reported(await pollTimes(wf, 3))).toEqual(made);
		expect(warn.mock.calls.filter(([message]) => String(message).includes('a fact dated as early that shows in the list later is not reported'))).toHaveLength(1);
		warn.mockRestore();
	});

	test('more facts dated ahead at the newest end than the activation poll reads past: n8n\'s log says once, at activation, that a fact shown later dated before its `Date` is taken as existing until the whole read ends', async () => {
		server = await startFactServer({ rateLimit: 60 });
		existing(server, 300);
		server.create(2_000, 'dep_b', false, Date.now() + 30 * 365 * DAY);
		expect(await activationWarnings(server, 'could not be read whole at activation')).toBe(1);
	});

	test('more facts dated 3 minutes ahead (one node\'s clock) at the newest end than the activation poll reads past: none is reported once the clock has passed them, a fact made after the whole read is, at once, and polls then cost at most 3 requests', async () => {
		server = await startFactServer({ rateLimit: 60 });
		existing(server, 300);
		const ahead = server.create(1_500, 'dep_b', false, Date.now() + 3 * 60_000);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		server.advance(4 * 60_000);
		expect(reported(await pollTimes(wf, 3)).filter((id) => ahead.includes(id))).toEqual([]);
		const made = server.create(1);
		for (let i = 0; i < 4; i++) {
			const before = server.requests();
			expect(reported(await wf.poll())).toEqual(i === 0 ? made : []);
			expect(server.requests() - before).toBeLessThanOrEqual(3);
		}
	});

	test('a new order per request: a fact made after the activation poll, dated within its last `Date`\'s second, which the whole read after it skips, is not reported, and n8n\'s log says so', async () => {
		// The fact sits past the page each request of that read asks for: last for the poll's first request (offset 0), first after it.
		const [shuffle, place] = [permuted(), { hidden: '', first: true, reading: false }];
		const order = (facts: Fact[]) => {
			const [rest, fact] = [shuffle(facts.filter((f) => f.id !== place.hidden)), facts.find((f) => f.id === place.hidden)];
			if (fact && (place.first || !place.reading)) rest.push(fact);
			else if (fact) rest.unshift(fact);
			place.first = false;
			return rest;
		};
		server = await startFactServer({ order, rateLimit: 60 });
		existing(server, 300);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		place.hidden = server.create(1, 'dep_b', false, Number((((wf.staticData()[STATE_KEY] as IDataObject).facts as IDataObject).created as IDataObject).since) - 500)[0];
		server.advance(2 * 60_000);
		Object.assign(place, { first: true, reading: true });
		expect(await wf.poll()).toEqual([]);
		expect(server.facts.some((f) => f.id === place.hidden)).toBe(true);
		place.reading = false;
		expect(reported(await pollTimes(wf, 6))).toEqual([]);
		const said = (text: string) => warn.mock.calls.some(([message]) => String(message).includes(text));
		expect(said("dated within the second of the activation's last Date") && said('1 memory-fact change(s) read were not reported')).toBe(true);
		warn.mockRestore();
	});

	// Past the 2,000 the activation poll found, the fact made after it sits last: the whole read meets it in its second poll.
	test.each<[string, ((answer: number) => number) | undefined, (since: number) => number]>([
		['larger than a poll reads: a fact made after the activation poll, dated 30 s before its `Date`', undefined, (since) => since - 30_000],
		['its `Date`s 3 s apart within the activation poll: a fact made after it, dated between its first and its last `Date`', (answer) => (answer < 2 ? -3_000 : 0), (since) => since - 1_500],
	])('a list in a fixed order not by date, %s, that the whole read meets is taken as existing, n8n\'s log says so and how many, and the state counts it', async (_name, dateSkewMs, dated) => {
		const rank = (id: string) => (id === 'fact_002001' ? 'last' : createHash('sha256').update(id).digest('hex'));
		server = await startFactServer({ order: (facts) => [...facts].sort((a, b) => (rank(a.id) < rank(b.id) ? -1 : 1)), dateSkewMs, rateLimit: 60 });
		existing(server, 2_000);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		const made = server.create(1, 'dep_b', false, dated(Number((((wf.staticData()[STATE_KEY] as IDataObject).facts as IDataObject).created as IDataObject).since)));
		const items = await pollTimes(wf, 6);
		const said = (text: string) => warn.mock.calls.some(([message]) => String(message).includes(text));
		expect(made).toEqual(['fact_002001']);
		expect([reported(items), said("dated within the second of the activation's last Date"), said('1 memory-fact change(s) read were not reported. The activation\'s whole read')]).toEqual([[], true, true]);
		expect(((wf.staticData()[STATE_KEY] as IDataObject).facts as IDataObject).taken).toBe(1);
		warn.mockRestore();
	});

	// With no `Date`, the fast read runs beside the activation's whole read (it keeps the newest date known, the only clock), which spends the
	// poll's share: the fast read stops there. On 1dfcd00 n8n's log then said that more new facts came than one poll may read, when 3 had.
	test('no `Date` header, a `total` capped at 100: the whole read spends the share, and n8n\'s log does not say more new facts came than one poll may read when three came', async () => {
		server = await startFactServer({ dateSkewMs: () => null, total: (count: number) => Math.min(count, 100), served: () => 20, rateLimit: 60 });
		existing(server, 1_000);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		server.create(3, 'dep_b');
		await pollTimes(wf, 6);
		const said = (text: string) => warn.mock.calls.some(([message]) => String(message).includes(text));
		expect([said('More new memory facts came'), said("the poll's share of the key or its time ran out first")]).toEqual([false, true]);
		warn.mockRestore();
	});

	test('no `Date` header: n8n\'s log says once, at activation, that a fact dated ahead cannot be told and would hide the facts made after it', async () => {
		server = await startFactServer({ dateSkewMs: () => null });
		existing(server, 5);
		server.create(1, 'dep_b', false, Date.now() + 30 * 365 * DAY);
		expect(await activationWarnings(server, 'name no Date header')).toBe(1);
	});

	test('no `Date` header, a new order per request: a fact made after activation, held as existing by the whole read that never ends, is named in n8n\'s log, not dropped in silence', async () => {
		server = await startFactServer({ order: permuted(), dateSkewMs: () => null, rateLimit: 60 });
		existing(server, 300);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const warn = jest.spyOn(wf.logger(), 'warn');
		server.create(1);
		expect(reported(await pollTimes(wf, 6))).toEqual([]);
		expect(warn.mock.calls.filter(([message]) => String(message).includes('past its first poll, met changes no clock dates'))).toHaveLength(1);
		warn.mockRestore();
	});

	// A list sorted by agent first whose facts were all one agent's at activation: it looks oldest first, and a whole read confirms that order.
	// Facts of an agent sorted before it then break it at the list's start, long after; the docs: a break found once a whole read confirmed
	// the order proves nothing of the window, so the list is read whole for new facts, ids and dates still deciding.
	test('sorted by agent first, one agent\'s facts at activation, the order confirmed: facts of an agent sorted before it, made later, break it; every fact made after activation is reported once, none that existed', async () => {
		server = await startFactServer({ order: (facts) => [...facts].sort((a, b) => a.agent_id.localeCompare(b.agent_id) || Date.parse(a.created_at) - Date.parse(b.created_at)), served: (limit) => Math.min(limit, 50) });
		const old = existing(server, 300, 'dep_m');
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const first = server.create(2, 'dep_m');
		const items = await pollTimes(wf, 8);
		const stream = () => (wf.staticData()[STATE_KEY] as IDataObject).facts as IDataObject;
		expect([stream().order, stream().orderToConfirm]).toEqual(['oldest-first', undefined]);
		const warn = jest.spyOn(wf.logger(), 'warn');
		// One of them dated 3 minutes ahead (a node's clock), at the list's end where the fast read meets the break: the order was confirmed, so its id decides.
		const later = [...server.create(3, 'dep_a'), ...server.create(2, 'dep_z'), ...server.create(1, 'dep_z', false, Date.now() + 3 * 60_000), ...server.create(1, 'dep_m')];
		items.push(...(await pollTimes(wf, 10)));
		expect(warn.mock.calls.some(([message]) => String(message).includes('is not in creation order'))).toBe(true);
		const again = [...server.create(2, 'dep_a'), ...server.create(1, 'dep_m')];
		items.push(...(await pollTimes(wf, 10)));
		warn.mockRestore();
		expect(reported(items).filter((id) => old.includes(id))).toEqual([]);
		expect(reported(items)).toHaveLength(new Set(reported(items)).size);
		expect(sorted(reported(items))).toEqual(sorted([...first, ...later, ...again]));
	});
});

// A list where some facts carry no readable `created_at` (rows imported before the field existed, or dated by a clock that failed): those
// cannot be told new from old and are never reported; every dated fact made after activation must be, n8n's log must count each undated one
// the poll that first reads it (once: issue 44 asks that every fact read and not reported be counted; on c223cbf the log said once that
// such facts were read, and never how many), and idle polls stay cheap. On 0e024a0 a page of them threw "have no created_at field" at every poll that read it (the trigger went no
// further), the rest were dropped in silence, and one at the newest end broke the order at every poll (the whole list read each time).
describe('facts with no readable created_at among dated ones', () => {
	// A test that fails before restoring its spy on n8n's logger (one per process) must not fail the next by the calls it left.
	afterEach(() => jest.restoreAllMocks());
	const newestFirst = (facts: Fact[]) => [...facts].reverse();
	/** The list as served, `ids` without a readable `created_at`: absent, or "not a date". */
	const undated = (ids: Map<string, unknown>, order: (facts: Fact[]) => Fact[]) => (facts: Fact[]) => order(facts).map((f) => (ids.has(f.id) ? { ...f, created_at: ids.get(f.id) as string } : f));
	/** What n8n's log counted, in all, as facts read with no readable created_at or id (each poll says how many it met first). */
	const counted = (warn: jest.SpyInstance) => warn.mock.calls.map(([message]) => /(\d+) memory fact\(s\) read have no readable created_at or id/.exec(String(message))).reduce((sum, match) => sum + Number(match?.[1] ?? 0), 0);
	/** How many of `ids` the server has served. */
	const served = (ids: Iterable<string>) => [...ids].filter((id) => server?.listed().has(id)).length;
	test.each([
		['oldest first', 'the oldest 25, a page of them and more,', (facts: Fact[]) => facts],
		['oldest first', 'three in the middle and the newest that existed', (facts: Fact[]) => facts],
		['newest first', 'the oldest 25, a page of them and more,', newestFirst],
		['newest first', 'three in the middle and the newest that existed', newestFirst],
	])('%s, %s undated, one undated among 6 made after activation: the order is learned from the dated, the other 5 reported once at the next poll, n8n\'s log counts each undated fact read once, idle polls cost at most 3 requests', async (_order, which, order) => {
		const ids = new Map<string, unknown>();
		server = await startFactServer({ order: undated(ids, order), served: (limit) => Math.min(limit, 20) });
		const old = existing(server, 300);
		for (const id of which.startsWith('the oldest') ? old.slice(0, 25) : [old[60], old[150], old[151], old[299]]) ids.set(id, ids.size % 2 === 0 ? undefined : 'not a date');
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		const made = server.create(6);
		ids.set(made[2], undefined);
		// Undated facts at the list's ends once hid its order: the whole list was read for new facts, at the share (fuzz seed 13001).
		expect(sorted(reported(await wf.poll()))).toEqual(sorted(made.filter((id) => !ids.has(id))));
		expect(server.listed().has(made[2])).toBe(true);
		expect(reported(await pollTimes(wf, 11))).toEqual([]);
		expect(counted(warn)).toBe(served(ids.keys()));
		expect(warn.mock.calls.filter(([message]) => String(message).includes('not in creation order'))).toHaveLength(0);
		warn.mockRestore();
		const before = server.requests();
		expect(await wf.poll()).toEqual([]);
		expect(server.requests() - before).toBeLessThanOrEqual(3);
	});

	test.each([
		['one full page', 100],
		['two pages', 150],
	])('a batch (%s, one created_at) with every 7th fact undated: a fact that shows later dated at the batch\'s date is reported, as without them; the batch never; n8n\'s log does not call the list out of order', async (_how, count) => {
		const ids = new Map<string, unknown>();
		server = await startFactServer({ order: undated(ids, (facts) => facts), rateLimit: 60 });
		const stamp = Date.now() - 10_000;
		const batch = server.create(count, 'dep_b', true, stamp);
		batch.filter((_, i) => i % 7 === 3).forEach((id, j) => ids.set(id, j % 2 === 0 ? undefined : 'not a date'));
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		// Dated at the batch's date, shown after activation (a row committed late), and one made now.
		const late = server.create(1, 'dep_b', true, stamp);
		const now = server.create(1);
		const items = await pollTimes(wf, 4 + Math.ceil(count / 95));
		expect(sorted(reported(items))).toEqual(sorted([...late, ...now]));
		// One date and facts with none show no order, and no disorder (the batch is read whole at the share, as the docs say).
		expect(warn.mock.calls.filter(([message]) => String(message).includes('not in creation order'))).toHaveLength(0);
	});

	// The spec shows no fact field: an id may be a number (a SQL key), or missing. A number is an id like any other; a fact with none cannot be
	// keyed, so it is never reported, and n8n's log says so. On ad63ff1 both were skipped in silence: numbers, every fact.
	test('ids that are numbers, and two facts with none: every other fact made after activation is reported once, n8n\'s log counts each id-less one read once', async () => {
		const idless = new Set<string>();
		server = await startFactServer({ order: (facts) => facts.map((f) => ({ ...f, id: (idless.has(f.id) ? undefined : Number(f.id.slice(5))) as unknown as string })) });
		const old = existing(server, 200);
		idless.add(old[10]);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		const made = server.create(5);
		idless.add(made[1]);
		const items = await pollTimes(wf, 8);
		expect(sorted(reported(items))).toEqual(sorted(made.filter((id) => !idless.has(id)).map((id) => String(Number(id.slice(5))))));
		expect(server.listed().has(made[1])).toBe(true);
		expect(counted(warn)).toBe(served(idless));
		warn.mockRestore();
	});

	test('a small list whose every fact is undated (3, fewer than a read that proves the field missing): no error; the dated fact made next is reported, the undated never', async () => {
		const ids = new Map<string, unknown>();
		server = await startFactServer({ order: undated(ids, (facts) => facts) });
		for (const id of existing(server, 3)) ids.set(id, 'not a date');
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		const made = server.create(2);
		ids.set(made[0], undefined);
		expect(reported(await pollTimes(wf, 4))).toEqual([made[1]]);
		expect(counted(warn)).toBe(4);
		warn.mockRestore();
	});

	test('no fact with a readable created_at, 30 read at activation: the poll fails with an error that names the field and what to use instead', async () => {
		const ids = new Map<string, unknown>();
		server = await startFactServer({ order: undated(ids, (facts) => facts) });
		for (const id of existing(server, 30)) ids.set(id, undefined);
		const wf = pollingWorkflow(server.target, CREATED);
		wf.activate();
		const error = (await wf.poll().catch((e: unknown) => e)) as { message: string; description?: string };
		expect(error.message).toBe('The API\'s memory facts have no "created_at" field, which the polling trigger needs');
		expect(error.description).toContain('Use the Agent Platform Trigger (webhooks) instead');
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

	test('facts made outside the filter while the agent\'s whole list is read: the one in L4 is reported, and the log does not call the total off', async () => {
		sb = await startSandbox({ plan: 'enterprise', lifetimes: false });
		const wf = pollingWorkflow(sb, { events: ['memory.fact_created'], filters: { tier: 'L4' } });
		wf.activate();
		const warn = jest.spyOn(wf.logger(), 'warn');
		expect(await wf.poll()).toEqual([]);
		for (let i = 0; i < 3; i++) await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: `L1 ${i}` });
		const made = String((await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'straight into L4', tier: 'L4' })).id);
		expect(reported(await pollTimes(wf, 4))).toEqual([made]);
		expect(totalClaims(warn)).toEqual([]);
		warn.mockRestore();
	});
});
// Another client writing while each poll reads: a fact made after the fast read's request, before the sweep's, is reported by the sweep (a
// small list: its page holds the end). On 9385c8c the next fast read counted only what it had not known as found where new facts appear,
// so the list "grew by more facts than were found new" (a false claim about its total), and the whole list was read at the full share.
test('another client writing between the fast read and the sweep of each poll: every new fact once, no claim that the total is off, no sweep at the full share', async () => {
	let write: (() => void) | undefined;
	const server = await startFactServer({ onList: () => write?.() });
	try {
		const { wf, warn } = await activatedOn(server, 250);
		await pollTimes(wf, 6);
		const [made, items, requests]: [string[], IDataObject[], number[]] = [[], [], []];
		for (let poll = 0; poll < 9; poll++) {
			let listed = 0;
			// The poll's second request for the list is its sweep's (the fast read takes one); none in the last three polls.
			write = poll < 6 ? () => void (++listed === 2 && made.push(...server.create(1))) : undefined;
			const before = server.requests();
			items.push(...(await wf.poll()));
			requests.push(server.requests() - before);
		}
		expect(sorted(reported(items))).toEqual(sorted(made));
		expect(made).toHaveLength(6);
		expect(totalClaims(warn)).toEqual([]);
		expect(Math.max(...requests)).toBeLessThanOrEqual(3);
		warn.mockRestore();
	} finally {
		await server.close();
	}
});

// A poll whose fast read fails half-way (a 403 no retry mends, from a proxy say): on 9385c8c it handed nothing over and threw, and a burst
// needing k requests got through only in a poll whose k requests all passed. What the pages it read show is now handed over (their keys
// held), the failure logged; the next poll reads there again and reports the rest, each once, and counts what was handed over as found.
test('the fast read fails at its third request: the new facts its first two pages showed are handed over, the rest in the next poll, each once', async () => {
	let refuse = 0;
	const server = await startFactServer({ fail: (request) => request === refuse });
	try {
		const { wf, warn } = await activatedOn(server, 300);
		await pollTimes(wf, 3);
		const made = server.create(450);
		refuse = server.requests() + 3;
		const first = reported(await wf.poll());
		expect(server.requests()).toBeGreaterThanOrEqual(refuse);
		expect(first.length).toBeGreaterThanOrEqual(100);
		const rest = reported(await pollTimes(wf, 3));
		expect(sorted([...first, ...rest])).toEqual(sorted(made));
		expect(totalClaims(warn)).toEqual([]);
		warn.mockRestore();
	} finally {
		await server.close();
	}
});

// A list empty at activation has no order to read its newest end by: its facts come from whole reads until one ends without gaps and
// teaches the order. That read now gives the fast read the list's length too; on cad4394 it kept the activation's (none), so the first
// fast read after it began at the list's start and read all of it (16 requests for 1,500 facts) once.
test('a list empty at activation, then 1,500 facts dated apart: every one reported once, and once the order is learned no poll reads the whole list again', async () => {
	const server = await startFactServer();
	try {
		const { wf, warn } = await activatedOn(server, 0);
		const now = Date.now();
		const made = Array.from({ length: 1_500 }, (_, i) => server.create(1, 'dep_a', false, now - 1_500_000 + i * 1_000)[0]);
		const [items, idle]: [IDataObject[], number[]] = [[], []];
		for (let poll = 0; poll < 8; poll++) {
			const before = server.requests();
			const found = await wf.poll();
			items.push(...found);
			// Polls after the last that found anything, each costing what an idle poll may.
			if (found.length > 0) idle.length = 0;
			else idle.push(server.requests() - before);
		}
		expect(sorted(reported(items))).toEqual(sorted(made));
		expect(idle.length).toBeGreaterThanOrEqual(5);
		expect(Math.max(...idle)).toBeLessThanOrEqual(3);
		expect(totalClaims(warn)).toEqual([]);
		warn.mockRestore();
	} finally {
		await server.close();
	}
});
