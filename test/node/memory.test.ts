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

	test('get many applies agent, tier, scope and text filters and simplifies by default', async () => {
		const { json } = await runNode(sb, {
			resource: 'memoryFact',
			operation: 'getMany',
			returnAll: true,
			filters: { agentId: byId('dep_sales02'), tier: 'L3' },
		});
		expect(json.length).toBeGreaterThan(0);
		expect(json.every((f) => f.agent_id === 'dep_sales02' && f.tier === 'L3')).toBe(true);
		expect(Object.keys(json[0]).sort()).toEqual(['agent_id', 'content', 'created_at', 'id', 'scope', 'tier']);
		const path = requestsTo(sb, 'GET', '/v1/memory/facts?')[0].path;
		expect(path).toContain('agent_id=dep_sales02');
		expect(path).toContain('tier=L3');

		const text = await runNode(sb, { resource: 'memoryFact', operation: 'getMany', returnAll: true, output: 'raw', filters: { text: 'refund' } });
		expect(text.json.length).toBeGreaterThan(0);
		expect(text.json.every((f) => String(f.content).includes('refund'))).toBe(true);
		expect(text.json[0]).toHaveProperty('source');
	});

	test('get many pages through every fact with Return All', async () => {
		const total = sb.admin.seedFacts('org_acme', 450);
		const { json } = await runNode(sb, { resource: 'memoryFact', operation: 'getMany', returnAll: true });
		expect(json).toHaveLength(total);
	});

	test('promote moves the fact to the new tier and scope', async () => {
		const { json } = await runNode(sb, { resource: 'memoryFact', operation: 'promote', factId: byId('fact_0001'), promoteTo: { tier: 'L3', scope: 'company' } });
		expect(json[0]).toEqual(expect.objectContaining({ id: 'fact_0001', tier: 'L3', scope: 'company' }));
		expect(json[0].promoted_at).toBeTruthy();
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
