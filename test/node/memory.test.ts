import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, requestsTo, runNode } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

describe('Memory Fact', () => {
	test('create stores the fact with tier and scope', async () => {
		const { json, error } = await runNode(sb, {
			resource: 'memoryFact',
			operation: 'create',
			agentId: byId('dep_support01'),
			content: 'The refund window is 30 days',
			additionalFields: { tier: 'L2', scope: 'team' },
		});
		expect(error).toBeUndefined();
		expect(json[0]).toEqual(expect.objectContaining({ agent_id: 'dep_support01', content: 'The refund window is 30 days', tier: 'L2', scope: 'team' }));
		expect(sb.admin.org('org_acme').facts.get(json[0].id as string)).toBeDefined();
	});

	test('get returns one fact', async () => {
		const { json } = await runNode(sb, { resource: 'memoryFact', operation: 'get', factId: byId('fact_0001') });
		expect(json[0]).toEqual(expect.objectContaining({ id: 'fact_0001', tier: 'L1', scope: 'agent' }));
	});

	test('get many applies agent, tier, scope and text filters: exactly the matching facts, simplified by default', async () => {
		sb.admin.seedFacts('org_acme', 24, 'dep_sales02');
		const facts = [...sb.admin.org('org_acme').facts.values()];
		const matching = facts.filter((f) => f.agent_id === 'dep_sales02' && f.tier === 'L3' && f.scope === 'team').map((f) => f.id);
		expect(matching.length).toBeGreaterThan(1);
		const { json } = await runNode(sb, {
			resource: 'memoryFact',
			operation: 'getMany',
			returnAll: true,
			filters: { agentId: byId('dep_sales02'), tier: 'L3', scope: 'team' },
		});
		expect(json.map((f) => f.id)).toEqual(matching);
		const query = new URL(requestsTo(sb, 'GET', '/v1/memory/facts?')[0].path, sb.baseUrl).searchParams;
		expect([query.get('agent_id'), query.get('tier'), query.get('scope')]).toEqual(['dep_sales02', 'L3', 'team']);
		for (const fact of json) expect(Object.keys(fact).sort()).toEqual(['agent_id', 'content', 'created_at', 'id', 'scope', 'tier']);

		const withRefund = facts.filter((f) => f.content.includes('refund')).map((f) => f.id);
		expect(withRefund.length).toBeGreaterThan(1);
		const text = await runNode(sb, { resource: 'memoryFact', operation: 'getMany', returnAll: true, output: 'raw', filters: { text: 'refund' } });
		expect(text.json.map((f) => f.id)).toEqual(withRefund);
		expect(text.json.every((f) => typeof f.source === 'object' && f.source !== null)).toBe(true);
	});

	test('get many pages through every fact with Return All', async () => {
		const total = sb.admin.seedFacts('org_acme', 450);
		const { json } = await runNode(sb, { resource: 'memoryFact', operation: 'getMany', returnAll: true });
		expect(json).toHaveLength(total);
	});

	test('promote moves the fact to the new tier and scope', async () => {
		const { json } = await runNode(sb, { resource: 'memoryFact', operation: 'promote', factId: byId('fact_0001'), promoteTo: { tier: 'L3', scope: 'company' } });
		expect(json[0]).toEqual(expect.objectContaining({ id: 'fact_0001', tier: 'L3', scope: 'company', promoted_at: expect.stringMatching(/^\d{4}-/) }));
		expect(sb.admin.org('org_acme').facts.get('fact_0001')).toEqual(expect.objectContaining({ tier: 'L3', scope: 'company' }));
	});

	test('promote with neither tier nor scope is refused before any request', async () => {
		const { error } = await runNode(sb, { resource: 'memoryFact', operation: 'promote', factId: byId('fact_0001'), promoteTo: {} });
		expect(error?.message).toBe('The parameter "Promote To" needs a Tier, a Scope, or both');
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('delete removes the fact', async () => {
		const { json } = await runNode(sb, { resource: 'memoryFact', operation: 'delete', factId: byId('fact_0002') });
		expect(json[0]).toEqual({ id: 'fact_0002', deleted: true });
		expect(sb.admin.org('org_acme').facts.has('fact_0002')).toBe(false);
	});

	test('a limit of 0 is refused, naming the parameter', async () => {
		const { error } = await runNode(sb, { resource: 'memoryFact', operation: 'getMany', returnAll: false, limit: 0 });
		expect(error?.message).toMatch(/"Limit" must be a whole number of 1 or more/);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('another organization\'s fact is not found', async () => {
		const { error } = await runNode(sb, { resource: 'memoryFact', operation: 'get', factId: byId('fact_globex01') });
		expect(error?.message).toContain('[not_found]');
	});
});
