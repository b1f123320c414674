import type { ICredentialTestFunction, INodeCredentialTestResult, INodeType } from 'n8n-workflow';
import { AgentPlatformApi } from '../../credentials/AgentPlatformApi.credentials';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { AgentPlatformTrigger } from '../../nodes/AgentPlatformTrigger/AgentPlatformTrigger.node';
import { credentialTestContext } from '../harness/n8n-core';
import { startSandbox, type RunningSandbox } from '../sandbox';

/** Fake keys, assembled so no literal looks like a credential. */
const REVOKED_KEY = ['ctx', 'revoked', 'key', '4711'].join('_');
const WRONG_PREFIX_KEY = ['sk', 'live', 'wrongprefix'].join('_');

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox()));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

/** The function n8n's credentials tester picks for a node: the one its `testedBy` names. */
function testFunctionOf(nodeType: INodeType): ICredentialTestFunction {
	const entry = nodeType.description.credentials?.find((c) => c.name === 'agentPlatformApi');
	const name = entry?.testedBy;
	if (typeof name !== 'string') throw new Error(`${nodeType.description.name} names no credential test`);
	const fn = nodeType.methods?.credentialTest?.[name];
	if (!fn) throw new Error(`${nodeType.description.name} has no credentialTest.${name}`);
	return fn;
}

async function testCredential(data: { apiKey: string; baseUrl: string }, nodeType: INodeType = new AgentPlatform()): Promise<INodeCredentialTestResult> {
	return await testFunctionOf(nodeType).call(credentialTestContext(), { id: 'cred-1', name: 'Agent Platform', type: 'agentPlatformApi', data });
}

describe('credential test', () => {
	test('n8n uses the nodes’ test: the credential has no declarative test, which n8n would run first', () => {
		expect((new AgentPlatformApi() as { test?: unknown }).test).toBeUndefined();
		expect(testFunctionOf(new AgentPlatform())).toBe(testFunctionOf(new AgentPlatformTrigger()));
	});

	test('a valid key passes, from either node, with the Base URL in any form users paste', async () => {
		for (const baseUrl of [sb.baseUrl, `${sb.baseUrl}/`, sb.origin, ` ${sb.origin}/ `]) {
			expect(await testCredential({ apiKey: sb.apiKey, baseUrl })).toEqual({ status: 'OK', message: expect.stringMatching(/successful/) });
		}
		expect((await testCredential({ apiKey: sb.keys.readOnly, baseUrl: sb.baseUrl }, new AgentPlatformTrigger())).status).toBe('OK');
		const sent = sb.admin.requests().filter((r) => r.path.startsWith('/v1/agents'));
		expect(sent.length).toBe(5);
		expect(sent.every((r) => r.method === 'GET')).toBe(true);
	});

	test('a refused key shows the API’s own message and code, a hint, and never the key', async () => {
		const result = await testCredential({ apiKey: REVOKED_KEY, baseUrl: sb.baseUrl });
		expect(result.status).toBe('Error');
		expect(result.message).toContain('Invalid API key: it is unknown or has been revoked');
		expect(result.message).toContain('[unauthorized, HTTP 401]');
		expect(result.message).toMatch(/starts with ctx_ and has not been revoked/);
		expect(result.message).not.toContain(REVOKED_KEY);
	});

	test('a key without the ctx_ prefix is refused with a clear message before anything is sent', async () => {
		const result = await testCredential({ apiKey: WRONG_PREFIX_KEY, baseUrl: sb.baseUrl });
		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/must start with "ctx_".*dashboard/) });
		expect(result.message).not.toContain(WRONG_PREFIX_KEY);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('a Base URL that is not the API: the server’s 404, described, plus what the Base URL should be', async () => {
		const inside = await testCredential({ apiKey: sb.apiKey, baseUrl: `${sb.baseUrl}/v9` });
		expect(inside.status).toBe('Error');
		expect(inside.message).toContain('No endpoint GET /v1/v9/v1/agents');
		expect(inside.message).toMatch(/\[not_found, HTTP 404\]\. The Base URL does not lead to the Agent Platform API/);
		const outside = await testCredential({ apiKey: sb.apiKey, baseUrl: `${sb.origin}/v9` });
		expect(outside).toEqual({ status: 'Error', message: expect.stringMatching(/HTTP 404 with an HTML page .*The Base URL does not lead/) });
	});

	test('a failing test shows the URL it called, and says when /v1 was added to the Base URL as entered', async () => {
		const added = await testCredential({ apiKey: sb.apiKey, baseUrl: `${sb.origin}/v9/` });
		expect(added.message).toContain(`Called: GET ${sb.origin}/v9/v1/agents?limit=1 (/v1 was added to the Base URL as entered).`);
		const asEntered = await testCredential({ apiKey: sb.apiKey, baseUrl: `${sb.baseUrl}/v9/v1` });
		expect(asEntered.message).toContain(`Called: GET ${sb.baseUrl}/v9/v1/agents?limit=1.`);
		const refused = await testCredential({ apiKey: REVOKED_KEY, baseUrl: sb.baseUrl });
		expect(refused.message).toContain(`Called: GET ${sb.baseUrl}/agents?limit=1.`);
		expect(refused.message).not.toContain(REVOKED_KEY);
	});

	test('a body that is not the API’s JSON is described, not echoed', async () => {
		sb.admin.setFaults({ malformedRate: 1 });
		const cut = await testCredential({ apiKey: sb.apiKey, baseUrl: sb.baseUrl });
		expect(cut).toEqual({ status: 'Error', message: expect.stringMatching(/HTTP 200 with JSON that was cut off before its end, .*Base URL/) });
		sb.admin.setFaults({ serverErrorRate: 1 }, 5);
		const messages = new Set<string>();
		for (let i = 0; i < 12; i++) messages.add((await testCredential({ apiKey: sb.apiKey, baseUrl: sb.baseUrl })).message);
		const all = [...messages].join('\n');
		expect(all).toMatch(/HTTP 502 with an HTML page instead of JSON, where the API sends a JSON error message/);
		expect(all).toMatch(/Unexpected error \(injected fault\) \[internal_error, HTTP 500\]/);
		expect(all).not.toMatch(/<html/i);
	});

	test('an unreachable Base URL names the network error', async () => {
		const closed = await startSandbox();
		const baseUrl = closed.baseUrl;
		await closed.close();
		const result = await testCredential({ apiKey: sb.apiKey, baseUrl });
		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/Could not reach the Agent Platform API at .*: ECONNREFUSED/) });
		expect(result.message).not.toContain(sb.apiKey);
	});
});
