/**
 * The polling trigger under each of n8n's ways of running polls (helpers.ts, `Scheduler`). n8n's
 * durable scheduler builds a new Workflow from the database for every tick and saves static data
 * only when a poll returns items, so a poll that returns nothing leaves no trace there. The
 * trigger's state must not depend on it: the sweep of the fact list goes on across idle polls, each
 * promotion is reported once, and the key share is honoured across polls, in every mode
 * (latestState.ts); after a restart, or when another process wrote the state, the stored state is
 * used and still nothing is missed or reported twice.
 */
import type { IDataObject } from 'n8n-workflow';
import { LatestStates, MAX_KEPT_STATES } from '../../nodes/AgentPlatformPollingTrigger/latestState';
import { newState, type PollState, STATE_KEY } from '../../nodes/AgentPlatformPollingTrigger/state';
import { testNow, useVirtualClockPerTest } from '../harness/virtualClock';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { api, pollingWorkflow, type Scheduler } from './helpers';

const SCHEDULERS: Scheduler[] = ['poller', 'durable', 'durable-cursors'];
const FACTS = { events: ['memory.fact_created', 'memory.fact_promoted'], filters: {} };

// The sandbox counts its windows on the clock the client paces by: the pacing waits pass in no real time
// (a new virtual clock each test, so that its time stays near the host's, which the trigger also reads).
useVirtualClockPerTest();

let sb: RunningSandbox | undefined;
/** A key that names 120 a minute (the Team plan) in windows of a second, and 5,000 facts: a sweep takes about 3 polls at the default share. */
async function teamKey(): Promise<RunningSandbox> {
	await sb?.close();
	sb = await startSandbox({ plan: 'enterprise', rateLimit: 120, windowMs: 1_000, now: testNow });
	sb.admin.seedFacts('org_acme', 5_000);
	return sb;
}
afterEach(async () => {
	await sb?.close();
	sb = undefined;
});

const gets = (s: RunningSandbox) => s.admin.requests().filter((r) => r.method === 'GET' && r.key === 'primary').length;
const reported = (items: IDataObject[], event: string) => items.filter((i) => i.event === event).map((i) => String(((i.data as IDataObject).fact as IDataObject).id));
const factIds = (s: RunningSandbox) => [...s.admin.org('org_acme').facts.keys()];
const promote = async (s: RunningSandbox, id: string, tier: string) => await api(s, 'POST', `/memory/facts/${id}/promote`, { tier });

describe.each(SCHEDULERS)("n8n's %s: the trigger's state does not depend on n8n saving it after an idle poll", (scheduler) => {
	test('the sweep reaches the end of the list over idle polls: every promotion once, wherever it is, and the next sweep starts over', async () => {
		const s = await teamKey();
		const wf = pollingWorkflow(s, FACTS, { scheduler });
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const ids = factIds(s);
		// Past what one poll's share reads (22 to 32 pages of 95 facts), and nothing reported before them:
		// only a sweep carried on over idle polls finds these.
		const far = [ids[3_500], ids[4_999]];
		for (const id of far) await promote(s, id, 'L4');
		const items: IDataObject[] = [];
		const places: Array<{ startedAt: number; pages: number } | undefined> = [];
		for (let i = 0; i < 8; i++) {
			items.push(...(await wf.poll()));
			places.push((wf.staticData()[STATE_KEY] as { facts: { sweep?: { startedAt: number; pages: number } } }).facts.sweep);
		}
		expect(reported(items, 'memory.fact_promoted').sort()).toEqual([...far].sort());
		// Each poll went on from where the last one stopped: a sweep under way only ever grows.
		places.forEach((place, i) => {
			const before = places[i - 1];
			if (place && before && place.startedAt === before.startedAt) expect(place.pages).toBeGreaterThan(before.pages);
		});

		// The sweep starts over at the top: a promotion there is found by the next one, once.
		await promote(s, ids[10], 'L3');
		const more: IDataObject[] = [];
		for (let i = 0; i < 8; i++) more.push(...(await wf.poll()));
		expect(reported(more, 'memory.fact_promoted')).toEqual([ids[10]]);
		expect(reported([...items, ...more], 'memory.fact_created')).toEqual([]);
	});

	test('two polls a minute spend the default share (0.2 of 120 a minute) once, not once per poll', async () => {
		const s = await teamKey();
		const wf = pollingWorkflow(s, FACTS, { scheduler, minutesPerPoll: 0.5 });
		wf.activate();
		await wf.poll();
		const before = gets(s);
		// Promotions are watched, so the sweep reads on: every poll wants more than the share allows.
		for (let i = 0; i < 12; i++) await wf.poll();
		// 6 minutes at 24 a minute, and one minute's worth held at the start.
		expect(gets(s) - before).toBeLessThanOrEqual(24 * 7);
	});

	test('a fact created between activation and the first tick is reported, once', async () => {
		const s = await teamKey();
		const wf = pollingWorkflow(s, FACTS, { scheduler });
		wf.activate();
		await wf.poll();
		const fact = String((await api(s, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'just after activation' })).id);
		const items: IDataObject[] = [];
		for (let i = 0; i < 3; i++) items.push(...(await wf.poll()));
		expect(reported(items, 'memory.fact_created')).toEqual([fact]);
	});

	test('after a restart (the process forgot its copy) the stored state carries on: nothing missed, nothing twice', async () => {
		const s = await teamKey();
		const wf = pollingWorkflow(s, FACTS, { scheduler });
		wf.activate();
		await wf.poll();
		const ids = factIds(s);
		const create = async (content: string) => String((await api(s, 'POST', '/memory/facts', { agent_id: 'dep_support01', content })).id);
		const early = await create('before the restart');
		await promote(s, ids[4_999], 'L4');
		const items: IDataObject[] = [];
		for (let i = 0; i < 8 && reported(items, 'memory.fact_promoted').length === 0; i++) items.push(...(await wf.poll()));
		// Idle polls go on with the next sweep, which n8n may not have saved when it restarts.
		for (let i = 0; i < 2; i++) items.push(...(await wf.poll()));
		const late = await create('while n8n was down');
		await promote(s, ids[20], 'L3');
		wf.restart();
		for (let i = 0; i < 8; i++) items.push(...(await wf.poll()));
		expect(reported(items, 'memory.fact_created')).toEqual([early, late]);
		expect(reported(items, 'memory.fact_promoted')).toEqual([ids[4_999], ids[20]]);
	});
});

describe('the state kept in the process: which one a poll starts from', () => {
	const state = (rev: string): PollState => ({ ...newState('fp'), rev });
	const stored = (rev: string) => ({ ...state(rev), polledAt: 1 }) as unknown as IDataObject;
	/** A poll that found `read` stored, in a line that began at `root`. */
	const from = (root: string, read = root) => ({ state: undefined, root, read });

	test("the stored state the line began at, or the one the last poll found: the copy; the copy's own revision: the stored one; anything else: the stored one", () => {
		const latest = new LatestStates();
		latest.keep('wf:node', state('c'), from('a', 'b'), false);
		// n8n did not save the idle polls (the durable scheduler): the copy.
		expect(latest.resume('wf:node', stored('a'))).toEqual({ state: state('c'), root: 'a', read: 'a' });
		expect(latest.resume('wf:node', stored('b'))).toEqual({ state: state('c'), root: 'a', read: 'b' });
		// n8n kept or saved it (its poller; durable cursors): the stored state, as it is.
		expect(latest.resume('wf:node', stored('c'))).toEqual({ state: stored('c'), root: 'a', read: 'c' });
		// Another process wrote since (a main instance that took over, or the state saved with items there).
		expect(latest.resume('wf:node', stored('x'))).toEqual({ state: stored('x'), root: 'x', read: 'x' });
		// Nothing kept for this trigger (after a restart), or no workflow id.
		expect(latest.resume('wf:other', stored('a'))).toEqual({ state: stored('a'), root: 'a', read: 'a' });
		expect(latest.resume(undefined, stored('a'))).toEqual({ state: stored('a'), root: 'a', read: 'a' });
	});

	test('after the activation poll: the saved baseline, then the unsaved polls after it, are each taken over by the copy', () => {
		const latest = new LatestStates();
		// The activation poll found nothing stored and wrote the baseline b, which n8n saves (not with durable cursors).
		latest.keep('wf:node', state('b'), from(''), false);
		const first = latest.resume('wf:node', stored('b'));
		expect(first.state).toEqual(stored('b'));
		latest.keep('wf:node', state('m1'), first, false);
		// The durable scheduler still holds b: the copy m1, not b again.
		expect(latest.resume('wf:node', stored('b')).state).toEqual(state('m1'));
		// Durable cursors did not commit the baseline: the row is still empty.
		expect(latest.resume('wf:node', {}).state).toEqual(state('m1'));
	});

	test('a state handed over with items starts a new line: if n8n dropped that poll, the stored state is used and the changes are found again', () => {
		const latest = new LatestStates();
		latest.keep('wf:node', state('e'), from('a', 'b'), true);
		expect(latest.resume('wf:node', stored('a'))).toEqual({ state: stored('a'), root: 'a', read: 'a' });
		expect(latest.resume('wf:node', stored('b'))).toEqual({ state: stored('b'), root: 'b', read: 'b' });
		expect(latest.resume('wf:node', stored('e'))).toEqual({ state: stored('e'), root: 'e', read: 'e' });
	});

	test(`bounded: at most ${MAX_KEPT_STATES} triggers, the least recently polled forgotten first`, () => {
		const latest = new LatestStates();
		const rev = (i: number) => `r${String(i).padStart(7, '0')}`;
		for (let i = 0; i <= MAX_KEPT_STATES; i++) latest.keep(`wf:${i}`, state(rev(i)), from(''), false);
		expect(latest.size().states).toBe(MAX_KEPT_STATES);
		expect(latest.resume('wf:0', stored('')).state).toEqual(stored(''));
		expect(latest.resume('wf:1', stored('')).state).toEqual(state(rev(1)));
		expect(latest.size().chars).toBe(JSON.stringify(state(rev(1))).length * MAX_KEPT_STATES);
	});

	test('the stored state keeps its revision: what the next poll compares', async () => {
		const s = await teamKey();
		const wf = pollingWorkflow(s, FACTS, { scheduler: 'durable' });
		wf.activate();
		await wf.poll();
		const first = (wf.savedStaticData()[STATE_KEY] as IDataObject).rev;
		expect(first).toEqual(expect.stringMatching(/^[\w-]{8}$/));
		await wf.poll();
		expect((wf.staticData()[STATE_KEY] as IDataObject).rev).not.toBe(first);
		expect((wf.savedStaticData()[STATE_KEY] as IDataObject).rev).toBe(first);
	});
});
