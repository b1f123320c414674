/**
 * What a hostile or broken server can no longer do to a run: echo the key into errors and output,
 * hold an execution open by dripping bytes, keep a list scan going forever, stall it with absurd
 * rate-limit hints, or fill memory with one response. Each server here is scripted for one attack.
 */
import { sleep, type IDataObject } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { MAX_RESPONSE_BYTES } from '../../src/client/transport';
import { useClock } from '../../src/client/clock';
import { MAX_PAGES_IN_FLIGHT } from '../../src/client/pageWindow';
import { executeNode } from '../harness/n8n-core';
import { virtualClock } from '../harness/virtualClock';
import type { HostileRequest, HostileResponse, HostileServer } from '../hostile/server.js';
import type { RunningSandbox } from '../sandbox';
import { serving, withClient } from './helpers';

/** A fake key, assembled so no literal looks like a credential. */
const KEY = ['ctx', 'hostile', 'probe', '5531'].join('_');

const json = (res: HostileResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
	res.writeHead(status, { 'content-type': 'application/json', ...headers });
	res.end(JSON.stringify(body));
};


const client = (server: HostileServer, scenario: Parameters<typeof withClient>[1], options: Parameters<typeof withClient>[2] = {}) =>
	withClient({} as RunningSandbox, scenario, { apiKey: KEY, baseUrl: server.baseUrl, ...options });

const everything = (value: unknown) => JSON.stringify(value, value instanceof Error ? Object.getOwnPropertyNames(value) : undefined) + String(value);

describe('nothing a server echoes reaches errors or output', () => {
	const echo = (req: HostileRequest, res: HostileResponse) => {
		const sent = String(req.headers.authorization);
		json(res, 400, { error: { code: `bad_${sent}`, message: `You sent ${sent}`, status: 400, detail: sent } });
	};

	test('an error code that echoes the key is not used as the code; the message is redacted', async () => {
		await serving(echo, async (server) => {
			const { error } = await client(server, (c) => c.call('organization.get'));
			expect(error?.message).toMatch(/\[bad_request\]$/);
			expect(error?.description).toMatch(/not a plain identifier/);
			expect(everything(error)).not.toContain(KEY);
		});
	});

	test('with Continue On Fail the output item carries no part of the echo either', async () => {
		await serving(echo, async (server) => {
			const result = await executeNode({
				nodeType: new AgentPlatform(),
				parameters: { resource: 'organization', operation: 'get' },
				credentials: { apiKey: KEY, baseUrl: server.baseUrl },
				continueOnFail: true,
			});
			expect(result.items).toHaveLength(1);
			expect(result.items[0].json.error).toMatch(/\[bad_request\]/);
			expect(everything(result.run?.data)).not.toContain(KEY);
		});
	});
});

describe('every attempt has a total deadline', () => {
	const drip = async (_req: HostileRequest, res: HostileResponse) => {
		res.writeHead(200, { 'content-type': 'application/json' });
		for (const ch of '{"data":{"id":"org_1"}}') {
			if (res.destroyed) return;
			res.write(ch);
			await sleep(400);
		}
		res.end();
	};

	test('a body dripped one byte at a time fails at the deadline instead of holding the run', async () => {
		await serving(drip, async (server) => {
			const started = Date.now();
			const { error } = await client(server, (c) => c.call('organization.get'), { client: { timeoutMs: 1000, retryLimits: { transient: 1 } } });
			const elapsed = Date.now() - started;
			expect(error?.message).toMatch(/no complete response within 1 s/);
			expect(server.received).toHaveLength(2);
			expect(elapsed).toBeLessThan(5_000);
		});
	});

	test('headers that never finish are bounded the same way', async () => {
		await serving(
			async (_req, res) => {
				res.flushHeaders();
				// Held until the client gives up (or the server closes): no timer outlives the test.
				await new Promise<void>((done) => res.once('close', () => done()));
			},
			async (server) => {
				const started = Date.now();
				const { error } = await client(server, (c) => c.call('team.create', { body: { name: 'x' } }), { client: { timeoutMs: 800 } });
				expect(error?.message).toMatch(/no complete response/);
				expect(error?.description).toMatch(/may have been carried out/);
				expect(server.received).toHaveLength(1);
				expect(Date.now() - started).toBeLessThan(5_000);
			},
		);
	});
});

describe('a list scan ends by itself', () => {
	const page = (offset: number, ids: boolean) => ({
		data: Array.from({ length: 10 }, (_, i) => (ids ? { id: `fact_${i}` } : { content: `item ${i}` })),
		pagination: { offset, limit: 10, total: 1e12 },
	});

	test('the same page forever, with a huge total: stops with a clear error after a few pages', async () => {
		await serving(
			(req, res) => json(res, 200, page(Number(new URL(req.url, 'http://x').searchParams.get('offset')), true)),
			async (server) => {
				const { error } = await client(server, (c) => c.list('memoryFact.getMany'));
				expect(error?.message).toMatch(/could not be read to the end: 3 pages in a row added no new item/);
				expect(server.received.length).toBeLessThan(20);
			},
		);
	});

	test('a server whose offset does not advance (pages without ids) stops the scan at once', async () => {
		await serving(
			(_req, res) => json(res, 200, page(0, false)),
			async (server) => {
				const { error } = await client(server, (c) => c.list('memoryFact.getMany'));
				expect(error?.message).toMatch(/answered a request for offset 10 with offset 0/);
				// Pages answered before the wrong one is read may widen the window (how many depends on the
				// machine's load: 18 were seen under a full CI run); a scan that read on would go far past it.
				expect(server.received.length).toBeLessThanOrEqual(1 + MAX_PAGES_IN_FLIGHT);
			},
		);
	});

	test.each([
		['null', null],
		['a number', 7],
		['text', 'fact'],
		['an array', [{ id: 'fact_1' }]],
	])('a page whose items include %s is refused as not the list envelope, not handed on', async (_what, odd) => {
		await serving(
			(_req, res) => json(res, 200, { data: [{ id: 'fact_0' }, odd], pagination: { offset: 0, limit: 100, total: 2 } }),
			async (server) => {
				const { value, error } = await client(server, (c) => c.list('memoryFact.getMany'));
				expect(value).toBeUndefined();
				expect(error?.message).toMatch(/not the API list envelope/);
			},
		);
	});
});

describe('absurd rate-limit hints', () => {
	test('Retry-After: 86400 fails at once, quoting the hint', async () => {
		await serving(
			(_req, res) => json(res, 429, { error: { code: 'rate_limit_exceeded', message: 'Slow down', status: 429 } }, { 'retry-after': '86400' }),
			async (server) => {
				const started = Date.now();
				const { error } = await client(server, (c) => c.call('organization.get'));
				expect(error?.message).toMatch(/\(Retry-After: 86400\)/);
				expect(Date.now() - started).toBeLessThan(3_000);
				expect(server.received).toHaveLength(1);
			},
		);
	});

	test('a reset 1e20 seconds away with nothing remaining is ignored, not waited for', async () => {
		let served = 0;
		await serving(
			(req, res) => {
				const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset'));
				served += 1;
				json(res, 200, { data: Array.from({ length: 10 }, (_, i) => ({ id: `fact_${offset + i}` })), pagination: { offset, limit: 10, total: 50 } }, {
					'x-ratelimit-limit': '60',
					'x-ratelimit-remaining': '0',
					'x-ratelimit-reset': '100000000000000000000',
				});
			},
			async (server) => {
				const started = Date.now();
				const { value, error } = await client(server, (c) => c.list('memoryFact.getMany'));
				expect(error).toBeUndefined();
				expect(value as IDataObject[]).toHaveLength(50);
				expect(served).toBe(5);
				expect(Date.now() - started).toBeLessThan(3_000);
			},
		);
	});

	test('Retry-After with a fraction is rounded up', async () => {
		// The wait is the client's, on a virtual clock: measured in its time, not slept through.
		const clock = virtualClock();
		const restore = useClock(clock);
		const times: number[] = [];
		try {
			await serving(
				(_req, res) => {
					times.push(clock.now());
					if (times.length === 1) json(res, 429, { error: { code: 'rate_limit_exceeded', message: 'Slow down', status: 429 } }, { 'retry-after': '0.2' });
					else json(res, 200, { data: { id: 'org_1' } });
				},
				async (server) => {
					const { error } = await client(server, (c) => c.call('organization.get'));
					expect(error).toBeUndefined();
					expect(times[1] - times[0]).toBeGreaterThanOrEqual(1_000);
				},
			);
		} finally {
			restore();
		}
	});
});

describe('nothing sent is never "may have been carried out"', () => {
	test('a Base URL that is not a URL fails naming the credential field, before any request', async () => {
		const { error } = await withClient({} as RunningSandbox, (c) => c.call('team.create', { body: { name: 'x' } }), { apiKey: KEY, baseUrl: 'htp:/ /api example' });
		expect(error?.message).toMatch(/The Base URL in the "Agent Platform API" credential/);
		expect(error?.description).not.toMatch(/may have been carried out/);
	});

	test('a name that does not resolve: a POST is reported as never sent', async () => {
		const { error } = await withClient({} as RunningSandbox, (c) => c.call('team.create', { body: { name: 'x' } }), {
			apiKey: KEY,
			baseUrl: 'http://agent-platform.invalid/v1',
			client: { retryLimits: { transient: 1 } },
		});
		// n8n words the message for a DNS failure itself ("The connection cannot be established ...").
		expect(`${error?.message} ${error?.description}`).toMatch(/ENOTFOUND|EAI_AGAIN|connection cannot be established/);
		expect(error?.description).toMatch(/Check the Base URL/);
		expect(error?.description).not.toMatch(/may have been carried out/);
	});
});

test('a response larger than the bound is refused, not parsed or handed on', async () => {
	await serving(
		async (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			const chunk = Buffer.alloc(1024 * 1024, 0x20);
			for (let sent = 0; sent <= MAX_RESPONSE_BYTES && !res.destroyed; sent += chunk.length) {
				if (!res.write(chunk)) await sleep(1);
			}
			res.end();
		},
		async (server) => {
			const { error } = await client(server, (c) => c.call('organization.get'));
			expect(error?.message).toMatch(/response larger than 32 MB/);
			expect(server.received).toHaveLength(1);
		},
	);
});
