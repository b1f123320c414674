/**
 * What points users to human review for the operations that destroy: the tool descriptions a model
 * reads, and the hint the tool variant shows in the editor. The e2e suite evaluates the same hint
 * against the tool variant n8n itself generates.
 */
import { Workflow, type INode, type INodeParameters, type INodePropertyOptions, type INodeType } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { DESTRUCTIVE_OPERATIONS, HUMAN_REVIEW_HINT } from '../../nodes/AgentPlatform/helpers/humanReview';
import { ROUTES } from '../../src/routes';
import { nodeAsTool } from '../harness/n8n-core';
import { HarnessNodeTypes } from '../harness/n8n-core/nodeTypes';

const nodeType = new AgentPlatform();
const { description } = nodeType;
const destructive = Object.entries(DESTRUCTIVE_OPERATIONS).flatMap(([resource, operations]) => operations.map((operation) => [resource, operation] as const));
const everyOperation = description.properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => [String(p.displayOptions?.show?.resource?.[0]), String(o.value)] as const));
const credentials = { apiKey: 'ctx_unused', baseUrl: 'http://127.0.0.1:9/v1' };

/** The tool description n8n-core gives a model for this operation (descriptionType "auto", n8n's default). */
const toolDescription = (resource: string, operation: string) =>
	nodeAsTool({ nodeType, parameters: { descriptionType: 'auto', resource, operation }, credentials }).tool.description;

/**
 * The tool variant as n8n makes it (n8n's tool-generation/ai-tools.js, convertNodeToAiTool): the
 * node's description plus a "Tool Description" choice and text. The e2e suite reads the real one.
 */
const toolVariant: INodeType = {
	description: {
		...description,
		name: `${description.name}Tool`,
		properties: [
			{ displayName: 'Tool Description', name: 'descriptionType', type: 'options', options: [{ name: 'Set Automatically', value: 'auto' }, { name: 'Set Manually', value: 'manual' }], default: 'auto' },
			{ displayName: 'Description', name: 'toolDescription', type: 'string', default: description.description, displayOptions: { show: { descriptionType: ['manual'] } } },
			...description.properties,
		],
	},
};

/**
 * Whether the hint shows, decided the way n8n's editor decides it: getSimpleParameterValue on the
 * node in a Workflow, which resolves the node's parameters with their defaults.
 */
function hintShown(parameters: INodeParameters, asTool: boolean): boolean {
	const type = asTool ? toolVariant : nodeType;
	const nodeTypes = new HarnessNodeTypes();
	nodeTypes.register(type.description.name, type);
	const node: INode = { id: 'n', name: 'Agent Platform', type: type.description.name, typeVersion: 1, position: [0, 0], parameters };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const shown = workflow.expression.getSimpleParameterValue(workflow.getNode(node.name) as INode, HUMAN_REVIEW_HINT.displayCondition, 'internal', {});
	expect(typeof shown).toBe('boolean');
	return shown === true;
}

describe('destructive operations and human review', () => {
	test('the list names only operations the node has, and every operation sending DELETE is on it', () => {
		const known = everyOperation.map(([r, o]) => `${r}.${o}`);
		expect(destructive.map(([r, o]) => `${r}.${o}`).filter((name) => !known.includes(name))).toEqual([]);
		const deletes = Object.entries(ROUTES).filter(([, route]) => route.method === 'DELETE').map(([name]) => name);
		expect(deletes.length).toBeGreaterThan(0);
		expect(deletes.filter((name) => !destructive.some(([r, o]) => `${r}.${o}` === name))).toEqual([]);
	});

	test.each(destructive)('%s %s: the tool description a model reads says it deletes or disables', (resource, operation) => {
		expect(toolDescription(resource, operation)).toMatch(/\b(delete|deletes|disable)\b/i);
	});

	test('no other operation says it deletes or disables', () => {
		const others = everyOperation.filter(([r, o]) => !destructive.some(([dr, dop]) => dr === r && dop === o));
		expect(others.map(([r, o]) => toolDescription(r, o)).filter((text) => /\b(delete|deletes|disable)\b/i.test(text))).toEqual([]);
	});

	test('the tool variant of each destructive operation shows the hint; the node itself never does', () => {
		expect(HUMAN_REVIEW_HINT.message).toMatch(/human review/i);
		// Shown on a tool already gated too (n8n shows a hint no connections): it says that one is set.
		expect(HUMAN_REVIEW_HINT.message).toMatch(/^Already behind a human review node, as in the human review example\? Then nothing more is needed\./);
		expect(HUMAN_REVIEW_HINT.type).toBe('info');
		expect(description.hints).toContain(HUMAN_REVIEW_HINT);
		for (const [resource, operation] of everyOperation) {
			const isDestructive = destructive.some(([r, o]) => r === resource && o === operation);
			expect([resource, operation, hintShown({ resource, operation }, true)]).toEqual([resource, operation, isDestructive]);
			expect([resource, operation, hintShown({ resource, operation }, false)]).toEqual([resource, operation, false]);
		}
	});

	test('API Request as a tool shows the hint unless its method is GET (an expression counts: the model picks)', () => {
		const request = (method?: string) => ({ resource: 'apiRequest', operation: 'request', ...(method ? { method } : {}) });
		expect(hintShown(request(), true)).toBe(false);
		expect(hintShown(request('GET'), true)).toBe(false);
		for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', "={{ $fromAI('method') }}"]) expect([method, hintShown(request(method), true)]).toEqual([method, true]);
		expect(hintShown(request('DELETE'), false)).toBe(false);
		// n8n's Custom API Call, which it adds to every resource of a node with credentials.
		expect(hintShown({ resource: 'apiRequest', operation: '__CUSTOM_API_CALL__' }, true)).toBe(false);
	});
});
