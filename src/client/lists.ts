/**
 * The client's one list surface: a list (a route's path or any path under the Base URL, with its
 * filters) read four ways, over one query builder and one page request.
 *
 * - `pages`: in offset order, de-duplicated by id, with as many pages out at once as the server and
 *   the key allow (pager.ts says which pages, pageWindow.ts how many at once); `all` collects them,
 *   within what a list read whole may hold (listHold.ts).
 * - `from`: from where an earlier scan stopped to the end, one request at a time, asked for only as
 *   the caller reads on (resumable scans, resumablePager.ts: the polling trigger).
 * - `at`: one page at an offset (the editor's list search, which pages by itself).
 *
 * Each page is one request through requester.ts: the list's pages count against its own
 * announcement to the rate budget (a `job`, resized once the first page tells the total), and a
 * page's window and hold hear of each attempt through the request's observer.
 */
import { sleep, type IDataObject } from 'n8n-workflow';
import { PAGINATION_QUERY } from '../routes';
import { type ListEnvelope, parseListEnvelope } from './envelope';
import { isApiError, malformedResponseError, pagingError } from './errors';
import { ListHold } from './listHold';
import { type PageRequest, PagePlan } from './pager';
import { PagesInFlight } from './pagesInFlight';
import { INITIAL_PAGES_IN_FLIGHT, PageWindow } from './pageWindow';
import type { Announcement } from './rateBudget';
import type { AttemptObserver, Requester } from './requester';
import { ResumablePlan, type ScanPage, type ScanStart } from './resumablePager';
import { settle } from './settle';

/** Which list: its path under the Base URL, its filters, and the input item it serves. */
export interface ListTarget {
	path: string;
	qs?: IDataObject;
	itemIndex?: number;
}

export interface ScanOptions {
	/** At most this many items; all when undefined. */
	limit?: number;
	/**
	 * Told the list's `total` as soon as its first page arrives, before any other page is asked for:
	 * a reader that refuses lists above a size throws here, and spends no request on the rest.
	 */
	onTotal?: (total: number) => void;
}

/** The query of one page: the list's filters, and the page's offset and limit under the API's names. */
export const pageQuery = (qs: IDataObject | undefined, page: PageRequest): IDataObject => ({ ...qs, [PAGINATION_QUERY.offset]: page.offset, [PAGINATION_QUERY.limit]: page.limit });

type PageOutcome = { request: PageRequest; page: ListEnvelope } | { request: PageRequest; error: unknown };

/** How one page request goes out: what stops it, what it counts against, who hears of its attempts. */
interface PageSending {
	signal?: AbortSignal;
	job?: Announcement;
	observer?: AttemptObserver;
}

export class Lists {
	constructor(
		private readonly requester: Requester,
		/** The work announced by the client these lists belong to (`withBudget`), for requests not counted against a list's own. */
		private readonly job?: Announcement,
	) {}

	/** All items, or at most `limit`; a list too large to hold fails (listHold.ts). */
	async all(target: ListTarget, options: ScanOptions): Promise<IDataObject[]> {
		const hold = new ListHold(this.requester.errorContext('GET', target.path, target.itemIndex));
		for await (const page of this.pages(target, options, hold)) hold.add(page);
		return hold.items;
	}

	/**
	 * Pages in offset order (pager.ts), with as many out at once as the server and the key allow
	 * (pageWindow.ts). Pages still out when the scan ends (limit reached, error, consumer gone) are
	 * aborted, and all of them when the execution is stopped (pagesInFlight.ts). `hold` also hears
	 * of each page's size.
	 */
	async *pages(target: ListTarget, options: ScanOptions, hold?: AttemptObserver): AsyncGenerator<IDataObject[]> {
		const { budget } = await this.requester.getSession();
		const plan = new PagePlan(options.limit, INITIAL_PAGES_IN_FLIGHT, options.onTotal);
		const window = new PageWindow();
		const sending = { job: budget.expect(1), observer: hold ? both(window, hold) : window };
		const out = new PagesInFlight<PageRequest, PageOutcome>(this.requester.executionSignal());
		const context = this.requester.errorContext('GET', target.path, target.itemIndex);
		try {
			while (!plan.done) {
				const next = plan.take(window.size(budget.keyLimit));
				if ('stop' in next) throw pagingError(context, next.stop);
				// The list's pages count against its own announcement, which grows once the first page tells the total.
				sending.job.resize(plan.pagesAskedFor + plan.pagesLeft);
				await this.startAll(out, target, next.requests, sending);
				if (out.size === 0) return;
				const settled = await out.next();
				if ('error' in settled) {
					// A server may refuse the oversized first `limit` (400) instead of clamping it.
					if (isApiError(settled.error, 400) && plan.fallBack(settled.request)) continue;
					throw settled.error;
				}
				const accepted = plan.accept(settled.request, settled.page);
				if ('stop' in accepted) throw pagingError(context, accepted.stop);
				for (const items of accepted.ready) {
					window.handedOn();
					yield items;
				}
			}
		} finally {
			out.close();
			sending.job.withdraw();
			const cut = plan.cutShort;
			if (cut) this.requester.waits.limitCut(target.path, cut.limit, cut.total);
		}
	}

	/**
	 * From `start` (an earlier scan's offset and anchors) to the end, one request at a time, asked for
	 * only as the caller reads on. Same page-size and oversized-page rules and checks as `pages`; each
	 * page says whether the list moved more than its anchors could follow. `pageSize` is the size
	 * learned by an earlier scan.
	 */
	async *from(target: ListTarget, start: ScanStart, pageSize?: number): AsyncGenerator<ScanPage> {
		const context = this.requester.errorContext('GET', target.path, target.itemIndex);
		const plan = new ResumablePlan(start, pageSize);
		while (!plan.done) {
			const request = plan.next();
			if ('stop' in request) throw pagingError(context, request.stop);
			const outcome = await settle(this.at(target, request));
			if ('error' in outcome) {
				if (isApiError(outcome.error, 400) && plan.fallBack(request)) continue;
				throw outcome.error;
			}
			const accepted = plan.accept(request, outcome.value);
			if ('stop' in accepted) throw pagingError(context, accepted.stop);
			if ('page' in accepted) yield accepted.page;
		}
	}

	/** One page, as the API's list envelope. */
	async at(target: ListTarget, page: PageRequest, sending: PageSending = { job: this.job }): Promise<ListEnvelope> {
		const { path, itemIndex } = target;
		const json = await this.requester.execute({ method: 'GET', path, qs: pageQuery(target.qs, page), itemIndex, ...sending });
		const envelope = parseListEnvelope(json);
		if (!envelope) {
			throw malformedResponseError(this.requester.errorContext('GET', path, itemIndex), 200, 'JSON that is not the API list envelope {data: [...], pagination}', false);
		}
		return envelope;
	}

	/**
	 * Starts each page, each with its own signal. Each request leaves before the next is prepared, or
	 * this page's items take the thread: n8n's helper prepares a request in a chain of microtasks and
	 * connects and writes it only when the event loop turns, so the pages asked for at once after the
	 * first (or handed on page after page) would hold back every request until the last was prepared.
	 */
	private async startAll(out: PagesInFlight<PageRequest, PageOutcome>, target: ListTarget, requests: PageRequest[], sending: PageSending): Promise<void> {
		for (const request of requests) {
			out.start(request, async (signal) => {
				const outcome = await settle(this.at(target, request, { ...sending, signal }));
				return 'error' in outcome ? { request, error: outcome.error } : { request, page: outcome.value };
			});
			await sleep(0);
		}
	}
}

/** One observer telling two. */
function both(first: AttemptObserver, second: AttemptObserver): AttemptObserver {
	return {
		answeredIn: (ms) => {
			first.answeredIn?.(ms);
			second.answeredIn?.(ms);
		},
		struggled: () => {
			first.struggled?.();
			second.struggled?.();
		},
		received: (bytes) => {
			first.received?.(bytes);
			second.received?.(bytes);
		},
	};
}
