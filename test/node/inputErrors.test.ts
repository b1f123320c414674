/**
 * Bad input as a new user gives it: each error names the field and the next step, says it once,
 * and is raised before anything is sent. A filter the API would answer with nothing is checked
 * like Create checks the same value.
 */
import { NodeHelpers, Workflow, type INode, type INodeParameters, type NodeExecutionHint } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { NODE_NAME } from '../harness/n8n-core';
import { HarnessNodeTypes } from '../harness/n8n-core/nodeTypes';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, runNode } from './helpers';

const AGENT_ID_RULE = 'An agent ID is dep_ followed by letters, digits, _ - . or :, with nothing else (no spaces or address parts).';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

describe('filters on Get Many are checked like Create checks the same value', () => {
	test('an unknown tier or scope by expression is refused naming the values, before any request (Create refuses it too)', async () => {
		const tier = await runNode(sb, { resource: 'memoryFact', operation: 'getMany', returnAll: true, filters: { tier: '={{ "L9" }}' } });
		expect(tier.error?.message).toBe('The parameter "Filters → Tier" must be one of L1, L2, L3, L4, got "L9"');
		expect(tier.error?.description).toMatch(/would match nothing/);
		const scope = await runNode(sb, { resource: 'memoryFact', operation: 'getMany', returnAll: true, filters: { scope: '={{ "everyone" }}' } });
		expect(scope.error?.message).toBe('The parameter "Filters → Scope" must be one of agent, team, company, got "everyone"');
		expect(sb.admin.requests()).toHaveLength(0);

		const create = await runNode(sb, { resource: 'memoryFact', operation: 'create', agentId: byId('dep_support01'), content: 'x', additionalFields: { tier: '={{ "L9" }}' } });
		expect(create.error?.message).toMatch(/"tier".*must be one of L1, L2, L3, L4/);
	});

	test('a known value in another case is refused naming the right spelling', async () => {
		const tier = await runNode(sb, { resource: 'memoryFact', operation: 'getMany', returnAll: true, filters: { tier: '={{ "l3" }}' } });
		expect(tier.error?.message).toBe('The parameter "Filters → Tier" must be written "L3", got "l3"');
		const status = await runNode(sb, { resource: 'agent', operation: 'getMany', returnAll: true, filters: { status: '={{ "Active" }}' } });
		expect(status.error?.message).toBe('The parameter "Filters → Status" must be written "active", got "Active"');
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('a status the node does not list is sent (statuses are open), and an empty answer says so instead of nothing', async () => {
		const result = await runNode(sb, { resource: 'agent', operation: 'getMany', returnAll: true, filters: { status: '={{ "online" }}' } });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(0);
		const hints = (result.run?.data.resultData.runData[NODE_NAME]?.[0]?.hints ?? []) as NodeExecutionHint[];
		expect(hints).toEqual([expect.objectContaining({ type: 'warning', message: expect.stringMatching(/^No agent has the status "online" \(item 1\)\. It is not one of the statuses this node lists \(active, inactive, provisioning, error\)/) })]);
	});
});

describe('an ID in the wrong format is flagged once', () => {
	test('typed in the editor, the workflow does not start and the message says it once', async () => {
		const { error } = await runNode(sb, { resource: 'agent', operation: 'get', agentId: byId('agent_42') });
		expect(error?.message.split(AGENT_ID_RULE)).toHaveLength(2);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('the editor shows the issue once under the field, for every operation with an Agent', () => {
		const description = new AgentPlatform().description;
		for (const [resource, operation] of [['agent', 'get'], ['agent', 'update'], ['memoryFact', 'create'], ['skill', 'getMany']]) {
			const node = { id: '1', name: 'n', type: description.name, typeVersion: 1, position: [0, 0] as [number, number], parameters: { resource, operation, agentId: byId('agent_42') } };
			expect(NodeHelpers.getNodeParametersIssues(description.properties, node, description)?.parameters?.agentId).toEqual([AGENT_ID_RULE]);
		}
	});
});

describe('a required field an expression turned empty says so', () => {
	test('text: names the field, that its expression returned empty text, the expression and the item', async () => {
		const { error } = await runNode(
			sb,
			{ resource: 'memoryFact', operation: 'create', agentId: byId('dep_support01'), content: '={{ $json.text }}' },
			{ inputItems: [{ text: 'fine' }, { txet: 'typo' }] },
		);
		expect(error?.message).toBe('The parameter "Content" is empty: its expression returned empty text');
		expect(error?.description).toBe('The expression {{ $json.text }} gave empty text for item 2. Check that the field it reads exists in that item and is not empty (a missing field gives empty text).');
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('an ID: the same, for the locator', async () => {
		const { error } = await runNode(sb, { resource: 'agent', operation: 'get', agentId: byId('={{ $json.agent }}') }, { inputItems: [{}] });
		expect(error?.message).toBe('The parameter "Agent" is empty: its expression returned empty text');
		expect(error?.description).toMatch(/^The expression {{ \$json\.agent }} gave empty text for item 1\./);
	});
});

describe('an Operation the node does not have', () => {
	// A workflow's JSON (imported, or written by a model) can hold any text there, names every
	// JavaScript object has included: each is refused by name, before anything is sent. (An unknown
	// Resource shows no Operation parameter, which n8n refuses before the node runs.)
	test.each([
		['memoryFact', 'archive'],
		['memoryFact', 'constructor'],
		['skill', 'toString'],
		['team', '__proto__'],
	])('%s → %s', async (resource, operation) => {
		const { error } = await runNode(sb, { resource, operation });
		expect(error?.message).toBe(`The operation "${operation}" is not known for the resource "${resource}"`);
		expect(sb.admin.requests()).toHaveLength(0);
	});
});

describe('what the editor shows before a run', () => {
	const description = new AgentPlatform().description;
	const issuesOf = (parameters: Record<string, unknown>) =>
		NodeHelpers.getNodeParametersIssues(description.properties, { id: '1', name: 'n', type: description.name, typeVersion: 1, position: [0, 0], parameters } as never, description)?.parameters;

	/** Whether a hint of the node shows, decided the way n8n's editor decides it (getSimpleParameterValue on the node in a Workflow). */
	const shown = (parameters: INodeParameters) => {
		const nodeTypes = new HarnessNodeTypes();
		nodeTypes.register(description.name, new AgentPlatform());
		const node: INode = { id: 'n', name: 'Agent Platform', type: description.name, typeVersion: 1, position: [0, 0], parameters };
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		return (description.hints ?? []).filter((hint) => workflow.expression.getSimpleParameterValue(workflow.getNode(node.name) as INode, hint.displayCondition ?? '', 'internal', {}) === true).map((hint) => hint.message);
	};

	test('Selected Fields with no field chosen is flagged in the editor before a run, for every read operation that has Output', () => {
		const reads = description.properties.filter((p) => p.name === 'output').map((p) => ({ resource: p.displayOptions?.show?.resource?.[0], operation: p.displayOptions?.show?.operation?.[0] }));
		expect(reads.length).toBeGreaterThan(5);
		for (const { resource, operation } of reads) {
			const base = { resource, operation } as INodeParameters;
			expect(shown({ ...base, output: 'fields', fields: [] })).toEqual([expect.stringMatching(/^Output is Selected Fields, but no field is chosen: choose the fields to return under Fields/)]);
			expect(shown({ ...base, output: 'fields', fields: ['id'] })).toEqual([]);
			expect(shown({ ...base, output: 'simple' })).toEqual([]);
			// An Output or Fields given by expression is not flagged (and not blocked): the run decides.
			expect(shown({ ...base, output: '={{ "fields" }}', fields: [] })).toEqual([]);
			expect(shown({ ...base, output: 'fields', fields: '={{ ["id"] }}' })).toEqual([]);
			expect(issuesOf({ ...base, output: '={{ "raw" }}' })?.fields).toBeUndefined();
		}
	});

	test('Limit says under the field that it is at least 1 and how to get everything; a 0 by expression is refused naming Limit', async () => {
		const limits = description.properties.filter((p) => p.name === 'limit');
		expect(limits.length).toBeGreaterThan(5);
		for (const limit of limits) expect(limit.hint).toBe('At least 1 (0 or less is refused when the node runs). To get every result, turn on Return All.');
		const { error } = await runNode(sb, { resource: 'agent', operation: 'getMany', returnAll: false, limit: '={{ 0 }}' });
		expect(error?.message).toBe('The parameter "Limit" must be a whole number of 1 or more, got 0');
		expect(error?.description).toMatch(/Return All/);
		expect(sb.admin.requests()).toHaveLength(0);
	});
});
