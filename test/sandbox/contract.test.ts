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
		// A millisecond later, so the new fact does not share the batch's date (equal dates are ties).
		sb.admin.advance(1);
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
		await expect(startSandbox({ factOrder: 'sideways' as never })).rejects.toThrow('factOrder must be one of oldest-first, newest-first, agent-then-oldest, agent-then-newest, unordered');
	});

	test.each([
		['agent-then-oldest', 1],
		['agent-then-newest', -1],
	] as const)('%s: sorted by agent, then by creation', async (factOrder, direction) => {
		sb.admin.setFactOrder(factOrder);
		await api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_sales02', content: 'a new sales fact' } });
		const { data } = (await api('/memory/facts?limit=100')).json as { data: Array<{ agent_id: string; created_at: string }> };
		const agents = data.map((f) => f.agent_id);
		expect(agents).toEqual([...agents].sort());
		expect(new Set(agents).size).toBeGreaterThan(1);
		for (let i = 1; i < data.length; i++) {
			if (data[i].agent_id !== data[i - 1].agent_id) continue;
			expect(direction * (Date.parse(data[i].created_at) - Date.parse(data[i - 1].created_at))).toBeGreaterThanOrEqual(0);
		}
	});
});

describe('the platform as it lives: batches, ties, lifetimes, clock, graduation', () => {
	type Fact = { id: string; tier: string; created_at: string; promoted_at: string | null; expires_at: string | null };
	const facts = async (query = '') => ((await api(`/memory/facts?limit=100${query}`)).json.data as Fact[]);
	const batchIds = async () => (await facts()).filter((f) => f.id.startsWith('fact_g')).map((f) => f.id);

	test('a seeded batch shares one created_at, the sandbox clock\'s now', async () => {
		sb.admin.seedFacts('org_acme', 30);
		const batch = (await facts()).filter((f) => f.id.startsWith('fact_g'));
		expect(batch).toHaveLength(30);
		expect(new Set(batch.map((f) => f.created_at)).size).toBe(1);
		expect(Math.abs(Date.parse(batch[0].created_at) - sb.admin.now())).toBeLessThan(5_000);
	});

	test('facts with equal dates: the same order between writes, a new one after a write; --stable-ties keeps creation order', async () => {
		sb.admin.seedFacts('org_acme', 40);
		const first = await batchIds();
		expect(await batchIds()).toEqual(first);
		await api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_support01', content: 'a write' } });
		const second = await batchIds();
		expect([...second].sort()).toEqual([...first].sort());
		expect(second).not.toEqual(first);
		const stable = await startSandbox({ stableTies: true });
		try {
			stable.admin.seedFacts('org_acme', 40);
			const get = async () => ((await (await fetch(`${stable.baseUrl}/memory/facts?limit=100`, { headers: { authorization: `Bearer ${stable.apiKey}` } })).json()).data as Fact[]).map((f) => f.id).filter((id) => id.startsWith('fact_g'));
			const before = await get();
			expect(before).toEqual([...before].sort());
			await fetch(`${stable.baseUrl}/memory/facts`, { method: 'POST', headers: { authorization: `Bearer ${stable.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ agent_id: 'dep_support01', content: 'a write' }) });
			expect(await get()).toEqual(before);
		} finally {
			await stable.close();
		}
	});

	test('an L1 fact is gone after 61 minutes of the sandbox clock: from lists, get (404), search and totals, with no event', async () => {
		const received: string[] = [];
		const receiver = await startReceiver(async (req) => void received.push(String(req.headers['x-service-event'])));
		try {
			await api('/webhooks', { method: 'POST', body: { url: receiver.url, events: ['*'] } });
			const fact = (await api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_support01', content: 'short-lived needle' } })).json.data as Fact;
			expect(Date.parse(fact.expires_at as string) - Date.parse(fact.created_at)).toBe(3_600_000);
			const total = (await api('/memory/facts?limit=1')).json.pagination.total;
			sb.admin.advance(59 * 60_000);
			expect((await api(`/memory/facts/${fact.id}`)).status).toBe(200);
			sb.admin.advance(2 * 60_000);
			expect((await api(`/memory/facts/${fact.id}`)).status).toBe(404);
			expect((await facts('&q=needle')).map((f) => f.id)).toEqual([]);
			expect((await facts()).some((f) => f.tier === 'L1')).toBe(false);
			// The three seeded L1 facts and this one are gone; the rest stay.
			expect((await api('/memory/facts?limit=1')).json.pagination.total).toBe(total - 4);
			await sb.admin.settled();
			expect(received).toEqual(['memory.fact_created']);
		} finally {
			await receiver.close();
		}
	});

	test('an L2 fact graduated to L3 is alive 3 days later, its lifetime restarted from the graduation', async () => {
		const received: Array<{ event: string; data: { fact: Fact; previous: { tier: string } } }> = [];
		const receiver = await startReceiver(async (req) => void received.push(JSON.parse(req.rawBody.toString('utf8'))));
		try {
			await api('/webhooks', { method: 'POST', body: { url: receiver.url, events: ['memory.fact_promoted'] } });
			const l2 = (await facts('&tier=L2'))[0];
			sb.admin.advance(3_600_000);
			const graduated = await fetch(`${sb.adminUrl}/graduate`, { method: 'POST', body: JSON.stringify({ org_id: 'org_acme', fact_id: l2.id }) });
			const fact = (await graduated.json()).data as Fact;
			expect(fact.tier).toBe('L3');
			expect(fact.promoted_at).toBe(new Date(Date.parse(fact.promoted_at as string)).toISOString());
			expect(Date.parse(fact.expires_at as string) - Date.parse(fact.promoted_at as string)).toBe(7 * 86_400_000);
			sb.admin.advance(3 * 86_400_000);
			expect((await api(`/memory/facts/${l2.id}`)).json.data.tier).toBe('L3');
			expect((await facts('&tier=L2')).map((f) => f.id)).toEqual([]);
			await sb.admin.settled();
			expect(received.map((r) => [r.event, r.data.fact.id, r.data.previous.tier, r.data.fact.tier])).toEqual([['memory.fact_promoted', l2.id, 'L2', 'L3']]);
		} finally {
			await receiver.close();
		}
	});

	test('the clock dates everything it writes: facts, events, the signature timestamp', async () => {
		const received: Array<{ timestamp: string; header: unknown }> = [];
		const receiver = await startReceiver(async (req) => void received.push({ timestamp: JSON.parse(req.rawBody.toString('utf8')).timestamp, header: req.headers['x-service-timestamp'] }));
		try {
			await api('/webhooks', { method: 'POST', body: { url: receiver.url, events: ['*'] } });
			const clock = await (await fetch(`${sb.adminUrl}/clock`, { method: 'POST', body: JSON.stringify({ advanceMs: 86_400_000 }) })).json();
			expect(clock.data).toEqual({ now: expect.any(String), offsetMs: 0, advancedMs: 86_400_000 });
			const fact = (await api('/memory/facts', { method: 'POST', body: { agent_id: 'dep_support01', content: 'tomorrow' } })).json.data as Fact;
			expect(Math.abs(Date.parse(fact.created_at) - (Date.now() + 86_400_000))).toBeLessThan(5_000);
			await sb.admin.settled();
			expect(received[0].header).toBe(received[0].timestamp);
			expect(Math.abs(Date.parse(received[0].timestamp) - (Date.now() + 86_400_000))).toBeLessThan(5_000);
			sb.admin.reset();
			expect(Math.abs(sb.admin.now() - Date.now())).toBeLessThan(1_000);
		} finally {
			await receiver.close();
		}
	});

	test('a clock offset: a server whose clock is behind n8n\'s dates its facts in n8n\'s past', async () => {
		const behind = await startSandbox({ clockOffsetMs: -600_000 });
		try {
			const res = await fetch(`${behind.baseUrl}/memory/facts`, { method: 'POST', headers: { authorization: `Bearer ${behind.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ agent_id: 'dep_support01', content: 'late' }) });
			const fact = (await res.json()).data as Fact;
			expect(Date.now() - Date.parse(fact.created_at)).toBeGreaterThan(590_000);
			expect(Date.now() - Date.parse(fact.created_at)).toBeLessThan(610_000);
		} finally {
			await behind.close();
		}
	});

	test('the `Date` header follows the sandbox\'s clock: an offset and a moved clock move it with the dates, and epoch resets with it', async () => {
		const ahead = await startSandbox({ clockOffsetMs: 3_600_000, resetUnit: 'epoch-ms' });
		try {
			const get = async () => fetch(`${ahead.baseUrl}/agents`, { headers: { authorization: `Bearer ${ahead.apiKey}` } });
			const first = await get();
			expect(Date.parse(String(first.headers.get('date'))) - Date.now()).toBeGreaterThan(3_590_000);
			// The reset is as far from the `Date` as a window is, whatever the clock's offset.
			const resetFromDate = Number(first.headers.get('x-ratelimit-reset')) - Date.parse(String(first.headers.get('date')));
			expect(resetFromDate).toBeGreaterThan(0);
			expect(resetFromDate).toBeLessThanOrEqual(61_000);
			ahead.admin.advance(86_400_000);
			const moved = await get();
			expect(Date.parse(String(moved.headers.get('date'))) - Date.now()).toBeGreaterThan(86_400_000 + 3_590_000);
		} finally {
			await ahead.close();
		}
	});

	test('--graduation N: every minute of the clock, N facts a list returned in that minute graduate, with their events', async () => {
		const living = await startSandbox({ graduation: 2, seed: 5 });
		try {
			const list = async () => ((await (await fetch(`${living.baseUrl}/memory/facts?limit=100`, { headers: { authorization: `Bearer ${living.apiKey}` } })).json()).data as Fact[]);
			const before = await list();
			expect(before.filter((f) => f.promoted_at !== null)).toEqual([]);
			living.admin.advance(60_000);
			const after = await list();
			const moved = after.filter((f) => f.promoted_at !== null);
			expect(moved).toHaveLength(2);
			for (const fact of moved) {
				const was = before.find((f) => f.id === fact.id) as Fact;
				expect(Number(fact.tier.slice(1))).toBe(Number(was.tier.slice(1)) + 1);
			}
			// That list was in the next minute: its picks graduate when it ends; a minute with no list moves nothing.
			const promoted = () => [...living.admin.org('org_acme').facts.values()].filter((f) => f.promoted_at !== null).length;
			living.admin.advance(60_000);
			expect(promoted()).toBeGreaterThan(2);
			const settled = promoted();
			living.admin.advance(60_000);
			expect(promoted()).toBe(settled);
		} finally {
			await living.close();
		}
	});

	test('lifetimes: false keeps every fact', async () => {
		const still = await startSandbox({ lifetimes: false });
		try {
			still.admin.advance(30 * 86_400_000);
			const res = await fetch(`${still.baseUrl}/memory/facts?limit=1`, { headers: { authorization: `Bearer ${still.apiKey}` } });
			expect((await res.json()).pagination.total).toBe(12);
		} finally {
			await still.close();
		}
	});

	test.each([
		['POST', '/clock', { advanceMs: -5 }, '"advanceMs" must be a whole number'],
		['POST', '/clock', { advanceMs: 'soon' }, '"advanceMs" must be a whole number'],
		['POST', '/graduate', { fact_id: 'fact_nope' }, '"fact_id": no fact "fact_nope"'],
		['POST', '/graduate', { fact_id: 'fact_0004', tier: 'L1' }, '"tier": a graduation moves a fact up'],
		['POST', '/graduate', { fact_id: 'fact_0010' }, '"tier": fact_0010 is already L4, the top tier'],
		['POST', '/graduate', { fact_id: 'fact_0001', tier: 'L9' }, '"tier" must be one of L1, L2, L3, L4'],
		['POST', '/seed', { facts: 2, agent_id: 'dep_nope' }, '"agent_id": no agent "dep_nope"'],
		['PUT', '/fact-order', { order: 'sideways' }, '"order" must be one of'],
	])('bad input to %s %s is refused naming the field, and changes nothing', async (method, route, body, message) => {
		const before = JSON.stringify([...sb.admin.org('org_acme').facts.values()]);
		const clock = sb.admin.now();
		const res = await fetch(`${sb.adminUrl}${route}`, { method, body: JSON.stringify(body) });
		expect(res.status).toBe(400);
		expect((await res.json()).error.message).toContain(message);
		expect(JSON.stringify([...sb.admin.org('org_acme').facts.values()])).toBe(before);
		expect(sb.admin.now() - clock).toBeLessThan(1_000);
		expect(sb.app.factOrder).toBe('oldest-first');
	});

	test.each([
		[{ clockOffsetMs: 1.5 }, 'clockOffsetMs must be a whole number of milliseconds'],
		[{ graduation: -1 }, 'graduation must be a whole number of facts a minute'],
	])('a bad option %j is refused naming it', async (options, message) => {
		await expect(startSandbox(options)).rejects.toThrow(message);
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
