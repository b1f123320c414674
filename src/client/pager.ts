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
 * ResumablePlan (resumablePager.ts) is the same engine for a reader that stops and resumes across
 * executions, and shares these rules.
 */
import type { IDataObject } from 'n8n-workflow';

/** An item's id as text: a string, or a number (the spec shows no field's type for every list); undefined for none. */
export const itemId = (item: IDataObject): string | undefined => (typeof item.id === 'string' ? item.id : typeof item.id === 'number' ? String(item.id) : undefined);

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
export const firstLimit = (fellBack: boolean) => (fellBack ? FALLBACK_PAGE_SIZE : FIRST_PAGE_REQUEST);

/** Why a page cannot be read on from: an answer at another offset than asked, or a `total` that is not a count. */
export function offsetProblem(request: PageRequest, page: Page): string | undefined {
	if (page.pagination.offset !== request.offset) {
		return `the server answered a request for offset ${request.offset} with offset ${page.pagination.offset}, so paging does not advance`;
	}
	if (!Number.isSafeInteger(page.pagination.total)) return `the server announced a total of ${page.pagination.total} items, which is not a count`;
	return undefined;
}

export const staleProblem = (left: number) => `${STALE_PAGE_LIMIT} pages in a row added no new item while the server claimed ${left} more`;

/**
 * Whether a refused (400) request is the oversized first one, to be asked again with
 * FALLBACK_PAGE_SIZE: only while the page size is not known, and only once.
 */
export const mayFallBack = (request: PageRequest, pageSizeKnown: boolean, fellBack: boolean) => !fellBack && !pageSizeKnown && request.limit > FALLBACK_PAGE_SIZE;

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
			const id = itemId(item);
			if (id !== undefined) {
				if (this.seen.has(id)) {
					this.duplicates += 1;
					continue;
				}
				this.seen.add(id);
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
export function pageSizeFrom(request: PageRequest, page: Page): number {
	const reported = page.pagination.limit;
	if (reported > 0 && reported < request.limit) return reported;
	const served = page.data.length;
	if (served > 0 && served < request.limit && request.offset + served < page.pagination.total) return served;
	return request.limit;
}
