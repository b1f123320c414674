/**
 * Which pages of an offset-paged list to ask for, and which items to hand on, as pure bookkeeping
 * (the client sends the requests). The scan the results must equal is the sequential one: ask at
 * offset 0, advance by the items actually returned, stop on an empty page, at `total` or at the
 * user's limit, drop items whose `id` was already seen (facts expire mid-scan and pages shift).
 *
 * Once the first page has told the page size and `total`, the remaining pages are known and asked
 * for at once (up to `window` pages ahead of what has been handed on, so memory stays bounded);
 * results are handed on in offset order. A page that comes back shorter than asked before the end
 * leaves a gap that the sequential scan would have read next: it is asked for too.
 *
 * A server cannot keep a scan going forever: the scan fails when the server answers at an offset
 * other than the one asked for, when STALE_PAGE_LIMIT pages in a row add nothing new while it
 * claims more, or after MAX_PAGES pages. test/client/pager.test.ts holds the table of cases.
 */
import type { IDataObject } from 'n8n-workflow';

/** Asked for first: servers clamp `limit` to their maximum and report it, so this finds the largest page. */
export const FIRST_PAGE_REQUEST = 1000;

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
		/** Pages asked for ahead of what has been handed on. */
		private readonly window: number,
	) {}

	get done(): boolean {
		return this.ended || (this.slots.length === 0 && this.nextRequest() === undefined);
	}

	/** Pages still to ask for, at most (for the rate budget's announcement). */
	get pagesLeft(): number {
		if (this.ended || this.pageSize === undefined) return 0;
		const pages = Math.ceil(Math.max(0, this.end() - this.nextOffset) / this.pageSize);
		return Math.min(MAX_PAGES - this.pagesAsked, pages);
	}

	/** The requests to send now: the first page alone, then gaps and as many pages as the window allows. */
	take(): { requests: PageRequest[] } | { stop: string } {
		if (this.ended) return { requests: [] };
		const requests: PageRequest[] = [];
		for (const slot of this.slots) {
			if (!slot.sent) {
				slot.sent = true;
				requests.push(slot.request);
			}
		}
		while (this.slots.length < this.window && (this.pageSize !== undefined || this.slots.length === 0)) {
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
		if (this.fellBack || this.pageSize !== undefined || request.offset !== 0 || request.limit <= FALLBACK_PAGE_SIZE) return false;
		this.fellBack = true;
		this.slots.length = 0;
		this.nextOffset = 0;
		return true;
	}

	/** Records a page and returns the pages that can now be handed on, in offset order. */
	accept(request: PageRequest, page: Page): Accepted {
		const slot = this.slots.find((s) => s.request === request);
		if (!slot || this.ended) return { ready: [] };
		if (page.pagination.offset !== request.offset) {
			return this.stop(`the server answered a request for offset ${request.offset} with offset ${page.pagination.offset}, so paging does not advance`);
		}
		if (!Number.isSafeInteger(page.pagination.total)) return this.stop(`the server announced a total of ${page.pagination.total} items, which is not a count`);
		slot.page = page;
		this.total = page.pagination.total;
		if (this.pageSize === undefined) {
			// The first page: from here the sequential scan would ask at the number of items returned.
			this.pageSize = pageSizeFrom(request, page);
			this.nextOffset = page.data.length;
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
			if (this.stale >= STALE_PAGE_LIMIT && end < this.total) {
				return this.stop(`${STALE_PAGE_LIMIT} pages in a row added no new item while the server claimed ${this.total - end} more`);
			}
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
			const size = this.fellBack ? FALLBACK_PAGE_SIZE : FIRST_PAGE_REQUEST;
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
 * The server's page size, from the first page: the `limit` it reports when it clamped ours, else the
 * number of items when it returned fewer than asked without saying why (and more exist). The
 * polling trigger, which reads pages one by one across polls, learns it the same way.
 */
export function pageSizeFrom(request: PageRequest, page: Page): number {
	const reported = page.pagination.limit;
	if (reported > 0 && reported < request.limit) return reported;
	if (page.data.length > 0 && page.data.length < request.limit && page.data.length < page.pagination.total) return page.data.length;
	return request.limit;
}
