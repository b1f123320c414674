import { z } from 'zod/v4';
import type { RouteName } from '../../../src/routes';
import { FILTER_QUERY } from '../../../src/vocabulary';
import { type Handler, listPage, nowIso, parseBody, queryFilter, requireFound, single } from '../context';

const agentUpdate = z.strictObject({
	agent_name: z.string().trim().min(1, 'must be a non-empty string').max(200).optional(),
	status: z.string().trim().min(1, 'must be a non-empty string').optional(),
	description: z.string().max(2000).optional(),
});

export const agentHandlers: Partial<Record<RouteName, Handler>> = {
	'agent.getMany': (ctx) => {
		const status = queryFilter(ctx, FILTER_QUERY.status);
		const agents = [...ctx.org.agents.values()];
		return listPage(ctx, status ? agents.filter((a) => a.status === status) : agents);
	},
	'agent.get': (ctx) => single(requireFound(ctx.org.agents.get(ctx.params.agentId), 'Agent', ctx.params.agentId)),
	'agent.update': (ctx) => {
		const agent = requireFound(ctx.org.agents.get(ctx.params.agentId), 'Agent', ctx.params.agentId);
		const changes = parseBody(agentUpdate, ctx.body);
		const previousStatus = agent.status;
		Object.assign(agent, changes, { updated_at: nowIso(ctx) });
		if (changes.status !== undefined && changes.status !== previousStatus) {
			ctx.emit('agent.status_changed', {
				agent_id: agent.id,
				agent_name: agent.agent_name,
				previous_status: previousStatus,
				status: agent.status,
				online: agent.status === 'active',
			});
		}
		return single(agent);
	},
};
