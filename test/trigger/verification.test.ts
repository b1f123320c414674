import { createHmac } from 'node:crypto';
import { sign, verifySignature } from '../../src/signing';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { ReplayMemory } from '../../nodes/AgentPlatformTrigger/replayGuard';
import { delivery, SECRET, triggerWorkflow } from './helpers';
import { parseLikeN8n } from './receiver.js';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox()));
afterAll(async () => await sb.close());

const workflow = (options = {}, events = ['*']) => {
	const wf = triggerWorkflow(sb, { subscriptionMode: 'existing', events, options }, { signingSecret: SECRET });
	return wf;
};

describe('signature scheme', () => {
	test("GitHub's published X-Hub-Signature-256 example verifies (same sha256= scheme)", () => {
		const secret = "It's a Secret to Everybody";
		const expected = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';
		expect(sign(secret, 'Hello, World!')).toBe(expected);
		expect(verifySignature(secret, Buffer.from('Hello, World!'), expected)).toEqual({ valid: true });
		expect(`sha256=${createHmac('sha256', secret).update('Hello, World!').digest('hex')}`).toBe(expected);
	});

	test('uppercase hex, a missing prefix or the wrong length are malformed, not accepted', () => {
		const good = sign('k', 'body');
		expect(verifySignature('k', 'body', good.toUpperCase().replace('SHA256=', 'sha256=')).valid).toBe(false);
		expect(verifySignature('k', 'body', good.slice('sha256='.length))).toEqual({ valid: false, reason: 'malformed' });
		expect(verifySignature('k', 'body', good.slice(0, -2))).toEqual({ valid: false, reason: 'malformed' });
		expect(verifySignature('k', 'body', undefined)).toEqual({ valid: false, reason: 'missing' });
	});
});

describe('each incoming request', () => {
	test('a correctly signed event starts one execution with the signed body: event, org_id, timestamp and data', async () => {
		const wf = workflow();
		const d = delivery();
		const answer = await wf.deliver(d);
		expect(answer.started).toBe(true);
		expect(wf.executions[0]).toEqual([{ event: 'memory.fact_promoted', org_id: 'org_acme', timestamp: d.body && (d.body as { timestamp: string }).timestamp, data: { fact: { id: 'fact_1', agent_id: 'dep_support01' } } }]);
		expect(JSON.stringify(wf.executions)).not.toContain(SECRET);
	});

	test('fields of the signed body the spec does not show (a delivery id) reach the workflow too', async () => {
		const wf = workflow();
		const answer = await wf.deliver(delivery({ extra: { delivery_id: 'dlv_123', api_version: '2026-11-01' } }));
		expect(answer.started).toBe(true);
		expect(wf.executions[0][0]).toEqual(expect.objectContaining({ event: 'memory.fact_promoted', delivery_id: 'dlv_123', api_version: '2026-11-01' }));
	});

	test.each([
		['missing signature', (d: ReturnType<typeof delivery>) => ({ ...d, headers: { ...d.headers, 'x-service-signature': undefined } })],
		['malformed signature', (d: ReturnType<typeof delivery>) => ({ ...d, headers: { ...d.headers, 'x-service-signature': 'sha1=abc' } })],
		['signature from another secret', () => delivery({ secret: 'someone_else' })],
		['body not the signed bytes (re-serialized)', (d: ReturnType<typeof delivery>) => ({ ...d, rawBody: Buffer.from(JSON.stringify(d.body, null, 2)) })],
		['body tampered', (d: ReturnType<typeof delivery>) => ({ ...d, rawBody: Buffer.from(d.rawBody.toString().replace('fact_1', 'fact_2')) })],
		['timestamp header differs from the body', () => delivery({ headerTimestamp: new Date(Date.now() - 1000).toISOString() })],
		['timestamp older than the tolerance (replay)', () => {
			const old = new Date(Date.now() - 10 * 60_000).toISOString();
			return delivery({ timestamp: old, headerTimestamp: old });
		}],
	])('%s: 401 and no execution', async (_name, make) => {
		const wf = workflow();
		const answer = await wf.deliver(make(delivery()));
		expect(answer.status).toBe(401);
		expect(answer.started).toBe(false);
		expect(wf.executions).toHaveLength(0);
		expect(answer.body ?? '').not.toContain(SECRET);
	});

	test('a signed body that is not JSON: 400', async () => {
		const wf = workflow();
		const rawBody = Buffer.from('event=memory.fact_created');
		const answer = await wf.deliver({ rawBody, body: {}, headers: { 'x-service-signature': sign(SECRET, rawBody), 'x-service-timestamp': new Date().toISOString() } });
		expect(answer.status).toBe(400);
		expect(wf.executions).toHaveLength(0);
	});

	test('an oversized body: 400 before any hashing', async () => {
		const wf = workflow();
		const rawBody = Buffer.alloc(6 * 1024 * 1024, 'a');
		const answer = await wf.deliver({ rawBody, body: {}, headers: { 'x-service-signature': sign(SECRET, rawBody) } });
		expect(answer.status).toBe(400);
	});

	test('the identical event delivered again within the window starts no second execution', async () => {
		const wf = workflow();
		const d = delivery({ data: { fact: { id: 'fact_dup' } } });
		expect((await wf.deliver(d)).started).toBe(true);
		const again = await wf.deliver(d);
		expect(again.started).toBe(false);
		expect(again.status).toBe(200);
		expect(wf.executions).toHaveLength(1);
	});

	test("a duplicate stays refused for as long as its timestamp is accepted, also when the sender's clock runs ahead", async () => {
		const wf = workflow();
		const start = Date.now();
		// Sent by a service whose clock is 4 minutes ahead: accepted (within the 5-minute tolerance).
		const ahead = new Date(start + 4 * 60_000).toISOString();
		const d = delivery({ timestamp: ahead, headerTimestamp: ahead, data: { fact: { id: 'fact_skewed' } } });
		const now = jest.spyOn(Date, 'now');
		try {
			now.mockReturnValue(start);
			expect((await wf.deliver(d)).started).toBe(true);
			// 6 minutes later the timestamp is 2 minutes old, still accepted: the copy must be a duplicate.
			now.mockReturnValue(start + 6 * 60_000);
			const again = await wf.deliver(d);
			expect(again).toEqual(expect.objectContaining({ status: 200, started: false }));
			expect(wf.executions).toHaveLength(1);
		} finally {
			now.mockRestore();
		}
	});

	test('the output is the signed bytes, whatever the Content-Type made n8n parse them into', async () => {
		const wf = workflow();
		const timestamp = new Date().toISOString();
		// Signed JSON whose bytes, read as a form, say something else: event, org_id and timestamp forged.
		const note = `x&event=memory.fact_promoted&org_id=org_evil&timestamp=${timestamp}&data=forged`;
		const rawBody = Buffer.from(JSON.stringify({ event: 'memory.fact_created', org_id: 'org_acme', timestamp, data: { note } }));
		const asForm = parseLikeN8n(rawBody, 'application/x-www-form-urlencoded') as Record<string, string>;
		expect(asForm).toEqual(expect.objectContaining({ event: 'memory.fact_promoted', org_id: 'org_evil' }));
		const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-service-signature': sign(SECRET, rawBody), 'x-service-timestamp': timestamp };
		const answer = await wf.deliver({ rawBody, body: asForm, headers });
		expect(answer.started).toBe(true);
		expect(wf.executions[0]).toEqual([{ event: 'memory.fact_created', org_id: 'org_acme', timestamp, data: { note } }]);
	});

	test('a delivery without the raw bytes is refused: there is nothing verified to act on', async () => {
		const wf = workflow();
		const d = delivery();
		const answer = await wf.deliver({ rawBody: undefined as unknown as Buffer, body: d.body, headers: d.headers });
		expect(answer.status).toBe(400);
		expect(answer.body).toMatch(/no raw body/);
		expect(wf.executions).toHaveLength(0);
	});

	test('events not subscribed to: 200 so the service does not retry, and nothing starts', async () => {
		const wf = workflow({}, ['agent.status_changed']);
		const answer = await wf.deliver(delivery({ event: 'memory.fact_created' }));
		expect(answer).toEqual(expect.objectContaining({ status: 200, started: false }));
	});

	test('the agent filter ignores events about other agents', async () => {
		const wf = workflow({ agentId: 'dep_sales02' });
		expect((await wf.deliver(delivery({ data: { fact: { id: 'fact_a', agent_id: 'dep_support01' } } }))).started).toBe(false);
		expect((await wf.deliver(delivery({ data: { fact: { id: 'fact_b', agent_id: 'dep_sales02' } } }))).started).toBe(true);
	});

	test('delivery headers can be included; the signature never is', async () => {
		const wf = workflow({ includeHeaders: true });
		await wf.deliver(delivery({ data: { n: 1 } }));
		expect(wf.executions[0][0].headers).toEqual({ 'x-service-event': 'memory.fact_promoted', 'x-service-timestamp': expect.any(String) });
	});

	test('with no stored secret (subscription lost), events are refused', async () => {
		const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: {} });
		const answer = await wf.deliver(delivery());
		expect(answer.status).toBe(401);
	});
});

describe('replay memory', () => {
	test('never forgets a delivery inside its window to make room: when full of live entries it refuses', () => {
		const memory = new ReplayMemory(3);
		expect(['a', 'b', 'c'].map((k) => memory.remember(k, 1_000, 0))).toEqual(['new', 'new', 'new']);
		expect(memory.remember('d', 1_000, 10)).toBe('full');
		expect(memory.remember('a', 1_000, 10)).toBe('duplicate');
		// Once the oldest windows have passed, their room is reused.
		expect(memory.remember('d', 2_000, 1_000)).toBe('new');
		expect(memory.size).toBe(1);
		expect(memory.remember('a', 2_000, 1_000)).toBe('new');
	});

	test('entries leave in arrival order once expired; one expired behind a live one waits for it', () => {
		const memory = new ReplayMemory(10);
		memory.remember('long', 900, 0);
		memory.remember('short', 300, 0);
		expect(memory.remember('x', 1_200, 500)).toBe('new');
		expect(memory.size).toBe(3);
		expect(memory.remember('short', 1_200, 500)).toBe('new');
		expect(memory.remember('y', 1_500, 1_000)).toBe('new');
		expect(memory.size).toBe(3);
	});
});
