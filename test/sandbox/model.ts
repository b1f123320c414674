import type { FactStore } from './factStore';

/**
 * The sandbox's resource shapes. Fields beyond the spec's (`id`, `agent_name`, `status` of a
 * deployment; `org_` ids) are the project's choice, documented in docs/spec-choices.md; the
 * client passes unknown fields through, so a real service with other fields still works.
 */
export interface Organization {
	id: string;
	name: string;
	plan: string;
	created_at: string;
}

export interface Agent {
	id: string;
	agent_name: string;
	status: string;
	description: string;
	channels: string[];
	team_id: string | null;
	created_at: string;
	updated_at: string;
}

export interface MemoryFact {
	id: string;
	agent_id: string;
	content: string;
	tier: string;
	scope: string;
	source: { conversation_id: string; channel: string };
	created_at: string;
	updated_at: string;
	expires_at: string | null;
	promoted_at: string | null;
}

export interface KnowledgeDocument {
	id: string;
	section: string;
	title: string;
	content: string;
	version: number;
	created_at: string;
	updated_at: string;
}

export interface Team {
	id: string;
	name: string;
	description: string;
	created_at: string;
	updated_at: string;
}

export interface Member {
	id: string;
	name: string;
	email: string;
	role: string;
	team_id: string | null;
	created_at: string;
	updated_at: string;
}

export interface Skill {
	id: string;
	name: string;
	description: string;
	enabled: boolean;
	agent_id: string;
	updated_at: string;
}

export interface WebhookSubscription {
	id: string;
	url: string;
	events: string[];
	active: boolean;
	description: string;
	created_at: string;
	updated_at: string;
}

/** Everything one organization owns. Maps keep insertion order, which is the list order (facts: see FactStore). */
export interface OrgData {
	org: Organization;
	agents: Map<string, Agent>;
	/** A Map that also ages its facts and serves them in the platform's orders. */
	facts: FactStore;
	documents: Map<string, KnowledgeDocument>;
	teams: Map<string, Team>;
	members: Map<string, Member>;
	/** Keyed by agent id, then skill id. */
	skills: Map<string, Map<string, Skill>>;
	webhooks: Map<string, WebhookSubscription>;
	/** Signing secrets by subscription id; never part of a subscription read. */
	webhookSecrets: Map<string, string>;
}

export type KeyPermission = 'full' | 'read';

export interface ApiKeyRecord {
	orgId: string;
	permission: KeyPermission;
	label: string;
}
