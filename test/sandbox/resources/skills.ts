import type { RouteName } from '../../../src/routes';
import { type Handler, type HandlerContext, listPage, nowIso, requireFound, single } from '../context';

function agentSkills(ctx: HandlerContext) {
	requireFound(ctx.org.agents.get(ctx.params.agentId), 'Agent', ctx.params.agentId);
	return ctx.org.skills.get(ctx.params.agentId) ?? new Map();
}

function setEnabled(ctx: HandlerContext, enabled: boolean) {
	const skill = requireFound(agentSkills(ctx).get(ctx.params.skillId), 'Skill', ctx.params.skillId);
	skill.enabled = enabled;
	skill.updated_at = nowIso(ctx);
	return single(skill);
}

export const skillHandlers: Partial<Record<RouteName, Handler>> = {
	'skill.getMany': (ctx) => listPage(ctx, [...agentSkills(ctx).values()]),
	'skill.enable': (ctx) => setEnabled(ctx, true),
	'skill.disable': (ctx) => setEnabled(ctx, false),
};
