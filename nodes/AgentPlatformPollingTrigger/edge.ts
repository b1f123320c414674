/**
 * The fast read of new facts, in a list kept in creation order: new facts appear at one edge, the end
 * (oldest first) or the start (newest first). Each poll reads from that edge inward, page by page, until
 * it meets a fact dated before its mark (just after the newest date it had read), or the list's other end.
 * A fact that shows up later than that, dated before it, is the sweep's (late, not lost).
 *
 * It only says where to read: what it found is judged like every other read (judge.ts). It checks
 * itself as it goes: creation times keep to the order, consecutive pages overlap on a fact they share,
 * and the list did not grow by more facts than it found new (facts added elsewhere: an order learned
 * wrong). A check that fails, or a burst larger than the poll may read, has the sweep read the whole list
 * for new facts too (factSweep.ts), said once in n8n's log; a list out of order is left to the sweep
 * until a whole sweep shows an order again.
 */
import type { IDataObject } from 'n8n-workflow';
import { anchorCount } from '../../src/client';
import { keepsOrder as datesKeepOrder } from '../../src/client/listEnd';
import { createdAt, type FactPoll, newestCreated, type OffsetPage } from './factPoll';
import type { FactStream } from './state';

export interface EdgeRead {
	/** The facts read, each once, in list order. */
	facts: IDataObject[];
	/** reached: read down to the mark; unconfirmed: a check failed or the poll may not read that far; unordered: the order broke. */
	outcome: 'reached' | 'unconfirmed' | 'unordered';
	/** The newest creation date read (-Infinity: none). */
	newest: number;
	/** Facts read dated at or after the newest date the last read saw: those added at the start, newest first (factSweep.ts moves its place by them). */
	added: number;
	/** How the list's total changed since the last poll (new facts less those gone): the next poll aims by it. */
	grown: number;
}

/** The order the fast read relies on, when the list has one and the read has a date to read down to. */
export const edgeOrder = (stream: FactStream) => (stream.order !== 'unknown' && stream.edge ? stream.order : undefined);

/** Whether creation times keep to the order from one fact to the next (the client's rule, src/client/listEnd.ts, on `created_at`). */
export function keepsOrder(facts: IDataObject[], order: 'oldest-first' | 'newest-first'): boolean {
	return datesKeepOrder(facts, order, createdAt);
}

/** Facts of pages read in list order, each once (pages overlap). */
function distinct(pages: OffsetPage[]): IDataObject[] {
	const seen = new Set<unknown>();
	return pages.flatMap((page) => page.items).filter((fact) => !seen.has(fact.id) && (seen.add(fact.id), true));
}

/** Whether `next` holds the fact `at` of the page read before it (the two overlap: the list did not move under the read). */
const overlaps = (next: OffsetPage, fact: IDataObject | undefined) => fact === undefined || next.items.some((f) => f.id === fact.id);

/**
 * Oldest first: the last pages, from the end back to the mark. The end is where a page comes back
 * shorter than the longest the server served, whatever `total` says (one that is off, pages cut by
 * bytes). The first request aims where the end should be now: where it was, moved by as much as the list
 * moved between the last two polls, with a quarter of a page to spare; past the end (facts gone), it
 * steps back, each step twice the last; a full page, it reads on.
 */
async function readEnd(poll: FactPoll, mark: number): Promise<{ pages: OffsetPage[]; outcome: EdgeRead['outcome'] }> {
	const served = poll.stream.served ?? (poll.stream.pageSize || 1);
	const expected = poll.stream.total + (poll.stream.edge?.drift ?? 0);
	let page = await poll.pageAt(Math.max(0, Math.min(poll.stream.total, expected) - served + Math.floor(served / 4)));
	for (let back = page.served; page.items.length === 0 && page.offset > 0; back *= 2) {
		if (!poll.canContinue()) return { pages: [page], outcome: 'unconfirmed' };
		page = await poll.pageAt(Math.max(0, Math.min(page.offset, page.total) - back));
	}
	const pages = [page];
	while (page.items.length >= page.served) {
		// The list is at least this long: the next poll aims from here, should this one stop short of the end.
		poll.stream.total = page.offset + page.items.length;
		if (!poll.canContinue()) return { pages, outcome: 'unconfirmed' };
		const last = page.items[page.items.length - 1];
		page = await poll.pageAt(Math.max(page.offset + 1, page.offset + page.items.length - 1));
		pages.push(page);
		if (!overlaps(page, last)) return { pages, outcome: 'unconfirmed' };
	}
	poll.stream.total = page.offset + page.items.length;
	for (;;) {
		const first = pages[0];
		if (first.items.length === 0 || first.offset === 0 || createdAt(first.items[0]) < mark) return { pages, outcome: 'reached' };
		if (!poll.canContinue()) return { pages, outcome: 'unconfirmed' };
		const back = await poll.pageAt(Math.max(0, first.offset - (first.served - anchorCount(first.served))));
		pages.unshift(back);
		if (!overlaps(back, first.items[0])) return { pages, outcome: 'unconfirmed' };
	}
}

/** Newest first: the first pages, from the start down to the mark. */
async function readStart(poll: FactPoll, mark: number): Promise<{ pages: OffsetPage[]; outcome: EdgeRead['outcome'] }> {
	const pages = [await poll.pageAt(0)];
	for (;;) {
		const last = pages[pages.length - 1];
		const end = last.items.length < last.served;
		if (end || createdAt(last.items[last.items.length - 1]) < mark) return { pages, outcome: 'reached' };
		if (!poll.canContinue()) return { pages, outcome: 'unconfirmed' };
		const next = await poll.pageAt(last.offset + last.items.length - anchorCount(last.served));
		pages.push(next);
		if (!overlaps(next, last.items[last.items.length - 1])) return { pages, outcome: 'unconfirmed' };
	}
}

/** Reads the edge where new facts appear (see the file comment); `order` is the order learned. */
export async function readEdge(poll: FactPoll, order: 'oldest-first' | 'newest-first'): Promise<EdgeRead> {
	const { stream } = poll;
	const mark = stream.edge?.mark ?? Number.NEGATIVE_INFINITY;
	const before = stream.total;
	const read = await (order === 'oldest-first' ? readEnd(poll, mark) : readStart(poll, mark));
	if (order === 'newest-first') stream.total = read.pages[read.pages.length - 1].total;
	const facts = distinct(read.pages);
	const upTo = poll.serverDateUpTo ?? Number.POSITIVE_INFINITY;
	const newest = newestCreated(facts, upTo);
	const previousNewest = mark - 1;
	const added = facts.filter((fact) => createdAt(fact) >= previousNewest && createdAt(fact) <= upTo).length;
	const grown = stream.total - before;
	if (!keepsOrder(facts, order)) return { facts, outcome: 'unordered', newest, added, grown };
	// More facts added than found at the edge: some were added elsewhere (deletions only hide this, never fake
	// it). Facts dated ahead of the API's clock at the edge hold it, not new facts: the sweep reads for those too.
	const misdated = facts.some((fact) => createdAt(fact) > upTo);
	const outcome = read.outcome === 'reached' && (grown > added || misdated) ? 'unconfirmed' : read.outcome;
	return { facts, outcome, newest, added, grown };
}
