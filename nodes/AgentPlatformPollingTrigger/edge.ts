/**
 * The fast read of new facts, in a list kept in creation order: new facts appear at one edge, the end
 * (oldest first) or the start (newest first). Each poll reads from that edge inward, page by page, until
 * it meets a fact dated before its mark (just after the newest date it had read; at activation, the window
 * of judge.ts), or the list's other end. A fact that shows up later than that, dated before it, is judged
 * where a page read shows it, else it is the sweep's (late, not lost).
 *
 * It only says where to read: what it found is judged like every other read (judge.ts). It checks
 * itself as it goes: creation times keep to the order, consecutive pages overlap on a fact they share,
 * and (factPoll.ts) the list did not grow by more facts than were found new. A check that fails, or a
 * burst larger than the poll may read, has the sweep read the whole list for new facts too (factSweep.ts),
 * said once in n8n's log; a list out of order is left to the sweep until a whole sweep shows an order
 * again. It writes nothing: it returns what it read and learned.
 */
import type { IDataObject } from 'n8n-workflow';
import { anchorCount } from '../../src/client';
import { keepsOrder as datesKeepOrder } from '../../src/client/listEnd';
import { createdAt } from './judge';
import type { FactPoll } from './factPoll';
import type { FactStream } from './state';

/** One page of the list at an offset, as read by plain offset requests. */
export interface OffsetPage {
	items: IDataObject[];
	offset: number;
	total: number;
	/** The longest page the server has served (a shorter one ends the list). */
	served: number;
}

/** reached: read down to the mark; cut: the poll may not read that far; moved: pages no longer overlap; unordered: the order broke. */
export type EdgeOutcome = 'reached' | 'cut' | 'moved' | 'unordered';

export interface EdgeRead {
	/** The facts read, each once, in list order. */
	facts: IDataObject[];
	outcome: EdgeOutcome;
	/** The list's length as read (oldest first: at least as far as the read got). */
	total: number;
	/** Cut before it found the list's end (oldest first): its facts are not the newest. */
	short?: true;
}

type PagesRead = Omit<EdgeRead, 'facts'> & { pages: OffsetPage[] };

/** Where the read stops: before a fact dated before the mark it gives for the facts read so far. */
type Mark = (read: IDataObject[]) => number;

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
async function readEnd(poll: FactPoll, mark: Mark, stream: FactStream): Promise<PagesRead> {
	const served = stream.served ?? (stream.pageSize || 1);
	const expected = stream.total + (stream.edge?.drift ?? 0);
	let page = await poll.pageAt(Math.max(0, Math.min(stream.total, expected) - served + Math.floor(served / 4)));
	for (let back = page.served; page.items.length === 0 && page.offset > 0; back *= 2) {
		if (!poll.canContinue()) return { pages: [page], outcome: 'cut', total: stream.total, short: true };
		page = await poll.pageAt(Math.max(0, Math.min(page.offset, page.total) - back));
	}
	const pages = [page];
	while (page.items.length >= page.served) {
		// The list is at least this long: the next poll aims from here, should this one stop short of the end.
		const total = page.offset + page.items.length;
		if (!poll.canContinue()) return { pages, outcome: 'cut', total, short: true };
		const last = page.items[page.items.length - 1];
		page = await poll.pageAt(Math.max(page.offset + 1, page.offset + page.items.length - 1));
		pages.push(page);
		if (!overlaps(page, last)) return { pages, outcome: 'moved', total };
	}
	const total = page.offset + page.items.length;
	for (;;) {
		const first = pages[0];
		if (first.items.length === 0 || first.offset === 0 || createdAt(first.items[0]) < mark(distinct(pages))) return { pages, outcome: 'reached', total };
		if (!poll.canContinue()) return { pages, outcome: 'cut', total };
		const back = await poll.pageAt(Math.max(0, first.offset - (first.served - anchorCount(first.served))));
		pages.unshift(back);
		if (!overlaps(back, first.items[0])) return { pages, outcome: 'moved', total };
	}
}

/** Newest first: the first pages, from the start down to the mark. */
async function readStart(poll: FactPoll, mark: Mark): Promise<PagesRead> {
	const pages = [await poll.pageAt(0)];
	for (;;) {
		const last = pages[pages.length - 1];
		const end = last.items.length < last.served;
		if (end || createdAt(last.items[last.items.length - 1]) < mark(distinct(pages))) return { pages, outcome: 'reached', total: last.total };
		if (!poll.canContinue()) return { pages, outcome: 'cut', total: last.total };
		const next = await poll.pageAt(last.offset + last.items.length - anchorCount(last.served));
		pages.push(next);
		if (!overlaps(next, last.items[last.items.length - 1])) return { pages, outcome: 'moved', total: next.total };
	}
}

/** Reads the edge where new facts appear (see the file comment); `order` is the order learned, `stream` what the last poll knew. */
export async function readEdge(poll: FactPoll, order: 'oldest-first' | 'newest-first', stream: FactStream, mark: Mark): Promise<EdgeRead> {
	const read = await (order === 'oldest-first' ? readEnd(poll, mark, stream) : readStart(poll, mark));
	const facts = distinct(read.pages);
	return { facts, outcome: keepsOrder(facts, order) ? read.outcome : 'unordered', total: read.total, ...(read.short ? { short: read.short } : {}) };
}
