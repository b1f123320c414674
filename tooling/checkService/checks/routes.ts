/**
 * Every read the nodes send, at the path src/routes.ts gives it: lists without parameters first, then
 * one item of each list by its id (the ids the lists returned), then the lists under an agent. What
 * they return is the survey the other checks read instead of asking again.
 */
import type { IDataObject } from 'n8n-workflow';
import { buildPath, type ListRouteName, ROUTES, type RouteName } from '../../../src/routes';
import { ID_PREFIX } from '../../../src/vocabulary';
import { type Answer, dataOf, listOf, type Probe } from '../probe';
import { type Finding, finding } from '../rows';

/** What the reads returned: each list's default page and each item read. */
export interface Survey {
	lists: Map<ListRouteName, Answer>;
	singles: Map<RouteName, Answer>;
}

const RESOURCE_IDS: Record<string, string> = {
	agent: 'agents',
	memoryFact: 'memoryFacts',
	knowledgeDocument: 'knowledge',
	organization: 'organization',
	team: 'teams',
	member: 'members',
	skill: 'skills',
	webhookSubscription: 'webhooks',
};
const OPERATION_IDS: Record<string, string> = { getMany: 'list' };

/** A route's row id: `route.knowledge.list` for knowledgeDocument.getMany. */
export function routeId(name: RouteName): string {
	const [resource, operation] = name.split('.');
	return `route.${RESOURCE_IDS[resource] ?? resource}.${OPERATION_IDS[operation] ?? operation}`;
}

/** The id of a resource in check ids (`memoryFacts`, `knowledge`, ...). */
export const resourceId = (name: RouteName) => RESOURCE_IDS[name.split('.')[0]] ?? name.split('.')[0];

export const routeWhere = (name: RouteName) => ({ file: 'src/routes.ts', find: `'${name}':` });

const expectation = (name: RouteName) => {
	const { method, path, kind } = ROUTES[name];
	return `${method} ${path} answers ${kind === 'list' ? '{data: [...], pagination: {offset, limit, total}}' : '{data: {...}}'}`;
};

/** The single reads and the list whose first item's id they ask for. */
const ITEM_READS: Array<[RouteName, ListRouteName | undefined, string]> = [
	['agent.get', 'agent.getMany', 'agentId'],
	['memoryFact.get', 'memoryFact.getMany', 'factId'],
	['knowledgeDocument.get', 'knowledgeDocument.getMany', 'documentId'],
	['team.get', 'team.getMany', 'teamId'],
	['member.get', 'member.getMany', 'memberId'],
	['webhookSubscription.get', 'webhookSubscription.getMany', 'webhookId'],
	['organization.get', undefined, ''],
];

function judgeList(name: RouteName, answer: Answer): Finding {
	const row = finding(routeId(name), routeWhere(name), expectation(name));
	const list = listOf(answer);
	if (!list) return row.differs(answer.summary);
	const served = list.items.length;
	if (list.badTotal !== undefined) return row.differs(`200 with ${served} items, but pagination.total is ${list.badTotal}: not a count (a safe whole number, 0 or more)`);
	if (list.total === undefined) return row.differs(`200 with ${served} items but no pagination.total`);
	if (list.total < served) return row.differs(`200 with ${served} items, but pagination.total says ${list.total}`);
	return row.confirmed(`200: ${served} of ${list.total} items`);
}

function judgeItem(name: RouteName, answer: Answer, id: string | undefined): Finding {
	const row = finding(routeId(name), routeWhere(name), expectation(name));
	const data = dataOf(answer);
	if (!data) return row.differs(answer.summary);
	const ok = id === undefined ? String(data.id ?? '').startsWith(ID_PREFIX.organization) : data.id === id;
	return row.judged(ok, ok ? `200: ${String(data.id)}` : `200 but data.id is ${JSON.stringify(data.id)}`);
}

const firstId = (answer: Answer | undefined): string | undefined => {
	const id = answer && listOf(answer)?.items[0]?.id;
	return typeof id === 'string' ? id : undefined;
};

/**
 * Reads every list and item route the nodes use; the key refused is an error (nothing else can be
 * told). `tell` hears each finding as it is made.
 */
export async function checkReads(probe: Probe, tell: (finding: Finding) => void = () => {}): Promise<{ findings: Finding[]; survey: Survey }> {
	const survey: Survey = { lists: new Map(), singles: new Map() };
	const findings: Finding[] = [];
	const push = (finding: Finding) => {
		findings.push(finding);
		tell(finding);
	};
	const plainLists = (Object.keys(ROUTES) as RouteName[]).filter((name) => ROUTES[name].kind === 'list' && !ROUTES[name].path.includes('{')) as ListRouteName[];
	for (const name of plainLists) {
		const answer = await probe.getOnce(ROUTES[name].path);
		// Nothing else can be told without the key accepted, or without an answer at all.
		if (answer.status === 401) throw new Error(`The service refused the API key: ${answer.summary}`);
		if (answer.status === 0 && survey.lists.size === 0) throw new Error(answer.summary);
		survey.lists.set(name, answer);
		push(judgeList(name, answer));
	}
	for (const [name, listName, param] of ITEM_READS) {
		const id = listName ? firstId(survey.lists.get(listName)) : undefined;
		if (listName && id === undefined) {
			push(finding(routeId(name), routeWhere(name), expectation(name)).unchecked(`${ROUTES[listName].path} returned no item to read`));
			continue;
		}
		const answer = await probe.getOnce(buildPath(ROUTES[name].path, id === undefined ? {} : { [param]: id }));
		survey.singles.set(name, answer);
		push(judgeItem(name, answer, id));
	}
	push(await checkSkills(probe, survey));
	return { findings, survey };
}

async function checkSkills(probe: Probe, survey: Survey): Promise<Finding> {
	const agentId = firstId(survey.lists.get('agent.getMany'));
	if (agentId === undefined) return finding(routeId('skill.getMany'), routeWhere('skill.getMany'), expectation('skill.getMany')).unchecked('no agent to list the skills of');
	const answer = await probe.getOnce(buildPath(ROUTES['skill.getMany'].path, { agentId }));
	survey.lists.set('skill.getMany', answer);
	return judgeList('skill.getMany', answer);
}

/** The items a list's default page returned (none when it was not a list). */
export const itemsOf = (survey: Survey, name: ListRouteName): IDataObject[] => {
	const answer = survey.lists.get(name);
	return (answer && listOf(answer)?.items) ?? [];
};
