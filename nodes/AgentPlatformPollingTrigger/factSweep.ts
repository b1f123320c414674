/**
 * The sweep: the whole fact list, read at the key share's pace over as many polls as that takes, its place
 * kept by the client's resumable pager (src/client/resumablePager.ts). It alone finds promotions, and it is
 * the safety net for new facts: every fact it reads is judged (judge.ts). It keeps its place and what it
 * learned in the Sweep it is given; a whole sweep without gaps (facts maybe skipped: the list moved past its
 * anchors, or was reordered at its place) moves the cursors (factPoll.ts). How late: docs/polling-trigger.md.
 */
import { anchorCount, movedOn, type ScanPage, type ScanStart } from '../../src/client';
import { createdAt, shortHash, WINDOW_MS } from './judge';
import type { FactPoll } from './factPoll';
import type { FactStream, Sweep } from './state';

/** Pages a sweep reads at most: twice the list's (facts added or moved meanwhile), and 10 more; a list that runs on beyond (a server claiming more) ends it with gaps. */
const [SWEEP_PAGE_FACTOR, SWEEP_SPARE_PAGES] = [2, 10];
/** Requests an idle poll of a list in creation order, watching only new facts, spends at most: the fast read's, then the sweep's. */
export const SAFETY_POLL_REQUESTS = 3;

/** A ScanStart at a stored place, its anchors being hashed ids. */
export function startAt(place: { offset: number; anchors: string[]; total?: number } | undefined): ScanStart {
	if (!place) return { offset: 0, anchors: 0, isAnchor: () => false };
	const anchors = new Set(place.anchors);
	return { offset: place.offset, anchors: place.anchors.length, isAnchor: (id) => anchors.has(shortHash(id)), total: place.total };
}

/** A sweep from the list's start; `newest`: the newest trusted change date known as it starts (factPoll.ts). */
export const newSweep = (newest: number | undefined): Sweep => ({
	startedAt: Date.now(),
	offset: 0, anchors: [], pages: 0, maxPages: SWEEP_SPARE_PAGES,
	deferred: null,
	gaps: false, rises: false, falls: false,
	lastCreated: null,
	...(newest === undefined || !Number.isFinite(newest) ? {} : { newestAtStart: newest }),
});

/** Whether a fact dated `at`, read after one dated `previous`, breaks the order learned by more than the window (no list sorted by date shows that). */
export const breaksOrder = (order: FactStream['order'], previous: number, at: number): boolean => (order === 'oldest-first' ? at < previous - WINDOW_MS : order === 'newest-first' && at > previous + WINDOW_MS);

/** New facts one request brings. */
const perPage = (pageSize: number) => Math.max(1, pageSize - anchorCount(pageSize));

/** Reads on in the sweep `current`, at most `maxPages` pages and as far as this poll may; the last page when it read the whole list. */
export async function sweep(poll: FactPoll, stream: FactStream, current: Sweep, maxPages: number, addedAtStart: number): Promise<ScanPage | undefined> {
	// Newest first, the facts created since the place was taken pushed it on (the pager's movedOn).
	const place = startAt(current);
	const from = stream.order === 'newest-first' ? movedOn(place, { total: stream.total, added: addedAtStart, pageSize: stream.pageSize }) : { ...place, total: undefined };
	let read = 0;
	let ended: ScanPage | undefined;
	const pages = Math.min(maxPages, Math.ceil(Math.max(1, (current.total ?? stream.total) - current.offset) / perPage(stream.pageSize || 1)));
	await poll.withBudget(pages, async () => {
		// A page the pager ends at `total` but no shorter than the server serves (a total under-counting) is no end while it brings new items.
		for (let next: ScanStart | undefined = from; next; next = { ...startAt(current), total: undefined }) {
			let pagerEnded = false;
			for await (const page of poll.pages(next)) {
				read += 1;
				// Out of room for events: the page is read again at the next poll, so nothing older waits behind what is reported.
				if (!take(poll, stream, current, page)) return;
				const end = page.last && (page.items.length < (stream.served ?? Number.POSITIVE_INFINITY) || page.fresh.length === 0);
				if (end || current.pages >= current.maxPages) {
					// A list that never ends (a server that keeps claiming more) ends the sweep, as one with gaps.
					if (!end) Object.assign(current, { gaps: true, rises: true, falls: true });
					ended = page;
					return;
				}
				if (read >= maxPages || !poll.canContinue()) return;
				pagerEnded = page.last;
			}
			if (!pagerEnded) return;
		}
	});
	return ended;
}

/** One page of the sweep: its facts judged, its order and dates noted, its place kept; false when the poll ran out of room for its events (the place stays). */
function take(poll: FactPoll, stream: FactStream, current: Sweep, page: ScanPage): boolean {
	if (current.holding || current.promotions) poll.hold(current, [...page.items, ...(page.unplaced ?? [])]);
	// Gaps (facts may have been skipped): in a list of no known order, fewer anchors found than kept (a new order per request; deletions are no different there); anchors missing after others at a place tied with a fact next to it (a reorder of those ties may have moved anchors and unread facts before it; between facts dated apart, no list sorted by date can), in a list of no known order a place one anchor marks (pages under 40 keep one: no order splits its run) found elsewhere than the scan left it, so too, in the read that holds what existed (or every promotion), a tied place moved by more or less than the list's total changed (unchanged, moved on by no more than the anchors: a page begun early, as a server may serve them, not a reorder; a `total` capped shows no change);
	// oldest first, asked from the anchors, a fact before the place sharing its date that is no anchor (ties in a changing order crossed it: one run of anchors shows nothing). A place tied at a date not yet accounted for, found elsewhere than the scan left it (the list moved
	// there), holds the cursors at that date (`held`) for the next whole read, at its own pace (FactPoll.swept): a reorder of those ties that keeps the anchors in one run (a rotation) shows no gap, yet may have moved a fact of that date from behind the place to before it, unread.
	const [anchors, placed] = [new Set(current.anchors), page.placeAt >= 0 ? createdAt(page.items[page.placeAt]) : Number.NaN];
	const tied = page.placeAt >= 0 && (!Number.isFinite(placed) || [page.items[page.placeAt - 1], page.items[page.placeAt + 1]].some((fact) => fact !== undefined && createdAt(fact) === placed));
	const crossed = stream.order === 'oldest-first' && page.offset === current.offset - current.anchors.length && page.items.slice(0, Math.max(0, page.placeAt)).some((fact) => createdAt(fact) === placed && !anchors.has(shortHash(String(fact.id))));
	const [moved, grew] = [page.offset + page.placeAt - (current.offset - 1), page.total - (current.total ?? page.total)];
	const gaps = page.lost || crossed || (page.anchorsMissing && tied) || (stream.order === 'unknown' && page.placeAt >= 0 && page.items.filter((fact) => anchors.has(shortHash(String(fact.id)))).length < current.anchors.length) || (page.shifted && ((stream.order === 'unknown' && current.anchors.length === 1) || ((current.holding === true || poll.holdsEvery(current)) && tied && moved !== grew && !(grew === 0 && moved > 0 && moved <= current.anchors.length))));
	// A gap only ties can have skipped (sorted by date: its place tied, or none found and the page begins at the date read last) hides no order, checked on from the place (an undated one: from the last date read); any other does (FactPoll.swept).
	const hides = gaps && !(stream.order !== 'unknown' && (page.placeAt >= 0 ? tied : page.items.length > 0 && createdAt(page.items[0]) === current.lastCreated));
	const order = { rises: current.rises || hides, falls: current.falls || hides, lastCreated: hides ? null : gaps && Number.isFinite(placed) ? placed : current.lastCreated, shown: current.shown ?? 0 };
	// The order is checked before the page is judged: a fact dated more than the window out of the order learned, before a whole read confirmed it, proves the window nothing (after, the order changed since: ids and dates still decide).
	let broken = false;
	for (const fact of page.fresh) {
		const at = createdAt(fact);
		if (order.lastCreated !== null && Number.isFinite(at)) {
			[order.rises, order.falls, order.shown] = [order.rises || at > order.lastCreated, order.falls || at < order.lastCreated, order.shown | (at > order.lastCreated ? 1 : 0) | (at < order.lastCreated ? 2 : 0)];
			broken ||= breaksOrder(stream.order, order.lastCreated, at);
		}
		if (Number.isFinite(at)) order.lastCreated = at;
	}
	if (broken && stream.windowed && stream.orderToConfirm) return (poll.orderBroken(current), false);
	const { deferred, outOfRoom } = poll.report(page.items, stream.orderToConfirm || poll.waitsForEnd(current));
	if (outOfRoom) return false;
	const held = Math.min(current.deferred ?? Number.POSITIVE_INFINITY, deferred, tied && page.shifted && !gaps && placed >= poll.cursors.created.since ? placed : Number.POSITIVE_INFINITY);
	const markRead = Math.max(current.markRead ?? Number.NEGATIVE_INFINITY, poll.edgeMark(page.items));
	Object.assign(current, order, { gaps: current.gaps || gaps, deferred: Number.isFinite(held) ? held : null, offset: page.end, anchors: page.anchors.map(shortHash), total: page.total, pages: current.pages + 1 }, Number.isFinite(markRead) ? { markRead } : {});
	// The list is at least as long as its total says, and as far as the sweep has read (a total that under-counts), in pages as served.
	const served = perPage(Math.min(page.pageSize, stream.served ?? page.pageSize));
	current.maxPages = Math.max(current.maxPages, SWEEP_PAGE_FACTOR * Math.ceil(Math.max(page.total, page.end) / served) + SWEEP_SPARE_PAGES);
	return true;
}
