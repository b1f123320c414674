/**
 * A path from the user or from an AI model's tool call can only reach paths under the base URL:
 * anything that could move the request (dot segments, plain or percent-encoded; empty segments;
 * backslashes; encoded slashes; full URLs) is refused while items are validated, before any item is
 * sent, by the same check the client makes before each request.
 */
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { executeNode } from '../harness/n8n-core';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, runNode } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox()));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const request = (path: string) => ({ path });

describe('API Request paths', () => {
	test.each([
		['/agents/../webhooks', /"\." or "\.\." segments/],
		['/agents/..', /"\." or "\.\." segments/],
		['/./agents', /"\." or "\.\." segments/],
		['/agents/%2e%2e/webhooks', /"\." or "\.\." segments/],
		['/agents/%2E%2e/%2E%2E/admin', /"\." or "\.\." segments/],
		['/agents/%252e%252e/admin', /"\." or "\.\." segments/],
		['/agents//webhooks', /empty segments/],
		['//evil.example/steal', /empty segments/],
		['/agents\\..\\admin', /backslash/],
		['/agents/%2f..%2fadmin', /encoded "\/"/],
		['/agents/%5c..', /encoded "\/" or "\\"/],
		['/agents/%zz', /malformed percent-encoding/],
		['/agents?limit=1', /"\?"/],
		['https://evil.example/v1/agents', /must start with "\/"/],
	])('%s is refused before any item is sent, naming the parameter and the item', async (path, reason) => {
		const { error } = await runNode(sb, { resource: 'apiRequest', operation: 'request', method: 'GET', path: '={{ $json.path }}', query: '{}' }, { inputItems: [request('/agents'), request(path)] });
		expect(error?.message).toMatch(/^The parameter "Path" /);
		expect(error?.message).toMatch(reason);
		expect((error?.context as { itemIndex?: number } | undefined)?.itemIndex).toBe(1);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	// What Tomcat, Jetty and Spring read as ".." (a ;parameter dropped), and what other servers make
	// of an encoded NUL, a trailing space or fullwidth dots.
	test.each([
		['/agents/..;/webhooks', /"\." or "\.\." segments/],
		['/agents/..;jsessionid=x/webhooks', /"\." or "\.\." segments/],
		['/agents/%2e%2e;/webhooks', /"\." or "\.\." segments/],
		['/agents/..%3b/webhooks', /"\." or "\.\." segments/],
		['/agents/..%00/webhooks', /encoded control characters/],
		['/agents/..%20/webhooks', /"\." or "\.\." segments/],
		['/agents/\uff0e\uff0e/webhooks', /"\." or "\.\." segments/],
		['/agents/%EF%BC%8E%EF%BC%8E/webhooks', /"\." or "\.\." segments/],
		['/agents/.%E2%80%A4/webhooks', /"\." or "\.\." segments/],
		['/agents/..%EF%BC%8Fadmin', /encoded "\/"/],
	])('%s, which a server may resolve as "..", is refused before anything is sent', async (path, reason) => {
		const { error } = await runNode(sb, { resource: 'apiRequest', operation: 'request', method: 'GET', path: '={{ $json.path }}', query: '{}' }, { inputItems: [request(path)] });
		expect(error?.message).toMatch(/^The parameter "Path" /);
		expect(error?.message).toMatch(reason);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('ordinary paths still work, with or without a leading /v1', async () => {
		const { json, error } = await runNode(sb, { resource: 'apiRequest', operation: 'request', method: 'GET', path: '={{ $json.path }}', query: '{}' }, { inputItems: [request('/agents/dep_support01'), request('/v1/organization'), request('/agents/dep_support01/skills/')] });
		expect(error).toBeUndefined();
		expect(json).toHaveLength(3);
		expect(sb.admin.requests().map((r) => new URL(r.path, 'http://x').pathname)).toEqual(['/v1/agents/dep_support01', '/v1/organization', '/v1/agents/dep_support01/skills/']);
	});
});

test('an ID made of dots (from an expression or a model) is refused, not resolved as "go up"', async () => {
	const { error } = await runNode(sb, { resource: 'memoryFact', operation: 'delete', factId: byId('={{ ".." }}') });
	expect(error?.message).toBe('The parameter "Memory Fact" got "..". A memory fact ID is letters, digits, _ - . or : (not only dots), with nothing else (no spaces or address parts).');
	expect(error?.description).toMatch(/^It is only dots\./);
	expect(sb.admin.requests()).toHaveLength(0);
});

test.each(['..', '..;'])('a skill named "%s" (which a server reads as "..") cannot move an enable request to another path', async (skillId) => {
	const result = await executeNode({
		nodeType: new AgentPlatform(),
		parameters: { resource: 'skill', operation: 'enable', agentId: byId('dep_support01'), skillId },
		credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl },
	});
	expect(result.error?.message).toMatch(/Refused to send POST .*: the path must not contain "\." or "\.\." segments/);
	expect(sb.admin.requests()).toHaveLength(0);
});
