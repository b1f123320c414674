/**
 * The polling trigger's parameters, read and checked once per poll, and the fingerprint that ties stored
 * state to them: state recorded under other events, filters or credential takes a new baseline instead.
 */
import { createHash } from 'node:crypto';
import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';
import { CREDENTIAL_TYPE, normalizeBaseUrl } from '../../src/client';
import { ALL_EVENTS, EVENT_TYPES, type EventType, FILTER_QUERY, MEMORY_SCOPES, MEMORY_TIERS } from '../../src/vocabulary';
import type { FactFilters } from '../parts/factFields';
import { agentFilter, compact, getChoice } from '../parts/parameters';
import { DEFAULT_KEY_SHARE, MIN_KEY_SHARE } from './keyShare';

/** The events a list can reveal; all four of the webhook events. */
const POLLED_EVENTS = EVENT_TYPES.map((e) => e.value) as EventType[];

export interface PollSettings {
	events: Set<EventType>;
	agentId?: string;
	tier?: string;
	scope?: string;
	/** The share of the key's rate limit polling may spend (keyShare.ts). */
	keyShare: number;
	/** Changes when the events or filters change (the credential is added by `stateFingerprint`). */
	fingerprint: string;
}

export const wantsAgents = (s: PollSettings) => s.events.has('agent.status_changed') || s.events.has('deployment.provisioned');
export const wantsFacts = (s: PollSettings) => s.events.has('memory.fact_created') || s.events.has('memory.fact_promoted');

/** The filters as the fact list's query: the API does the filtering, so a scan reads only what matches. */
export const factQuery = (s: PollSettings): IDataObject => compact({ [FILTER_QUERY.agentId]: s.agentId, [FILTER_QUERY.tier]: s.tier, [FILTER_QUERY.scope]: s.scope });
/** The agent's whole list, as the activation reads it (a promotion may bring any of its facts into the filters). */
export const agentQuery = (s: PollSettings): IDataObject => factQuery({ ...s, tier: undefined, scope: undefined });
/** Whether a fact of the agent's whole list is in the filters' list (the API compares exactly). */
export const matchesFilters = (s: PollSettings, fact: IDataObject) => (s.tier === undefined || fact.tier === s.tier) && (s.scope === undefined || fact.scope === s.scope);

export function readSettings(ctx: IPollFunctions): PollSettings {
	const raw = ctx.getNodeParameter('events', []) as unknown;
	const chosen = Array.isArray(raw) ? raw.map(String) : [];
	const unknown = chosen.filter((e) => e !== ALL_EVENTS && !(POLLED_EVENTS as string[]).includes(e));
	if (chosen.length === 0 || unknown.length > 0) {
		throw new NodeOperationError(ctx.getNode(), chosen.length === 0 ? 'The parameter "Events" is empty' : `The parameter "Events" has unknown events: ${unknown.join(', ')}`, {
			description: `Choose from: ${POLLED_EVENTS.join(', ')}, or All Events.`,
		});
	}
	const events = new Set<EventType>(chosen.includes(ALL_EVENTS) ? POLLED_EVENTS : (chosen as EventType[]));
	const filters = ctx.getNodeParameter('filters', {}) as FactFilters;
	const agentId = agentFilter(ctx.getNode(), filters.agentId, 'Filters → Agent');
	// Checked as Get Many checks them: the API compares exactly, so an unknown value would watch nothing, in silence.
	const tier = getChoice(ctx, filters.tier, 0, 'Filters → Memory Tier', MEMORY_TIERS, true);
	const scope = getChoice(ctx, filters.scope, 0, 'Filters → Memory Scope', MEMORY_SCOPES, true);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const keyShare = options.keyShare ?? DEFAULT_KEY_SHARE;
	if (typeof keyShare !== 'number' || !(keyShare >= MIN_KEY_SHARE && keyShare <= 1)) {
		throw new NodeOperationError(ctx.getNode(), `The parameter "Options → Share of Rate Limit" must be a number from ${MIN_KEY_SHARE} to 1, got ${JSON.stringify(keyShare)}`, {
			description: `${DEFAULT_KEY_SHARE} (the default) lets polling spend a fifth of the API key's requests per minute.`,
		});
	}
	const fingerprint = sha256([[...events].sort(), agentId ?? '', tier ?? '', scope ?? '']);
	return { events, agentId, tier, scope, keyShare, fingerprint };
}

/** A fingerprint: the SHA-256 of the JSON, cut to 16 hex characters (64 bits). */
const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** The fingerprint of the stored state: the settings' and the credential's, by its id and what it points at (a credential edited to another key or organization describes another list); the key enters only hashed. */
export async function stateFingerprint(ctx: IPollFunctions, settings: PollSettings): Promise<string> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const credentialId = ctx.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? '';
	const target = sha256([normalizeBaseUrl(credentials.baseUrl as string | undefined), String(credentials.apiKey ?? '').trim()]);
	return sha256([settings.fingerprint, credentialId, target]);
}
