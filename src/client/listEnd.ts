/**
 * Reading an offset-paged list from its newest end, wherever that end is: for a reader that wants a
 * list's latest items (the memory's latest turns of a session) at the cost of what it wants, not of
 * the list's length.
 *
 * The list's order is learned from the items' own dates, never assumed: the first page (offset 0)
 * and the last (from its `total`, asked a little short of the end so that items added meanwhile
 * still fall in it: a busy list costs no more) are read, and the order is oldest first when the
 * dates rise through both pages and from the one to the other (through each, when they share an
 * item: each was read around it), newest first when they fall. From
 * the newest end the read goes inward, page by page, each page overlapping the one before on an
 * item they share (found in the page wherever items added or removed meanwhile moved it), until the
 * caller has enough or the list's other end is reached.
 *
 * Position only says where to read. What the read proves is the caller's to judge from the dates: in
 * a list kept in date order, no item left unread is dated after the innermost item read
 * (`innermostDate`). Whatever breaks the order (dates that fall and rise, a missing date, a page that
 * no longer overlaps the one before because the list moved) ends the read as `unknown`, with the
 * reason, and the caller reads another way.
 *
 * It needs only a way to read one page at an offset, so any list reader can share it: the polling
 * trigger's order learning (nodes/AgentPlatformPollingTrigger/edge.ts) checks the same `keepsOrder`.
 */
import type { IDataObject } from 'n8n-workflow';
import { pageSizeFrom } from './pager';

export type ListOrder = 'oldest-first' | 'newest-first';

/** One page as read: the offset asked for, the items, the list's total then, and the limit asked for. */
export interface EndPage {
	offset: number;
	limit: number;
	items: IDataObject[];
	total: number;
	/** The `limit` the server reported (its page size when it clamped ours). */
	reportedLimit: number;
}

export type PageReader = (offset: number, limit: number) => Promise<EndPage>;

export interface EndReadOptions {
	/** The page size asked for. */
	limit: number;
	/** An item's date in epoch ms (NaN when it has none). */
	dateOf: (item: IDataObject) => number;
	/** Whether what was read so far (each item once, in no set order) is enough; `whole` when it is the whole list. */
	enough: (items: IDataObject[], innermostDate: number, whole: boolean) => boolean;
	/** At most this many requests. */
	maxRequests: number;
}

export type EndRead =
	| {
			items: IDataObject[];
			/** The whole list was read: every item is in `items`. */
			whole: boolean;
			/** The oldest date among the items read inward from the newest end: nothing unread is dated after it (-Infinity when whole). */
			innermostDate: number;
			/** The order learned; undefined when one or two pages held the whole list. */
			order?: ListOrder;
			/** `maxRequests` ended the read before `enough` said so. */
			cut: boolean;
			requests: number;
	  }
	| { unknown: string; requests: number };

/** Whether the dates keep to the order from one item to the next (never falling oldest first, never rising newest first). */
export function keepsOrder(items: IDataObject[], order: ListOrder, dateOf: (item: IDataObject) => number): boolean {
	let previous = Number.NaN;
	for (const item of items) {
		const at = dateOf(item);
		if (!Number.isFinite(at)) return false;
		if (order === 'oldest-first' ? at < previous : at > previous) return false;
		previous = at;
	}
	return true;
}

/** The order of a list from its first and last pages (an item both hold, as pages that overlap repeat a few, counts once), or why none can be learned. */
export function learnOrder(first: IDataObject[], last: IDataObject[], dateOf: (item: IDataObject) => number): ListOrder | { unknown: string } {
	const ids = new Set(first.map((item) => item.id));
	const both = [...first, ...last.filter((item) => item.id === undefined || !ids.has(item.id))];
	// Pages that share an item are each read around it: an item written between the two reads, dated back, may sit before it in the later one, so each is checked on its own.
	const checked = last.some((item) => item.id !== undefined && ids.has(item.id)) ? first : both;
	if (both.length === 0 || both.some((item) => !Number.isFinite(dateOf(item)))) return { unknown: 'some facts have no creation date' };
	for (const order of ['oldest-first', 'newest-first'] as const) {
		// Equal dates throughout prove neither order: the two ends must differ, the way the order says.
		const ends = order === 'oldest-first' ? dateOf(both[0]) < dateOf(both[both.length - 1]) : dateOf(both[0]) > dateOf(both[both.length - 1]);
		if (ends && keepsOrder(checked, order, dateOf) && keepsOrder(last, order, dateOf)) return order;
	}
	return { unknown: 'its creation dates keep to no order from the first page to the last' };
}

const pageEnd = (page: EndPage) => page.offset + page.items.length;

/** A read of the whole list held in the pages read (they meet or overlap). */
function wholeRead(pages: EndPage[], requests: number): EndRead {
	const seen = new Set<unknown>();
	const items = pages.flatMap((page) => page.items).filter((item) => !seen.has(item.id) && (seen.add(item.id), true));
	return { items, whole: true, innermostDate: Number.NEGATIVE_INFINITY, cut: false, requests };
}

/**
 * Items added while the ends are read (other writers' saves, the caller's own) land at the newest
 * end. The last page is asked this far short of the end (a fraction of a page), so that a page
 * still reaches the end when up to this many were added since the first page counted the list.
 */
const endSlack = (size: number) => Math.floor(size / 4);
/** The most times the last page is aimed again at an end that moved further than the slack. */
const MAX_END_AIMS = 4;

/** Reads a list from its newest end (see the file comment). */
export async function readFromNewestEnd(read: PageReader, options: EndReadOptions): Promise<EndRead> {
	let requests = 1;
	const head = await read(0, options.limit);
	if (head.items.length === 0 || pageEnd(head) >= head.total) return wholeRead([head], requests);
	const size = pageSizeFrom({ offset: 0, limit: options.limit }, { data: head.items, pagination: { offset: 0, limit: head.reportedLimit, total: head.total } });
	const tailAt = (total: number) => Math.max(0, total - size + endSlack(size));
	let tail = await read(tailAt(head.total), size);
	requests += 1;
	// More added or removed between the requests than the slack covers: aim again at the end as it is now.
	for (let aims = 1; pageEnd(tail) < tail.total || (tail.items.length === 0 && tail.total > 0); aims++) {
		if (aims > MAX_END_AIMS || requests >= options.maxRequests) return { unknown: 'the list kept moving while its ends were read', requests };
		tail = await read(tailAt(tail.total), size);
		requests += 1;
	}
	if (tail.offset <= pageEnd(head)) return wholeRead([head, tail], requests);
	const order = learnOrder(head.items, tail.items, options.dateOf);
	if (typeof order !== 'string') return { ...order, requests };
	return await readInward(read, { ...options, limit: size }, order, order === 'oldest-first' ? tail : head, requests);
}

/** From the page at the newest end inward, each page overlapping the one before on one item. */
async function readInward(read: PageReader, options: EndReadOptions, order: ListOrder, newest: EndPage, requestsBefore: number): Promise<EndRead> {
	let requests = requestsBefore;
	// The items read, in list order, as one run from the newest end.
	let run = newest.items;
	let offset = newest.offset;
	let total = newest.total;
	for (;;) {
		const whole = order === 'oldest-first' ? offset === 0 : offset + run.length >= total;
		const innermost = order === 'oldest-first' ? run[0] : run[run.length - 1];
		const innermostDate = whole ? Number.NEGATIVE_INFINITY : options.dateOf(innermost);
		if (options.enough(run, innermostDate, whole)) return { items: run, whole, innermostDate, order, cut: false, requests };
		if (whole || requests >= options.maxRequests) return { items: run, whole, innermostDate, order, cut: !whole, requests };
		const at = order === 'oldest-first' ? Math.max(0, offset - options.limit + 1) : offset + run.length - 1;
		const page = await read(at, order === 'oldest-first' ? offset - at + 1 : options.limit);
		requests += 1;
		total = page.total;
		// The shared item is where it was asked for, or moved within the page: newest first, by items
		// added at the newest end since; oldest first, by items removed before it. Either way the
		// page's items on the far side of it are the next ones inward.
		const shared = page.items.findIndex((item) => item.id === innermost.id);
		if (shared < 0) return { unknown: 'the list moved while it was read', requests };
		if (order === 'oldest-first') {
			run = [...page.items.slice(0, shared), ...run];
			offset = at;
		} else {
			const inward = page.items.slice(shared + 1);
			offset = at + shared - (run.length - 1);
			run = [...run, ...inward];
			// Newest first, a page of the shared item alone is the end, wherever the total said it was.
			if (page.items.length === 1) total = offset + run.length;
		}
		if (!keepsOrder(run, order, options.dateOf)) return { unknown: 'its creation dates broke the order inside the list', requests };
	}
}
