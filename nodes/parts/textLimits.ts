/**
 * The longest text the API takes in each field this package writes, checked before anything is
 * sent so that a too-long value fails naming the field, its limit and its length, rather than as
 * the API's validator wording after earlier items were written.
 *
 * The spec shows no limits ("not shown"): these are the sandbox's (test/sandbox/resources/*.ts),
 * the one deployment of the API known here, and docs/spec-choices.md says so. The API's word stays
 * the authority: the check counts leniently (characters as people count them, after trimming the
 * spaces at either end), so it refuses only what is over the limit however the API counts, and
 * whatever else the API refuses comes back with its own message. A service that takes more than
 * this table says needs the table raised, here and nowhere else; each field's description shows
 * its limit from here.
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import type { RouteName } from '../../src/routes';

interface TextLimit {
	/** The parameter as the editor shows it (a field of a collection with its collection). */
	label: string;
	max: number;
}

const FACT_CONTENT = 10_000;
const NAME = 200;
const DESCRIPTION = 2_000;
const ROLE = 50;

/** By route, the limited fields of its body (by the API's field name). */
export const TEXT_LIMITS = {
	'memoryFact.create': { content: { label: 'Content', max: FACT_CONTENT } },
	'agent.update': { agent_name: { label: 'Update Fields → Agent Name', max: NAME }, description: { label: 'Update Fields → Description', max: DESCRIPTION } },
	'knowledgeDocument.update': { title: { label: 'Update Fields → Title', max: 300 }, content: { label: 'Update Fields → Content', max: 200_000 } },
	'team.create': { name: { label: 'Name', max: NAME }, description: { label: 'Additional Fields → Description', max: DESCRIPTION } },
	'team.update': { name: { label: 'Update Fields → Name', max: NAME }, description: { label: 'Update Fields → Description', max: DESCRIPTION } },
	'member.add': { name: { label: 'Additional Fields → Name', max: NAME }, role: { label: 'Additional Fields → Role', max: ROLE } },
	'member.update': { name: { label: 'Update Fields → Name', max: NAME }, role: { label: 'Update Fields → Role', max: ROLE } },
	'webhookSubscription.create': { description: { label: 'Additional Fields → Description', max: 500 } },
	'webhookSubscription.update': { description: { label: 'Update Fields → Description', max: 500 } },
} satisfies Partial<Record<RouteName, Record<string, TextLimit>>>;

type LimitedRoute = keyof typeof TEXT_LIMITS;

/** The most characters a memory fact's content may have (Agent Platform Memory writes within it too). */
export const MAX_FACT_CONTENT = FACT_CONTENT;

const count = (n: number) => n.toLocaleString('en-US');

/** A field's description with its limit: "<what it is>. At most 10,000 characters." */
export function withLimit<R extends LimitedRoute>(route: R, field: keyof (typeof TEXT_LIMITS)[R], description: string): string {
	const { max } = TEXT_LIMITS[route][field] as TextLimit;
	return `${description.replace(/\.$/, '')}. At most ${count(max)} characters.`;
}

/** Refuses a body with a text over its field's limit, naming the field, the limit and the length. */
export function checkTextLimits(node: INode, route: LimitedRoute, body: IDataObject, itemIndex: number): void {
	for (const [field, limit] of Object.entries(TEXT_LIMITS[route]) as Array<[string, TextLimit]>) {
		const value = body[field];
		if (typeof value !== 'string') continue;
		const length = [...value.trim()].length;
		if (length <= limit.max) continue;
		throw new NodeOperationError(node, `The parameter "${limit.label}" is ${count(length)} characters long; the API takes at most ${count(limit.max)}`, {
			itemIndex,
			description: `Shorten "${limit.label}" by at least ${count(length - limit.max)} characters. Every item is checked before any is sent.`,
		});
	}
}
