/**
 * Each filter the nodes send, by its name in src/vocabulary.ts: honoured (only matching items, fewer
 * than without it), ignored (items that do not match), or refused (400). The value is one the list
 * holds when items differ in it, else one none of them holds (an empty answer then shows it honoured).
 */
import type { IDataObject } from 'n8n-workflow';
import { type ListRouteName, PAGINATION_QUERY, ROUTES } from '../../../src/routes';
import { AGENT_STATUSES, FILTER_QUERY, MEMORY_SCOPES, MEMORY_TIERS } from '../../../src/vocabulary';
import { listOf, type Probe } from '../probe';
import { type Finding, finding } from '../rows';
import { itemsOf, type Survey } from './routes';

interface FilterSpec {
	id: string;
	route: ListRouteName;
	key: keyof typeof FILTER_QUERY;
	/** The item field the filter selects on. */
	field: string;
	/** Values the vocabulary knows, to find one no item holds. */
	known?: readonly string[];
}

const FILTERS: FilterSpec[] = [
	{ id: 'filter.agents.status', route: 'agent.getMany', key: 'status', field: 'status', known: AGENT_STATUSES.map((s) => s.value) },
	{ id: 'filter.memoryFacts.agentId', route: 'memoryFact.getMany', key: 'agentId', field: 'agent_id' },
	{ id: 'filter.memoryFacts.tier', route: 'memoryFact.getMany', key: 'tier', field: 'tier', known: MEMORY_TIERS.map((t) => t.value) },
	{ id: 'filter.memoryFacts.scope', route: 'memoryFact.getMany', key: 'scope', field: 'scope', known: MEMORY_SCOPES.map((s) => s.value) },
	{ id: 'filter.memoryFacts.text', route: 'memoryFact.getMany', key: 'text', field: 'content' },
	{ id: 'filter.members.teamId', route: 'member.getMany', key: 'teamId', field: 'team_id' },
	{ id: 'filter.knowledge.section', route: 'knowledgeDocument.getMany', key: 'section', field: 'section' },
];

/** A value no item holds, for a filter the list's items cannot tell apart. */
const NO_MATCH = 'check-service-matches-nothing';

const words = (text: string) => text.toLowerCase().match(/[a-z]{4,}/g) ?? [];

/** Whether `item` matches `value` as the filter means it (text: contained, case aside). */
function matches(spec: FilterSpec, item: IDataObject, value: string): boolean {
	const field = item[spec.field];
	if (spec.key === 'text') return typeof field === 'string' && field.toLowerCase().includes(value);
	return field === value;
}

/** The value to filter by, and whether some item of the page lacks it (else none should come back). */
function pickValue(spec: FilterSpec, items: IDataObject[]): { value: string; someLack: boolean } {
	const candidates = spec.key === 'text' ? words(String(items[0]?.content ?? '')) : typeof items[0]?.[spec.field] === 'string' ? [items[0][spec.field] as string] : [];
	for (const value of candidates) {
		if (items.some((item) => !matches(spec, item, value))) return { value, someLack: true };
	}
	const unheld = spec.known?.find((value) => !items.some((item) => matches(spec, item, value)));
	return { value: unheld ?? NO_MATCH, someLack: false };
}

async function checkFilter(probe: Probe, survey: Survey, spec: FilterSpec): Promise<Finding> {
	const name = FILTER_QUERY[spec.key];
	const row = finding(spec.id, { file: 'src/vocabulary.ts', find: `${spec.key}: '${name}'` }, `?${name}= is honoured on ${ROUTES[spec.route].path}: only items whose ${spec.field} ${spec.key === 'text' ? 'contains' : 'is'} the value`);
	const items = itemsOf(survey, spec.route);
	const total = listOf(survey.lists.get(spec.route) ?? { status: 0, json: undefined, headers: {}, summary: '' })?.total ?? items.length;
	if (items.length === 0) return row.unchecked(`${ROUTES[spec.route].path} returned no items to filter`);
	const { value, someLack } = pickValue(spec, items);
	const answer = await probe.getOnce(ROUTES[spec.route].path, { [name]: value, [PAGINATION_QUERY.limit]: items.length });
	if (answer.status === 400) return row.differs(`refused: ${answer.summary}`);
	const list = listOf(answer);
	if (!list) return row.differs(`${name}=${value}: ${answer.summary}`);
	const others = list.items.filter((item) => !matches(spec, item, value)).length;
	const count = list.total ?? list.items.length;
	if (others > 0) return row.differs(`ignored: ${name}=${value} answered ${count} of ${total} items, ${others} not matching`);
	if (someLack && count >= total) return row.differs(`ignored: ${name}=${value} answered all ${total} items`);
	return row.confirmed(`honoured: ${name}=${someLack ? value : `(a value no item holds)`} answered ${count} of ${total} items, all matching`);
}

export async function checkFilters(probe: Probe, survey: Survey): Promise<Finding[]> {
	const findings: Finding[] = [];
	for (const spec of FILTERS) findings.push(await checkFilter(probe, survey, spec));
	return findings;
}
