/**
 * The polling trigger's static data is bounded in bytes, whatever the server sends: ids of 4 KB,
 * statuses of 4 KB, as many agents and changes as the trigger keeps track of (state.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { NOTES } from '../../nodes/AgentPlatformPollingTrigger/factPoll';
import { MAX_UNDATED } from '../../nodes/AgentPlatformPollingTrigger/judge';
import { loadState, MAX_AGENTS, MAX_SEEN, MAX_STATE_BYTES, STATE_KEY } from '../../nodes/AgentPlatformPollingTrigger/state';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { pollingWorkflow } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise', rateLimit: 100_000 })));
afterAll(async () => await sb.close());

test(`ids and statuses of 4 KB, ${MAX_AGENTS} agents and more changes than the cursors keep: at most MAX_STATE_BYTES`, async () => {
	const org = sb.admin.org('org_acme');
	const long = (prefix: string, i: number) => `${prefix}${String(i).padStart(6, '0')}${'x'.repeat(4_096)}`;
	// As many agents as the trigger keeps, with the longest status it keeps as text (and some far longer).
	const template = org.agents.get('dep_support01') as NonNullable<ReturnType<typeof org.agents.get>>;
	org.agents.clear();
	for (let i = 0; i < MAX_AGENTS; i++) org.agents.set(long('dep_', i), { ...template, id: long('dep_', i), status: i % 10 === 0 ? 's'.repeat(4_096) : 's'.repeat(32) });
	// Facts with 4 KB ids: more promotions after the baseline than the promotions' cursor keeps.
	const fact = org.facts.get('fact_0001') as NonNullable<ReturnType<typeof org.facts.get>>;
	org.facts.clear();
	for (let i = 0; i < MAX_SEEN + 100; i++) org.facts.set(long('fact_a', i), { ...fact, id: long('fact_a', i) });

	const wf = pollingWorkflow(sb, { events: ['*'], filters: {} });
	wf.activate();
	const sizes: number[] = [];
	const fullest = { created: [0], promoted: [0] };
	const poll = async () => {
		const items = await wf.poll();
		sizes.push(Buffer.byteLength(JSON.stringify(wf.staticData())));
		const facts = (wf.staticData()[STATE_KEY] as { facts?: Record<'created' | 'promoted', { seen: Record<string, string> }> }).facts;
		for (const kind of ['created', 'promoted'] as const) fullest[kind].push(Object.values(facts?.[kind].seen ?? {}).join('').length / 8);
		return items;
	};
	await poll();
	// Each a millisecond apart, so that the cursors keep as many keys as they may.
	const start = sb.admin.now();
	const at = (ms: number) => new Date(start + ms).toISOString();
	[...org.facts.values()].forEach((f, i) => (f.promoted_at = at(i)));
	// And more new facts at once than the creations' cursor keeps.
	for (let i = 0; i < MAX_SEEN + 100; i++) org.facts.set(long('fact_b', i), { ...fact, id: long('fact_b', i), created_at: at(i) });
	for (const agent of org.agents.values()) agent.status = agent.status.startsWith('s') ? 't'.repeat(agent.status.length) : agent.status;
	// The API's clock past the last of those dates: none is ahead of it (such a change waits for the clock).
	sb.admin.advance(2 * (MAX_SEEN + 100));

	const events: IDataObject[] = [];
	const count = (event: string) => events.filter((e) => e.event === event).length;
	for (let i = 0; i < 60 && (count('memory.fact_created') < MAX_SEEN + 100 || count('memory.fact_promoted') < MAX_SEEN + 100 || i < 15); i++) events.push(...(await poll()));
	expect(events.filter((e) => e.event === 'agent.status_changed')).toHaveLength(MAX_AGENTS);
	expect(events.filter((e) => e.event === 'memory.fact_created')).toHaveLength(MAX_SEEN + 100);
	expect(events.filter((e) => e.event === 'memory.fact_promoted')).toHaveLength(MAX_SEEN + 100);

	expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_STATE_BYTES);
	expect(JSON.stringify(wf.staticData())).not.toContain('xxxxxxxx');
	// Every part was filled to its cap.
	const state = wf.staticData()[STATE_KEY] as { agents: object; facts: { created: { seen: object }; promoted: { seen: object } } };
	expect(Object.keys(state.agents)).toHaveLength(MAX_AGENTS);
	const keys = (seen: object) => Object.values(seen as Record<string, string>).join('').length / 8;
	expect(Math.max(...fullest.promoted)).toBeGreaterThanOrEqual(MAX_SEEN * 0.9);
	expect(Math.max(...fullest.created)).toBeGreaterThanOrEqual(MAX_SEEN * 0.9);
	expect(keys(state.facts.created.seen)).toBeLessThanOrEqual(MAX_SEEN);
	expect(MAX_STATE_BYTES).toBeLessThanOrEqual(216 * 1024);
	// 3,100 facts of each kind with 4 KB ids, read until every change came: about half a minute alone.
}, 180_000);

test('a state an earlier version stored, its cursor holding more keys than any version keeps, is dropped and n8n\'s log is told (a new baseline, not a silent one)', () => {
	const full = { since: 1_795_900_000_000, seen: { '1795900000000': 'k'.repeat(8 * 11_000) } };
	const { state, dropped } = loadState({ format: 3, fingerprint: 'f', facts: { pageSize: 100, total: 0, order: 'unknown', sweepNeededSince: 0, created: full, promoted: full, apiDate: 1_795_900_060_000 } }, 'f');
	expect(state.facts).toBeUndefined();
	expect(dropped).toEqual(['facts']);
});

test('a state that holds every note the trigger writes to n8n\'s log is read back whole (a state it refused would start a new baseline, and lose what came meanwhile)', async () => {
	const wf = pollingWorkflow(sb, { events: ['*'], filters: {} });
	wf.activate();
	await wf.poll();
	const stored = wf.staticData()[STATE_KEY] as IDataObject;
	(stored.facts as IDataObject).notes = Object.keys(NOTES);
	const { state, dropped } = loadState(JSON.parse(JSON.stringify(stored)), stored.fingerprint as string);
	expect(dropped).toEqual([]);
	expect(state.facts?.notes).toEqual(Object.keys(NOTES));
});

test('the hashed id at the newest end (edge.end) is read back; one that is no hash (an edited state, a megabyte long) is not kept: the facts part carries on from its cursors, said in the log', async () => {
	const wf = pollingWorkflow(sb, { events: ['memory.fact_created'], filters: {} });
	wf.activate();
	await wf.poll();
	const stored = JSON.parse(JSON.stringify(wf.staticData()[STATE_KEY])) as IDataObject & { facts: { edge: { end?: string } } };
	expect(loadState(stored, stored.fingerprint as string).state.facts?.edge?.end).toEqual(stored.facts.edge.end);
	expect(stored.facts.edge.end).toHaveLength(8);
	stored.facts.edge.end = 'x'.repeat(1_000_000);
	const { state, dropped } = loadState(stored, stored.fingerprint as string);
	expect(dropped).toEqual(['facts (all but its cursors)']);
	expect(state.facts?.edge).toBeUndefined();
});

test(`the keys of facts no date or id judges are read back up to ${MAX_UNDATED}; more (an edited state) are not kept: the facts part carries on from its cursors, said in the log`, async () => {
	const wf = pollingWorkflow(sb, { events: ['memory.fact_created'], filters: {} });
	wf.activate();
	await wf.poll();
	const stored = JSON.parse(JSON.stringify(wf.staticData()[STATE_KEY])) as IDataObject & { facts: { undated?: string } };
	stored.facts.undated = 'k'.repeat(MAX_UNDATED * 8);
	expect(loadState(stored, stored.fingerprint as string).state.facts?.undated).toEqual(stored.facts.undated);
	stored.facts.undated += 'k'.repeat(8);
	const { state, dropped } = loadState(stored, stored.fingerprint as string);
	expect(dropped).toEqual(['facts (all but its cursors)']);
	expect(state.facts?.undated).toBeUndefined();
});
