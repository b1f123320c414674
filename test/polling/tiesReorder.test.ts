/**
 * A sweep spread over several polls of a list whose ties change order at every write (the sandbox's
 * default: one batch of facts shares a `created_at`). Between two polls a write reorders the batch,
 * so facts the sweep had not read yet may now sit before its place, and facts it had read after it:
 * found again by an anchor somewhere in that batch, the place no longer says which facts were read.
 * A promotion on a fact moved that way must still be reported: such a sweep may not move the cursors.
 * The sandbox's clock runs a day behind the host's and moves a minute a poll, as n8n's polls would
 * see it, so that a whole read does move the cursors past the promotions (fails on 16294c4: the
 * pager took one anchor found anywhere in the reordered batch for its place).
 */
import type { IDataObject } from 'n8n-workflow';
import { testNow, useVirtualClockPerTest } from '../harness/virtualClock';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { api, pollingWorkflow } from './helpers';

const PROMOTED = { events: ['memory.fact_promoted'], filters: {} };
const reported = (items: IDataObject[]) => items.filter((i) => i.event === 'memory.fact_promoted').map((i) => String(((i.data as IDataObject).fact as IDataObject).id));

// The sandbox counts its windows on the clock the client paces by: the pacing waits pass in no real time
// (a new virtual clock each test, so that its time stays near the host's, which the trigger also reads).
useVirtualClockPerTest();

let sb: RunningSandbox | undefined;
afterEach(async () => {
	await sb?.close();
	sb = undefined;
});

test.each(['oldest-first', 'newest-first'] as const)('%s, a batch of 3,000 in a changing order, a write between polls: every promotion made before a sweep is reported, once', async (factOrder) => {
	sb = await startSandbox({ plan: 'enterprise', rateLimit: 60, windowMs: 1_000, factOrder, lifetimes: false, clockOffsetMs: -86_400_000, now: testNow });
	const s = sb;
	s.admin.seedFacts('org_acme', 3_000);
	const wf = pollingWorkflow(s, PROMOTED);
	wf.activate();
	await wf.poll();
	// The first sweep, undisturbed (a few polls at a share of 60 requests a minute).
	for (let i = 0; i < 6; i++) await wf.poll();
	const batch = s.admin.factIdsInListOrder('org_acme').filter((id) => id.startsWith('fact_g'));
	const facts = s.admin.org('org_acme').facts;
	const promoted = batch.filter((id, i) => i % 10 === 7 && facts.get(id)?.tier !== 'L4');
	// Promoted as the platform does by itself (no request on the trigger's key).
	for (const id of promoted) s.admin.graduate('org_acme', id);
	const items: IDataObject[] = [];
	// A fact created between every two polls: each create reorders the batch under the sweep.
	for (let p = 0; p < 24; p++) {
		s.admin.advance(60_000);
		await api(s, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: `between polls ${p}` });
		items.push(...(await wf.poll()));
	}
	// Then quiet: a sweep that nothing disturbs reads the whole list.
	for (let p = 0; p < 12; p++) {
		s.admin.advance(60_000);
		items.push(...(await wf.poll()));
	}
	const got = reported(items);
	expect([...facts.values()].filter((f) => f.promoted_at).length).toBe(promoted.length);
	expect(promoted.filter((id) => !got.includes(id))).toEqual([]);
	expect(got.length).toBe(new Set(got).size);
	expect(got.filter((id) => !promoted.includes(id))).toEqual([]);
}, 120_000);
