import { sleep, type IDataObject } from 'n8n-workflow';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { useVirtualClock, virtualClock } from '../harness/virtualClock';
import { ids, withClient } from './helpers';

/** The faults' retries and backoffs pass on this clock (the cancellation test waits on the real one). */
const clock = virtualClock();
let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise', rateLimit: 100_000, seed: 42, now: clock.now })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

describe('faults', () => {
	useVirtualClock(clock);
	test('under 10% 5xx, 5% connection resets, cut-off bodies and 429 storms a list returns every item exactly once', async () => {
		const total = sb.admin.seedFacts('org_acme', 3000);
		sb.admin.setFaults({ serverErrorRate: 0.1, resetRate: 0.05, malformedRate: 0.03, stormRate: 0.02, stormLength: 2 }, 42);
		const { value, error } = await withClient(sb, (c) => c.list('memoryFact.getMany'));
		expect(error).toBeUndefined();
		const got = ids(value as IDataObject[]);
		expect(got).toHaveLength(total);
		expect(new Set(got).size).toBe(total);
		const faulted = sb.admin.requests().filter((r) => r.fault !== 'none');
		expect(faulted.length).toBeGreaterThan(0);
	}, 120_000);

	test('a POST is never re-sent after an ambiguous failure: nothing is written twice', async () => {
		sb.admin.setFaults({ resetRate: 0.3, serverErrorRate: 0.2, methods: ['POST'] }, 3);
		const outcomes = [];
		for (let i = 0; i < 30; i++) {
			const name = `Team ${i}`;
			const { error } = await withClient(sb, (c) => c.call('team.create', { body: { name } }));
			outcomes.push({ name, ok: !error, message: error?.description ?? '' });
		}
		sb.admin.setFaults({});
		const posts = sb.admin.requests().filter((r) => r.method === 'POST');
		expect(posts).toHaveLength(30);
		const failures = outcomes.filter((o) => !o.ok);
		expect(failures.length).toBeGreaterThan(0);
		expect(failures.every((f) => /may have been carried out/.test(f.message))).toBe(true);
		const { value } = await withClient(sb, (c) => c.list('team.getMany'));
		const names = (value as IDataObject[]).map((t) => t.name);
		for (const { name } of outcomes) expect(names.filter((n) => n === name).length).toBeLessThanOrEqual(1);
	}, 60_000);

	test('a DELETE re-sent after a reset that struck once the delete was done reports success, not "not found"', async () => {
		const facts = (await withClient(sb, (c) => c.list('memoryFact.getMany', { limit: 10 }))).value as IDataObject[];
		sb.admin.setFaults({ resetRate: 0.4, methods: ['DELETE'] }, 5);
		const outcomes = [];
		for (const fact of facts) {
			const { error } = await withClient(sb, (c) => c.call('memoryFact.delete', { path: { factId: fact.id as string } }));
			outcomes.push(error?.message);
		}
		sb.admin.setFaults({});
		expect(outcomes).toEqual(facts.map(() => undefined));
		const deletes = sb.admin.requests().filter((r) => r.method === 'DELETE');
		expect(deletes.filter((r) => r.fault === 'reset').length).toBeGreaterThan(0);
		expect(deletes.filter((r) => r.status === 404).length).toBeGreaterThan(0);
		const left = ids((await withClient(sb, (c) => c.list('memoryFact.getMany'))).value as IDataObject[]);
		for (const fact of facts) expect(left).not.toContain(fact.id);
	}, 60_000);

	test('a DELETE of an id that does not exist is still "not found" when nothing was retried', async () => {
		const { error } = await withClient(sb, (c) => c.call('memoryFact.delete', { path: { factId: 'fact_missing' } }));
		expect(error?.httpCode).toBe('404');
	});

	test('a POST refused with 429 is retried (the server did not act on it) and written once', async () => {
		// Seed 7's first draw starts a storm: the first POST and the one after it are refused with 429.
		sb.admin.setFaults({ stormRate: 0.6, stormLength: 1, methods: ['POST'] }, 7);
		const { value, error } = await withClient(sb, (c) => c.call('team.create', { body: { name: 'Rate limited team' } }));
		sb.admin.setFaults({});
		expect(error).toBeUndefined();
		expect((value as IDataObject).name).toBe('Rate limited team');
		expect(sb.admin.requests().filter((r) => r.method === 'POST' && r.status === 429).length).toBeGreaterThan(0);
		const { value: teams } = await withClient(sb, (c) => c.list('team.getMany'));
		expect((teams as IDataObject[]).filter((t) => t.name === 'Rate limited team')).toHaveLength(1);
	}, 60_000);

	test('identical GETs within one client are sent once when memoized', async () => {
		await withClient(
			sb,
			async (c) => {
				await Promise.all([1, 2, 3].map(() => c.call('agent.get', { path: { agentId: 'dep_sales02' } })));
				return await c.call('agent.get', { path: { agentId: 'dep_sales02' } });
			},
			{ client: { memoizeGets: true } },
		);
		expect(sb.admin.requests().filter((r) => r.path === '/v1/agents/dep_sales02')).toHaveLength(1);
	});
});

describe('cancellation', () => {
	test('stopping the execution stops a client that is waiting for the rate limit', async () => {
		const slow = await startSandbox({ rateLimit: 2, windowMs: 60_000 });
		try {
			const controller = new AbortController();
			const started = Date.now();
			const run = withClient(
				slow,
				async (c) => {
					for (let i = 0; i < 10; i++) await c.call('organization.get');
				},
				{ signal: controller.signal },
			);
			while (slow.admin.requests().length < 2) await sleep(5);
			controller.abort();
			const { error } = await run;
			expect(error?.message).toBe('The execution was stopped while waiting for the Agent Platform API');
			// Far less than the 60 s window it would otherwise have waited.
			expect(Date.now() - started).toBeLessThan(20_000);
			expect(slow.admin.requests()).toHaveLength(2);
		} finally {
			await slow.close();
		}
	});
});
