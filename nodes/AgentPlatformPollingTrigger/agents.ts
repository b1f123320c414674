/**
 * Agent events by comparing each agent's status with the one seen at the last poll:
 *
 * - a status that differs: `agent.status_changed` (with the previous status, which a poll knows);
 * - an agent that leaves `provisioning`, or appears in another status: `deployment.provisioned`
 *   (an agent that leaves `provisioning` also changed status, so both events are true of it).
 *
 * The agents list is small, so it is read whole every poll (one agent with the Agent filter).
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import type { AgentPlatformClient } from '../../src/client';
import { AGENT_STATUS } from '../../src/vocabulary';
import { provisionedEvent, statusChangedEvent, type PolledEvent } from './events';
import type { PollSettings } from './settings';
import type { PollState } from './state';

/** Statuses remembered at most; each costs about 40 bytes of static data. */
export const MAX_AGENTS = 5_000;

export async function readAgents(client: AgentPlatformClient, settings: PollSettings): Promise<IDataObject[]> {
	if (settings.agentId) {
		const agent = await client.callIfFound('agent.get', { path: { agentId: settings.agentId } });
		return agent ? [agent] : [];
	}
	return await client.list('agent.getMany', { limit: MAX_AGENTS + 1 });
}

/** Reads the agents and returns their events; `state.agents` is replaced only when all went well. */
export async function pollAgents(node: INode, client: AgentPlatformClient, state: PollState, settings: PollSettings, now: number): Promise<PolledEvent[]> {
	const agents = (await readAgents(client, settings)).filter((a) => typeof a.id === 'string' && typeof a.status === 'string');
	if (agents.length > MAX_AGENTS) {
		throw new NodeOperationError(node, `The organization has more than ${MAX_AGENTS} agents, more than the polling trigger keeps track of`, {
			description: 'Set Filters → Agent to watch one agent, leave the agent events out, or use the Agent Platform Trigger (webhooks).',
		});
	}
	const previous = state.agents;
	const statuses: Record<string, string> = {};
	const events: PolledEvent[] = [];
	for (const agent of agents) {
		const id = agent.id as string;
		const status = agent.status as string;
		statuses[id] = status;
		if (!previous) continue; // the baseline
		const before = previous[id];
		const provisioned = status !== AGENT_STATUS.provisioning && (before === undefined || before === AGENT_STATUS.provisioning);
		if (before !== undefined && before !== status && settings.events.has('agent.status_changed')) events.push(statusChangedEvent(agent, before, now));
		if (provisioned && settings.events.has('deployment.provisioned')) events.push(provisionedEvent(agent, now));
	}
	state.agents = statuses;
	return events;
}
