import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { listSearch, loadOptions } from '../../nodes/AgentPlatform/methods';
import { loadOptionsContext } from '../harness/n8n-core';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const ctx = (parameters = {}) =>
	loadOptionsContext({ nodeType: new AgentPlatform(), parameters, credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl } });

describe('list search', () => {
	test('agents: names with status, filtered by the search text', async () => {
		const all = await listSearch.searchAgents.call(ctx());
		expect(all.results[0]).toEqual({ name: 'Support Agent (active)', value: 'dep_support01' });
		const filtered = await listSearch.searchAgents.call(ctx(), 'sales');
		expect(filtered.results.map((r) => r.value)).toEqual(['dep_sales02']);
	});

	test('facts: searched by the server, paged with a token until the last page', async () => {
		sb.admin.seedFacts('org_acme', 250);
		const all = sb.admin.factIdsInListOrder('org_acme');
		const pages = [await listSearch.searchFacts.call(ctx())];
		while (pages.at(-1)?.paginationToken !== undefined && pages.length < 5) pages.push(await listSearch.searchFacts.call(ctx(), undefined, pages.at(-1)?.paginationToken as string));
		expect(pages.map((p) => [p.results.length, p.paginationToken])).toEqual([
			[100, '100'],
			[100, '200'],
			[all.length - 200, undefined],
		]);
		expect(pages.flatMap((p) => p.results.map((r) => r.value))).toEqual(all);

		const org = sb.admin.org('org_acme');
		const escalation = sb.admin.factIdsInListOrder('org_acme').filter((id) => org.facts.get(id)?.content.includes('escalation'));
		expect(escalation.length).toBeGreaterThan(0);
		const text = await listSearch.searchFacts.call(ctx(), 'escalation');
		expect(text.results.map((r) => r.value)).toEqual(escalation);
	});

	test('teams, members, documents and webhooks', async () => {
		expect((await listSearch.searchTeams.call(ctx())).results.map((r) => r.value)).toEqual(['team_support', 'team_sales', 'team_eng']);
		expect((await listSearch.searchMembers.call(ctx(), 'grace')).results).toEqual([{ name: 'Grace Hopper (grace@acme.example)', value: 'mem_grace' }]);
		expect((await listSearch.searchDocuments.call(ctx(), 'persona')).results.map((r) => r.value)).toEqual(['doc_agent_persona_rules']);
		expect((await listSearch.searchWebhooks.call(ctx())).results).toEqual([]);
		const created = await fetch(`${sb.baseUrl}/webhooks`, {
			method: 'POST',
			headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ url: 'https://example.com/hook', events: ['memory.fact_created'], description: 'Slack relay' }),
		});
		const { data } = (await created.json()) as { data: { id: string } };
		expect((await listSearch.searchWebhooks.call(ctx(), 'slack')).results).toEqual([{ name: 'Slack relay (memory.fact_created)', value: data.id }]);
	});
});

describe('load options', () => {
	test('skills of the chosen agent, with their state', async () => {
		const options = await loadOptions.getSkills.call(ctx({ resource: 'skill', operation: 'enable', agentId: byId('dep_support01') }));
		expect(options).toContainEqual(expect.objectContaining({ name: 'Memory Search (enabled)', value: 'memory_search' }));
		expect(options).toContainEqual(expect.objectContaining({ name: 'Web Browsing (disabled)', value: 'web_browsing' }));
	});
});
