/**
 * A scan of an offset-paged list that stops and resumes across executions (the polling trigger):
 * it starts at any offset, one request at a time, with pager.ts's page-size rule, oversized-first-page
 * rule and checks. Offset pages shift when items are added in front of or deleted behind the reader,
 * so each request starts a few items early, on the last ids read (the anchors), and the items after
 * the last anchor found are the new ones; when no anchor is found even one page further back, or the
 * anchors found are apart (the list was reordered at the place: ties in a changing order), the page
 * says it may have skipped items (`lost`), and the scan's later pages do not look back again. Fewer
 * anchors found than kept, in one run, the page says too (`anchorsMissing`): deleted, or moved away.
 * The page further back ends one item into the first answer's ground; when it finds the anchors and
 * holds the first answer's first item at that place (the seam), the two are handed on as one page,
 * and the first answer is not asked for again.
 *
 * In a list whose new items come at its start, the items added there push every place on: this
 * file is the one place that knows it (`movedOn` before the first request, and an answer without
 * anchors whose total grew asks that many items on instead of stepping back).
 *
 * The end of the list is an empty page, or a page shorter than asked at or past `total`: a `total`
 * that is short of the list does not end the scan early (a full page past it asks on). STALE_PAGE_LIMIT
 * pages in a row that add nothing while more is claimed say the scan may have skipped items (`lost`:
 * a list whose order changes under it, or a server that claims more forever); it goes on, as far as
 * MAX_PAGES and the reader's own bound let it.
 */
import type { IDataObject } from 'n8n-workflow';
import { firstLimit, itemId, MAX_PAGES, mayFallBack, offsetProblem, type Page, type PageRequest, pageSizeFrom, STALE_PAGE_LIMIT } from './pager';

/**
 * Anchors kept per page: the overlap of consecutive requests, so a few deletions behind the reader
 * cost nothing (more cost one request back). 5 of 100 items: 5% more requests.
 */
export const anchorCount = (pageSize: number) => (pageSize < 2 ? 0 : Math.min(5, Math.max(1, Math.floor(pageSize / 20))));

/** Where a resumable scan starts: the offset an earlier scan reached, and the last items it read there. */
export interface ScanStart {
	offset: number;
	/** How many items just before `offset` are anchors: the first request starts that many earlier. */
	anchors: number;
	/** Whether an id is one of those anchors. */
	isAnchor: (id: string) => boolean;
	/**
	 * Only for a list whose new items come at its start: its `total` when `offset` was right. The
	 * items added since moved the place on by as many as the total grew (or more, when items after
	 * the place were deleted meanwhile: the anchors are then found further on in the page).
	 */
	total?: number;
}

export interface ScanPage {
	/** The page as the server sent it, in list order (after a step back joined on its seam, the step back's items before it, then the first answer). */
	items: IDataObject[];
	/** Its items after the last anchor, without those this scan already handed on. */
	fresh: IDataObject[];
	/** The offset of `items[0]`. */
	offset: number;
	/** Where the next page starts; a later scan resumes there with `anchors`. */
	end: number;
	/** The ids of the page's last items, the anchors of the next request. */
	anchors: string[];
	total: number;
	/** The page size the server serves. */
	pageSize: number;
	/** No anchor was found, even one page further back (or on), or the anchors were found apart: the list moved, and items may have been skipped. */
	lost: boolean;
	/** The end of the list was reached: the scan is over. */
	last: boolean;
	/** The index in `items` of the last anchor found (the place; `fresh` comes after it), -1 when none. */
	placeAt: number;
	/** The most items one answer in it held (a step back joined on its seam holds two answers' items): what the server serves a page. */
	answered: number;
	/** The anchors were found in one run after other items, but fewer than were kept: moved away (ties in a changing order), or deleted while others were added. */
	anchorsMissing: boolean;
	/** The last anchor was found elsewhere than where the scan left it: items were added or deleted before it, or the list was reordered there. */
	shifted: boolean;
	/** A look elsewhere that found no anchor either (`lost`): the items it was served, not part of the page. A reader that must account for every item served (the polling trigger's read that holds what existed) takes them too. */
	unplaced?: IDataObject[];
}

type Resumed = { page: ScanPage } | { again: true } | { stop: string };

function anchored(item: IDataObject, isAnchor: (id: string) => boolean): boolean {
	const id = itemId(item);
	return id !== undefined && isAnchor(id);
}

/** The last index of an item whose id `isAnchor` accepts, or -1. */
function lastAnchor(items: IDataObject[], isAnchor: (id: string) => boolean): number {
	for (let i = items.length - 1; i >= 0; i--) if (anchored(items[i], isAnchor)) return i;
	return -1;
}

/**
 * The anchors found in one run ending at `at` (the last items of the page before, as they were read);
 * -1 when an anchor sits further back, apart from them: the list was reordered at the place (ties in a
 * changing order), so items not read yet may now sit before it, where the scan does not look.
 */
function anchorRun(items: IDataObject[], at: number, isAnchor: (id: string) => boolean): number {
	let i = at;
	while (i >= 0 && anchored(items[i], isAnchor)) i -= 1;
	const run = at - i;
	for (; i >= 0; i--) if (anchored(items[i], isAnchor)) return -1;
	return run;
}

type Answer = { request: PageRequest; page: Page };

/**
 * A step back that found the anchors, joined with the first answer on their seam, so the first
 * answer is not asked for again. The step back ends one item into the first answer's ground (more,
 * when it starts at 0; see ResumablePlan.retryAfter), and the two are joined only when the item it
 * holds at the first request's offset is the first answer's first item. Then they are what one
 * sequential read gives: the items before that item as of the later answer, those after it as of
 * the earlier one, so an item added or deleted between the two answers is seen or gone, never
 * skipped. The lists' totals are not compared: equal totals do not show a shifted step back (an
 * item added in front of it and one deleted after it between the two answers), the seam does; and
 * a total changed only after the seam (an item added at the end) does not keep the two apart. No
 * seam (an empty answer, an item without an id, an anchor at or past it): not joined, and the scan
 * asks again from the step back's anchors.
 */
function joined(back: Answer, first: Answer, at: number): Answer | undefined {
	const seam = first.request.offset - back.request.offset;
	const id = first.page.data.length > 0 ? itemId(first.page.data[0]) : undefined;
	if (seam <= 0 || at >= seam || back.page.data.length <= seam || id === undefined || itemId(back.page.data[seam]) !== id) return undefined;
	return { request: back.request, page: { data: [...back.page.data.slice(0, seam), ...first.page.data], pagination: first.page.pagination } };
}

/** One scan from a ScanStart to the end of the list, one request at a time (see the file comment). */
export class ResumablePlan {
	private pageSize?: number;
	private fellBack = false;
	private place: ScanStart;
	/** The same page asked one page further back (or on, see ScanStart.total), and the answer that had no anchor. */
	private retry?: { request: PageRequest; first: Answer };
	/**
	 * A retry was made: the list does not keep its places (no stable order, a mass deletion, ties in
	 * a changing order), so later pages of this scan do not pay a second request each to look again.
	 */
	private retriedInVain = false;
	private readonly seen = new Set<string>();
	private pagesAsked = 0;
	private stale = 0;
	private ended = false;

	constructor(start: ScanStart, pageSize?: number) {
		const offset = Math.max(0, Math.floor(start.offset));
		this.place = { offset, anchors: offset > 0 ? Math.max(0, Math.floor(start.anchors)) : 0, isAnchor: start.isAnchor, total: start.total };
		this.pageSize = pageSize !== undefined && pageSize > 0 ? pageSize : undefined;
	}

	get done(): boolean {
		return this.ended;
	}

	/** The request to send next. */
	next(): PageRequest | { stop: string } {
		if (this.retry) return this.retry.request;
		this.pagesAsked += 1;
		if (this.pagesAsked > MAX_PAGES) return this.stop(`it would read more than ${MAX_PAGES} pages, the most one list may take`);
		return { offset: Math.max(0, this.place.offset - this.place.anchors), limit: this.pageSize ?? firstLimit(this.fellBack) };
	}

	/** The server refused the oversized first page (400): ask again with FALLBACK_PAGE_SIZE, once. */
	fallBack(request: PageRequest): boolean {
		if (!mayFallBack(request, this.pageSize !== undefined, this.fellBack)) return false;
		this.fellBack = true;
		this.pagesAsked -= 1;
		return true;
	}

	/** Takes the answer to `next()`: a page to hand on, a request to send again, or the end of the scan. */
	accept(request: PageRequest, page: Page): Resumed {
		if (this.ended) return { stop: 'the scan has ended' };
		const problem = offsetProblem(request, page);
		if (problem) return this.stop(problem);
		// Learned from the first page, as PagePlan does; later, only a smaller limit the server reports
		// lowers it: one short page (items deleted as it was read) must not shrink every later read.
		const reported = page.pagination.limit;
		this.pageSize = this.pageSize === undefined ? pageSizeFrom(request, page) : reported > 0 && reported < this.pageSize ? reported : this.pageSize;
		let used: Answer = { request, page };
		const at = lastAnchor(page.data, this.place.isAnchor);
		const retried = this.retry?.request === request ? this.retry.first : undefined;
		this.retry = undefined;
		// One look elsewhere per scan: a list that moves under the scan again (ties in a changing order)
		// would otherwise send it back and forth between the same two places.
		if (retried) this.retriedInVain = true;
		if (retried) {
			// An anchor there: the list moved past the anchors. None: keep the first answer.
			if (at < 0) {
				used = retried;
				this.retriedInVain = true;
			} else {
				used = joined(used, retried, at) ?? used;
			}
		} else if (at < 0) {
			const again = this.retryAfter(request, page, this.pageSize);
			if (again) {
				this.retry = { request: again, first: used };
				return { again: true };
			}
		}
		// Whether the answer that holds the page's end was shorter than asked (the end of the list, with `total`).
		const tail = retried && used !== retried && used.page.data.length > retried.page.data.length ? retried : used;
		const answered = Math.min(used.page.data.length, Math.max(page.data.length, retried?.page.data.length ?? 0));
		const handed = { ...this.hand(used.request, used.page, at, tail.page.data.length < tail.request.limit, answered), ...(retried && used === retried ? { unplaced: page.data } : {}) };
		// Pages that add nothing while more is claimed (a list whose order changes under the scan, a server
		// that claims more forever): the scan may have skipped items, and says so; MAX_PAGES (and the
		// reader's own bound) ends it.
		if (this.stale >= STALE_PAGE_LIMIT) {
			this.stale = 0;
			return { page: { ...handed, lost: true } };
		}
		return { page: handed };
	}

	/**
	 * Where to look for anchors an answer did not hold: as many items on as the list grew at its
	 * start (ScanStart.total), else one page back (deletions behind the place), ending one item into
	 * the answer's ground so that the two can be joined on that item (see `joined`); nowhere once a
	 * retry found nothing, or when there is nothing to look for.
	 */
	private retryAfter(request: PageRequest, page: Page, pageSize: number): PageRequest | undefined {
		if (this.place.anchors === 0 || this.retriedInVain) return undefined;
		const grown = this.place.total === undefined ? 0 : page.pagination.total - this.place.total;
		if (grown > 0) return { offset: request.offset + grown, limit: pageSize };
		if (request.offset === 0) return undefined;
		// A page of one item cannot both look back and hold the seam: it looks back a whole page.
		return { offset: Math.max(0, request.offset - Math.max(pageSize, page.data.length, 2) + 1), limit: pageSize };
	}

	private hand(request: PageRequest, page: Page, at: number, short: boolean, answered: number): ScanPage {
		const items = page.data;
		const reached = this.place.offset;
		const pageSize = this.pageSize ?? request.limit;
		const run = at < 0 ? 0 : anchorRun(items, at, this.place.isAnchor);
		const lost = (this.place.anchors > 0 && at < 0 && request.offset > 0) || run < 0;
		// Fewer found than kept, after other items: deletions behind the place would have left those
		// found at the page's start (where a place moved on too far also cuts some off), so the list was
		// reordered there, or changed there in more than one way; the reader, which knows the dates, tells.
		const anchorsMissing = at >= 0 && run >= 0 && run < this.place.anchors && at + 1 > run;
		const shifted = at >= 0 && request.offset + at !== reached - 1;
		const fresh: IDataObject[] = [];
		for (const item of items.slice(at + 1)) {
			const id = itemId(item);
			if (id !== undefined) {
				if (this.seen.has(id)) continue;
				this.seen.add(id);
			}
			fresh.push(item);
		}
		const end = request.offset + items.length;
		const ids = items.map(itemId).filter((id) => id !== undefined);
		const anchors = ids.slice(Math.max(0, ids.length - anchorCount(pageSize)));
		const anchorSet = new Set(anchors);
		const total = this.place.total === undefined ? undefined : page.pagination.total;
		this.place = { offset: end, anchors: anchors.length, isAnchor: (id) => anchorSet.has(id), total };
		// A page shorter than asked that brings nothing past the place reached, or ends on its place (items added before it push the offset on), is the end as
		// served, whatever `total` says (asked again, it is the same page).
		const last = items.length === 0 || (short && (end >= page.pagination.total || (fresh.length === 0 && end <= reached) || (at >= 0 && at === items.length - 1)));
		this.stale = fresh.length === 0 && !last ? this.stale + 1 : 0;
		this.ended = last;
		return { items, fresh, offset: request.offset, end, anchors, total: page.pagination.total, pageSize, lost, last, placeAt: at, anchorsMissing, shifted, answered };
	}

	private stop(reason: string): { stop: string } {
		this.ended = true;
		return { stop: reason };
	}
}

/**
 * A place in a list whose new items come at its start (newest first), moved on by the items added
 * there since it was taken (`start.total` then): by as many as the total grew, less those deleted
 * after the place, which the total cannot tell apart; or by `added`, the items a reader of the start
 * counted as added, less a page's reach past the anchors (the first answer, which starts at the anchors
 * before the place, then still holds them all), whichever is further. The pager's first answer corrects what is left (an answer without anchors whose total
 * grew asks that many items on).
 */
export function movedOn(start: ScanStart, now: { total?: number; added?: number; pageSize: number }): ScanStart {
	if (start.total === undefined) return start;
	const grown = now.total === undefined ? 0 : now.total - start.total;
	const moved = Math.max(grown, (now.added ?? 0) - (now.pageSize - start.anchors), 0);
	return { ...start, offset: start.offset + moved, total: start.total + moved };
}
