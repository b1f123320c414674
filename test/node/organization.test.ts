import { startSandbox, type RunningSandbox } from '../sandbox';
import { byId, runNode } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

describe('Organization, Team and Member', () => {
	test('organization get returns the org_ organization of the key', async () => {
		const { json } = await runNode(sb, { resource: 'organization', operation: 'get' });
		expect(json[0]).toEqual(expect.objectContaining({ id: 'org_acme', name: 'Acme Robotics' }));
	});

	test('team create, get, get many, update, delete', async () => {
		const created = await runNode(sb, { resource: 'team', operation: 'create', name: 'Research', additionalFields: { description: 'Labs' } });
		const teamId = created.json[0].id as string;
		expect(teamId).toMatch(/^team_/);
		const got = await runNode(sb, { resource: 'team', operation: 'get', teamId: byId(teamId) });
		expect(got.json[0]).toEqual(expect.objectContaining({ name: 'Research', description: 'Labs' }));
		const updated = await runNode(sb, { resource: 'team', operation: 'update', teamId: byId(teamId), updateFields: { name: 'R&D' } });
		expect(updated.json[0].name).toBe('R&D');
		const many = await runNode(sb, { resource: 'team', operation: 'getMany', returnAll: true });
		expect(many.json.map((t) => t.name)).toContain('R&D');
		const deleted = await runNode(sb, { resource: 'team', operation: 'delete', teamId: byId(teamId) });
		expect(deleted.json[0]).toEqual({ id: teamId, deleted: true });
		expect(sb.admin.org('org_acme').teams.has(teamId)).toBe(false);
	});

	test('member add, get, get many by team, update, remove', async () => {
		const added = await runNode(sb, {
			resource: 'member',
			operation: 'add',
			email: 'barbara@acme.example',
			additionalFields: { name: 'Barbara Liskov', role: 'admin', teamId: byId('team_eng') },
		});
		const memberId = added.json[0].id as string;
		expect(added.json[0]).toEqual(expect.objectContaining({ email: 'barbara@acme.example', team_id: 'team_eng', role: 'admin' }));
		const got = await runNode(sb, { resource: 'member', operation: 'get', memberId: byId(memberId) });
		expect(got.json[0].name).toBe('Barbara Liskov');
		const eng = await runNode(sb, { resource: 'member', operation: 'getMany', returnAll: true, filters: { teamId: byId('team_eng') } });
		expect(eng.json.map((m) => m.id)).toEqual(['mem_ada', 'mem_grace', memberId]);
		const updated = await runNode(sb, { resource: 'member', operation: 'update', memberId: byId(memberId), updateFields: { role: 'member', teamId: byId('team_sales') } });
		expect(updated.json[0]).toEqual(expect.objectContaining({ role: 'member', team_id: 'team_sales' }));
		const teamless = await runNode(sb, { resource: 'member', operation: 'update', memberId: byId(memberId), updateFields: { removeFromTeam: true } });
		expect(teamless.json[0]).toEqual(expect.objectContaining({ id: memberId, team_id: null }));
		const both = await runNode(sb, { resource: 'member', operation: 'update', memberId: byId(memberId), updateFields: { removeFromTeam: true, teamId: byId('team_eng') } });
		expect(both.error?.message).toBe('Both "Team" and "Remove From Team" are set');
		const removed = await runNode(sb, { resource: 'member', operation: 'remove', memberId: byId(memberId) });
		expect(removed.json[0]).toEqual({ id: memberId, removed: true });
	});

	test('adding a member with an invalid email is refused before any request', async () => {
		const { error } = await runNode(sb, { resource: 'member', operation: 'add', email: 'not-an-email', additionalFields: {} });
		expect(error?.message).toBe('The parameter "Email" is not an email address: "not-an-email"');
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('a read-only key cannot create a team: forbidden with a permission hint', async () => {
		const teams = sb.admin.org('org_acme').teams.size;
		const { error } = await runNode(sb, { resource: 'team', operation: 'create', name: 'Nope', additionalFields: {} }, { apiKey: sb.keys.readOnly });
		expect(error?.message).toContain('[forbidden]');
		expect(error?.description).toMatch(/permission/);
		expect(sb.admin.org('org_acme').teams.size).toBe(teams);
	});
});
