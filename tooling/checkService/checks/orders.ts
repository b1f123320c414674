/**
 * The order of the lists the polling trigger and the memory read, learned from the items' own
 * `created_at` (never from where they sit), and whether items sharing a `created_at` come in one order
 * from one request to the next (a resumable scan's anchors find their place by it).
 */
import type { IDataObject } from 'n8n-workflow';
import { PAGINATION_QUERY, ROUTES } from '../../../src/routes';
import { FACT_TIME_FIELDS } from '../../../src/vocabulary';
import { listOf, type Probe } from '../probe';
import { type Finding, finding } from '../rows';
import { itemsOf, type Survey } from './routes';

type Order = 'oldest first' | 'newest first' | 'no order' | 'one date';

const CREATED = FACT_TIME_FIELDS.created;
const dateOf = (item: IDataObject) => (typeof item[CREATED] === 'string' ? Date.parse(item[CREATED]) : Number.NaN);

/** The order of `items` by creation date, and the first place where it breaks. */
export function orderOf(items: IDataObject[]): { order: Order; breaksAt?: number } {
	const dates = items.map(dateOf).filter((date) => !Number.isNaN(date));
	let rises = -1;
	let falls = -1;
	for (let i = 1; i < dates.length; i++) {
		if (dates[i] > dates[i - 1] && rises < 0) rises = i;
		if (dates[i] < dates[i - 1] && falls < 0) falls = i;
	}
	if (rises < 0 && falls < 0) return { order: 'one date' };
	if (falls < 0) return { order: 'oldest first' };
	if (rises < 0) return { order: 'newest first' };
	return { order: 'no order', breaksAt: Math.max(rises, falls) };
}

/** Ids of items that share a `created_at` with another item, grouped by date, in list order. */
function tiedGroups(items: IDataObject[]): Map<string, string[]> {
	const groups = new Map<string, string[]>();
	for (const item of items) {
		const key = String(item[CREATED]);
		groups.set(key, [...(groups.get(key) ?? []), String(item.id)]);
	}
	for (const [key, ids] of groups) if (ids.length < 2) groups.delete(key);
	return groups;
}

const factRows = {
	order: finding('order.memoryFacts', { file: 'src/client/listEnd.ts', find: 'export function learnOrder' }, `${ROUTES['memoryFact.getMany'].path} kept by ${CREATED}, oldest first or newest first (the polling trigger and the memory learn which)`),
	ties: finding('order.memoryFacts.ties', { file: 'src/client/resumablePager.ts', find: 'export const anchorCount' }, `facts sharing a ${CREATED} come in one order from request to request`),
};

export async function checkFactOrder(probe: Probe): Promise<Finding[]> {
	const path = ROUTES['memoryFact.getMany'].path;
	const query = { [PAGINATION_QUERY.offset]: 0, [PAGINATION_QUERY.limit]: 1000 };
	const first = listOf(await probe.getOnce(path, query));
	if (!first) return [factRows.order.unchecked(`${path} did not answer a list`), factRows.ties.unchecked(`${path} did not answer a list`)];
	const { order, breaksAt } = orderOf(first.items);
	const n = first.items.length;
	const orderRow =
		order === 'one date'
			? factRows.order.unchecked(`the first ${n} facts share one ${CREATED} (or have none)`)
			: order === 'no order'
				? factRows.order.differs(`no order: ${CREATED} rises and falls within the first ${n} facts (item ${breaksAt})`)
				: factRows.order.confirmed(`${order} (${n} facts)`);
	const groups = tiedGroups(first.items);
	if (groups.size === 0) return [orderRow, factRows.ties.unchecked(`no two of the first ${n} facts share a ${CREATED}`)];
	const again = listOf(await probe.get(path, query));
	if (!again) return [orderRow, factRows.ties.unchecked(`${path} did not answer a list the second time`)];
	const later = tiedGroups(again.items);
	let tied = 0;
	let moved = 0;
	for (const [key, ids] of groups) {
		const next = (later.get(key) ?? []).filter((id) => ids.includes(id));
		const before = ids.filter((id) => next.includes(id));
		tied += before.length;
		if (before.join() !== next.join()) moved += 1;
	}
	return [orderRow, factRows.ties.judged(moved === 0, `${tied} facts in ${groups.size} groups sharing a ${CREATED}: ${moved === 0 ? 'same order' : `${moved} groups in another order`} on a second read`)];
}

export function checkAgentOrder(survey: Survey): Finding {
	const row = finding('order.agents', { file: 'test/sandbox/model.ts', find: 'Maps keep insertion order' }, `${ROUTES['agent.getMany'].path} kept by ${CREATED}, oldest first (the sandbox's order; the trigger reads agents whole)`);
	const items = itemsOf(survey, 'agent.getMany');
	const { order, breaksAt } = orderOf(items);
	if (order === 'one date') return row.unchecked(`the ${items.length} agents read share one ${CREATED} (or have none)`);
	if (order === 'no order') return row.differs(`no order: ${CREATED} rises and falls (item ${breaksAt} of ${items.length})`);
	return row.judged(order === 'oldest first', `${order} (${items.length} agents)`);
}
