import { NodeHelpers, type IDataObject, type INode, type INodeParameters } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, mostAtOnce, requestsTo, runNode } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => {
	sb.admin.reset();
	// Long enough that requests sent together are seen together by the server.
	sb.admin.setLatency(30);
});

const PREFIX = 'write order test, item ';
const createFact = { resource: 'memoryFact', operation: 'create', agentId: byId('={{ $json.agent }}'), content: '={{ $json.content }}' };
/** `n` facts to create; the one at `failing` names an agent the server does not have (it answers 400). */
const factItems = (n: number, failing?: number): IDataObject[] =>
	Array.from({ length: n }, (_, i) => ({ agent: i === failing ? 'dep_missing99' : 'dep_support01', content: `${PREFIX}${i}` }));
/** Items whose facts the server stored, in the order it stored them. */
const storedItems = () =>
	[...sb.admin.org('org_acme').facts.values()].filter((f) => f.content.startsWith(PREFIX)).map((f) => Number(f.content.slice(PREFIX.length)));
const posts = () => requestsTo(sb, 'POST', '/v1/memory/facts');

describe('writes: one item at a time, in input order, by default', () => {
	test('creates reach the server one at a time, in input order', async () => {
		const { json, error } = await runNode(sb, createFact, { inputItems: factItems(8) });
		expect(error).toBeUndefined();
		expect(json.map((f) => f.content)).toEqual(factItems(8).map((i) => i.content));
		expect(posts()).toHaveLength(8);
		expect(mostAtOnce(posts())).toBe(1);
		expect(storedItems()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
	});

	test('without Continue On Fail, nothing after the failing item is sent', async () => {
		const { error } = await runNode(sb, createFact, { inputItems: factItems(6, 2) });
		expect(error?.message).toContain('[bad_request]');
		expect(error?.context?.itemIndex).toBe(2);
		// Items 0 and 1 were written before item 2 failed; items 3 to 5 were never sent, so fixing
		// item 2 and running again writes nothing twice.
		expect(posts()).toHaveLength(3);
		expect(storedItems()).toEqual([0, 1]);
	});

	test('with Continue On Fail, every item is attempted, one at a time, in input order', async () => {
		const { json, error } = await runNode(sb, createFact, { inputItems: factItems(6, 2), continueOnFail: true });
		expect(error).toBeUndefined();
		expect(json.map((f) => f.content ?? f.error)).toEqual([
			`${PREFIX}0`,
			`${PREFIX}1`,
			'Invalid "agent_id": no agent "dep_missing99" in this organization [bad_request]',
			`${PREFIX}3`,
			`${PREFIX}4`,
			`${PREFIX}5`,
		]);
		expect(posts()).toHaveLength(6);
		expect(mostAtOnce(posts())).toBe(1);
		expect(storedItems()).toEqual([0, 1, 3, 4, 5]);
	});

	test('API Request with a method other than GET is a write', async () => {
		const parameters = { resource: 'apiRequest', operation: 'request', method: 'POST', path: '/memory/facts', query: '{}', body: '={{ JSON.stringify({ agent_id: $json.agent, content: $json.content }) }}' };
		const { error } = await runNode(sb, parameters, { inputItems: factItems(6) });
		expect(error).toBeUndefined();
		expect(mostAtOnce(posts())).toBe(1);
		expect(storedItems()).toEqual([0, 1, 2, 3, 4, 5]);
	});
});

describe('Parallel Writes', () => {
	test('sends up to the chosen number of items at once, and no more', async () => {
		const { json, error } = await runNode(sb, { ...createFact, options: { parallelWrites: 4 } }, { inputItems: factItems(24) });
		expect(error).toBeUndefined();
		// Output still follows input order, whatever order the server saw.
		expect(json.map((f) => f.content)).toEqual(factItems(24).map((i) => i.content));
		const atOnce = mostAtOnce(posts());
		expect(atOnce).toBeGreaterThan(1);
		expect(atOnce).toBeLessThanOrEqual(4);
	});

	test('a value out of range is refused, naming the option, before anything is sent', async () => {
		const { error } = await runNode(sb, { ...createFact, options: { parallelWrites: '={{ 0 }}' } }, { inputItems: factItems(3) });
		expect(error?.message).toBe('The option "Parallel Writes" must be a whole number from 1 to 16, got 0');
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('the option is offered exactly where items write: every operation but Get and Get Many, and API Request unless its method is GET', () => {
		const { description } = new AgentPlatform();
		const { properties } = description;
		// What n8n keeps of a node's parameters: only those its display rules show.
		const offered = (parameters: INodeParameters) =>
			'options' in (NodeHelpers.getNodeParameters(properties, { ...parameters, options: { parallelWrites: 4 } }, false, false, { typeVersion: 1 } as INode, description) ?? {});
		const resources = (properties.find((p) => p.name === 'resource')?.options ?? []) as Array<{ value: string }>;
		let checked = 0;
		for (const { value: resource } of resources) {
			const operations = properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource));
			for (const { value: operation } of (operations?.options ?? []) as Array<{ value: string }>) {
				checked += 1;
				if (resource === 'apiRequest') {
					expect([operation, offered({ resource, operation, method: 'GET' }), offered({ resource, operation, method: 'POST' })]).toEqual([operation, false, true]);
					continue;
				}
				// Every operation but Get and Get Many writes (written out here, apart from the routes the operations declare).
				expect([resource, operation, offered({ resource, operation })]).toEqual([resource, operation, operation !== 'get' && operation !== 'getMany']);
			}
		}
		expect(checked).toBeGreaterThan(30);
	});
});
