import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, mostAtOnce, requestsTo, runNode } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const agentGet = { resource: 'agent', operation: 'get', agentId: byId('={{ $json.id }}') };

describe('items, errors and concurrency', () => {
	test('every output item is paired with its input item, in input order', async () => {
		const ids = ['dep_legacy05', 'dep_support01', 'dep_onboard04', 'dep_sales02', 'dep_ops03'];
		const { items } = await runNode(sb, agentGet, { inputItems: ids.map((id) => ({ id })) });
		expect(items.map((i) => i.json.id)).toEqual(ids);
		expect(items.map((i) => i.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
	});

	test('a list operation pairs all its results with the item that asked', async () => {
		const { items } = await runNode(sb, { resource: 'team', operation: 'getMany', returnAll: true }, { inputItems: [{}, {}] });
		expect(items).toHaveLength(6);
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 0, 0, 1, 1, 1]);
	});

	test('continue on fail: a failing item carries its error, the others succeed', async () => {
		const { items, error } = await runNode(sb, agentGet, {
			inputItems: [{ id: 'dep_support01' }, { id: 'dep_missing99' }, { id: 'agent_badprefix' }, { id: 'dep_sales02' }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.id ?? i.json.error)).toEqual([
			'dep_support01',
			'Agent "dep_missing99" was not found in this organization [not_found]',
			'The parameter "Agent" must start with "dep_", got "agent_badprefix"',
			'dep_sales02',
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});

	test('without continue on fail, the error names the failing item', async () => {
		const { error } = await runNode(sb, agentGet, { inputItems: [{ id: 'dep_support01' }, { id: 'dep_missing99' }] });
		expect(error?.message).toContain('[not_found]');
		expect(error?.context?.itemIndex).toBe(1);
	});

	test('reads run up to 16 at a time (the requests overlap) and output keeps input order', async () => {
		sb.admin.seedFacts('org_acme', 40);
		const ids = [...sb.admin.org('org_acme').facts.keys()].slice(-40);
		sb.admin.setLatency(40);
		const { json } = await runNode(sb, { resource: 'memoryFact', operation: 'get', factId: byId('={{ $json.id }}') }, { inputItems: ids.map((id) => ({ id })) });
		sb.admin.setLatency(0);
		expect(json.map((f) => f.id)).toEqual(ids);
		const gets = requestsTo(sb, 'GET', '/v1/memory/facts/');
		expect(gets).toHaveLength(40);
		const atOnce = mostAtOnce(gets);
		expect(atOnce).toBeGreaterThan(4);
		expect(atOnce).toBeLessThanOrEqual(16);
	});

	test('identical GETs within one execution are sent once', async () => {
		const { json } = await runNode(sb, agentGet, { inputItems: [{ id: 'dep_sales02' }, { id: 'dep_sales02' }, { id: 'dep_sales02' }] });
		expect(json).toHaveLength(3);
		expect(requestsTo(sb, 'GET', '/v1/agents/dep_sales02')).toHaveLength(1);
	});
});

describe('usable as an AI agent tool', () => {
	const { description } = new AgentPlatform();

	test('the node is usable as a tool', () => {
		expect(description.usableAsTool).toBe(true);
	});

	test('every operation tells an agent what it does (description and action)', () => {
		const operations = description.properties.filter((p) => p.name === 'operation');
		expect(operations).toHaveLength(9);
		for (const op of operations) {
			for (const option of op.options as unknown as IDataObject[]) {
				expect(String(option.description).length).toBeGreaterThan(10);
				expect(String(option.action)).toMatch(/^[A-Z]/);
			}
		}
	});

	test('every parameter an agent can fill has a description', () => {
		// Collections are containers; what an agent fills are their fields.
		const fillable = (props: INodeProperties[]): INodeProperties[] =>
			props.flatMap((p) => (p.type === 'collection' ? fillable(p.options as INodeProperties[]) : [p]));
		const missing = fillable(description.properties)
			.filter((p) => !['operation', 'resource'].includes(p.name) && p.type !== 'notice')
			.filter((p) => !p.description)
			.map((p) => p.name);
		expect(missing).toEqual([]);
	});
});
