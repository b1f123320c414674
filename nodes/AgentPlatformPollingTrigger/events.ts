/**
 * The polling trigger's output: the webhook trigger's shape (`event`, `org_id`, `timestamp`,
 * `data`, with `data` as the service's events carry it), so a workflow can switch triggers without
 * changing the nodes after it, plus `poll`, which says what a poll could not know:
 *
 * - `poll.seen_at`: when the poll saw the change;
 * - `poll.timestamp_from`: where `timestamp` comes from: the fact's own `created_at` or
 *   `promoted_at` (the time of the change, as a webhook would carry), or `seen_at` for agent
 *   changes, whose time the API does not give.
 *
 * What a poll cannot see at all: a promoted fact's previous tier and scope (the webhook's
 * `data.previous`), and a change undone before the next poll.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { AGENT_STATUS, type EventType, FACT_TIME_FIELDS } from '../../src/vocabulary';

/** An API time (ISO 8601) as epoch ms, or undefined when it is missing or unreadable. */
export function timeOf(value: unknown): number | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isFinite(ms) ? ms : undefined;
}

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

export function statusChangedEvent(agent: IDataObject, previousStatus: string | null, seenAt: number): PolledEvent {
	return {
		event: 'agent.status_changed',
		at: seenAt,
		timestamp: new Date(seenAt).toISOString(),
		timestampFrom: 'seen_at',
		data: {
			agent_id: agent.id as string,
			agent_name: agent.agent_name as string,
			previous_status: previousStatus,
			status: agent.status as string,
			online: agent.status === AGENT_STATUS.online,
		},
	};
}

export function provisionedEvent(agent: IDataObject, seenAt: number): PolledEvent {
	return {
		event: 'deployment.provisioned',
		at: seenAt,
		timestamp: new Date(seenAt).toISOString(),
		timestampFrom: 'seen_at',
		data: { deployment_id: agent.id as string, agent_name: agent.agent_name as string, status: agent.status as string },
	};
}

/** n8n items, oldest change first. */
export function toItems(events: PolledEvent[], orgId: string | null | undefined, seenAt: number): INodeExecutionData[] {
	const seen = new Date(seenAt).toISOString();
	return [...events]
		.sort((a, b) => a.at - b.at)
		.map((e) => ({
			json: {
				event: e.event,
				...(orgId ? { org_id: orgId } : {}),
				timestamp: e.timestamp,
				data: e.data,
				poll: { seen_at: seen, timestamp_from: e.timestampFrom },
			},
		}));
}
