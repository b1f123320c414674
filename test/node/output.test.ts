/**
 * The Output choice of every Get and Get Many, through n8n-core: Simplified (the default, for the
 * node and its tool variant), Raw and Selected Fields, checked against what the sandbox holds.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { OUTPUT_FIELDS } from '../../nodes/AgentPlatform/helpers/output';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, requestsTo, runNode } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
let webhookId = '';
beforeEach(async () => {
	sb.admin.reset();
	webhookId = ((await api('/webhooks', { url: 'https://example.com/hook', events: ['*'], description: 'output test' })) as { id: string }).id;
});

async function api(path: string, body?: object): Promise<unknown> {
	const response = await fetch(`${sb.baseUrl}${path}`, {
		method: body ? 'POST' : 'GET',
		headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
		body: body ? JSON.stringify(body) : undefined,
	});
	return ((await response.json()) as { data: unknown }).data;
}

/** Every Get and Get Many, with the parameters it needs and where the sandbox serves the raw item(s). */
const READS: Array<{ resource: keyof typeof OUTPUT_FIELDS; operation: 'get' | 'getMany'; parameters: () => INodeParameters; raw: () => string }> = [
	{ resource: 'agent', operation: 'get', parameters: () => ({ agentId: byId('dep_support01') }), raw: () => '/agents/dep_support01' },
	{ resource: 'agent', operation: 'getMany', parameters: () => ({ returnAll: true }), raw: () => '/agents?limit=100' },
	{ resource: 'memoryFact', operation: 'get', parameters: () => ({ factId: byId('fact_0001') }), raw: () => '/memory/facts/fact_0001' },
	{ resource: 'memoryFact', operation: 'getMany', parameters: () => ({ returnAll: true }), raw: () => '/memory/facts?limit=100' },
	{ resource: 'knowledgeDocument', operation: 'get', parameters: () => ({ documentId: byId('doc_company_overview') }), raw: () => '/knowledge/documents/doc_company_overview' },
	{ resource: 'knowledgeDocument', operation: 'getMany', parameters: () => ({ returnAll: true }), raw: () => '/knowledge/documents?limit=100' },
	{ resource: 'organization', operation: 'get', parameters: () => ({}), raw: () => '/organization' },
	{ resource: 'team', operation: 'get', parameters: () => ({ teamId: byId('team_eng') }), raw: () => '/organization/teams/team_eng' },
	{ resource: 'team', operation: 'getMany', parameters: () => ({ returnAll: true }), raw: () => '/organization/teams?limit=100' },
	{ resource: 'member', operation: 'get', parameters: () => ({ memberId: byId('mem_ada') }), raw: () => '/organization/members/mem_ada' },
	{ resource: 'member', operation: 'getMany', parameters: () => ({ returnAll: true }), raw: () => '/organization/members?limit=100' },
	{ resource: 'skill', operation: 'getMany', parameters: () => ({ agentId: byId('dep_support01'), returnAll: true }), raw: () => '/agents/dep_support01/skills?limit=100' },
	{ resource: 'webhookSubscription', operation: 'get', parameters: () => ({ webhookId: byId(webhookId) }), raw: () => `/webhooks/${webhookId}` },
	{ resource: 'webhookSubscription', operation: 'getMany', parameters: () => ({ returnAll: true }), raw: () => '/webhooks?limit=100' },
];

async function sandboxItems(path: string): Promise<Array<Record<string, unknown>>> {
	const data = (await api(path)) as Record<string, unknown> | Array<Record<string, unknown>>;
	return Array.isArray(data) ? data : [data];
}

const pick = (item: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => item[k] !== undefined).map((k) => [k, item[k]]));

describe('Output on every Get and Get Many', () => {
	test.each(READS)('$resource $operation: Simplified by default, Raw is the API item, Selected Fields the pick plus the ID', async ({ resource, operation, parameters, raw }) => {
		const base = { resource, operation, ...parameters() };
		const expected = await sandboxItems(raw());
		const fields = resource === 'knowledgeDocument' && operation === 'get' ? OUTPUT_FIELDS[resource].simplifiedGet : OUTPUT_FIELDS[resource].simplified;

		const simple = await runNode(sb, base);
		expect(simple.error).toBeUndefined();
		expect(simple.json).toEqual(expected.map((item) => pick(item, fields as string[])));
		expect(simple.json.every((item) => Object.keys(item).length <= (fields as string[]).length)).toBe(true);

		const everything = await runNode(sb, { ...base, output: 'raw' });
		expect(everything.json).toEqual(expected);

		const chosen = OUTPUT_FIELDS[resource].known.filter((f) => f !== 'id').slice(0, 2);
		const selected = await runNode(sb, { ...base, output: 'fields', fields: chosen });
		expect(selected.json).toEqual(expected.map((item) => pick(item, ['id', ...chosen])));
	});

	test('Simplified leaves out long text where the list does not need it: a document list has no content, a document Get has it', async () => {
		const list = await runNode(sb, { resource: 'knowledgeDocument', operation: 'getMany', returnAll: true });
		expect(list.json.length).toBeGreaterThan(0);
		expect(list.json.every((d) => d.content === undefined && typeof d.title === 'string')).toBe(true);
		const one = await runNode(sb, { resource: 'knowledgeDocument', operation: 'get', documentId: byId('doc_company_overview') });
		expect(one.json[0].content).toContain('Acme Robotics');
	});

	test('Selected Fields with no field, or an unknown Output by expression, is refused naming the parameter, before any request', async () => {
		const empty = await runNode(sb, { resource: 'agent', operation: 'getMany', returnAll: true, output: 'fields', fields: [] });
		expect(empty.error?.message).toBe('The parameter "Fields" is empty');
		const unknown = await runNode(sb, { resource: 'agent', operation: 'get', agentId: byId('dep_support01'), output: '={{ "everything" }}' });
		expect(unknown.error?.message).toBe('The parameter "Output" must be Simplified, Raw or Selected Fields, got "everything"');
		expect(requestsTo(sb, 'GET', '/v1/agents')).toHaveLength(0);
	});

	test('Selected Fields by expression may name fields the dropdown does not list', async () => {
		const { json } = await runNode(sb, { resource: 'memoryFact', operation: 'get', factId: byId('fact_0001'), output: 'fields', fields: '={{ ["source"] }}' });
		expect(Object.keys(json[0]).sort()).toEqual(['id', 'source']);
	});

	test('Selected Fields copies only fields the item has: names of JavaScript built-ins give nothing', async () => {
		const builtIns = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'];
		const typed = await runNode(sb, { resource: 'agent', operation: 'get', agentId: byId('dep_support01'), output: 'fields', fields: [...builtIns, 'status'] });
		const byExpression = await runNode(sb, { resource: 'agent', operation: 'getMany', returnAll: true, output: 'fields', fields: `={{ ${JSON.stringify(builtIns)} }}` });
		for (const item of [...typed.json, ...byExpression.json]) {
			expect(Object.getOwnPropertyNames(item).filter((name) => name !== 'id' && name !== 'status')).toEqual([]);
			expect(Object.values(item).some((value) => typeof value === 'function')).toBe(false);
			expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
		}
		expect(typed.json).toEqual([{ id: 'dep_support01', status: 'active' }]);
	});

	test('every Get and Get Many of the node (and so of its tool variant) has Output, defaulting to Simplified', () => {
		const properties = new AgentPlatform().description.properties;
		const reads = properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options as Array<{ value: string }>).map((o) => ({ resource: (p.displayOptions?.show?.resource as string[])[0], operation: o.value })))
			.filter((r) => r.operation === 'get' || r.operation === 'getMany');
		expect(reads).toHaveLength(14);
		const outputFor = (resource: string, operation: string) =>
			properties.find((p: INodeProperties) => p.name === 'output' && (p.displayOptions?.show?.resource as string[])?.includes(resource) && (p.displayOptions?.show?.operation as string[])?.includes(operation));
		for (const { resource, operation } of reads) expect(outputFor(resource, operation)).toEqual(expect.objectContaining({ default: 'simple' }));
	});
});
