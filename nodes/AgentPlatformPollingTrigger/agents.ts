/**
 * Agent events, by comparing each agent's status with the one seen at the last poll (the rules:
 * docs/polling-trigger.md, What it watches). The agents list is small, so it is read whole every poll.
 * Statuses are kept by the hash of the agent's id (any id, `__proto__` included, is a plain key then),
 * and a status longer than any real one by its hash too, so the state stays bounded.
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import type { AgentPlatformClient } from '../../src/client';
import { AGENT_STATUS } from '../../src/vocabulary';
import { provisionedEvent, statusChangedEvent, type PolledEvent } from './events';
import type { PollSettings } from './settings';
import { MAX_AGENTS, MAX_STATUS_CHARS, type PollState, shortHash } from './state';

/** What the state keeps of a status: itself, or the hash of one longer than MAX_STATUS_CHARS (marked with #). */
const kept = (status: string) => (status.length <= MAX_STATUS_CHARS ? status : `#${shortHash(status)}`);

export async function readAgents(client: AgentPlatformClient, settings: PollSettings): Promise<IDataObject[]> {
	if (settings.agentId) return [await client.callIfFound('agent.get', { path: { agentId: settings.agentId } })].filter((agent) => agent !== undefined);
	return await client.list('agent.getMany', { limit: MAX_AGENTS + 1 });
}

/** Reads the agents and returns their events; `state.agents` is replaced only when all went well. */
export async function pollAgents(node: INode, client: AgentPlatformClient, state: PollState, settings: PollSettings, now: number): Promise<PolledEvent[]> {
	const agents = (await readAgents(client, settings)).filter((a) => typeof a.id === 'string' && typeof a.status === 'string');
	if (agents.length > MAX_AGENTS) throw new NodeOperationError(node, `The organization has more than ${MAX_AGENTS} agents, more than the polling trigger keeps track of`, { description: 'Set Filters → Agent to watch one agent, leave the agent events out, or use the Agent Platform Trigger (webhooks).' });
	const previous = state.agents;
	const statuses: Record<string, string> = {};
	const events: PolledEvent[] = [];
	for (const agent of agents) {
		const [key, status] = [shortHash(agent.id as string), agent.status as string];
		statuses[key] = kept(status);
		if (!previous) continue; // the baseline
		const before = Object.hasOwn(previous, key) ? previous[key] : undefined;
		const provisioned = status !== AGENT_STATUS.provisioning && (before === undefined || before === AGENT_STATUS.provisioning);
		// A status kept as its hash cannot be told: the previous status is then unknown (null).
		if (before !== undefined && before !== kept(status) && settings.events.has('agent.status_changed')) events.push(statusChangedEvent(agent, before.startsWith('#') ? null : before, now));
		if (provisioned && settings.events.has('deployment.provisioned')) events.push(provisionedEvent(agent, now));
	}
	state.agents = statuses;
	return events;
}
