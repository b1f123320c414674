/**
 * Values the spec does not fix but the product describes (docs/spec-choices.md).
 * They feed dropdowns and the sandbox's seed data. None is enforced on what the server returns:
 * unknown values pass through, and every dropdown also accepts any value by expression.
 */

export const ID_PREFIX = {
	/** Fixed by the spec. */
	agent: 'dep_',
	/** Fixed by the spec. */
	organization: 'org_',
	/** Fixed by the spec for API keys. */
	apiKey: 'ctx_',
} as const;

export const MEMORY_TIERS = [
	{ value: 'L1', name: 'L1 Session', description: 'Kept for about 1 hour' },
	{ value: 'L2', name: 'L2 Working', description: 'Kept for about 24 hours' },
	{ value: 'L3', name: 'L3 Durable', description: 'Kept for about 7 days' },
	{ value: 'L4', name: 'L4 Permanent', description: 'Kept until deleted' },
] as const;

export const MEMORY_SCOPES = [
	{ value: 'agent', name: 'Agent', description: 'Known to one agent' },
	{ value: 'team', name: 'Team', description: "Shared with the agent's team" },
	{ value: 'company', name: 'Company', description: 'Shared across the organization' },
] as const;

/** `active` is fixed by the spec; the others are the project's reading of online/offline states. */
export const AGENT_STATUSES = [
	{ value: 'active', name: 'Active' },
	{ value: 'inactive', name: 'Inactive' },
	{ value: 'provisioning', name: 'Provisioning' },
	{ value: 'error', name: 'Error' },
] as const;

export const EVENT_TYPES = [
	{
		value: 'agent.status_changed',
		name: 'Agent Status Changed',
		description: 'An agent goes online or offline',
	},
	{
		value: 'memory.fact_created',
		name: 'Memory Fact Created',
		description: 'A new fact is extracted from a conversation',
	},
	{
		value: 'memory.fact_promoted',
		name: 'Memory Fact Promoted',
		description: 'A fact graduates to a new tier or scope',
	},
	{
		value: 'deployment.provisioned',
		name: 'Deployment Provisioned',
		description: 'A new agent deployment is completed',
	},
] as const;

export type EventType = (typeof EVENT_TYPES)[number]['value'];

/** A subscription's `events` entry meaning every event, including ones added later (project's choice). */
export const ALL_EVENTS = '*';

/** The webhook-create response's field that carries the signing secret (the spec does not name it). */
export const WEBHOOK_SECRET_FIELD = 'secret';

/** Query parameter names of list filters (project's choice; see docs/spec-choices.md). */
export const FILTER_QUERY = {
	status: 'status',
	agentId: 'agent_id',
	tier: 'tier',
	scope: 'scope',
	text: 'q',
	teamId: 'team_id',
	section: 'section',
} as const;

/**
 * Agent statuses with a meaning for the polling trigger (project's reading, like AGENT_STATUSES):
 * an agent leaving `provisioning` has finished provisioning; `active` is online.
 */
export const AGENT_STATUS = { provisioning: 'provisioning', online: 'active' } as const;

/**
 * The memory-fact fields that date a change (the spec shows no fact fields; these are the
 * sandbox's). The polling trigger tells new facts and promotions from old ones by them.
 */
export const FACT_TIME_FIELDS = { created: 'created_at', promoted: 'promoted_at' } as const;
