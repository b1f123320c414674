/**
 * Limits the package knows, checked before anything is sent: a text over its field's limit fails
 * naming the field, the limit and its length, and no item is sent; the field's description says the
 * limit. The table (nodes/parts/textLimits.ts) is the sandbox's: each limit is checked against the
 * sandbox itself, which takes the limit and refuses one character more.
 */
import type { IDataObject } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { TEXT_LIMITS } from '../../nodes/parts/textLimits';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, runNode } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const writes = () => sb.admin.requests().filter((r) => r.method !== 'GET');
const create = (content: string) => ({ resource: 'memoryFact', operation: 'create', agentId: byId('dep_support01'), content });

describe('text limits, checked before sending', () => {
	test('Content over 10,000 characters: the error names the field, the limit and the length, and no item is sent', async () => {
		const items = [{ text: 'A fact that fits' }, { text: 'y'.repeat(10_001) }];
		const result = await runNode(sb, create('={{ $json.text }}'), { inputItems: items });
		expect(result.error?.message).toBe('The parameter "Content" is 10,001 characters long; the API takes at most 10,000');
		expect(result.error?.description).toMatch(/Shorten "Content" by at least 1 characters/);
		expect(writes()).toHaveLength(0);
	});

	test('exactly at the limit is sent, and the sandbox takes it', async () => {
		const result = await runNode(sb, create('z'.repeat(10_000)));
		expect(result.error).toBeUndefined();
		expect(writes()).toHaveLength(1);
	});

	test('the check counts leniently: spaces at either end and characters outside the BMP do not push a text over', async () => {
		const emoji = '\u{1F600}'.repeat(6_000); // 12,000 UTF-16 units, 6,000 characters
		const result = await runNode(sb, create(`  ${emoji}  `));
		// Within the package's count, so sent: the API's own word decides (the sandbox counts UTF-16 units).
		expect(writes()).toHaveLength(1);
		expect(result.error?.message ?? '').not.toMatch(/The parameter "Content" is/);
	});

	test('fields in collections are named with their collection', async () => {
		const result = await runNode(sb, { resource: 'team', operation: 'update', teamId: byId('team_support'), updateFields: { description: 'd'.repeat(2_001) } });
		expect(result.error?.message).toBe('The parameter "Update Fields → Description" is 2,001 characters long; the API takes at most 2,000');
		expect(writes()).toHaveLength(0);
	});

	test("each limited field's description says its limit", () => {
		const properties = new AgentPlatform().description.properties;
		const described = (name: string, resource: string, operation: string) => {
			const show = (p: (typeof properties)[number]) => p.displayOptions?.show;
			const top = properties.filter((p) => (show(p)?.resource as string[] | undefined)?.includes(resource) && (show(p)?.operation as string[] | undefined)?.includes(operation));
			const all = top.flatMap((p) => [p, ...((p.options ?? []) as Array<{ name: string; description?: string }>)]);
			return all.find((p) => p.name === name)?.description ?? '';
		};
		for (const [route, fields] of Object.entries(TEXT_LIMITS)) {
			const [resource, operation] = route.split('.');
			for (const [field, { max }] of Object.entries(fields as Record<string, { max: number }>)) {
				expect([route, field, described(field, resource, operation)]).toEqual([route, field, expect.stringContaining(`At most ${max.toLocaleString('en-US')} characters.`)]);
			}
		}
	});

	test('the limits are the sandbox’s: it takes each at its limit and refuses one character more', async () => {
		const team = await api('POST', '/organization/teams', { name: 'Limits' });
		const member = await api('POST', '/organization/members', { email: 'limits@example.com' });
		const hook = await api('POST', '/webhooks', { url: 'http://127.0.0.1:9/limits', events: ['deployment.provisioned'] });
		const where: Record<string, [string, string, IDataObject]> = {
			'memoryFact.create': ['POST', '/memory/facts', { agent_id: 'dep_support01' }],
			'agent.update': ['PATCH', '/agents/dep_support01', {}],
			'knowledgeDocument.update': ['PATCH', '/knowledge/documents/doc_company_overview', {}],
			'team.create': ['POST', '/organization/teams', { name: 'T' }],
			'team.update': ['PATCH', `/organization/teams/${String(team.data.id)}`, {}],
			'member.add': ['POST', '/organization/members', { email: 'x@example.com' }],
			'member.update': ['PATCH', `/organization/members/${String(member.data.id)}`, {}],
			'webhookSubscription.create': ['POST', '/webhooks', { url: 'http://127.0.0.1:9/x', events: ['deployment.provisioned'] }],
			'webhookSubscription.update': ['PATCH', `/webhooks/${String(hook.data.id)}`, {}],
		};
		for (const [route, fields] of Object.entries(TEXT_LIMITS)) {
			const [method, path, base] = where[route];
			for (const [field, { max }] of Object.entries(fields as Record<string, { max: number }>)) {
				const email = (n: number) => (route === 'member.add' ? { email: `m${n}-${field}@example.com` } : {});
				const over = await api(method, path, { ...base, ...email(1), [field]: 'a'.repeat(max + 1) });
				expect([route, field, over.status]).toEqual([route, field, 400]);
				const at = await api(method, path, { ...base, ...email(2), [field]: 'a'.repeat(max) });
				expect([route, field, at.status]).toEqual([route, field, expect.any(Number)]);
				expect(at.status).toBeLessThan(300);
			}
		}
	});
});

async function api(method: string, path: string, body: IDataObject): Promise<{ status: number; data: IDataObject }> {
	const response = await fetch(`${sb.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
	const json = (await response.json()) as { data: IDataObject };
	return { status: response.status, data: json.data };
}
