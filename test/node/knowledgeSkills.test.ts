import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, runNode } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

describe('Knowledge Document', () => {
	test('get many lists every onboarding section, simplified without content', async () => {
		const { json } = await runNode(sb, { resource: 'knowledgeDocument', operation: 'getMany', returnAll: true });
		expect(json.map((d) => d.section)).toEqual([
			'company_overview',
			'products_services',
			'team_structure',
			'tools_tech_stack',
			'goals_priorities',
			'agent_persona_rules',
		]);
		expect(json.filter((d) => 'content' in d)).toEqual([]);
	});

	test('get returns the content; update bumps the version', async () => {
		const got = await runNode(sb, { resource: 'knowledgeDocument', operation: 'get', documentId: byId('doc_company_overview') });
		expect(got.json[0].content).toContain('Acme Robotics');
		const updated = await runNode(sb, {
			resource: 'knowledgeDocument',
			operation: 'update',
			documentId: byId('doc_company_overview'),
			updateFields: { content: '# Company Overview\n\nWe build friendly robots.' },
		});
		expect(updated.json[0]).toEqual(expect.objectContaining({ version: 2, content: '# Company Overview\n\nWe build friendly robots.' }));
		expect(sb.admin.org('org_acme').documents.get('doc_company_overview')).toEqual(expect.objectContaining({ version: 2, content: '# Company Overview\n\nWe build friendly robots.' }));
	});
});

describe('Skill', () => {
	test('get many lists the agent\'s skills with their enabled state', async () => {
		const { json } = await runNode(sb, { resource: 'skill', operation: 'getMany', agentId: byId('dep_support01'), returnAll: true });
		expect(json.find((s) => s.id === 'memory_search')?.enabled).toBe(true);
		expect(json.find((s) => s.id === 'web_browsing')?.enabled).toBe(false);
	});

	test('enable and disable change the state, and a later get many sees it', async () => {
		const enabled = async () => (await runNode(sb, { resource: 'skill', operation: 'getMany', agentId: byId('dep_support01'), returnAll: true })).json.find((s) => s.id === 'web_browsing')?.enabled;
		const on = await runNode(sb, { resource: 'skill', operation: 'enable', agentId: byId('dep_support01'), skillId: 'web_browsing' });
		expect(on.json[0]).toEqual(expect.objectContaining({ id: 'web_browsing', enabled: true }));
		expect(await enabled()).toBe(true);
		const off = await runNode(sb, { resource: 'skill', operation: 'disable', agentId: byId('dep_support01'), skillId: 'web_browsing' });
		expect(off.json[0]).toEqual(expect.objectContaining({ id: 'web_browsing', enabled: false }));
		expect(await enabled()).toBe(false);
	});

	test('an unknown skill is not found', async () => {
		const { error } = await runNode(sb, { resource: 'skill', operation: 'enable', agentId: byId('dep_support01'), skillId: 'time_travel' });
		expect(error?.message).toContain('[not_found]');
	});
});
