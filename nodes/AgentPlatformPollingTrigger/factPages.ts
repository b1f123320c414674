/**
 * Reads the memory-fact list one page at a time, resumable across polls, and notices when the
 * list moved under it. Offset pages shift when facts are deleted or expire mid-scan: a fact
 * behind the scan's position moves the rest one place forward, and the fact that crossed the page
 * boundary would be skipped. So each request starts a few items early, on the last IDs already
 * read (the anchors), and the new items are the ones after the last anchor found. When no anchor
 * is found even one page further back, the scan says it may have gaps; the caller then keeps its
 * cursor where it was, so the next scan reads those items again (see factChanges.ts).
 *
 * The client's `pages()` cannot resume at an offset or report the shifts, so this uses `pageAt`,
 * the same rate budget and the same page-size rules: ask for a large page, adopt the size the
 * server clamps to, fall back to FALLBACK_PAGE_SIZE when it refuses a large one.
 */
import { NodeApiError, type IDataObject } from 'n8n-workflow';
import { type AgentPlatformClient, FALLBACK_PAGE_SIZE, FIRST_PAGE_REQUEST, type ListEnvelope, pageSizeFrom } from '../../src/client';
import type { FactScan } from './state';

export interface PageStep {
	/** Items after the scan's position, in list order. */
	fresh: IDataObject[];
	/** Where the scan stands after this page. */
	offset: number;
	anchors: string[];
	/** No anchor was found: items may have been skipped. */
	lost: boolean;
	/** The end of the list was reached. */
	done: boolean;
	/** The page size the server serves, when it said (0: unchanged). */
	pageSize: number;
	total: number;
}

/**
 * Anchors per page: the overlap of consecutive requests, so a few deletions between two requests
 * cost nothing (more cost one request back). 5 of 100 items: 5% more requests.
 */
export const anchorCount = (pageSize: number) => (pageSize < 2 ? 0 : Math.min(5, Math.max(1, Math.floor(pageSize / 20))));

const lastAnchorIndex = (items: IDataObject[], anchors: string[]) => {
	const set = new Set(anchors);
	for (let i = items.length - 1; i >= 0; i--) if (typeof items[i].id === 'string' && set.has(items[i].id as string)) return i;
	return -1;
};

async function fetchPage(client: AgentPlatformClient, qs: IDataObject, offset: number, pageSize: number): Promise<{ page: ListEnvelope; pageSize: number }> {
	const limit = pageSize > 0 ? pageSize : FIRST_PAGE_REQUEST;
	const outcome = await client.pageAt('memoryFact.getMany', { qs, offset, limit }).then(
		(page) => ({ page }),
		(error: unknown) => ({ error }),
	);
	if ('page' in outcome) {
		if (pageSize <= 0) return { page: outcome.page, pageSize: pageSizeFrom({ offset, limit }, outcome.page) };
		const served = outcome.page.pagination.limit;
		return { page: outcome.page, pageSize: served > 0 && served < limit ? served : pageSize };
	}
	// A server may refuse an oversized `limit` instead of clamping it.
	const refusedSize = limit > FALLBACK_PAGE_SIZE && outcome.error instanceof NodeApiError && outcome.error.httpCode === '400';
	if (!refusedSize) throw outcome.error;
	return { page: await client.pageAt('memoryFact.getMany', { qs, offset, limit: FALLBACK_PAGE_SIZE }), pageSize: FALLBACK_PAGE_SIZE };
}

/** The next page of a scan. Sends one request, two when the list moved back past the anchors. */
export async function nextPage(client: AgentPlatformClient, qs: IDataObject, scan: FactScan, knownPageSize: number): Promise<PageStep> {
	let offset = Math.max(0, scan.offset - scan.anchors.length);
	let { page, pageSize } = await fetchPage(client, qs, offset, knownPageSize);
	let at = lastAnchorIndex(page.data, scan.anchors);
	if (scan.anchors.length > 0 && at < 0 && offset > 0) {
		// Deletions behind the scan moved the anchors further back: look one page earlier.
		const earlier = Math.max(0, offset - Math.max(pageSize, page.data.length, 1));
		const retry = await fetchPage(client, qs, earlier, pageSize);
		const found = lastAnchorIndex(retry.page.data, scan.anchors);
		if (found >= 0) ({ page, pageSize, at, offset } = { ...retry, at: found, offset: earlier });
	}
	const lost = scan.anchors.length > 0 && at < 0 && offset > 0;
	const end = offset + page.data.length;
	const ids = page.data.map((item) => item.id).filter((id): id is string => typeof id === 'string');
	const keep = anchorCount(pageSize || page.data.length);
	return {
		fresh: page.data.slice(at + 1),
		offset: end,
		anchors: ids.slice(Math.max(0, ids.length - keep)),
		lost,
		done: page.data.length === 0 || end >= page.pagination.total,
		pageSize,
		total: page.pagination.total,
	};
}
