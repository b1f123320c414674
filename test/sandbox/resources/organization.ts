import { z } from 'zod/v4';
import type { RouteName } from '../../../src/routes';
import { FILTER_QUERY } from '../../../src/vocabulary';
import { badRequest } from '../errors';
import { type Handler, type HandlerContext, listPage, newId, nowIso, parseBody, queryFilter, requireFound, single } from '../context';

const teamFields = {
	name: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(200),
	description: z.string().max(2000).optional(),
};
const teamCreate = z.strictObject(teamFields);
const teamUpdate = z.strictObject({ name: teamFields.name.optional(), description: teamFields.description });

const email = z.string({ error: 'is required' }).regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'must be an email address');
const memberCreate = z.strictObject({
	email,
	name: z.string().max(200).optional(),
	role: z.string().trim().min(1).max(50).optional(),
	team_id: z.string().nullable().optional(),
});
const memberUpdate = z.strictObject({
	name: z.string().max(200).optional(),
	role: z.string().trim().min(1, 'must not be empty').max(50).optional(),
	team_id: z.string().nullable().optional(),
});

function checkTeam(ctx: HandlerContext, teamId: string | null | undefined): void {
	if (teamId && !ctx.org.teams.has(teamId)) {
		throw badRequest('team_id', `no team "${teamId}" in this organization`);
	}
}

export const organizationHandlers: Partial<Record<RouteName, Handler>> = {
	'organization.get': (ctx) =>
		single({ ...ctx.org.org, team_count: ctx.org.teams.size, member_count: ctx.org.members.size, agent_count: ctx.org.agents.size }),

	'team.getMany': (ctx) => listPage(ctx, [...ctx.org.teams.values()]),
	'team.get': (ctx) => single(requireFound(ctx.org.teams.get(ctx.params.teamId), 'Team', ctx.params.teamId)),
	'team.create': (ctx) => {
		const input = parseBody(teamCreate, ctx.body);
		const now = nowIso(ctx);
		const team = { id: newId(ctx, 'team_'), name: input.name, description: input.description ?? '', created_at: now, updated_at: now };
		ctx.org.teams.set(team.id, team);
		return { status: 201, body: { data: team } };
	},
	'team.update': (ctx) => {
		const team = requireFound(ctx.org.teams.get(ctx.params.teamId), 'Team', ctx.params.teamId);
		Object.assign(team, parseBody(teamUpdate, ctx.body), { updated_at: nowIso(ctx) });
		return single(team);
	},
	'team.delete': (ctx) => {
		const team = requireFound(ctx.org.teams.get(ctx.params.teamId), 'Team', ctx.params.teamId);
		ctx.org.teams.delete(team.id);
		for (const member of ctx.org.members.values()) if (member.team_id === team.id) member.team_id = null;
		return single({ id: team.id, deleted: true });
	},

	'member.getMany': (ctx) => {
		const teamId = queryFilter(ctx, FILTER_QUERY.teamId);
		const members = [...ctx.org.members.values()];
		return listPage(ctx, teamId ? members.filter((m) => m.team_id === teamId) : members);
	},
	'member.get': (ctx) => single(requireFound(ctx.org.members.get(ctx.params.memberId), 'Member', ctx.params.memberId)),
	'member.add': (ctx) => {
		const input = parseBody(memberCreate, ctx.body);
		checkTeam(ctx, input.team_id);
		for (const m of ctx.org.members.values()) {
			if (m.email.toLowerCase() === input.email.toLowerCase()) {
				throw badRequest('email', `a member with email "${input.email}" already exists`);
			}
		}
		const now = nowIso(ctx);
		const member = {
			id: newId(ctx, 'mem_'),
			name: input.name ?? input.email.split('@')[0],
			email: input.email,
			role: input.role ?? 'member',
			team_id: input.team_id ?? null,
			created_at: now,
			updated_at: now,
		};
		ctx.org.members.set(member.id, member);
		return { status: 201, body: { data: member } };
	},
	'member.update': (ctx) => {
		const member = requireFound(ctx.org.members.get(ctx.params.memberId), 'Member', ctx.params.memberId);
		const changes = parseBody(memberUpdate, ctx.body);
		checkTeam(ctx, changes.team_id);
		Object.assign(member, changes, { updated_at: nowIso(ctx) });
		return single(member);
	},
	'member.remove': (ctx) => {
		const member = requireFound(ctx.org.members.get(ctx.params.memberId), 'Member', ctx.params.memberId);
		ctx.org.members.delete(member.id);
		return single({ id: member.id, deleted: true });
	},
};
