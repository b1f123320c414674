/**
 * The webhook trigger's Agent filter: a resource locator with the action node's list search, its
 * `dep_` checked on activation, still reading workflows that saved the filter as a plain string.
 */
import { sign } from '../../src/signing';
import { loadOptionsContext } from '../harness/n8n-core';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { trigger, triggerWorkflow } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const SECRET = ['whsec', 'agent', 'filter', 'tests'].join('_');

// Each delivery gets its own fact ID: two tests can run within one millisecond, and the same bytes
// again are a replay, which the trigger rightly ignores.
let deliveries = 0;

function delivery(agentId: string) {
	const timestamp = new Date().toISOString();
	const fact = { id: `fact_${agentId}_${++deliveries}`, agent_id: agentId };
	const rawBody = Buffer.from(JSON.stringify({ event: 'memory.fact_created', org_id: 'org_acme', timestamp, data: { fact } }));
	return {
		rawBody,
		body: JSON.parse(rawBody.toString()) as object,
		headers: { 'x-service-event': 'memory.fact_created', 'x-service-signature': sign(SECRET, rawBody), 'x-service-timestamp': timestamp } as Record<string, string | undefined>,
	};
}

const fromList = { __rl: true, mode: 'list', value: 'dep_sales02', cachedResultName: 'Sales Assistant' };

describe("the webhook trigger's Agent filter", () => {
	test.each([
		['chosen from the list', fromList],
		['entered by ID', { __rl: true, mode: 'id', value: 'dep_sales02' }],
		['saved as a plain string before it was a locator', 'dep_sales02'],
	])('%s: only events about that agent start the workflow', async (_how, agentId) => {
		const wf = triggerWorkflow(sb, { subscriptionMode: 'existing', events: ['*'], options: { agentId } }, { signingSecret: SECRET });
		await wf.activate('http://127.0.0.1:9/unused');
		expect((await wf.deliver(delivery('dep_support01'))).started).toBe(false);
		expect((await wf.deliver(delivery('dep_sales02'))).started).toBe(true);
	});

	test('an ID without dep_ refuses activation, naming the filter, and creates nothing', async () => {
		const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: { agentId: { __rl: true, mode: 'id', value: 'agent_42' } } });
		await expect(wf.activate('http://127.0.0.1:9/unused')).rejects.toThrow('The parameter "Options → Agent" got "agent_42". An agent ID is dep_ followed by letters, digits, _ - . or :, with nothing else (no spaces or address parts).');
		expect([...sb.admin.org('org_acme').webhooks.values()]).toEqual([]);
	});

	test('the locator lists the agents with the same search as the action node; dep_ is checked on activation (above), not by a By-ID check n8n does not apply inside Options', async () => {
		const options = trigger.description.properties.find((p) => p.name === 'options')?.options as Array<{ name: string; type?: string; modes?: Array<{ name: string; validation?: unknown }> }>;
		const agent = options.find((o) => o.name === 'agentId');
		expect(agent?.type).toBe('resourceLocator');
		expect(agent?.modes?.map((m) => [m.name, m.validation])).toEqual([
			['list', undefined],
			['id', undefined],
		]);
		const ctx = loadOptionsContext({ nodeType: trigger, parameters: {}, credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl } });
		const found = await trigger.methods.listSearch.searchAgents.call(ctx, 'sales');
		expect(found.results).toEqual([{ name: 'Sales Assistant (active)', value: 'dep_sales02' }]);
	});
});
