/**
 * Limit, as a new user meets it: a 0 or -1 typed into Limit is refused naming the field (the editor
 * used to turn it into 1 with no word), and a list Limit stopped is said once, in the singular for
 * one item. n8n's editor adds its own notice to every node whose saved `limit` is a number equal to
 * the output's length ("Limit of N items reached…", getGenericHints in n8n's editor); the node's
 * notice must not repeat it.
 */
import type { IDataObject, INode, INodeParameters, NodeExecutionHint } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { NODE_NAME } from '../harness/n8n-core';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { runNode } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

/** n8n 2.41's editor rule for its own notice, as its output pane applies it after a run. */
const editorNotice = (parameters: INode['parameters'], outputCount: number): string[] =>
	parameters.limit && outputCount === parameters.limit ? [`Limit of ${String(parameters.limit)} items reached. There may be more items that aren't being returned.`] : [];

/** Every notice about Limit the output pane shows after the run: n8n's and the node's. */
async function limitNotices(parameters: INodeParameters, inputItems?: IDataObject[]) {
	const result = await runNode(sb, parameters, { inputItems });
	expect(result.error).toBeUndefined();
	const ours = ((result.run?.data.resultData.runData[NODE_NAME]?.[0]?.hints ?? []) as NodeExecutionHint[]).map((h) => h.message).filter((m) => /Limit/.test(m));
	return { count: result.items.length, notices: [...editorNotice(parameters, result.items.length), ...ours] };
}

const agents = () => sb.admin.org('org_acme').agents.size;

describe('Limit below 1', () => {
	test('the editor keeps what was typed (no minValue correcting it to 1), and the node refuses it naming Limit', async () => {
		const limits = new AgentPlatform().description.properties.filter((p) => p.name === 'limit');
		expect(limits.length).toBeGreaterThan(5);
		for (const limit of limits) expect([limit.displayOptions, limit.typeOptions?.minValue]).toEqual([limit.displayOptions, undefined]);
		for (const typed of [0, -1]) {
			const { error } = await runNode(sb, { resource: 'agent', operation: 'getMany', returnAll: false, limit: typed });
			expect(error?.message).toBe(`The parameter "Limit" must be a whole number of 1 or more, got ${typed}`);
			expect(error?.description).toBe('Set Limit to how many items to return (1 or more), or turn on Return All to get every item.');
		}
		expect(sb.admin.requests()).toHaveLength(0);
	});
});

describe('a list Limit stopped is said once', () => {
	test('a typed Limit of 1: one notice (n8n says it; the node does not repeat it)', async () => {
		expect(agents()).toBeGreaterThan(1);
		const { count, notices } = await limitNotices({ resource: 'agent', operation: 'getMany', returnAll: false, limit: 1 });
		expect(count).toBe(1);
		expect(notices).toHaveLength(1);
	});

	test('a Limit by expression, which n8n does not read: the node says it, "1 item", once', async () => {
		const { notices } = await limitNotices({ resource: 'agent', operation: 'getMany', returnAll: false, limit: '={{ 1 }}' });
		expect(notices).toEqual([`Limit stopped the list at 1 item of the ${agents()} the API announced. Turn on Return All, or raise Limit, to get the rest.`]);
	});

	test('two input items, each list stopped at 1: n8n compares the whole output (2) with Limit and says nothing, so the node does', async () => {
		const { count, notices } = await limitNotices({ resource: 'agent', operation: 'getMany', returnAll: false, limit: 1 }, [{}, {}]);
		expect(count).toBe(2);
		expect(notices).toEqual([`Limit stopped the list at 1 item of the ${agents()} the API announced (and 1 more list). Turn on Return All, or raise Limit, to get the rest.`]);
	});

	test('a list that fits within Limit: no notice from the node', async () => {
		const { notices } = await limitNotices({ resource: 'agent', operation: 'getMany', returnAll: false, limit: '={{ 1000 }}' });
		expect(notices).toEqual([]);
	});
});
