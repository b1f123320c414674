import type { IDataObject } from 'n8n-workflow';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { ids, withClient } from './helpers';

let sb: RunningSandbox;
// Stable ties: the shift tests here move facts on purpose; a batch reshuffled by each write (the
// sandbox's default, as a database on a non-unique sort) would hide what they check.
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise', rateLimit: 100_000, stableTies: true })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const pageRequests = () => sb.admin.requests().filter((r) => r.path.startsWith('/v1/memory/facts?'));

describe('pagination', () => {
	test('"all" returns every item exactly once, at the largest page the server allows', async () => {
		const total = sb.admin.seedFacts('org_acme', 1234);
		const { value, error } = await withClient(sb, (c) => c.list('memoryFact.getMany'));
		expect(error).toBeUndefined();
		const items = value as IDataObject[];
		expect(items).toHaveLength(total);
		expect(new Set(ids(items)).size).toBe(total);
		// First request asks for more than the maximum; the server clamps to 100 and the client adapts.
		const limits = pageRequests().map((r) => new URL(r.path, 'http://x').searchParams.get('limit'));
		expect(limits[0]).toBe('1000');
		expect(limits.slice(1).every((l) => l === '100')).toBe(true);
		expect(pageRequests()).toHaveLength(Math.ceil(total / 100));
	});

	test('a server that refuses an oversized limit with 400 instead of clamping it gets pages of 100', async () => {
		const strict = await startSandbox({ plan: 'enterprise', rateLimit: 100_000, oversizedLimit: 'reject' });
		try {
			const total = strict.admin.seedFacts('org_acme', 345);
			const { value, error } = await withClient(strict, (c) => c.list('memoryFact.getMany'));
			expect(error).toBeUndefined();
			expect(new Set(ids(value as IDataObject[])).size).toBe(total);
			expect(value as IDataObject[]).toHaveLength(total);
			const statuses = strict.admin.requests().map((r) => [new URL(r.path, 'http://x').searchParams.get('limit'), r.status]);
			expect(statuses).toEqual([['1000', 400], ...Array.from({ length: Math.ceil(total / 100) }, () => ['100', 200])]);
		} finally {
			await strict.close();
		}
	});

	test('a 400 that is not about the page size still reaches the user, after one retry at 100', async () => {
		const { error } = await withClient(sb, (c) => c.list('memoryFact.getMany', { qs: { q: ' ' } }));
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/q/);
		expect(pageRequests().map((r) => new URL(r.path, 'http://x').searchParams.get('limit'))).toEqual(['1000', '100']);
	});

	test('"up to N" stops at N and asks for no more than needed', async () => {
		sb.admin.seedFacts('org_acme', 500);
		const { value } = await withClient(sb, (c) => c.list('memoryFact.getMany', { limit: 150 }));
		expect(value as IDataObject[]).toHaveLength(150);
		const limits = pageRequests().map((r) => new URL(r.path, 'http://x').searchParams.get('limit'));
		expect(limits).toEqual(['150', '50']);
	});

	test('filters are sent and paging respects the filtered total', async () => {
		const { value } = await withClient(sb, (c) => c.list('memoryFact.getMany', { qs: { tier: 'L4', scope: 'company' } }));
		expect((value as IDataObject[]).map((f) => [f.tier, f.scope])).toEqual([['L4', 'company']]);
	});

	test('an empty list is one request and no items', async () => {
		const { value } = await withClient(sb, (c) => c.list('memoryFact.getMany', { qs: { q: 'no such words anywhere' } }));
		expect(value).toEqual([]);
		expect(pageRequests()).toHaveLength(1);
	});

	test('items inserted at the front mid-scan shift pages but are never returned twice', async () => {
		const before = sb.admin.seedFacts('org_acme', 300);
		let inserted: string[] = [];
		const { value } = await withClient(sb, async (c) => {
			const seen: IDataObject[] = [];
			let pages = 0;
			for await (const page of c.pages('memoryFact.getMany')) {
				seen.push(...page);
				pages += 1;
				if (pages === 2) {
					// 10 facts dated before every other appear at the front: every later page shifts
					// forward by 10, so the next page repeats 10 items the client already returned.
					const org = sb.admin.org('org_acme');
					const old = new Set(org.facts.keys());
					sb.admin.seedFacts('org_acme', 10);
					inserted = [...org.facts.keys()].filter((id) => !old.has(id));
					for (const id of inserted) org.facts.set(id, { ...org.facts.get(id)!, created_at: '2000-01-01T00:00:00.000Z' });
				}
			}
			return seen;
		});
		const got = ids(value as IDataObject[]);
		expect(new Set(got).size).toBe(got.length);
		// Every fact that existed before the scan was returned once (the new ones may or may not be).
		expect(inserted).toHaveLength(10);
		expect(got.filter((id) => !inserted.includes(id))).toHaveLength(before);
	});

	test('pages() is an async iterator the caller can stop early', async () => {
		sb.admin.seedFacts('org_acme', 1000);
		const { value } = await withClient(sb, async (c) => {
			for await (const page of c.pages('memoryFact.getMany')) return page.length;
			return 0;
		});
		expect(value).toBeGreaterThan(0);
		expect(pageRequests()).toHaveLength(1);
	});
});
