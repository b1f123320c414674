/**
 * What n8n 2.x reads from a node description besides its parameters: `builderHint` (its AI workflow
 * builder: what the node is for, what to pair it with) on all four nodes, and `sensitiveOutputFields`
 * (output paths n8n may redact in execution data) naming exactly where the signing secret comes out.
 * The e2e suite checks that n8n serves both and runs n8n's own redaction of that path.
 */
import type { IDataObject, INodeType } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { AgentPlatformMemory } from '../../nodes/AgentPlatformMemory/AgentPlatformMemory.node';
import { AgentPlatformPollingTrigger } from '../../nodes/AgentPlatformPollingTrigger/AgentPlatformPollingTrigger.node';
import { AgentPlatformTrigger } from '../../nodes/AgentPlatformTrigger/AgentPlatformTrigger.node';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { runNode } from './helpers';
import packageJson from '../../package.json';

const nodes: INodeType[] = [new AgentPlatform(), new AgentPlatformTrigger(), new AgentPlatformPollingTrigger(), new AgentPlatformMemory()];
/** Node types as n8n registers this package's nodes: `<package name>.<node name>`. */
const ownTypes = new Set(nodes.map((n) => `${packageJson.name}.${n.description.name}`));
const hintOf = (name: string) => nodes.find((n) => n.description.name === name)?.description.builderHint;

describe('builderHint', () => {
	test.each(nodes.map((n) => [n.description.name, n] as const))('%s says what it is for and what to pair it with, naming node types that exist', (_name, type) => {
		const hint = type.description.builderHint;
		expect(hint?.searchHint?.length).toBeGreaterThan(150);
		// The builder shows it with search results: a paragraph, not a manual.
		expect(hint?.searchHint?.length).toBeLessThan(1_200);
		expect(hint?.relatedNodes?.length).toBeGreaterThan(0);
		for (const related of hint?.relatedNodes ?? []) {
			expect(related.relationHint.length).toBeGreaterThan(10);
			if (related.nodeType.startsWith(`${packageJson.name}.`)) expect(ownTypes).toContain(related.nodeType);
			else expect(related.nodeType).toMatch(/^@n8n\/n8n-nodes-langchain\.(agent|chatTrigger|mcpTrigger)$/);
			expect(related.nodeType).not.toBe(`${packageJson.name}.${type.description.name}`);
		}
		expect(packageJson.n8n.nodes).toContain(`dist/nodes/${type.constructor.name}/${type.constructor.name}.node.js`);
	});

	test('the action node points AI Agents to its tool variant and triggers to the Trigger node', () => {
		const hint = hintOf('agentPlatform');
		expect(hint?.searchHint).toMatch(/tool variant \(Agent Platform Tool\).*Tool input.*\$fromAI\(\)/);
		expect(hint?.searchHint).toMatch(/Agent Platform Trigger/);
		expect(hint?.relatedNodes?.map((r) => r.nodeType)).toEqual(expect.arrayContaining(['@n8n/n8n-nodes-langchain.agent', `${packageJson.name}.agentPlatformTrigger`]));
	});

	test('the memory names its input and both session keys: one memory per chat, one per user', () => {
		const hint = hintOf('agentPlatformMemory')?.searchHint ?? '';
		expect(hint).toMatch(/Memory input/);
		expect(hint).toMatch(/"Connected Chat Trigger Node" \(one memory per chat\)/);
		expect(hint).toMatch(/one memory per user .*"Define Below" with Key = an expression holding a stable user ID/);
		// The names it quotes are the memory's own option names.
		const sessionIdType = new AgentPlatformMemory().description.properties.find((p) => p.name === 'sessionIdType');
		expect(sessionIdType?.options?.map((o) => ('name' in o ? o.name : ''))).toEqual(['Connected Chat Trigger Node', 'Define Below']);
	});

	test('the triggers point to each other for the case each does not serve', () => {
		expect(hintOf('agentPlatformTrigger')?.searchHint).toMatch(/when it cannot, use Agent Platform Polling Trigger/);
		expect(hintOf('agentPlatformPollingTrigger')?.searchHint).toMatch(/when the platform can reach n8n, Agent Platform Trigger/);
	});
});

describe('sensitiveOutputFields', () => {
	let sb: RunningSandbox;
	beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
	afterAll(async () => await sb.close());

	/** The value at a dot path of `item.json`, as n8n's redaction reads the path. */
	const at = (json: IDataObject, dotPath: string) => dotPath.split('.').reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], json);

	test('the action node names the path where Webhook Create and an API Request creating a subscription put the secret; no other node outputs one', async () => {
		const fields = new AgentPlatform().description.sensitiveOutputFields ?? [];
		// Webhook Create returns the subscription; API Request returns the API's envelope around it.
		expect(fields).toEqual(['secret', 'data.secret']);
		const created = await runNode(sb, { resource: 'webhookSubscription', operation: 'create', url: 'https://example.com/a', events: ['*'], additionalFields: {} });
		expect(at(created.json[0], fields[0])).toMatch(/^whsec_/);
		const viaApiRequest = await runNode(sb, { resource: 'apiRequest', operation: 'request', method: 'POST', path: '/webhooks', body: JSON.stringify({ url: 'https://example.com/b', events: ['*'] }) });
		expect(viaApiRequest.error).toBeUndefined();
		expect(at(viaApiRequest.json[0], fields[1])).toMatch(/^whsec_/);
		for (const other of [new AgentPlatformTrigger(), new AgentPlatformPollingTrigger(), new AgentPlatformMemory()]) expect(other.description.sensitiveOutputFields).toBeUndefined();
	});
});
