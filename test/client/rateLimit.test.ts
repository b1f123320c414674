import type { IDataObject } from 'n8n-workflow';
import { startSandbox, type ResetUnit, type RunningSandbox } from '../sandbox';
import { withClient } from './helpers';
import { runNode } from '../node/helpers';
import { useVirtualClock } from '../harness/virtualClock';

/** Rate windows of seconds, passed in milliseconds: the client and the sandbox share this clock. */
const clock = useVirtualClock();

/** Requests the sandbox answered 429 (on the wire; the client retries them). */
const wire429 = (sb: RunningSandbox) => sb.admin.requests().filter((r) => r.status === 429).length;

async function getMany(client: import('../../src/client').AgentPlatformClient, n: number, concurrency: number) {
	const results: IDataObject[] = [];
	let next = 0;
	await client.withBudget(n, async (budgeted) => {
		await Promise.all(
			Array.from({ length: concurrency }, async () => {
				while (next < n) {
					next += 1;
					results.push(await budgeted.call('agent.get', { path: { agentId: 'dep_support01' } }));
				}
			}),
		);
	});
	return results.length;
}

describe('rate limits', () => {
	test('the waits pass on the virtual clock: windows of a minute are waited out in seconds of real time, still without a 429', async () => {
		const sb = await startSandbox({ rateLimit: 3, windowMs: 60_000, now: clock.now });
		try {
			const [skipped, started] = [clock.skippedMs(), Date.now()];
			const { value, error } = await withClient(sb, (c) => getMany(c, 7, 1));
			expect(error).toBeUndefined();
			expect(value).toBe(7);
			expect(wire429(sb)).toBe(0);
			// Seven requests at three a window: two resets waited for, on the clock the sandbox counts by.
			expect(clock.skippedMs() - skipped).toBeGreaterThan(100_000);
			expect(Date.now() - started).toBeLessThan(10_000);
		} finally {
			await sb.close();
		}
	});

	test('a 60-request plan is drained over several windows without a single 429, even from two executions at once', async () => {
		const sb = await startSandbox({ plan: 'individual', windowMs: 1500, now: clock.now });
		try {
			const runs = await Promise.all([
				withClient(sb, (c) => getMany(c, 100, 8)),
				withClient(sb, (c) => getMany(c, 50, 4)),
			]);
			expect(runs.map((r) => r.error)).toEqual([undefined, undefined]);
			expect(runs.map((r) => r.value)).toEqual([100, 50]);
			expect(wire429(sb)).toBe(0);
		} finally {
			await sb.close();
		}
	}, 30_000);

	test.each<ResetUnit>(['epoch-seconds', 'epoch-ms', 'seconds-until-reset'])(
		'X-RateLimit-Reset read as %s: waits for the reset instead of running into 429',
		async (resetUnit) => {
			const sb = await startSandbox({ rateLimit: 10, windowMs: 1200, resetUnit, now: clock.now });
			try {
				const { value, error } = await withClient(sb, (c) => getMany(c, 25, 1));
				expect(error).toBeUndefined();
				expect(value).toBe(25);
				expect(wire429(sb)).toBe(0);
			} finally {
				await sb.close();
			}
		},
		30_000,
	);

	test('429s the server sends anyway (storms) are retried and never reach the caller', async () => {
		const sb = await startSandbox({ plan: 'enterprise', rateLimit: 100_000, seed: 7, now: clock.now });
		try {
			sb.admin.setFaults({ stormRate: 0.05, stormLength: 2 }, 7);
			const { value, error } = await withClient(sb, (c) => getMany(c, 60, 4));
			expect(error).toBeUndefined();
			expect(value).toBe(60);
			expect(wire429(sb)).toBeGreaterThan(0);
		} finally {
			await sb.close();
		}
	}, 60_000);

	test('429s without Retry-After whose reset looks past (server clock behind ours) are backed off, not re-sent at once', async () => {
		// Another user of the key spends the window; the server then refuses with only the three
		// headers, and its reset time reads as already past by our clock.
		const sb = await startSandbox({ rateLimit: 5, windowMs: 2_000, resetUnit: 'epoch-ms', now: clock.now });
		try {
			sb.admin.setRateLimit({ retryAfter: false, clockOffsetMs: -3_000 });
			for (let i = 0; i < 5; i++) {
				await fetch(`${sb.baseUrl}/agents?limit=1`, { headers: { authorization: `Bearer ${sb.apiKey}` } });
			}
			const { value, error } = await withClient(sb, (c) => getMany(c, 3, 1));
			expect(error).toBeUndefined();
			expect(value).toBe(3);
			const refused = sb.admin.requests().filter((r) => r.status === 429);
			expect(refused.length).toBeGreaterThan(0);
			expect(refused.length).toBeLessThan(8);
		} finally {
			await sb.close();
		}
	}, 60_000);
});

describe('pacing through the node, many requests at once', () => {
	const agentGet = { resource: 'agent', operation: 'get', agentId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } };

	test('a cold start sends one request until the budget is known: 25 gets on a 10-per-2 s plan meet no 429', async () => {
		const sb = await startSandbox({ rateLimit: 10, windowMs: 2_000, now: clock.now });
		try {
			const org = sb.admin.org('org_acme');
			while (org.agents.size < 25) sb.admin.provision('org_acme', `Agent ${org.agents.size + 1}`);
			const ids = [...org.agents.keys()].slice(0, 25);
			const result = await runNode(sb, agentGet, { inputItems: ids.map((id) => ({ id })) });
			expect(result.error).toBeUndefined();
			expect(result.json.map((a) => a.id)).toEqual(ids);
			expect(wire429(sb)).toBe(0);
		} finally {
			await sb.close();
		}
	}, 60_000);

	test('executions at once writing in parallel share the budget: no 429 reaches a user, nothing is lost or doubled, few on the wire', async () => {
		const sb = await startSandbox({ rateLimit: 20, windowMs: 2_000, now: clock.now });
		try {
			const runs = await Promise.all(
				Array.from({ length: 5 }, (_, e) =>
					runNode(
						sb,
						{ resource: 'memoryFact', operation: 'create', agentId: { __rl: true, mode: 'id', value: 'dep_support01' }, content: '={{ $json.content }}', options: { parallelWrites: 16 } },
						{ inputItems: Array.from({ length: 12 }, (_, i) => ({ content: `pacing ${e}.${i}` })) },
					),
				),
			);
			expect(runs.map((r) => r.error?.message)).toEqual(Array(5).fill(undefined));
			const stored = sb.admin.org('org_acme').facts;
			const contents = [...stored.values()].map((f) => f.content as string).filter((c) => c.startsWith('pacing '));
			expect(contents.sort()).toEqual(Array.from({ length: 60 }, (_, n) => `pacing ${Math.floor(n / 12)}.${n % 12}`).sort());
			// At most one refused request per window the run spans (a window boundary seen a little early).
			expect(wire429(sb)).toBeLessThanOrEqual(sb.app.limiter.windowsOpened(sb.apiKey));
		} finally {
			await sb.close();
		}
	}, 60_000);
});
