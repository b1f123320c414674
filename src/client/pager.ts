/**
 * Which pages of an offset-paged list to ask for, and which items to hand on, as pure bookkeeping
 * (the client sends the requests). The scan the results must equal is the sequential one: ask at
 * offset 0, advance by the items actually returned, stop on an empty page, at `total` or at the
 * user's limit, drop items whose `id` was already seen (facts expire mid-scan and pages shift).
 *
 * Once the first page has told the page size and `total`, the remaining pages are known and asked
 * for at once (up to `window` pages ahead of what has been handed on, so memory stays bounded; the
 * client adapts the window as the scan goes, pageWindow.ts); results are handed on in offset order.
 * A page that comes back shorter than asked before the end leaves a gap that the sequential scan
 * would have read next: it is asked for too.
 *
 * A server cannot keep a scan going forever: the scan fails when the server answers at an offset
 * other than the one asked for, when STALE_PAGE_LIMIT pages in a row add nothing new while it
 * claims more, or after MAX_PAGES pages. test/client/pager.test.ts holds the table of cases.
 *
 * ResumablePlan is the same engine for a reader that stops and resumes across executions (the
 * polling trigger): it starts at any offset, one request at a time, with the same page-size rule,
 * the same oversized-first-page rule and the same checks. Offset pages shift when items are added
 * in front of or deleted behind the reader, so each request starts a few items early, on the last
 * ids read (the anchors), and the items after the last anchor found are the new ones; when no
 * anchor is found even one page further back, the page says it may have skipped items (`lost`),
 * and the scan's later pages do not look back again. The page further back ends one item into the
 * first answer's ground; when it finds the anchors and holds the first answer's first item at that
 * place (the seam), the two are handed on as one page, and the first answer is not asked for again.
 * In a list whose new items come at its start (`ScanStart.total`), items added there push
 * the place on: an answer without anchors whose total grew asks that many items on instead of
 * stepping back.
 */
import type { IDataObject } from 'n8n-workflow';

/** Asked for first: servers clamp `limit` to their maximum and report it, so this finds the largest page. */
const FIRST_PAGE_REQUEST = 1000;

/** The page size asked for when a server refuses FIRST_PAGE_REQUEST with 400 instead of clamping it. */
export const FALLBACK_PAGE_SIZE = 100;

/** No scan reads more pages than this (at 100 per page, a million items). */
export const MAX_PAGES = 10_000;

/** Consecutive pages that add no new item, while the server claims more, before the scan is stopped. */
export const STALE_PAGE_LIMIT = 3;

export interface PageRequest {
	offset: number;
	limit: number;
}

export interface Page {
	data: IDataObject[];
	pagination: { offset: number; limit: number; total: number };
}

type Accepted = { ready: IDataObject[][] } | { stop: string };

/** The limit of the first request of a scan, before the page size is known. */
const firstLimit = (fellBack: boolean) => (fellBack ? FALLBACK_PAGE_SIZE : FIRST_PAGE_REQUEST);

/** Why a page cannot be read on from: an answer at another offset than asked, or a `total` that is not a count. */
function offsetProblem(request: PageRequest, page: Page): string | undefined {
	if (page.pagination.offset !== request.offset) {
		return `the server answered a request for offset ${request.offset} with offset ${page.pagination.offset}, so paging does not advance`;
	}
	if (!Number.isSafeInteger(page.pagination.total)) return `the server announced a total of ${page.pagination.total} items, which is not a count`;
	return undefined;
}

const staleProblem = (left: number) => `${STALE_PAGE_LIMIT} pages in a row added no new item while the server claimed ${left} more`;

/**
 * Whether a refused (400) request is the oversized first one, to be asked again with
 * FALLBACK_PAGE_SIZE: only while the page size is not known, and only once.
 */
const mayFallBack = (request: PageRequest, pageSizeKnown: boolean, fellBack: boolean) => !fellBack && !pageSizeKnown && request.limit > FALLBACK_PAGE_SIZE;

interface Slot {
	request: PageRequest;
	sent: boolean;
	/** The first page, which teaches the page size (so it leaves no gap: the scan goes on from its end). */
	first?: boolean;
	page?: Page;
}

export class PagePlan {
	private pageSize?: number;
	/** Requests sent or due, in offset order; the first is the next to hand on. */
	private readonly slots: Slot[] = [];
	private readonly seen = new Set<string>();
	private nextOffset = 0;
	private total = Number.POSITIVE_INFINITY;
	private handedOn = 0;
	private duplicates = 0;
	private pagesAsked = 0;
	private stale = 0;
	private ended = false;
	private fellBack = false;

	constructor(
		/** At most this many items (all when undefined). */
		private readonly limit: number | undefined,
		/** Pages asked for ahead of what has been handed on, unless `take` is given another window. */
		private readonly window: number,
		/** Told the list's `total` from its first page, before any other page is asked for; may throw to end the scan. */
		private readonly onTotal?: (total: number) => void,
	) {}

	get done(): boolean {
		return this.ended || (this.slots.length === 0 && this.nextRequest() === undefined);
	}

	/** Requests asked for so far (those asked again after a short page included). */
	get pagesAskedFor(): number {
		return this.pagesAsked;
	}

	/** Pages still to ask for, at most (for the rate budget's announcement). */
	get pagesLeft(): number {
		if (this.ended || this.pageSize === undefined) return 0;
		const pages = Math.ceil(Math.max(0, this.end() - this.nextOffset) / this.pageSize);
		return Math.min(MAX_PAGES - this.pagesAsked, pages);
	}

	/**
	 * The requests to send now: the first page alone, then gaps and as many pages as `window` allows
	 * (pages out or not yet handed on). A smaller window than before asks for nothing until enough
	 * pages have been handed on.
	 */
	take(window = this.window): { requests: PageRequest[] } | { stop: string } {
		if (this.ended) return { requests: [] };
		const requests: PageRequest[] = [];
		for (const slot of this.slots) {
			if (!slot.sent) {
				slot.sent = true;
				requests.push(slot.request);
			}
		}
		while (this.slots.length < window && (this.pageSize !== undefined || this.slots.length === 0)) {
			const request = this.nextRequest();
			if (!request) break;
			this.slots.push({ request, sent: true, first: this.pageSize === undefined });
			this.nextOffset = request.offset + request.limit;
			requests.push(request);
		}
		this.pagesAsked += requests.length;
		if (this.pagesAsked > MAX_PAGES) return this.stop(`it would read more than ${MAX_PAGES} pages, the most one list may take`);
		return { requests };
	}

	/** The server refused the oversized first page (400): ask again with FALLBACK_PAGE_SIZE, once. */
	fallBack(request: PageRequest): boolean {
		if (request.offset !== 0 || !mayFallBack(request, this.pageSize !== undefined, this.fellBack)) return false;
		this.fellBack = true;
		this.slots.length = 0;
		this.nextOffset = 0;
		return true;
	}

	/** Records a page and returns the pages that can now be handed on, in offset order. */
	accept(request: PageRequest, page: Page): Accepted {
		const slot = this.slots.find((s) => s.request === request);
		if (!slot || this.ended) return { ready: [] };
		const problem = offsetProblem(request, page);
		if (problem) return this.stop(problem);
		slot.page = page;
		this.total = page.pagination.total;
		if (this.pageSize === undefined) {
			// The first page: from here the sequential scan would ask at the number of items returned.
			this.pageSize = pageSizeFrom(request, page);
			this.nextOffset = page.data.length;
			this.onTotal?.(this.total);
		}

		const ready: IDataObject[][] = [];
		while (this.slots[0]?.page) {
			const { request: asked, page: got, first } = this.slots.shift() as Slot & { page: Page };
			if (got.data.length === 0) {
				this.ended = true;
				break;
			}
			const end = asked.offset + got.data.length;
			// A short page before the end: the sequential scan would read the gap next, so it is asked for.
			if (!first && got.data.length < asked.limit && end < this.total) this.slots.unshift({ request: { offset: end, limit: asked.limit - got.data.length }, sent: false });
			const fresh = this.fresh(got.data);
			if (fresh.length > 0) ready.push(fresh);
			this.stale = fresh.length === 0 ? this.stale + 1 : 0;
			if (this.limitReached()) {
				this.ended = true;
				break;
			}
			if (this.stale >= STALE_PAGE_LIMIT && end < this.total) return this.stop(staleProblem(this.total - end));
		}
		return { ready };
	}

	/** The user's limit ended the scan while the server announced more: the limit and that total. */
	get cutShort(): { limit: number; total: number } | undefined {
		if (this.limit === undefined || !this.limitReached() || !(this.total > this.handedOn + this.duplicates)) return undefined;
		return { limit: this.limit, total: this.total };
	}

	private end(): number {
		return Math.min(this.total, this.limit === undefined ? Number.POSITIVE_INFINITY : this.limit + this.duplicates);
	}

	private limitReached(): boolean {
		return this.limit !== undefined && this.handedOn >= this.limit;
	}

	private nextRequest(): PageRequest | undefined {
		if (this.pageSize === undefined) {
			if (this.slots.length > 0) return undefined;
			const size = firstLimit(this.fellBack);
			return { offset: 0, limit: this.limit === undefined ? size : Math.min(size, this.limit) };
		}
		if (this.nextOffset >= this.end()) return undefined;
		// Whole pages up to the user's limit, as the sequential scan asks: a `total` that is a little
		// behind must not cut the last page short.
		const wanted = this.limit === undefined ? this.pageSize : this.limit + this.duplicates - this.nextOffset;
		return { offset: this.nextOffset, limit: Math.min(this.pageSize, wanted) };
	}

	private fresh(items: IDataObject[]): IDataObject[] {
		const fresh: IDataObject[] = [];
		for (const item of items) {
			if (this.limit !== undefined && this.handedOn + fresh.length >= this.limit) break;
			if (typeof item.id === 'string') {
				if (this.seen.has(item.id)) {
					this.duplicates += 1;
					continue;
				}
				this.seen.add(item.id);
			}
			fresh.push(item);
		}
		this.handedOn += fresh.length;
		return fresh;
	}

	private stop(reason: string): Accepted & { stop: string } {
		this.ended = true;
		return { stop: reason };
	}
}

/**
 * The server's page size, from the first page a scan reads: the `limit` it reports when it clamped
 * ours, else the number of items when it returned fewer than asked without saying why (and more
 * exist after them).
 */
function pageSizeFrom(request: PageRequest, page: Page): number {
	const reported = page.pagination.limit;
	if (reported > 0 && reported < request.limit) return reported;
	const served = page.data.length;
	if (served > 0 && served < request.limit && request.offset + served < page.pagination.total) return served;
	return request.limit;
}

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
	/** No anchor was found, even one page further back (or on): the list moved, and items may have been skipped. */
	lost: boolean;
	/** The end of the list was reached: the scan is over. */
	last: boolean;
}

type Resumed = { page: ScanPage } | { again: true } | { stop: string };

/** The last index of an item whose id `isAnchor` accepts, or -1. */
function lastAnchor(items: IDataObject[], isAnchor: (id: string) => boolean): number {
	for (let i = items.length - 1; i >= 0; i--) if (typeof items[i].id === 'string' && isAnchor(items[i].id as string)) return i;
	return -1;
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
	const id = first.page.data.length > 0 ? first.page.data[0].id : undefined;
	if (seam <= 0 || at >= seam || back.page.data.length <= seam || typeof id !== 'string' || back.page.data[seam].id !== id) return undefined;
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
	 * A retry found nothing: the list does not keep its places (no stable order, or a mass
	 * deletion), so later pages of this scan do not pay a second request each to look again.
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
		const handed = this.hand(used.request, used.page, at);
		if (this.stale >= STALE_PAGE_LIMIT) return this.stop(staleProblem(handed.total - handed.end));
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

	private hand(request: PageRequest, page: Page, at: number): ScanPage {
		const items = page.data;
		const pageSize = this.pageSize ?? request.limit;
		const lost = this.place.anchors > 0 && at < 0 && request.offset > 0;
		const fresh: IDataObject[] = [];
		for (const item of items.slice(at + 1)) {
			if (typeof item.id === 'string') {
				if (this.seen.has(item.id)) continue;
				this.seen.add(item.id);
			}
			fresh.push(item);
		}
		const end = request.offset + items.length;
		const ids = items.map((item) => item.id).filter((id): id is string => typeof id === 'string');
		const anchors = ids.slice(Math.max(0, ids.length - anchorCount(pageSize)));
		const anchorSet = new Set(anchors);
		const total = this.place.total === undefined ? undefined : page.pagination.total;
		this.place = { offset: end, anchors: anchors.length, isAnchor: (id) => anchorSet.has(id), total };
		const last = items.length === 0 || end >= page.pagination.total;
		this.stale = fresh.length === 0 && !last ? this.stale + 1 : 0;
		this.ended = last;
		return { items, fresh, offset: request.offset, end, anchors, total: page.pagination.total, pageSize, lost, last };
	}

	private stop(reason: string): { stop: string } {
		this.ended = true;
		return { stop: reason };
	}
}
