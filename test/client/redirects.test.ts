/**
 * The API key never leaves the Base URL's origin: a server (or proxy) answering any 3xx gets no
 * second request from us, on every request path the package has. A second server stands where the
 * redirect points and records whatever reaches it.
 */
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { credentialTestContext, executeNode } from '../harness/n8n-core';
import { startHostile, type HostileServer } from '../hostile/server.js';
import type { RunningSandbox } from '../sandbox';
import { triggerWorkflow } from '../trigger/helpers';
import { withClient } from './helpers';

/**
 * A fake key, assembled so no literal looks like a credential. Not made of words the messages use:
 * any 8 characters of a key are redacted wherever they stand (redaction.ts), "redirect" among them.
 */
const KEY = ['ctx', 'r3d1r', 'pr0be', '9081'].join('_');

let elsewhere: HostileServer;
let redirector: HostileServer;
let status = 302;

beforeAll(async () => {
	elsewhere = await startHostile((_req, res) => {
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(JSON.stringify({ data: [], pagination: { offset: 0, limit: 100, total: 0 } }));
	});
	redirector = await startHostile((req, res) => {
		res.writeHead(status, { location: `${elsewhere.origin}/v1/collect${req.url.replace(/^\/v1/, '')}` });
		res.end();
	});
});
afterAll(async () => {
	await elsewhere.close();
	await redirector.close();
});
beforeEach(() => {
	elsewhere.received.length = 0;
	redirector.received.length = 0;
});

const credentials = () => ({ apiKey: KEY, baseUrl: redirector.baseUrl });

/** Each way the package sends the key, returning the error text the user would see. */
const paths: Array<[string, () => Promise<string>]> = [
	['a named route (GET)', async () => (await withClient(credentials() as unknown as RunningSandbox, (c) => c.call('organization.get'), credentials())).error?.message ?? ''],
	[
		'a named route with a body (POST)',
		async () => (await withClient(credentials() as unknown as RunningSandbox, (c) => c.call('team.create', { body: { name: 'Team' } }), credentials())).error?.message ?? '',
	],
	[
		'the API Request operation',
		async () => {
			const result = await executeNode({
				nodeType: new AgentPlatform(),
				parameters: { resource: 'apiRequest', operation: 'request', method: 'PUT', path: '/agents/dep_1', query: '{}', body: '{"name":"x"}' },
				credentials: credentials(),
			});
			return result.error?.message ?? '';
		},
	],
	[
		'the credential test',
		async () => {
			const fn = new AgentPlatform().methods.credentialTest.agentPlatformApiTest;
			const result = await fn.call(credentialTestContext(), { id: '1', name: 'c', type: 'agentPlatformApi', data: credentials() });
			return result.status === 'OK' ? '' : result.message;
		},
	],
	[
		"the trigger's subscription on activation",
		async () => {
			const wf = triggerWorkflow(credentials() as unknown as RunningSandbox, { subscriptionMode: 'create', events: ['*'], options: {} });
			return await wf.activate('http://127.0.0.1:1/webhook').then(
				() => '',
				(error: Error) => error.message,
			);
		},
	],
];

describe.each([301, 302, 303, 307, 308])('HTTP %i to another origin', (code) => {
	test.each(paths)('%s: not followed, nothing reaches the other origin, the error names where it pointed', async (_name, send) => {
		status = code;
		const message = await send();
		expect(redirector.received.length).toBeGreaterThan(0);
		expect(redirector.received[0].headers.authorization).toBe(`Bearer ${KEY}`);
		expect(elsewhere.received).toEqual([]);
		expect(message).toContain(`redirect (HTTP ${code})`);
		expect(message).toContain(elsewhere.origin);
		expect(message).not.toContain(KEY);
	});
});

test('a redirect to the same origin is not followed either', async () => {
	status = 307;
	const sameOrigin = await startHostile((req, res) => {
		if (req.url.startsWith('/v1/moved')) {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"data":{"id":"org_1"}}');
			return;
		}
		res.writeHead(301, { location: '/v1/moved' });
		res.end();
	});
	try {
		const { error } = await withClient({} as RunningSandbox, (c) => c.call('organization.get'), { apiKey: KEY, baseUrl: sameOrigin.baseUrl });
		expect(error?.message).toMatch(/redirect \(HTTP 301\) to "\/v1\/moved"/);
		expect(error?.description).toMatch(/Base URL/);
		expect(sameOrigin.received.map((r) => r.url)).toEqual(['/v1/organization']);
	} finally {
		await sameOrigin.close();
	}
});
