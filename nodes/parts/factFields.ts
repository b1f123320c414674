/**
 * A memory fact's Tier and Scope as parameters (the action node's Create, Promote and Get Many
 * filters; the polling trigger's filters), and the Memory Facts filters as a collection holds them.
 */
import type { INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';
import { MEMORY_SCOPES, MEMORY_TIERS } from '../../src/vocabulary';

const TIER_HELP = 'L1 session (about 1 hour), L2 working (24 hours), L3 durable (7 days), L4 permanent. By expression, one of these values: the API refuses others.';
const SCOPE_HELP = 'Who shares the fact: one agent, its team, or the whole company. By expression, one of these values: the API refuses others.';

export const tierOption = (name = 'tier', displayName = 'Tier'): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	options: [...MEMORY_TIERS],
	default: 'L1',
	description: TIER_HELP,
});

export const scopeOption = (name = 'scope', displayName = 'Scope'): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	options: [...MEMORY_SCOPES],
	default: 'agent',
	description: SCOPE_HELP,
});

/** A tier and a scope as a collection holds them: dropdown values, or any text by expression. */
export interface TierAndScope {
	tier?: string;
	scope?: string;
}

/** The memory filters (list operation and polling trigger): the agent is a locator n8n does not unwrap in a collection. */
export interface FactFilters extends TierAndScope {
	agentId?: INodeParameterResourceLocator | string;
}
