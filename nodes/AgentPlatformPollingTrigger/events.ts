/**
 * The polling trigger's output: the webhook trigger's shape, so a workflow can switch triggers without
 * changing the nodes after it, plus `poll`: when the poll saw the change (`seen_at`), and where
 * `timestamp` comes from (`timestamp_from`: the fact's own date, or `seen_at` for agent changes, whose
 * time the API does not give). docs/polling-trigger.md (Output) says what a poll cannot see.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { AGENT_STATUS, type EventType, FACT_TIME_FIELDS } from '../../src/vocabulary';

/** An API time (ISO 8601) as epoch ms, or undefined when it is missing or unreadable. */
export const timeOf = (value: unknown): number | undefined => (typeof value === 'string' && value !== '' && Number.isFinite(Date.parse(value)) ? Date.parse(value) : undefined);

export interface PolledEvent {
	event: EventType;
	/** Server time of the change (epoch ms) when known, for ordering; else when seen. */
	at: number;
	timestamp: string;
	timestampFrom: 'created_at' | 'promoted_at' | 'seen_at';
	data: IDataObject;
}

export function factEvent(event: 'memory.fact_created' | 'memory.fact_promoted', fact: IDataObject, at: number): PolledEvent {
	const field = event === 'memory.fact_created' ? FACT_TIME_FIELDS.created : FACT_TIME_FIELDS.promoted;
	return { event, at, timestamp: String(fact[field]), timestampFrom: field, data: { fact } };
}

/** An agent's change, dated when the poll saw it. */
const agentEvent = (event: EventType, seenAt: number, data: IDataObject): PolledEvent => ({ event, at: seenAt, timestamp: new Date(seenAt).toISOString(), timestampFrom: 'seen_at', data });

export const statusChangedEvent = (agent: IDataObject, previousStatus: string | null, seenAt: number): PolledEvent =>
	agentEvent('agent.status_changed', seenAt, { agent_id: agent.id, agent_name: agent.agent_name, previous_status: previousStatus, status: agent.status, online: agent.status === AGENT_STATUS.online });

export const provisionedEvent = (agent: IDataObject, seenAt: number): PolledEvent =>
	agentEvent('deployment.provisioned', seenAt, { deployment_id: agent.id, agent_name: agent.agent_name, status: agent.status });

/** n8n items, oldest change first. */
export function toItems(events: PolledEvent[], orgId: string | null | undefined, seenAt: number): INodeExecutionData[] {
	const seen = new Date(seenAt).toISOString();
	return [...events]
		.sort((a, b) => a.at - b.at)
		.map((e) => ({ json: { event: e.event, ...(orgId ? { org_id: orgId } : {}), timestamp: e.timestamp, data: e.data, poll: { seen_at: seen, timestamp_from: e.timestampFrom } } }));
}
