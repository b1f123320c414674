/**
 * "Fetch Test Event" in the editor: the most recent item that matches the events and filters, shaped as
 * the event it would start, without touching the stored state. Facts are read up to SAMPLE_FACTS: a
 * click must not spend on the whole list the key's budget that production workflows share.
 */
import { NodeOperationError, type IDataObject, type INode, type INodeExecutionData } from 'n8n-workflow';
import { type AgentPlatformClient, isApiError } from '../../src/client';
import { AGENT_STATUS, FACT_TIME_FIELDS } from '../../src/vocabulary';
import { readAgents } from './agents';
import { factEvent, provisionedEvent, statusChangedEvent, timeOf, toItems, type PolledEvent } from './events';
import { factQuery, type PollSettings, wantsAgents, wantsFacts } from './settings';

/** Facts one Fetch Test Event reads at most. */
const SAMPLE_FACTS = 1_000;

/** An API time as epoch ms, NaN when it has none: NaN loses every comparison, so an undated item is never the newest. */
const timeOrNaN = (value: unknown) => timeOf(value) ?? NaN;

/** The item of the newest readable time among `items` (undefined: none). */
const newest = <T>(items: T[], time: (item: T) => number): T | undefined =>
	items.reduce<[T | undefined, number]>((best, item) => (Number.isFinite(time(item)) && time(item) > best[1] ? [item, time(item)] : best), [undefined, -Infinity])[0];

/** The organization's `org_` id, or null when this key may not read the organization. */
export async function readOrgId(client: AgentPlatformClient): Promise<string | null> {
	return await client.call('organization.get').then(
		(org) => (typeof org.id === 'string' ? org.id : null),
		(error: unknown) => {
			if (isApiError(error, 403) || isApiError(error, 404)) return null;
			throw error;
		},
	);
}

/** `leftOut`: facts a poll would not pass on (chat turns, unless included), never a sample either. */
export async function sampleEvent(node: INode, client: AgentPlatformClient, settings: PollSettings, deadline: number, leftOut: (fact: IDataObject) => boolean): Promise<INodeExecutionData[][]> {
	const now = Date.now();
	const candidates: PolledEvent[] = [];
	const { events } = settings;
	if (wantsAgents(settings)) {
		const agents = await readAgents(client, settings);
		const changed = newest(agents, (a) => timeOrNaN(a.updated_at));
		if (changed && events.has('agent.status_changed')) candidates.push({ ...statusChangedEvent(changed, null, now), at: timeOrNaN(changed.updated_at) });
		const pastProvisioning = agents.filter((a) => a.status !== AGENT_STATUS.provisioning);
		const provisioned = newest(pastProvisioning, (a) => timeOrNaN(a.created_at));
		if (provisioned && events.has('deployment.provisioned')) candidates.push({ ...provisionedEvent(provisioned, now), at: timeOrNaN(provisioned.created_at) });
	}
	if (wantsFacts(settings)) {
		const facts: IDataObject[] = [];
		for await (const page of client.pages('memoryFact.getMany', { qs: factQuery(settings), limit: SAMPLE_FACTS })) {
			facts.push(...page.filter((fact) => !leftOut(fact)));
			if (Date.now() >= deadline) break;
		}
		for (const [event, field] of [['memory.fact_created', FACT_TIME_FIELDS.created], ['memory.fact_promoted', FACT_TIME_FIELDS.promoted]] as const) {
			const fact = events.has(event) ? newest(facts, (f) => timeOrNaN(f[field])) : undefined;
			if (fact) candidates.push(factEvent(event, fact, timeOrNaN(fact[field])));
		}
	}
	const best = newest(candidates, (c) => (Number.isFinite(c.at) ? c.at : 0));
	if (!best) {
		throw new NodeOperationError(node, 'Nothing matches the chosen events and filters yet', {
			description: 'Make a change the trigger watches for (for example create a memory fact for the chosen agent), then fetch a test event again.',
		});
	}
	return [toItems([best], await readOrgId(client), now)];
}
