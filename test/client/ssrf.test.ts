/**
 * n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED, n8n 2.x; its default blocklist holds loopback
 * and private ranges) refusing the Base URL: the node and the credential test say that n8n's policy
 * refused the address and which setting allows it, not a bare network error, and nothing is sent or
 * retried. The guard is n8n's own (test/harness/ssrfGuard.js switches it in this process); the
 * sandbox listens on 127.0.0.1, which the default blocklist refuses.
 */
import { testAgentPlatformCredential } from '../../src/client/credentialTest';
import { credentialTestContext } from '../harness/n8n-core';
import { setSsrfProtection } from '../harness/ssrfGuard.js';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { runNode } from '../node/helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox()));
afterAll(async () => {
	setSsrfProtection({ enabled: false });
	await sb.close();
});
beforeEach(() => sb.admin.reset());

const credentialTest = async (baseUrl: string) =>
	await testAgentPlatformCredential.call(credentialTestContext(), { id: 'cred-1', name: 'Agent Platform', type: 'agentPlatformApi', data: { apiKey: sb.apiKey, baseUrl } });

const getOrganization = async (baseUrl = sb.baseUrl) => {
	const result = await runNode({ ...sb, baseUrl }, { resource: 'organization', operation: 'get' });
	return result.error;
};

describe("n8n's SSRF protection on, with its default blocklist", () => {
	beforeAll(() => setSsrfProtection({ enabled: true }));

	test('the node says the protection refused 127.0.0.1 and names the setting that allows it; nothing was sent or retried', async () => {
		const started = Date.now();
		const error = await getOrganization();
		expect(error?.message).toBe("Could not reach the Agent Platform API: n8n's SSRF protection refused the address 127.0.0.1");
		expect(error?.description).toMatch(/N8N_SSRF_PROTECTION_ENABLED=true/);
		expect(error?.description).toMatch(/allow it with N8N_SSRF_ALLOWED_IP_RANGES=127\.0\.0\.1\/32 and a restart of n8n/);
		expect(error?.description).not.toMatch(/error code/);
		expect(sb.admin.requests()).toHaveLength(0);
		// Retries would wait with growing pauses (200 ms and up); a refusal fails at once.
		expect(Date.now() - started).toBeLessThan(1_000);
		expect(JSON.stringify([error?.message, error?.description])).not.toContain(sb.apiKey);
	});

	test('the credential test says the same in its one message', async () => {
		const tested = await credentialTest(sb.baseUrl);
		expect(tested.status).toBe('Error');
		expect(tested.message).toMatch(/^Could not reach the Agent Platform API at http:\/\/127\.0\.0\.1:\d+\/v1: n8n's SSRF protection refused the address 127\.0\.0\.1\. /);
		expect(tested.message).toMatch(/N8N_SSRF_ALLOWED_IP_RANGES=127\.0\.0\.1\/32/);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('a host name that leads to a blocked address: both settings, the host name and the address', async () => {
		const baseUrl = sb.baseUrl.replace('127.0.0.1', 'localhost');
		const error = await getOrganization(baseUrl);
		expect(error?.message).toMatch(/^Could not reach the Agent Platform API: n8n's SSRF protection refused the address (127\.0\.0\.1|::1) \(where the Base URL's host "localhost" leads\)$/);
		expect(error?.description).toMatch(/N8N_SSRF_ALLOWED_IP_RANGES=(127\.0\.0\.1\/32|::1\/128) or N8N_SSRF_ALLOWED_HOSTNAMES=localhost/);
		expect((await credentialTest(baseUrl)).message).toMatch(/refused the address .* N8N_SSRF_ALLOWED_HOSTNAMES=localhost/);
	});
});

describe('the settings the messages name let the Base URL through', () => {
	test('N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32', async () => {
		setSsrfProtection({ enabled: true, allowedIpRanges: ['127.0.0.1/32'] });
		expect(await getOrganization()).toBeUndefined();
		expect((await credentialTest(sb.baseUrl)).status).toBe('OK');
	});

	test('N8N_SSRF_ALLOWED_HOSTNAMES=localhost', async () => {
		setSsrfProtection({ enabled: true, allowedHostnames: ['localhost'] });
		expect(await getOrganization(sb.baseUrl.replace('127.0.0.1', 'localhost'))).toBeUndefined();
	});
});

test('a host name on N8N_SSRF_BLOCKED_HOSTNAMES: named, with the setting that allows it', async () => {
	setSsrfProtection({ enabled: true, blockedHostnames: ['localhost'] });
	const error = await getOrganization(sb.baseUrl.replace('127.0.0.1', 'localhost'));
	expect(error?.message).toBe(`Could not reach the Agent Platform API: n8n's SSRF protection refused the host name "localhost"`);
	expect(error?.description).toMatch(/N8N_SSRF_BLOCKED_HOSTNAMES.*N8N_SSRF_ALLOWED_HOSTNAMES=localhost/);
});
