/** The sandbox's contract with the spec, checked over real HTTP with plain fetch (no client code). */
import { createHmac } from 'node:crypto';
import { ROUTES } from '../../src/routes';
import { startReceiver } from '../trigger/receiver.js';
import { handlers } from './resources';
import { startSandbox, type RunningSandbox } from './index';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

async function api(path: string, init: { method?: string; key?: string | null; body?: unknown } = {}) {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	if (init.key !== null) headers.authorization = `Bearer ${init.key ?? sb.apiKey}`;
	const res = await fetch(`${sb.baseUrl}${path}`, {
		method: init.method ?? 'GET',
		headers,
		body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
	});
	const text = await res.text();
	return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

describe('routes and envelopes', () => {
	test('every route of src/routes.ts has a handler', () => {
		expect(Object.keys(ROUTES).filter((r) => !(r in handlers))).toEqual([]);
	});

	test('list envelope: data array and pagination {offset, limit, total}', async () => {
		const { status, json } = await api('/agents');
		expect(status).toBe(200);
		expect(json).toEqual({ data: expect.any(Array), pagination: { offset: 0, limit: 50, total: 5 } });
		expect(json.data[0]).toEqual(expect.objectContaining({ id: expect.stringMatching(/^dep_/), agent_name: expect.any(String), status: expect.any(String) }));
	});

	test('single and action envelopes: {data: {...}}', async () => {
		expect((await api('/organization')).json).toEqual({ data: expect.objectContaining({ id: expect.stringMatching(/^org_/) }) });
		const promoted = await api('/memory/facts/fact_0001/promote', { method: 'POST', body: { tier: 'L4' } });
		expect(promoted.json).toEqual({ data: expect.objectContaining({ id: 'fact_0001', tier: 'L4' }) });
	});

	test.each([
		['unauthorized', 401, () => api('/agents', { key: null })],
		['forbidden', 403, () => api('/organization/teams', { method: 'POST', key: sb.keys.readOnly, body: { name: 'x' } })],
		['not_found', 404, () => api('/agents/dep_nope')],
		['bad_request', 400, () => api('/agents?limit=0')],
		['rate_limit_exceeded', 429, async () => {
			sb.admin.setRateLimit({ limit: 1 });
			await api('/agents');
			return await api('/agents');
		}],
		['internal_error', 500, async () => {
			sb.admin.setFaults({ serverErrorRate: 1 }, 1);
			const res = await api('/agents');
			return res.status === 500 ? res : await api('/agents');
		}],
	])('error envelope %s with status %i equal to the HTTP status', async (code, status, call) => {
		const res = await call();
		expect(res.status).toBe(status);
		expect(res.json).toEqual({ error: { code, message: expect.any(String), status } });
	});

	test('bad_request names the field, for parameters and bodies', async () => {
		expect((await api('/agents?offset=-1')).json.error.message).toContain('"offset"');
		expect((await api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_support01', content: 'x', tier: 'L9' } })).json.error.message).toContain('"tier"');
		expect((await api('/webhooks', { method: 'POST', body: { url: 'not a url', events: ['*'] } })).json.error.message).toContain('"url"');
		expect((await api('/organization/teams', { method: 'POST', body: '{"name": ' })).json.error.message).toContain('"body"');
	});

	test('webhook create returns the signing secret once; no read returns it again', async () => {
		const created = await api('/webhooks', { method: 'POST', body: { url: 'https://example.com/h', events: ['*'] } });
		expect(created.status).toBe(201);
		const { secret, id } = created.json.data;
		expect(secret).toMatch(/^whsec_/);
		expect(JSON.stringify((await api(`/webhooks/${id}`)).json)).not.toContain(secret);
		expect(JSON.stringify((await api('/webhooks')).json)).not.toContain(secret);
	});
});

describe('pagination edges', () => {
	test('offset past total: empty page with the right total', async () => {
		expect((await api('/agents?offset=50')).json).toEqual({ data: [], pagination: { offset: 50, limit: 50, total: 5 } });
	});

	test('limit above the maximum is clamped to 100 and reported', async () => {
		sb.admin.seedFacts('org_acme', 200);
		const { json } = await api('/memory/facts?limit=500');
		expect(json.data).toHaveLength(100);
		expect(json.pagination.limit).toBe(100);
	});

	test('total stays right while items are added', async () => {
		const before = (await api('/organization/teams?limit=1')).json.pagination.total;
		await api('/organization/teams', { method: 'POST', body: { name: 'Added' } });
		expect((await api('/organization/teams?limit=1&offset=1')).json.pagination.total).toBe(before + 1);
	});
});

describe('the order of the memory-fact list (SandboxOptions.factOrder)', () => {
	const order = async () => ((await api('/memory/facts?limit=100')).json.data as Array<{ id: string; created_at: string }>).map((f) => f.id);

	test('oldest first by default: creation order, and generated facts keep the dates in that order', async () => {
		sb.admin.seedFacts('org_acme', 20);
		const created = (await api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_support01', content: 'newest' } })).json.data;
		const { data } = (await api('/memory/facts?limit=100')).json as { data: Array<{ id: string; created_at: string }> };
		expect(data.at(-1)?.id).toBe(created.id);
		const times = data.map((f) => Date.parse(f.created_at));
		expect(times.every((t, i) => i === 0 || t >= times[i - 1])).toBe(true);
	});

	test('newest first: the same list reversed, new facts at the start', async () => {
		const oldest = await order();
		sb.admin.setFactOrder('newest-first');
		expect(await order()).toEqual([...oldest].reverse());
		const created = (await api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_support01', content: 'newest' } })).json.data;
		expect((await order())[0]).toBe(created.id);
	});

	test('unordered: the same facts in a different order on every request', async () => {
		sb.admin.seedFacts('org_acme', 50);
		const oldest = await order();
		sb.admin.setFactOrder('unordered');
		const [a, b] = [await order(), await order()];
		expect([...a].sort()).toEqual([...oldest].sort());
		expect(a).not.toEqual(b);
		expect(a).not.toEqual(oldest);
	});

	test('the order is an option, an admin route and reset like the rest', async () => {
		const put = await fetch(`${sb.adminUrl}/fact-order`, { method: 'PUT', body: JSON.stringify({ order: 'newest-first' }) });
		expect(await put.json()).toEqual({ data: { order: 'newest-first' } });
		const wrong = await fetch(`${sb.adminUrl}/fact-order`, { method: 'PUT', body: JSON.stringify({ order: 'sideways' }) });
		expect(wrong.status).toBe(400);
		sb.admin.reset();
		expect(sb.app.factOrder).toBe('oldest-first');
		await expect(startSandbox({ factOrder: 'sideways' as never })).rejects.toThrow('factOrder must be one of oldest-first, newest-first, unordered');
	});
});

describe('rate limits', () => {
	test('the three headers are on every response: success, error, 429', async () => {
		sb.admin.setRateLimit({ limit: 2 });
		const responses = [await api('/agents'), await api('/agents/dep_nope'), await api('/agents'), await api('/agents', { key: null })];
		expect(responses.map((r) => r.status)).toEqual([200, 404, 429, 401]);
		for (const r of responses) {
			expect(r.headers.get('x-ratelimit-limit')).toBe('2');
			expect(r.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
			expect(r.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
		}
		expect(responses[2].headers.get('retry-after')).toMatch(/^\d+$/);
		expect(responses.slice(0, 3).map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['1', '0', '0']);
	});

	test.each([
		['individual', 60],
		['team', 120],
	] as const)('the %s plan allows %i requests per window, then 429', async (plan, limit) => {
		const s = await startSandbox({ plan });
		try {
			const statuses: number[] = [];
			for (let i = 0; i <= limit; i++) {
				const res = await fetch(`${s.baseUrl}/organization`, { headers: { authorization: `Bearer ${s.apiKey}` } });
				statuses.push(res.status);
				await res.arrayBuffer();
			}
			expect(statuses.filter((x) => x === 200)).toHaveLength(limit);
			expect(statuses[limit]).toBe(429);
		} finally {
			await s.close();
		}
	});

	test('limits are counted per key', async () => {
		sb.admin.setRateLimit({ limit: 1 });
		expect((await api('/agents')).status).toBe(200);
		expect((await api('/agents', { key: sb.keys.readOnly })).status).toBe(200);
		expect((await api('/agents')).status).toBe(429);
	});

	test.each([
		['epoch-seconds', (v: number, now: number) => Math.abs(v * 1000 - (now + 60_000)) < 2_000],
		['epoch-ms', (v: number, now: number) => Math.abs(v - (now + 60_000)) < 2_000],
		['seconds-until-reset', (v: number) => v > 55 && v <= 60],
	] as const)('X-RateLimit-Reset as %s', async (resetUnit, plausible) => {
		sb.admin.setRateLimit({ resetUnit, windowMs: 60_000 });
		const res = await api('/agents');
		expect(plausible(Number(res.headers.get('x-ratelimit-reset')), Date.now())).toBe(true);
	});

	test('a server that sends no Retry-After and whose clock is behind ours can be played', async () => {
		sb.admin.setRateLimit({ limit: 1, resetUnit: 'epoch-ms', windowMs: 60_000, retryAfter: false, clockOffsetMs: -90_000 });
		await api('/agents');
		const refused = await api('/agents');
		expect(refused.status).toBe(429);
		expect(refused.headers.get('retry-after')).toBeNull();
		expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeLessThan(Date.now() - 20_000);
	});
});

describe('organizations are isolated', () => {
	test("another organization's resources answer not_found, never their data", async () => {
		for (const path of ['/agents/dep_globex01', '/memory/facts/fact_globex01', '/organization/teams/team_globex', '/organization/members/mem_hank', '/knowledge/documents/doc_globex_overview', '/agents/dep_globex01/skills']) {
			const res = await api(path);
			expect([path, res.status]).toEqual([path, 404]);
			expect(JSON.stringify(res.json)).not.toMatch(/Globex/);
		}
		const other = await api('/agents', { key: sb.keys.otherOrg });
		expect(other.json.data.map((a: { id: string }) => a.id)).toEqual(['dep_globex01']);
	});
});

describe('event delivery', () => {
	test('actions emit signed events; the signature checks out with node:crypto alone', async () => {
		const received: Array<{ headers: Record<string, unknown>; raw: string }> = [];
		const receiver = await startReceiver(async (req) => {
			received.push({ headers: req.headers, raw: req.rawBody.toString('utf8') });
		});
		try {
			const sub = (await api('/webhooks', { method: 'POST', body: { url: receiver.url, events: ['*'] } })).json.data;
			const fact = (await api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_support01', content: 'Signed' } })).json.data;
			await api(`/memory/facts/${fact.id}/promote`, { method: 'POST', body: { scope: 'company' } });
			await api('/agents/dep_ops03', { method: 'PATCH', body: { status: 'active' } });
			sb.admin.provision('org_acme', 'New Deployment');
			await sb.admin.settled();
			expect(received.map((r) => r.headers['x-service-event'])).toEqual([
				'memory.fact_created',
				'memory.fact_promoted',
				'agent.status_changed',
				'deployment.provisioned',
			]);
			for (const { headers, raw } of received) {
				const expected = 'sha256=' + createHmac('sha256', sub.secret).update(raw).digest('hex');
				expect(headers['x-service-signature']).toBe(expected);
				const body = JSON.parse(raw);
				expect(Object.keys(body)).toEqual(['event', 'org_id', 'timestamp', 'data']);
				expect(body.org_id).toBe('org_acme');
				expect(headers['x-service-timestamp']).toBe(body.timestamp);
				expect(body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
			}
		} finally {
			await receiver.close();
		}
	});

	test('failed deliveries are retried with exponential backoff, a bounded number of times', async () => {
		sb.app.deliverer.options = { maxAttempts: 3, baseDelayMs: 60, timeoutMs: 1000 };
		await api('/webhooks', { method: 'POST', body: { url: 'http://127.0.0.1:9/unreachable', events: ['*'] } });
		sb.admin.emit('org_acme', 'agent.status_changed', { agent_id: 'dep_ops03' });
		await sb.admin.settled();
		const attempts = sb.admin.deliveries();
		expect(attempts.map((d) => d.attempt)).toEqual([1, 2, 3]);
		expect(attempts.every((d) => d.error !== null)).toBe(true);
		// Waits of 60 ms, then 120 ms, between the attempts.
		const at = attempts.map((d) => Date.parse(d.at));
		expect([at[1] - at[0] >= 60, at[2] - at[1] >= 120]).toEqual([true, true]);
	});
});

describe('faults', () => {
	test('the same seed gives the same fault sequence', async () => {
		const run = async (seed = 99) => {
			sb.admin.reset();
			sb.admin.setFaults({ serverErrorRate: 0.3, malformedRate: 0.2, stormRate: 0.1, stormLength: 1 }, seed);
			const statuses: string[] = [];
			for (let i = 0; i < 30; i++) {
				const res = await fetch(`${sb.baseUrl}/agents`, { headers: { authorization: `Bearer ${sb.apiKey}` } });
				const text = await res.text();
				statuses.push(`${res.status}:${text.length}`);
			}
			return statuses;
		};
		const first = await run();
		expect(await run()).toEqual(first);
		expect(new Set(first).size).toBeGreaterThan(2);
		expect(await run(100)).not.toEqual(first);
	});

	test('connection resets drop the connection without an answer', async () => {
		sb.admin.setFaults({ resetRate: 1 }, 1);
		const failure = await fetch(`${sb.baseUrl}/agents`, { headers: { authorization: `Bearer ${sb.apiKey}` } }).then(
			() => undefined,
			(error: Error & { cause?: { code?: string } }) => error,
		);
		expect(failure?.cause?.code).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
		expect(sb.admin.requests().map((r) => r.fault)).toEqual(['reset']);
	});
});
