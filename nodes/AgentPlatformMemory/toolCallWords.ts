/**
 * A remembered tool call in words, for people reading n8n's Logs panel: "Called Search_facts
 * (text: refund) → 3 facts". The model reads the call and its result as it needs them (ids, JSON:
 * turnMessages.ts); these words are only what the log shows, with no call ids and no JSON.
 */
import { isObject } from '../../src/client';
import { parseJson } from './turnFact';
import { SUMMARY_NOTE } from './turnMessages';

/** At most this many characters of one argument's value, and of the list of a result's IDs. */
const VALUE_CHARS = 60;
const IDS_SHOWN = 5;

/** What an ID's prefix says the items are, for "→ 3 facts". */
const ITEM_NOUNS: ReadonlyArray<[prefix: string, one: string, many: string]> = [
	['fact_', 'fact', 'facts'],
	['dep_', 'agent', 'agents'],
	['doc_', 'document', 'documents'],
	['team_', 'team', 'teams'],
	['mem_', 'member', 'members'],
	['wh_', 'webhook subscription', 'webhook subscriptions'],
];

const clip = (text: string, max: number) => (Array.from(text).length <= max ? text : `${Array.from(text).slice(0, max).join('')}…`);

/**
 * A call's arguments as "name: value" pairs (strings as they are, other values as short JSON).
 * n8n's AI Agent hands a tool its call's own id among the arguments (`id: "call_8"`): that one is
 * left out, as an internal id.
 */
export function argumentWords(args: unknown, callId?: string): string {
	if (!isObject(args)) return '';
	return Object.entries(args)
		.filter(([, value]) => value !== undefined && value !== null && value !== '' && value !== callId)
		.map(([name, value]) => `${name}: ${clip(typeof value === 'string' ? value : JSON.stringify(value), VALUE_CHARS)}`)
		.join(', ');
}

/** The summary memory kept of a tool result (the tool message's text), or undefined when it is not one. */
export function keptSummary(toolMessageText: string): unknown {
	return toolMessageText.startsWith(SUMMARY_NOTE) ? parseJson(toolMessageText.slice(SUMMARY_NOTE.length)) : undefined;
}

const idsIn = (items: unknown[]): string[] => items.map((item) => (isObject(item) && typeof item.id === 'string' ? item.id : undefined)).filter((id): id is string => id !== undefined);

/** How many items of what: "3 facts", "1 result". */
function countWords(count: number, ids: string[]): string {
	const noun = ITEM_NOUNS.find(([prefix]) => ids.length > 0 && ids.every((id) => id.startsWith(prefix)));
	return `${count} ${count === 1 ? (noun?.[1] ?? 'result') : (noun?.[2] ?? 'results')}`;
}

/** A kept result in a few words: "3 facts", "fact_0012", "failed: …", or "done". */
export function resultWords(summary: unknown): string {
	if (!isObject(summary)) return summary === undefined ? 'done' : clip(String(summary), VALUE_CHARS);
	if (summary.error !== undefined) return `failed: ${clip(typeof summary.error === 'string' ? summary.error : JSON.stringify(summary.error), VALUE_CHARS)}`;
	if (typeof summary.count === 'number') return countWords(summary.count, Array.isArray(summary.items) ? idsIn(summary.items) : []);
	const name = [summary.id, summary.name, summary.title].find((value) => typeof value === 'string');
	return typeof name === 'string' ? clip(name, VALUE_CHARS) : 'done';
}

/** The IDs a kept result holds, for the line under the call: "fact_0012, fact_0013 and 1 more". */
export function resultIds(summary: unknown): string {
	const items = isObject(summary) && Array.isArray(summary.items) ? summary.items : [summary];
	const ids = idsIn(items);
	const total = isObject(summary) && typeof summary.count === 'number' ? summary.count : ids.length;
	if (ids.length === 0) return '';
	const shown = ids.slice(0, IDS_SHOWN).join(', ');
	return total > Math.min(ids.length, IDS_SHOWN) ? `${shown} and ${total - Math.min(ids.length, IDS_SHOWN)} more` : shown;
}

/** "Called <tool> (<arguments>) → <result>", the result left out when the call's answer is not at hand. */
export function callWords(call: { name: string; id?: string; args: unknown }, summary: unknown, answered: boolean): string {
	const { name } = call;
	const words = argumentWords(call.args, call.id);
	return `Called ${name}${words === '' ? '' : ` (${words})`}${answered ? ` → ${resultWords(summary)}` : ''}`;
}
