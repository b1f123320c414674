/**
 * The fields each resource returns against those the sandbox serves (test/sandbox/model.ts), which
 * the nodes' outputs, the polling trigger's dates and the memory are built and tested on. A field the
 * service lacks is a difference; fields it adds are named, and change nothing.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ListRouteName, RouteName } from '../../../src/routes';
import { WEBHOOK_SECRET_FIELD } from '../../../src/vocabulary';
import { seedOrganizations } from '../../../test/sandbox/seed';
import { dataOf } from '../probe';
import { type Finding, finding } from '../rows';
import { itemsOf, resourceId, type Survey } from './routes';

/** Each resource: its list route (or its one read), the sandbox's interface, and a seeded example of it. */
function sandboxExamples(): Array<{ list?: ListRouteName; single?: RouteName; model: string; example?: object }> {
	const org = seedOrganizations(Date.now()).get('org_acme');
	const first = <T>(values: Iterable<T> | undefined): T | undefined => (values ? [...values][0] : undefined);
	return [
		{ list: 'agent.getMany', model: 'Agent', example: first(org?.agents.values()) },
		{ list: 'memoryFact.getMany', model: 'MemoryFact', example: first(org?.facts.values()) },
		{ list: 'knowledgeDocument.getMany', model: 'KnowledgeDocument', example: first(org?.documents.values()) },
		{ single: 'organization.get', model: 'Organization', example: org?.org },
		{ list: 'team.getMany', model: 'Team', example: first(org?.teams.values()) },
		{ list: 'member.getMany', model: 'Member', example: first(org?.members.values()) },
		{ list: 'skill.getMany', model: 'Skill', example: first(first(org?.skills.values())?.values()) },
		// The sandbox seeds no subscription: the fields docs/spec-choices.md lists (the secret comes only on create).
		{ list: 'webhookSubscription.getMany', model: 'WebhookSubscription', example: { id: '', url: '', events: [], active: true, description: '', created_at: '' } },
	];
}

export function checkFields(survey: Survey): Finding[] {
	return sandboxExamples().map(({ list, single, model, example }) => {
		const name = (list ?? single) as RouteName;
		const expected = Object.keys(example ?? {}).filter((field) => field !== WEBHOOK_SECRET_FIELD);
		const row = finding(`fields.${resourceId(name)}`, { file: 'test/sandbox/model.ts', find: `export interface ${model} ` }, `each item has ${expected.join(', ')}`);
		const items: IDataObject[] = list ? itemsOf(survey, list) : [dataOf(survey.singles.get(name) ?? { status: 0, json: undefined, headers: {}, summary: '' })].filter((d): d is IDataObject => d !== undefined);
		if (items.length === 0) return row.unchecked('no item was read');
		const missing = expected.filter((field) => items.some((item) => !(field in item)));
		const extra = [...new Set(items.flatMap((item) => Object.keys(item)))].filter((field) => !expected.includes(field));
		const also = extra.length > 0 ? `; also ${extra.join(', ')}` : '';
		if (missing.length > 0) return row.differs(`missing ${missing.join(', ')} (in ${items.length} read)${also}`);
		return row.confirmed(`all ${expected.length} fields in each of ${items.length} read${also}`);
	});
}
