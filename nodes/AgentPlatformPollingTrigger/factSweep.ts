/**
 * The sweep: the whole fact list, read at the pace the key share allows, over as many polls as that
 * takes. A promotion does not move a fact in the list, so promotions are found only this way; and
 * it is the safety net for new facts: every fact it reads is judged like any other (judge.ts), so a
 * new fact the fast read missed (an order learned wrong, a burst larger than a poll reads) is
 * reported here: late, never lost. Each poll reads the pages it may and stops; the next goes on from
 * there (the client's resumable pager finds the place again by the last facts read, and moves it on
 * by the facts added at the start of a newest-first list: src/client/resumablePager.ts).
 *
 * How late: one whole sweep at most, plus a poll: the pages (the facts, or those the filters leave,
 * over the server's page size less the overlap) over the pages a minute the share leaves. When only
 * new facts are watched in a list in creation order, the sweep reads what an idle poll leaves of
 * SAFETY_POLL_REQUESTS.
 *
 * After a whole sweep without gaps, each cursor moves to when the sweep started, less LAG_MS, never
 * past a change it had to defer (judge.ts, sinceAfterWholeRead). A sweep that may have skipped facts
 * (the list moved more than its anchors could follow, or reordered ties at its place: tiedAtPlace)
 * does not move them: the next one covers the
 * same ground and reports only what was not. A whole sweep also shows the list's order, which the
 * fast read (edge.ts) then relies on.
 */
import { anchorCount, movedOn, type ScanPage, type ScanStart } from '../../src/client';
import { advance, keyBytes, MAX_SEEN_BYTES, shortHash, sinceAfterWholeRead } from './judge';
import { createdAt, type FactPoll, LAG_MS, newestCreated, newestDate, startAt } from './factPoll';
import type { Sweep } from './state';

/**
 * Pages a sweep reads at most: SWEEP_PAGE_FACTOR times the pages the list announces (facts added or
 * moved while it reads), and SWEEP_SPARE_PAGES more (all of them until the list's size is known). A
 * list that runs on beyond that (a server that keeps claiming more) ends the sweep as one with gaps.
 */
const SWEEP_PAGE_FACTOR = 2;
const SWEEP_SPARE_PAGES = 10;

/** Requests an idle poll of a list in creation order, watching only new facts, spends at most: the fast read's, then the sweep's. */
export const SAFETY_POLL_REQUESTS = 3;

const newSweep = (poll: FactPoll): Sweep => ({
	startedAt: Date.now(),
	offset: 0,
	anchors: [],
	pages: 0,
	maxPages: SWEEP_SPARE_PAGES,
	newestSeen: -1,
	deferred: null,
	gaps: false,
	rises: false,
	falls: false,
	lastCreated: null,
	...(poll.serverDate === undefined ? {} : { startDate: poll.serverDate }),
});

/** New facts one request brings. */
const perPage = (pageSize: number) => Math.max(1, pageSize - anchorCount(pageSize));

/** Reads on in the sweep (or starts one), at most `maxPages` pages and as far as this poll may. */
export async function sweep(poll: FactPoll, maxPages: number, addedAtStart: number): Promise<void> {
	const { stream } = poll;
	const current = (stream.sweep ??= newSweep(poll));
	// Newest first, the facts created since the place was taken pushed it on (the pager's movedOn).
	const place = startAt(current);
	const from = stream.order === 'newest-first' ? movedOn(place, { total: stream.total, added: addedAtStart, pageSize: stream.pageSize }) : { ...place, total: undefined };
	let read = 0;
	const pages = Math.min(maxPages, Math.ceil(Math.max(1, (current.total ?? stream.total) - current.offset) / perPage(stream.pageSize || 1)));
	await poll.withBudget(pages, async () => {
		// The pager ends on a page shorter than asked at `total`; one no shorter than the server serves (a
		// total that under-counts, pages cut by bytes) is not the end while it brings new items: the read
		// goes on from its place.
		for (let next: ScanStart | undefined = from; next; next = { ...startAt(current), total: undefined }) {
			let pagerEnded = false;
			for await (const page of poll.pages(next)) {
				read += 1;
				// Out of room for events: the page is read again at the next poll, so nothing older waits behind what is reported.
				if (!take(poll, current, page)) return;
				const end = page.last && (page.items.length < (stream.served ?? Number.POSITIVE_INFINITY) || page.fresh.length === 0);
				if (end || current.pages >= current.maxPages) {
					// A list that never ends (a server that keeps claiming more) ends the sweep, as one with gaps.
					if (!end) current.gaps = true;
					return finish(poll, current, page);
				}
				if (read >= maxPages || !poll.canContinue()) return;
				pagerEnded = page.last;
			}
			if (!pagerEnded) return;
		}
	});
}

/** One page of the sweep: its facts judged, its order and dates noted, its place kept; false when the poll ran out of room for its events (the place stays). */
function take(poll: FactPoll, current: Sweep, page: ScanPage): boolean {
	const { deferred, outOfRoom } = poll.report(page.items);
	if (outOfRoom) return false;
	if (Number.isFinite(deferred)) current.deferred = Math.min(current.deferred ?? deferred, deferred);
	if (current.pages === 0 && page.offset === 0) current.headCreated = newestCreated(page.items, poll.serverDateUpTo);
	if (page.lost || (page.anchorsMissing && tiedAtPlace(page))) {
		current.gaps = true;
		current.lastCreated = null;
	}
	for (const fact of page.fresh) {
		const at = createdAt(fact);
		if (current.lastCreated !== null && Number.isFinite(at)) {
			if (at > current.lastCreated) current.rises = true;
			if (at < current.lastCreated) current.falls = true;
		}
		current.lastCreated = Number.isFinite(at) ? at : null;
	}
	// The newest date, but none ahead of the server's clock: a fact dated ahead must not carry the cursors past changes to come.
	const cap = poll.serverDateUpTo ?? Number.POSITIVE_INFINITY;
	for (const fact of page.items) current.newestSeen = Math.max(current.newestSeen, Math.min(cap, newestDate(fact)));
	current.offset = page.end;
	current.anchors = page.anchors.map(shortHash);
	current.total = page.total;
	current.pages += 1;
	// The list is at least as long as its total says, and as far as the sweep has read (a total that under-counts), in pages as served.
	const served = perPage(Math.min(page.pageSize, poll.stream.served ?? page.pageSize));
	current.maxPages = Math.max(current.maxPages, SWEEP_PAGE_FACTOR * Math.ceil(Math.max(page.total, page.end) / served) + SWEEP_SPARE_PAGES);
	return true;
}

/**
 * Whether the place found shares its creation date with a fact next to it: anchors missing there may
 * have been moved away by a reorder of those ties (a batch, in an order that changes at every write),
 * and facts not read yet with them to before the place, where the sweep does not look. Between facts
 * dated apart, a list sorted by date cannot have moved them (facts were deleted and others added).
 */
function tiedAtPlace(page: ScanPage): boolean {
	const at = createdAt(page.items[page.placeAt]);
	const near = [page.items[page.placeAt - 1], page.items[page.placeAt + 1]].filter((fact) => fact !== undefined);
	return !Number.isFinite(at) || near.some((fact) => createdAt(fact) === at);
}

/** A whole sweep: moves the cursors, learns the order (see the file comment), and ends. */
function finish(poll: FactPoll, current: Sweep, last: ScanPage): void {
	const { stream } = poll;
	delete stream.sweep;
	if (current.gaps) return;
	const to = sinceAfterWholeRead(
		{ startDate: current.startDate, newestSeen: current.newestSeen, lengthMs: Math.max(0, Date.now() - current.startedAt), deferred: current.deferred ?? Number.POSITIVE_INFINITY, lastDate: poll.serverDateUpTo },
		LAG_MS,
	);
	for (const cursor of Object.values(poll.cursors)) {
		advance(cursor, to);
		makeRoom(poll, cursor, current.deferred ?? Number.POSITIVE_INFINITY);
	}
	if (stream.sweepNeededSince > 0 && current.startedAt >= stream.sweepNeededSince) stream.sweepNeededSince = 0;
	const order = current.rises && current.falls ? 'unknown' : current.rises ? 'oldest-first' : current.falls ? 'newest-first' : stream.order;
	if (order === 'unknown') {
		if (stream.order !== 'unknown' && poll.created) poll.note('unordered');
		delete stream.edge;
	} else {
		poll.clear('unordered');
		// From here the fast read reads what is newer than the newest fact this sweep saw at the edge.
		const newest = order === 'oldest-first' ? newestCreated(last.items, poll.serverDateUpTo) : (current.headCreated ?? Number.NEGATIVE_INFINITY);
		if ((order !== stream.order || !stream.edge) && Number.isFinite(newest)) stream.edge = { mark: newest + 1 };
	}
	stream.order = order;
}


/**
 * Keys still full after a whole sweep moved the cursor: more changes dated apart came between two
 * whole reads than the keys hold. The cursor moves on past the oldest quarter of the keys, but not
 * past a change deferred; only when that frees nothing (the changes deferred are older than those
 * kept) does it move past them anyway, so the trigger goes on: a change dated among them not yet
 * reported is then missed, as n8n's log says.
 */
function makeRoom(poll: FactPoll, cursor: FactPoll['cursors']['created'], deferred: number): void {
	if (keyBytes(cursor.keys) < MAX_SEEN_BYTES * 0.9) return;
	const dates = [...new Set(cursor.keys.values())].sort((a, b) => a - b);
	const quarter = dates[Math.floor(dates.length / 4)] ?? cursor.since;
	const size = cursor.keys.size;
	advance(cursor, Math.min(quarter, deferred));
	if (cursor.keys.size === size) advance(cursor, quarter);
	poll.note('full');
}
