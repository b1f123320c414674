import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { nodeAsTool } from '../harness/n8n-core';
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
			'The parameter "Agent" got "agent_badprefix". An agent ID is dep_ followed by letters, digits, _ - . or :, with nothing else (no spaces or address parts).',
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

	test('as a tool, a call fills the $fromAI() parameters and answers with what the API returned', async () => {
		const { tool } = nodeAsTool({
			nodeType: new AgentPlatform(),
			parameters: {
				resource: 'memoryFact',
				operation: 'getMany',
				returnAll: true,
				filters: { text: "={{ $fromAI('search_text', 'Words the fact contains', 'string') }}" },
			},
			credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl },
		});
		// What the model sees: the operation's action as the tool's description, and one argument.
		expect(tool.description).toBe('Get many memory facts in Agent Platform');
		expect(Object.keys(tool.schema.shape)).toEqual(['search_text']);

		const answer = JSON.parse(String(await tool.invoke({ search_text: 'refund' }))) as IDataObject[];
		const refundFacts = [...sb.admin.org('org_acme').facts.values()].filter((f) => f.content.includes('refund')).map((f) => f.id);
		expect(refundFacts.length).toBeGreaterThan(0);
		expect(answer.map((f) => f.id)).toEqual(refundFacts);
		expect(requestsTo(sb, 'GET', '/v1/memory/facts?').map((r) => new URL(r.path, sb.baseUrl).searchParams.get('q'))).toEqual(['refund']);
	});

	test('every operation of every resource tells an agent what it does, with an action no other operation has', () => {
		const resources = (description.properties.find((p) => p.name === 'resource')?.options as INodePropertyOptions[]).map((o) => o.value);
		const operations = description.properties.filter((p) => p.name === 'operation');
		expect(operations.map((op) => op.displayOptions?.show?.resource).sort()).toEqual(resources.map((r) => [r]).sort());
		const options = operations.flatMap((op) => op.options as INodePropertyOptions[]);
		for (const option of options) {
			expect([option.name, String(option.description).length > 10, String(option.action)]).toEqual([option.name, true, expect.stringMatching(/^[A-Z]/)]);
		}
		const actions = options.map((o) => o.action);
		expect(actions.filter((a, n) => actions.indexOf(a) !== n)).toEqual([]);
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
