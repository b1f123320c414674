/**
 * Deterministic seed data: two organizations with stable, readable ids so tests can name them.
 * Org 1 (`org_acme`) has every agent status, every tier × scope of memory fact, a document per
 * onboarding section, teams, members and skills; org 2 (`org_globex`) exists to prove isolation.
 * Dates are set back from the sandbox's clock when seeding (the seeded facts 8 to 19 minutes old),
 * so the facts live their tiers' lifetimes from the start (seeded L1 facts expire 41 to 52 minutes
 * of the sandbox's clock later).
 */
import { MEMORY_SCOPES, MEMORY_TIERS } from '../../src/vocabulary';
import { FactStore } from './factStore';
import { expiryFor } from './memoryLife';
import type { ApiKeyRecord, KeyPermission, OrgData, Skill } from './model';

/** How long before the seeding moment the seeded organizations' history starts. */
const SEED_HISTORY_MS = 30 * 60_000;

/** A date `minutes` into the seeded history. */
type At = (minutes: number) => string;
const seedDates = (nowMs: number): At => (minutes) => new Date(nowMs - SEED_HISTORY_MS + minutes * 60_000).toISOString();

/** Keys are built, not written out, so no literal in the repository looks like a credential. */
export const sandboxKey = (label: string) => ['ctx', 'sandbox', label].join('_');

export const SEED_KEYS: Record<'primary' | 'readOnly' | 'otherOrg', string> = {
	primary: sandboxKey('acme_full'),
	readOnly: sandboxKey('acme_readonly'),
	otherOrg: sandboxKey('globex_full'),
};

export function seedKeys(): Map<string, ApiKeyRecord> {
	const record = (orgId: string, permission: KeyPermission, label: string): ApiKeyRecord => ({
		orgId,
		permission,
		label,
	});
	return new Map([
		[SEED_KEYS.primary, record('org_acme', 'full', 'primary')],
		[SEED_KEYS.readOnly, record('org_acme', 'read', 'readOnly')],
		[SEED_KEYS.otherOrg, record('org_globex', 'full', 'otherOrg')],
	]);
}

const SKILL_CATALOG = [
	['web_browsing', 'Web Browsing', 'Browse the web to answer questions'],
	['memory_search', 'Memory Search', 'Search the facts the agent has learned'],
	['data_query', 'Data Query', 'Query connected data sources'],
	['slack_messaging', 'Slack Messaging', 'Send and read Slack messages'],
	['telegram_messaging', 'Telegram Messaging', 'Send and read Telegram messages'],
	['code_execution', 'Code Execution', 'Run code in a sandbox'],
] as const;

export const ONBOARDING_SECTIONS = [
	['company_overview', 'Company Overview'],
	['products_services', 'Products and Services'],
	['team_structure', 'Team Structure and Roles'],
	['tools_tech_stack', 'Tools and Tech Stack'],
	['goals_priorities', 'Goals and Priorities'],
	['agent_persona_rules', 'Agent Persona and Rules'],
] as const;

function emptyOrg(at: At, id: string, name: string, plan: string): OrgData {
	return {
		org: { id, name, plan, created_at: at(0) },
		agents: new Map(),
		facts: new FactStore(),
		documents: new Map(),
		teams: new Map(),
		members: new Map(),
		skills: new Map(),
		webhooks: new Map(),
		webhookSecrets: new Map(),
	};
}

function addSkills(at: At, org: OrgData, agentId: string, enabled: string[]): void {
	const skills = new Map<string, Skill>();
	for (const [id, name, description] of SKILL_CATALOG) {
		skills.set(id, { id, name, description, enabled: enabled.includes(id), agent_id: agentId, updated_at: at(5) });
	}
	org.skills.set(agentId, skills);
}

function seedAcme(at: At): OrgData {
	const org = emptyOrg(at, 'org_acme', 'Acme Robotics', 'team');
	const teams = [
		['team_support', 'Customer Support', 'Answers customers on Slack and Telegram'],
		['team_sales', 'Sales', 'Qualifies leads and books demos'],
		['team_eng', 'Engineering', 'Builds the robots'],
	] as const;
	for (const [id, name, description] of teams) {
		org.teams.set(id, { id, name, description, created_at: at(1), updated_at: at(1) });
	}
	const members = [
		['mem_ada', 'Ada Lovelace', 'ada@acme.example', 'admin', 'team_eng'],
		['mem_grace', 'Grace Hopper', 'grace@acme.example', 'member', 'team_eng'],
		['mem_katherine', 'Katherine Johnson', 'katherine@acme.example', 'member', 'team_support'],
		['mem_margaret', 'Margaret Hamilton', 'margaret@acme.example', 'member', 'team_sales'],
		['mem_alan', 'Alan Turing', 'alan@acme.example', 'viewer', null],
	] as const;
	for (const [id, name, email, role, teamId] of members) {
		org.members.set(id, { id, name, email, role, team_id: teamId, created_at: at(2), updated_at: at(2) });
	}
	const agents = [
		['dep_support01', 'Support Agent', 'active', ['slack', 'telegram'], 'team_support'],
		['dep_sales02', 'Sales Assistant', 'active', ['slack'], 'team_sales'],
		['dep_ops03', 'Ops Monitor', 'inactive', ['slack'], 'team_eng'],
		['dep_onboard04', 'Onboarding Guide', 'provisioning', ['telegram'], null],
		['dep_legacy05', 'Legacy Bot', 'error', ['slack'], null],
	] as const;
	for (const [id, agentName, status, channels, teamId] of agents) {
		org.agents.set(id, {
			id,
			agent_name: agentName,
			status,
			description: `${agentName} for Acme Robotics`,
			channels: [...channels],
			team_id: teamId,
			created_at: at(3),
			updated_at: at(3),
		});
	}
	addSkills(at, org, 'dep_support01', ['memory_search', 'slack_messaging', 'telegram_messaging']);
	addSkills(at, org, 'dep_sales02', ['web_browsing', 'memory_search', 'slack_messaging']);
	addSkills(at, org, 'dep_ops03', ['data_query']);
	addSkills(at, org, 'dep_onboard04', []);
	addSkills(at, org, 'dep_legacy05', ['web_browsing']);

	// One fact for every tier × scope, spread over the two active agents, plus a few extra.
	const subjects = ['refund window', 'preferred demo slot', 'escalation contact', 'on-call rota'];
	let n = 0;
	for (const tier of MEMORY_TIERS) {
		for (const scope of MEMORY_SCOPES) {
			n += 1;
			const agentId = n % 2 === 0 ? 'dep_sales02' : 'dep_support01';
			const id = `fact_${String(n).padStart(4, '0')}`;
			org.facts.set(id, {
				id,
				agent_id: agentId,
				content: `The ${subjects[n % subjects.length]} is noted (${tier.value}, ${scope.value}).`,
				tier: tier.value,
				scope: scope.value,
				source: { conversation_id: `conv_${1000 + n}`, channel: n % 3 === 0 ? 'telegram' : 'slack' },
				created_at: at(10 + n),
				updated_at: at(10 + n),
				expires_at: expiryFor(tier.value, Date.parse(at(10 + n))),
				promoted_at: null,
			});
		}
	}
	for (const [section, title] of ONBOARDING_SECTIONS) {
		const id = `doc_${section}`;
		org.documents.set(id, {
			id,
			section,
			title,
			content: `# ${title}\n\nWritten during the Acme Robotics onboarding interview.`,
			version: 1,
			created_at: at(4),
			updated_at: at(4),
		});
	}
	return org;
}

function seedGlobex(at: At): OrgData {
	const org = emptyOrg(at, 'org_globex', 'Globex Corporation', 'individual');
	org.agents.set('dep_globex01', {
		id: 'dep_globex01',
		agent_name: 'Globex Helper',
		status: 'active',
		description: 'Globex internal helper',
		channels: ['slack'],
		team_id: null,
		created_at: at(3),
		updated_at: at(3),
	});
	addSkills(at, org, 'dep_globex01', ['web_browsing']);
	org.facts.set('fact_globex01', {
		id: 'fact_globex01',
		agent_id: 'dep_globex01',
		content: 'Globex secret plan: confidential to Globex.',
		tier: 'L3',
		scope: 'company',
		source: { conversation_id: 'conv_9001', channel: 'slack' },
		created_at: at(12),
		updated_at: at(12),
		expires_at: expiryFor('L3', Date.parse(at(12))),
		promoted_at: null,
	});
	org.teams.set('team_globex', { id: 'team_globex', name: 'Globex Ops', description: '', created_at: at(1), updated_at: at(1) });
	org.members.set('mem_hank', {
		id: 'mem_hank',
		name: 'Hank Scorpio',
		email: 'hank@globex.example',
		role: 'admin',
		team_id: 'team_globex',
		created_at: at(2),
		updated_at: at(2),
	});
	org.documents.set('doc_globex_overview', {
		id: 'doc_globex_overview',
		section: 'company_overview',
		title: 'Company Overview',
		content: 'Globex overview',
		version: 1,
		created_at: at(4),
		updated_at: at(4),
	});
	return org;
}

/** The seeded organizations, dated back from `nowMs` on the sandbox's clock. */
export function seedOrganizations(nowMs: number): Map<string, OrgData> {
	const at = seedDates(nowMs);
	const acme = seedAcme(at);
	const globex = seedGlobex(at);
	return new Map([
		[acme.org.id, acme],
		[globex.org.id, globex],
	]);
}
