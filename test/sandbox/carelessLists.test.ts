/**
 * The sandbox serves each careless list of issue 38 (docs/sandbox.md, "Careless lists"): a `total`
 * that is off or capped, pages shorter than the limit they report, and facts seeded dated apart or
 * decades ahead; facts dated under another field or not at all; a fixed order not by date; and
 * the hook tests use to land writes between a client's requests.
 */
import { startSandbox, type RunningSandbox } from './index';

let sb: RunningSandbox | undefined;
afterEach(async () => {
	await sb?.close();
	sb = undefined;
});

async function page(s: RunningSandbox, query: string) {
	const res = await fetch(`${s.baseUrl}/memory/facts?${query}`, { headers: { authorization: `Bearer ${s.apiKey}` } });
	return (await res.json()) as { data: Array<{ id: string; created_at: string }>; pagination: { offset: number; limit: number; total: number } };
}

const held = (s: RunningSandbox) => s.admin.org('org_acme').facts.size;

test.each([
	['over-counts', { factTotalSkew: 50 }, (n: number) => n + 50],
	['under-counts', { factTotalSkew: -150 }, (n: number) => Math.max(0, n - 150)],
	['is capped', { factTotalCap: 100 }, (n: number) => Math.min(n, 100)],
])('the fact list total %s; other lists keep theirs', async (_how, options, total) => {
	sb = await startSandbox({ lifetimes: false, ...options });
	sb.admin.seedFacts('org_acme', 300);
	expect((await page(sb, 'limit=10')).pagination.total).toBe(total(held(sb)));
	const agents = await (await fetch(`${sb.baseUrl}/agents`, { headers: { authorization: `Bearer ${sb.apiKey}` } })).json();
	expect(agents.pagination.total).toBe(agents.data.length);
});

test('pages capped below the limit they report: every fact is still served once, in order', async () => {
	sb = await startSandbox({ lifetimes: false, factPageCap: 30 });
	sb.admin.seedFacts('org_acme', 200);
	const first = await page(sb, 'limit=100&offset=0');
	expect(first.data).toHaveLength(30);
	expect(first.pagination.limit).toBe(100);
	const ids: string[] = [];
	for (let offset = 0; offset < held(sb); ) {
		const p = await page(sb, `limit=100&offset=${offset}`);
		ids.push(...p.data.map((f) => f.id));
		offset += p.data.length;
	}
	expect(new Set(ids).size).toBe(held(sb));
});

test('seeded facts dated apart up to now, and dated decades ahead', async () => {
	// The sandbox's clock held still: seeding reads it after this test does, and a millisecond between the two made the dates one off.
	const fixed = Date.now();
	sb = await startSandbox({ lifetimes: false, now: () => fixed });
	const now = sb.admin.now();
	sb.admin.seedFacts('org_acme', 5, undefined, undefined, { gapMs: 86_400_000 });
	sb.admin.seedFacts('org_acme', 2, undefined, undefined, { aheadMs: 30 * 365 * 86_400_000 });
	const dates = [...sb.admin.org('org_acme').facts.values()].filter((f) => f.id.startsWith('fact_g')).map((f) => Date.parse(f.created_at));
	expect(dates.slice(0, 5)).toEqual([4, 3, 2, 1, 0].map((d) => now - d * 86_400_000));
	expect(Math.min(...dates.slice(5))).toBeGreaterThan(now + 29 * 365 * 86_400_000);
});

test('a total skew, cap or page cap that is not a whole number is refused, naming it', async () => {
	await expect(startSandbox({ factTotalSkew: 1.5 })).rejects.toThrow(/factTotalSkew/);
	await expect(startSandbox({ factPageCap: -1 })).rejects.toThrow(/factPageCap/);
});

test.each([
	['none', undefined],
	['createdAt', 'createdAt'],
] as const)('facts dated under %s: the list, get and create answers carry the date there or not at all', async (factDateField, field) => {
	sb = await startSandbox({ lifetimes: false, factDateField });
	sb.admin.seedFacts('org_acme', 3);
	const auth = { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' };
	const listed = (await page(sb, 'limit=10')).data as unknown as Array<Record<string, unknown>>;
	const created = (await (await fetch(`${sb.baseUrl}/memory/facts`, { method: 'POST', headers: auth, body: JSON.stringify({ agent_id: 'dep_support01', content: 'x' }) })).json()) as { data: Record<string, unknown> };
	const got = (await (await fetch(`${sb.baseUrl}/memory/facts/${String(created.data.id)}`, { headers: auth })).json()) as { data: Record<string, unknown> };
	for (const fact of [...listed, created.data, got.data]) {
		expect(fact).not.toHaveProperty('created_at');
		if (field) expect(Number.isFinite(Date.parse(String(fact[field])))).toBe(true);
		else expect(Object.keys(fact).some((key) => /created/i.test(key))).toBe(false);
	}
	await expect(startSandbox({ factDateField: 'date' as never })).rejects.toThrow(/factDateField must be one of created_at, createdAt, none/);
});

test('scrambled: one order, not by date, the same on every request', async () => {
	sb = await startSandbox({ lifetimes: false, factOrder: 'scrambled' });
	sb.admin.seedFacts('org_acme', 200, undefined, undefined, { gapMs: 1_000 });
	const ids = async () => (await page(sb as RunningSandbox, 'limit=100')).data.map((f) => f.id);
	const dates = (await page(sb, 'limit=100')).data.map((f) => Date.parse(f.created_at));
	expect(await ids()).toEqual(await ids());
	expect(dates.some((d, i) => i > 0 && d > dates[i - 1])).toBe(true);
	expect(dates.some((d, i) => i > 0 && d < dates[i - 1])).toBe(true);
});

test('afterRequest: a hook runs after each API request is answered, until removed', async () => {
	sb = await startSandbox({ lifetimes: false });
	const seen: string[] = [];
	sb.admin.afterRequest((entry) => seen.push(`${entry.method} ${entry.path}`));
	await page(sb, 'limit=1');
	sb.admin.afterRequest(undefined);
	await page(sb, 'limit=2');
	expect(seen).toEqual(['GET /v1/memory/facts?limit=1']);
});
