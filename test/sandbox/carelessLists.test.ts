/**
 * The sandbox serves each careless list of issue 38 (docs/sandbox.md, "Careless lists"): a `total`
 * that is off or capped, pages shorter than the limit they report, and facts seeded dated apart or
 * decades ahead.
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
	sb = await startSandbox({ lifetimes: false });
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
