/**
 * Errors that say what to do: a failure names what happened in words and the user's next step
 * (which part of the Base URL to check, to try again later, to run later), not a low-level code
 * alone. Each case is one a new user meets.
 */
import type { INode } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { apiError, malformedResponseError, networkError, redirectError } from '../../src/client/errors';
import { testAgentPlatformCredential } from '../../src/client/credentialTest';
import { credentialTestContext, executeNode } from '../harness/n8n-core';
import type { HostileRequest, HostileResponse } from '../hostile/server.js';
import type { RunningSandbox } from '../sandbox';
import { serving, withClient } from './helpers';

/** A fake key, assembled so no literal looks like a credential. */
const KEY = ['ctx', 'errors', 'probe', '3141'].join('_');


const client = (baseUrl: string, scenario: Parameters<typeof withClient>[1], retries = 0) =>
	withClient({} as RunningSandbox, scenario, { apiKey: KEY, baseUrl, client: { retryLimits: { transient: retries } } });

const credentialTest = async (baseUrl: string) =>
	await testAgentPlatformCredential.call(credentialTestContext(), { id: 'cred-1', name: 'Agent Platform', type: 'agentPlatformApi', data: { apiKey: KEY, baseUrl } });

const okServer = (_req: HostileRequest, res: HostileResponse) => {
	res.writeHead(200, { 'content-type': 'application/json' });
	res.end(JSON.stringify({ data: [], pagination: { offset: 0, limit: 1, total: 0 } }));
};

describe('a Base URL that cannot be reached says why in words and which part to check', () => {
	test('https:// to a server that speaks only http: no secure connection; check the scheme and port', async () => {
		await serving(okServer, async (server) => {
			const https = server.baseUrl.replace('http://', 'https://');
			const port = new URL(server.baseUrl).port;
			const { error } = await client(https, (c) => c.call('organization.get'));
			expect(error?.message).toBe(`Could not reach the Agent Platform API: no secure (https) connection could be made to 127.0.0.1:${port}`);
			expect(error?.description).toMatch(/Check the Base URL's scheme and port: .*starting with http:\/\/.* \(error code: EPROTO\)$/);
			const tested = await credentialTest(https);
			expect(tested.status).toBe('Error');
			expect(tested.message).toMatch(/^Could not reach the Agent Platform API at https:\/\/127\.0\.0\.1:\d+\/v1: no secure \(https\) connection could be made to .*\(error code: EPROTO\)\. Check the Base URL's scheme and port/);
			expect(JSON.stringify([error, error?.description, tested])).not.toContain(KEY);
		});
	});

	test('a host that does not exist: host not found, naming the host part of the Base URL', async () => {
		const baseUrl = 'http://agent-platfrom.invalid/v1';
		const tested = await credentialTest(baseUrl);
		expect(tested.status).toBe('Error');
		expect(tested.message).toMatch(/: the host "agent-platfrom\.invalid" (was not found|could not be looked up just now) \(error code: (ENOTFOUND|EAI_AGAIN)\)\. Check the Base URL's host name \(agent-platfrom\.invalid\)/);
		const { error } = await client(baseUrl, (c) => c.call('organization.get'));
		// Not n8n's generic "The connection cannot be established ..." that replaces a message naming a code.
		expect(error?.message).toMatch(/^Could not reach the Agent Platform API: the host "agent-platfrom\.invalid" (was not found|could not be looked up just now)$/);
		expect(error?.description).toMatch(/Check the Base URL's host name \(agent-platfrom\.invalid\) in the credential/);
	});
});

describe('a server failure says it is the service, how often it was tried, and to try again later', () => {
	const htmlError = (_req: HostileRequest, res: HostileResponse) => {
		res.writeHead(500, { 'content-type': 'text/html' });
		res.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
	};

	test('a GET answered 500 with an HTML page: retried, then "try again later", not "check the Base URL"', async () => {
		await serving(htmlError, async (server) => {
			const { error } = await client(server.baseUrl, (c) => c.call('organization.get'), 2);
			expect(error?.message).toBe('The Agent Platform API returned an HTML page instead of JSON (HTTP 500)');
			expect(error?.description).toBe(
				'The service had an internal error (HTTP 500) for GET /organization. It was sent 3 times (retried 2 times, with growing pauses). This is trouble on the service\'s side, not in the request: try again later.',
			);
			expect(server.received).toHaveLength(3);
		});
	});

	test('a POST answered 500 with an HTML page: sent once, and it may have been carried out', async () => {
		await serving(htmlError, async (server) => {
			const { error } = await client(server.baseUrl, (c) => c.call('team.create', { body: { name: 'x' } }), 2);
			expect(error?.description).toMatch(/^The service had an internal error \(HTTP 500\) for POST \/organization\/teams\. It was sent once\. .*try again later\. .*may have been carried out/);
			expect(server.received).toHaveLength(1);
		});
	});
});

test('a 429 asking for an hour says so, that the node waits at most 65 s, and what to do; nothing was retried', async () => {
	await serving(
		(_req, res) => {
			res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3600' });
			res.end(JSON.stringify({ error: { code: 'rate_limit_exceeded', message: 'Rate limit exceeded', status: 429 } }));
		},
		async (server) => {
			const result = await executeNode({
				nodeType: new AgentPlatform(),
				parameters: { resource: 'organization', operation: 'get' },
				credentials: { apiKey: KEY, baseUrl: server.baseUrl },
			});
			expect(result.error?.message).toBe('The Agent Platform API asks to wait 1 h before the next request (Retry-After: 3600) [rate_limit_exceeded]');
			expect(result.error?.description).toMatch(/waits at most 65 s for the rate limit/);
			expect(result.error?.description).toMatch(/Run the workflow later, send fewer items per run .*, or use a plan with a higher limit/);
			expect(result.error?.description).not.toMatch(/even after waiting and retrying/);
			expect(server.received).toHaveLength(1);
		},
	);
});

describe('"may have been carried out" is said one way, by every error that may say it, and only then', () => {
	const node = { id: 'n', name: 'Agent Platform', type: 'agentPlatform', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
	const ctx = { node, method: 'POST', path: '/memory/facts' };
	const SENTENCE = ' The request was not sent again because it is not safe to repeat, and it may have been carried out: check before running it again.';
	const builders: Record<string, (mayHaveActed: boolean) => { description?: string | null }> = {
		'an API error envelope': (m) => apiError(ctx, 409, { code: 'conflict', message: 'exists' }, KEY, m),
		'a 2xx that is not the envelope': (m) => malformedResponseError(ctx, 200, 'an HTML page instead of JSON', m),
		'a 5xx without the envelope': (m) => malformedResponseError(ctx, 502, 'an HTML page instead of JSON', m),
		'a connection that broke': (m) => networkError(ctx, { code: 'ECONNRESET', message: 'ECONNRESET' }, 'https://api.example.invalid/v1', m),
		'a redirect': (m) => redirectError(ctx, 303, '/elsewhere', KEY, m),
	};
	test.each(Object.keys(builders))('%s', (name) => {
		expect(builders[name](true).description?.endsWith(SENTENCE)).toBe(true);
		expect(builders[name](false).description).not.toMatch(/carried out/);
	});
	test('a broken connection says first why it is not known', () => {
		expect(builders['a connection that broke'](true).description).toContain(`The connection broke after the request was sent.${SENTENCE}`);
	});
});
