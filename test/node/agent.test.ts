import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, fromList, requestsTo, runNode } from './helpers';

const AGENT_ID_RULE = 'An agent ID is dep_ followed by letters, digits, _ - . or :, with nothing else (no spaces or address parts).';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

describe('Agent', () => {
	test('get by ID', async () => {
		const { json, error } = await runNode(sb, { resource: 'agent', operation: 'get', agentId: byId('dep_support01') });
		expect(error).toBeUndefined();
		expect(json).toEqual([expect.objectContaining({ id: 'dep_support01', agent_name: 'Support Agent', status: 'active' })]);
	});

	test('get many, filtered by status, returns every match', async () => {
		const { json } = await runNode(sb, { resource: 'agent', operation: 'getMany', returnAll: true, filters: { status: 'active' } });
		expect(json.map((a) => a.id)).toEqual(['dep_support01', 'dep_sales02']);
		expect(requestsTo(sb, 'GET', '/v1/agents?')[0].path).toContain('status=active');
	});

	test('get many with a limit returns the first agents of the list and asks for no more', async () => {
		const { json } = await runNode(sb, { resource: 'agent', operation: 'getMany', returnAll: false, limit: 2 });
		expect(json.map((a) => a.id)).toEqual([...sb.admin.org('org_acme').agents.keys()].slice(0, 2));
		const asked = requestsTo(sb, 'GET', '/v1/agents').map((r) => new URL(r.path, sb.baseUrl).searchParams.get('limit'));
		expect(asked).toEqual(['2']);
	});

	test('a status the dropdown does not list is passed through (given by expression)', async () => {
		await runNode(sb, { resource: 'agent', operation: 'update', agentId: byId('dep_ops03'), updateFields: { status: 'maintenance' } });
		const { json } = await runNode(sb, { resource: 'agent', operation: 'getMany', returnAll: true, filters: { status: '={{ "maintenance" }}' } });
		expect(json.map((a) => [a.id, a.status])).toEqual([['dep_ops03', 'maintenance']]);
	});

	test('update changes the agent and the change is visible to a get', async () => {
		const { json } = await runNode(sb, {
			resource: 'agent',
			operation: 'update',
			agentId: fromList('dep_ops03'),
			updateFields: { agent_name: 'Ops Watcher', status: 'active' },
		});
		expect(json[0]).toEqual(expect.objectContaining({ id: 'dep_ops03', agent_name: 'Ops Watcher', status: 'active' }));
		expect(sb.admin.org('org_acme').agents.get('dep_ops03')?.agent_name).toBe('Ops Watcher');
	});

	test('a typed agent ID without dep_ is flagged by the editor and the workflow does not start', async () => {
		const { error } = await runNode(sb, { resource: 'agent', operation: 'get', agentId: byId('agent_42') });
		expect(error?.message).toContain(AGENT_ID_RULE);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('an agent ID from an expression without dep_ is refused before any request, naming the parameter and item', async () => {
		const { error } = await runNode(
			sb,
			{ resource: 'agent', operation: 'get', agentId: byId('={{ $json.agent }}') },
			{ inputItems: [{ agent: 'dep_support01' }, { agent: 'agent_42' }] },
		);
		expect(error?.message).toBe(`The parameter "Agent" got "agent_42". ${AGENT_ID_RULE}`);
		expect(error?.context?.itemIndex).toBe(1);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('update with no fields is refused before any request', async () => {
		const { error } = await runNode(sb, { resource: 'agent', operation: 'update', agentId: byId('dep_ops03'), updateFields: {} });
		expect(error?.message).toMatch(/"Update Fields" is empty/);
		expect(sb.admin.requests()).toHaveLength(0);
	});
});
