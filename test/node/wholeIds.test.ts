/**
 * A pasted ID with something after it ("dep_support01 /edit", copied from an address bar) starts
 * right and is still not an ID. Every check of an ID, in the editor and when a node runs, says what
 * the whole ID may hold and where the pasted text stops being one.
 */
import { NodeHelpers, type INodeParameters, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { AgentPlatformMemory } from '../../nodes/AgentPlatformMemory/AgentPlatformMemory.node';
import { getSkills } from '../../nodes/AgentPlatform/methods/loadOptions';
import { loadOptionsContext } from '../harness/n8n-core';
import { memoryParameters, withMemory } from '../memory/helpers';
import { pollingWorkflow } from '../polling/helpers';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { triggerWorkflow } from '../trigger/helpers';
import { byId, runNode } from './helpers';

const AGENT_RULE = 'An agent ID is dep_ followed by letters, digits, _ - . or :, with nothing else (no spaces or address parts).';
const opaqueRule = (noun: string) =>
	`${/^[aeiou]/i.test(noun) ? 'An' : 'A'} ${noun} ID is letters, digits, _ - . or : (not only dots), with nothing else (no spaces or address parts).`;
const PASTED = 'dep_support01 /edit';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

/** Parameters that show a property: the first value of each of its displayOptions.show conditions. */
function showing(property: INodeProperties): INodeParameters {
	const show = property.displayOptions?.show ?? {};
	return Object.fromEntries(
		Object.entries(show)
			.filter(([name]) => !name.startsWith('@'))
			.map(([name, values]) => [name, (values as unknown[])[0] as string]),
	);
}

function editorIssues(description: INodeTypeDescription, parameters: INodeParameters, name: string): string[] | undefined {
	const node = {
		id: '1',
		name: 'n',
		type: description.name,
		typeVersion: 1,
		position: [0, 0] as [number, number],
		parameters,
	};
	return NodeHelpers.getNodeParametersIssues(description.properties, node, description)?.parameters?.[name];
}

describe('in the editor, every By ID says what the whole ID may hold', () => {
	const locators = [new AgentPlatform().description, new AgentPlatformMemory().description].flatMap((description) =>
		description.properties
			.filter((p) => p.type === 'resourceLocator')
			.map((property) => [`${description.displayName}: ${property.displayName} (${JSON.stringify(showing(property))})`, description, property] as const),
	);

	test('there are locators to check: the agent, fact, document, team, member and webhook', () => {
		expect(new Set(locators.map(([, , p]) => p.name))).toEqual(new Set(['agentId', 'factId', 'documentId', 'teamId', 'memberId', 'webhookId']));
	});

	test.each(locators)('%s', (_name, description, property) => {
		const noun = property.name === 'agentId' ? undefined : property.displayName.toLowerCase();
		const rule = noun === undefined ? AGENT_RULE : opaqueRule(noun);
		const base = showing(property);
		const good = noun === undefined ? 'dep_support01' : 'fact_0010';
		for (const pasted of [`${good} /edit`, `https://app.example/x/${good}`, `${good}?tab=1`, ...(noun === undefined ? ['agent_42', 'dep_'] : ['..'])]) {
			expect([pasted, editorIssues(description, { ...base, [property.name]: byId(pasted) }, property.name)]).toEqual([pasted, [rule]]);
		}
		expect(editorIssues(description, { ...base, [property.name]: byId(good) }, property.name)).toBeUndefined();
		expect(editorIssues(description, { ...base, [property.name]: byId('={{ $json.id }}') }, property.name)).toBeUndefined();
	});
});

describe('when a node runs, an ID from an expression is checked whole', () => {
	test('the action node names the parameter, the rule, and where the ID stops', async () => {
		const { error } = await runNode(
			sb,
			{
				resource: 'agent',
				operation: 'get',
				agentId: byId('={{ $json.agent }}'),
			},
			{ inputItems: [{ agent: PASTED }] },
		);
		expect(error?.message).toBe(`The parameter "Agent" got "${PASTED}". ${AGENT_RULE}`);
		expect(error?.description).toBe('It has a space after "dep_support01". Choose it from the list, or check what was pasted or the expression that produces it.');
		const fact = await runNode(sb, {
			resource: 'memoryFact',
			operation: 'get',
			factId: byId('={{ "fact_0010/promote" }}'),
		});
		expect(fact.error?.message).toBe(`The parameter "Memory Fact" got "fact_0010/promote". ${opaqueRule('memory fact')}`);
		expect(fact.error?.description).toMatch(/^It has a slash after "fact_0010"\./);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test("a team filter and a member's team, inside collections, are checked too (before, they were sent as typed)", async () => {
		const filter = await runNode(sb, {
			resource: 'member',
			operation: 'getMany',
			returnAll: true,
			filters: { teamId: byId('team_1 /members') },
		});
		expect(filter.error?.message).toBe(`The parameter "Filters → Team" got "team_1 /members". ${opaqueRule('team')}`);
		const add = await runNode(sb, {
			resource: 'member',
			operation: 'add',
			email: 'a@b.example',
			additionalFields: { teamId: 'team 1' },
		});
		expect(add.error?.message).toBe(`The parameter "Additional Fields → Team" got "team 1". ${opaqueRule('team')}`);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test("the memory's Agent", async () => {
		const { error } = await withMemory(sb, memoryParameters({ agentId: byId(`={{ "${PASTED}" }}`) }), async () => undefined);
		expect(error?.description).toBe(`The parameter "Agent" got "${PASTED}". ${AGENT_RULE}`);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test("the webhook trigger's and the polling trigger's Agent filters", async () => {
		const webhook = triggerWorkflow(sb, {
			subscriptionMode: 'create',
			events: ['*'],
			options: { agentId: byId(PASTED) },
		});
		await expect(webhook.activate('http://127.0.0.1:9/unused')).rejects.toThrow(`The parameter "Options → Agent" got "${PASTED}". ${AGENT_RULE}`);
		const polling = pollingWorkflow(sb, {
			events: ['*'],
			filters: { agentId: byId(PASTED) },
		});
		polling.activate();
		await expect(polling.poll()).rejects.toThrow(`The parameter "Filters → Agent" got "${PASTED}". ${AGENT_RULE}`);
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('the skills list says the Agent is not an ID, instead of asking to choose one that is chosen', async () => {
		const ctx = loadOptionsContext({
			nodeType: new AgentPlatform(),
			parameters: {
				resource: 'skill',
				operation: 'enable',
				agentId: byId(PASTED),
			},
			credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl },
		});
		await expect(getSkills.call(ctx)).rejects.toMatchObject({
			description: `${AGENT_RULE} The skills list depends on the agent.`,
		});
		expect(sb.admin.requests()).toHaveLength(0);
	});
});
