/**
 * Tool mode: the tool variant n8n makes of the node (Agent Platform Tool) hides what a model cannot
 * use well, Return All and Parallel Writes, with n8n's `@tool` display condition, and runs with their
 * defaults: lists stop at Limit, writes go one at a time. Everything else is shown as on the node.
 * Visibility is decided by n8n-workflow's own NodeHelpers; runs go through n8n-core, whose Workflow
 * drops a hidden parameter's stored value as n8n does. The e2e suite reads the tool variant n8n serves.
 */
import { NodeHelpers, type INodeParameters, type INodePropertyOptions, type INodeType } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { simplifiedFields } from '../../nodes/AgentPlatform/helpers/output';
import { executeNode } from '../harness/n8n-core';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, mostAtOnce, requestsTo } from './helpers';

const node = new AgentPlatform();

/**
 * The tool variant as n8n makes it (n8n's tool-generation/ai-tools.js, convertNodeToAiTool): the same
 * node under a name ending in "Tool" (what `@tool` tests), with a tool description in front.
 */
const tool: INodeType = {
	description: {
		...node.description,
		name: `${node.description.name}Tool`,
		properties: [
			{ displayName: 'Description', name: 'toolDescription', type: 'string', default: node.description.description },
			...node.description.properties,
		],
	},
	methods: node.methods,
	execute: node.execute,
};

/** Top-level parameters the editor shows for these values (n8n's display rules, defaults filled in). */
function shown(type: INodeType, values: INodeParameters): string[] {
	const { description } = type;
	const resolved = NodeHelpers.getNodeParameters(description.properties, values, true, false, { typeVersion: 1 }, description) ?? {};
	return Object.keys(resolved).filter((name) => name !== 'toolDescription').sort();
}

const everyOperation = node.description.properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => ({ resource: String(p.displayOptions?.show?.resource?.[0]), operation: String(o.value) })));

describe('what the tool variant shows', () => {
	test.each(everyOperation)('$resource $operation: the node’s parameters, less Return All and Parallel Writes', (values) => {
		const onNode = shown(node, values);
		const asTool = shown(tool, values);
		expect(asTool).toEqual(onNode.filter((name) => name !== 'returnAll' && name !== 'options'));
		if (values.operation === 'getMany') expect(onNode).toEqual(expect.arrayContaining(['returnAll', 'limit']));
		if (asTool.includes('output')) expect(NodeHelpers.getNodeParameters(tool.description.properties, values, true, false, { typeVersion: 1 }, tool.description)?.output).toBe('simple');
	});

	test('API Request: a paginated GET keeps Limit and loses Return All; a POST loses Parallel Writes', () => {
		const get = { resource: 'apiRequest', operation: 'request', method: 'GET', paginate: true };
		expect(shown(node, get)).toEqual(expect.arrayContaining(['returnAll', 'limit']));
		expect(shown(tool, get)).toEqual(shown(node, get).filter((name) => name !== 'returnAll'));
		const post = { resource: 'apiRequest', operation: 'request', method: 'POST' };
		expect(shown(node, post)).toContain('options');
		expect(shown(tool, post)).toEqual(shown(node, post).filter((name) => name !== 'options'));
	});
});

describe('what the tool variant runs with', () => {
	let sb: RunningSandbox;
	beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
	afterAll(async () => await sb.close());
	beforeEach(() => sb.admin.reset());
	const run = async (type: INodeType, parameters: INodeParameters, inputItems?: Array<Record<string, string>>) =>
		await executeNode({ nodeType: type, parameters, credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl }, inputItems });

	test('a Return All stored on a tool is dropped: the list stops at Limit, in Simplified fields', async () => {
		const parameters = { resource: 'memoryFact', operation: 'getMany', returnAll: true, limit: 3 };
		const all = await run(node, parameters);
		expect(all.error).toBeUndefined();
		expect(all.items.length).toBeGreaterThan(3);
		const limited = await run(tool, parameters);
		expect(limited.error).toBeUndefined();
		expect(limited.items).toHaveLength(3);
		for (const { json } of limited.items) expect(Object.keys(json).sort()).toEqual(simplifiedFields('memoryFact', 'getMany').filter((f) => f in json).sort());
	});

	test('Parallel Writes stored on a tool is dropped: writes reach the server one at a time', async () => {
		sb.admin.setLatency(30);
		const parameters = { resource: 'memoryFact', operation: 'create', agentId: byId('dep_support01'), content: '={{ $json.content }}', options: { parallelWrites: 8 } };
		const items = Array.from({ length: 6 }, (_, i) => ({ content: `tool mode write ${i}` }));
		expect((await run(node, parameters, items)).error).toBeUndefined();
		expect(mostAtOnce(requestsTo(sb, 'POST', '/v1/memory/facts'))).toBeGreaterThan(1);
		sb.admin.reset();
		sb.admin.setLatency(30);
		expect((await run(tool, parameters, items)).error).toBeUndefined();
		expect(requestsTo(sb, 'POST', '/v1/memory/facts')).toHaveLength(6);
		expect(mostAtOnce(requestsTo(sb, 'POST', '/v1/memory/facts'))).toBe(1);
	});
});
