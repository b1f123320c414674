import type { IDataObject } from 'n8n-workflow';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, requestsTo, runNode } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

describe('Webhook Subscription', () => {
	test('create returns the one-time secret and says it will not be shown again; get never returns it', async () => {
		const created = await runNode(sb, {
			resource: 'webhookSubscription',
			operation: 'create',
			url: 'https://example.com/hook',
			events: ['memory.fact_promoted'],
			additionalFields: { description: 'Slack relay' },
		});
		const sub = created.json[0];
		expect(sub.secret).toMatch(/^whsec_/);
		expect(sub.secret_notice).toMatch(/shown only once/);
		const got = await runNode(sb, { resource: 'webhookSubscription', operation: 'get', webhookId: byId(sub.id as string) });
		expect(got.json[0]).toEqual(expect.objectContaining({ id: sub.id, url: 'https://example.com/hook', events: ['memory.fact_promoted'] }));
		expect(JSON.stringify(got.json)).not.toContain(sub.secret as string);
		const many = await runNode(sb, { resource: 'webhookSubscription', operation: 'getMany', returnAll: true });
		expect(JSON.stringify(many.json)).not.toContain(sub.secret as string);
	});

	test('update and delete', async () => {
		const created = await runNode(sb, { resource: 'webhookSubscription', operation: 'create', url: 'https://example.com/a', events: ['*'], additionalFields: {} });
		const id = created.json[0].id as string;
		const updated = await runNode(sb, { resource: 'webhookSubscription', operation: 'update', webhookId: byId(id), updateFields: { active: false, events: ['agent.status_changed'] } });
		expect(updated.json[0]).toEqual(expect.objectContaining({ active: false, events: ['agent.status_changed'] }));
		expect(sb.admin.org('org_acme').webhooks.get(id)).toEqual(expect.objectContaining({ active: false, events: ['agent.status_changed'] }));
		const deleted = await runNode(sb, { resource: 'webhookSubscription', operation: 'delete', webhookId: byId(id) });
		expect(deleted.json[0]).toEqual({ id, deleted: true });
		expect(sb.admin.org('org_acme').webhooks.size).toBe(0);
	});

	test.each([
		['create', { operation: 'create', url: 'example.com/hook', events: ['*'], additionalFields: {} }],
		['update', { operation: 'update', webhookId: byId('wh_any'), updateFields: { url: 'example.com/hook' } }],
	])('%s with a URL that is not http(s) is refused before any request, naming the parameter', async (_op, parameters) => {
		const { error } = await runNode(sb, { resource: 'webhookSubscription', ...parameters });
		expect(error?.message).toBe('The parameter "URL" must be an http(s) URL, got "example.com/hook"');
		expect(error?.description).toMatch(/https:\/\//);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('create with no events (from an expression) is refused before any request', async () => {
		const { error } = await runNode(sb, { resource: 'webhookSubscription', operation: 'create', url: 'https://example.com/a', events: '={{ [] }}', additionalFields: {} });
		expect(error?.message).toBe('The parameter "Events" is empty');
		expect(sb.admin.requests()).toHaveLength(0);
	});
});

describe('API Request', () => {
	test('GET any path: the response body as one item', async () => {
		const { json } = await runNode(sb, { resource: 'apiRequest', operation: 'request', method: 'GET', path: '/agents/dep_sales02', query: '{}' });
		expect(json).toEqual([{ data: expect.objectContaining({ id: 'dep_sales02', agent_name: 'Sales Assistant' }) }]);
	});

	test('GET with query parameters sends them, and the answer is what they select', async () => {
		const { json } = await runNode(sb, { resource: 'apiRequest', operation: 'request', method: 'GET', path: '/agents', query: '{"status": "active", "limit": 1}' });
		expect(json).toEqual([{ data: [expect.objectContaining({ id: 'dep_support01', status: 'active' })], pagination: { offset: 0, limit: 1, total: 2 } }]);
		const query = new URL(requestsTo(sb, 'GET', '/v1/agents')[0].path, sb.baseUrl).searchParams;
		expect([query.get('status'), query.get('limit')]).toEqual(['active', '1']);
	});

	test('GET with pagination pages through the list and returns one item per list item, filtered by the query', async () => {
		sb.admin.seedFacts('org_acme', 500);
		const org = sb.admin.org('org_acme');
		const l4 = sb.admin.factIdsInListOrder('org_acme').filter((id) => org.facts.get(id)?.tier === 'L4');
		expect(l4.length).toBeGreaterThan(100); // more than one page (the sandbox serves at most 100)
		const { json } = await runNode(sb, { resource: 'apiRequest', operation: 'request', method: 'GET', path: '/memory/facts', query: '{"tier": "L4"}', paginate: true, returnAll: true });
		expect(json.map((f) => f.id)).toEqual(l4);
		const pages = requestsTo(sb, 'GET', '/v1/memory/facts').map((r) => new URL(r.path, sb.baseUrl).searchParams);
		expect(pages.map((q) => [q.get('tier'), q.get('offset')])).toEqual([
			['L4', '0'],
			['L4', '100'],
		]);
	});

	test('POST with a JSON body', async () => {
		const { json } = await runNode(sb, { resource: 'apiRequest', operation: 'request', method: 'POST', path: '/organization/teams', query: '{}', body: '{"name": "Via API Request"}' });
		expect(json).toEqual([{ data: expect.objectContaining({ name: 'Via API Request' }) }]);
		const stored = sb.admin.org('org_acme').teams.get((json[0].data as IDataObject).id as string);
		expect(stored?.name).toBe('Via API Request');
	});

	test('invalid JSON is refused, naming the parameter', async () => {
		const { error } = await runNode(sb, { resource: 'apiRequest', operation: 'request', method: 'POST', path: '/organization/teams', query: '{}', body: '{"name": ' });
		expect(error?.message).toBe('The parameter "Body (JSON)" is not a valid JSON object');
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('a full URL is refused so the key is never sent to another host', async () => {
		const { error } = await runNode(sb, { resource: 'apiRequest', operation: 'request', method: 'GET', path: '//evil.example/steal', query: '{}' });
		expect(error?.message).toMatch(/The parameter "Path" must not contain empty segments/);
		expect(requestsTo(sb, 'GET', '/')).toHaveLength(0);
	});
});
