/**
 * The sweep: the whole fact list, read at the pace the key share allows, over as many polls as that
 * takes. A promotion does not move a fact in the list, so promotions are found only this way; new
 * facts too, when the list has no creation order or its edge was lost (newFacts.ts). Each poll
 * reads the pages its share pays for and stops; the next poll goes on from there (the client's
 * pager finds the place again by the last facts read, pager.ts). In a newest-first list the facts
 * created between polls push that place on, so the sweep moves on with them (resumeAt): more than a
 * page of them would otherwise hide its place, and a sweep that loses its place ends with gaps.
 *
 * How late a promotion is reported: one whole sweep at most, plus a poll: the number of pages (the
 * facts, or those the filters leave, over the server's page size) over the pages a minute the share
 * leaves after the poll's own requests. The node's Options hint gives the figures.
 *
 * After a whole sweep without gaps, each cursor moves up to the newest change seen minus the
 * sweep's own length and a minute: a change made while the sweep ran, behind its position, is then
 * still after the cursor and the next sweep reports it. A sweep that may have skipped facts (the
 * list moved more than its anchors could follow) does not move them: the next one covers the same
 * ground and reports only what was not seen. A whole sweep also shows the list's order, which
 * newFacts.ts then uses.
 */
import { anchorCount, type ScanPage, type ScanStart } from '../../src/client';
import { FACT_TIME_FIELDS } from '../../src/vocabulary';
import { timeOf } from './events';
import { createdAt, FactPoll, hashes, startAt } from './factPoll';
import { endAfter, headOf } from './newFacts';
import type { Sweep } from './state';

/**
 * Pages a sweep reads at most: SWEEP_PAGE_FACTOR times the pages the list announces (facts added or
 * moved while it reads), and SWEEP_SPARE_PAGES more (all of them until the list's size is known). A
 * list that runs on beyond that (a server that keeps claiming more) ends the sweep as one with gaps.
 */
const SWEEP_PAGE_FACTOR = 2;
const SWEEP_SPARE_PAGES = 10;

const newSweep = (now: number): Sweep => ({
	startedAt: now,
	offset: 0,
	anchors: [],
	pages: 0,
	maxPages: SWEEP_SPARE_PAGES,
	newestCreated: 0,
	newestPromoted: 0,
	gaps: false,
	rises: false,
	falls: false,
	lastCreated: null,
});

/** New facts one request brings. */
const perPage = (pageSize: number) => Math.max(1, pageSize - anchorCount(pageSize));

/** Reads on in the sweep (or starts one) as far as this poll may. */
export async function sweep(poll: FactPoll): Promise<void> {
	const { stream } = poll;
	const current = (stream.sweep ??= newSweep(Date.now()));
	const from = resumeAt(poll, current);
	await poll.withBudget(Math.ceil(Math.max(1, stream.total - current.offset) / perPage(stream.pageSize || 1)), async () => {
		for await (const page of poll.pages(from)) {
			poll.learn(page);
			read(poll, current, page);
			if (page.last || current.pages >= current.maxPages) {
				// A list that never ends (a server that keeps claiming more) ends the sweep, as one with gaps.
				if (!page.last) current.gaps = true;
				return finish(poll, current, page);
			}
			if (!poll.canContinue()) return;
		}
	});
}

/**
 * Where the sweep reads on. Newest first, the facts created since its place was taken pushed it on.
 * The list's total grew by as many, less the facts deleted after the place; the new facts' read
 * (when it ran this poll) counted them, though facts deleted behind the place take some back. The
 * first request goes by the growth or, when the count is more than a page further, to the page
 * that ends at the count. Watching promotions only, nothing is read before the sweep: the pager
 * moves on by the growth its first answer shows (one request more, pager.ts).
 */
function resumeAt(poll: FactPoll, current: Sweep): ScanStart {
	const place = startAt(current);
	if (poll.stream.order !== 'newest-first' || current.total === undefined) return place;
	const total = poll.totalRead ?? current.total;
	const moved = Math.max(total - current.total, poll.addedAtStart - (poll.stream.pageSize - 1), 0);
	return { ...place, offset: place.offset + moved, total: current.total + moved };
}

function read(poll: FactPoll, current: Sweep, page: ScanPage): void {
	if (page.offset === 0 && current.pages === 0) current.head = headOf(page);
	if (page.lost) {
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
	const now = Date.now();
	for (const fact of page.items) {
		current.newestCreated = Math.max(current.newestCreated, Math.min(now, timeOf(fact[FACT_TIME_FIELDS.created]) ?? 0));
		current.newestPromoted = Math.max(current.newestPromoted, Math.min(now, timeOf(fact[FACT_TIME_FIELDS.promoted]) ?? 0));
	}
	poll.judge(page.items, 'time');
	current.offset = page.end;
	current.anchors = hashes(page.anchors);
	current.total = page.total;
	current.pages += 1;
	current.maxPages = Math.max(current.maxPages, SWEEP_PAGE_FACTOR * Math.ceil(page.total / perPage(page.pageSize)) + SWEEP_SPARE_PAGES);
}

/** A whole sweep: moves the cursors, learns the order (see the file comment), and ends. */
function finish(poll: FactPoll, current: Sweep, last: ScanPage): void {
	const { stream } = poll;
	delete stream.sweep;
	if (current.gaps) return;
	const length = Date.now() - current.startedAt;
	FactPoll.afterSweep(stream.created, current.newestCreated, length);
	FactPoll.afterSweep(stream.promoted, current.newestPromoted, length);
	if (stream.sweepNeededSince > 0 && current.startedAt >= stream.sweepNeededSince) stream.sweepNeededSince = 0;
	const order = current.rises && current.falls ? 'unknown' : current.rises ? 'oldest-first' : current.falls ? 'newest-first' : stream.order;
	if (order === stream.order) return;
	stream.order = order;
	delete stream.pending;
	delete stream.edge;
	if (order === 'oldest-first' && last.items.length > 0) stream.edge = endAfter(last);
	if (order === 'newest-first' && current.head) stream.edge = current.head;
	if (order === 'unknown') poll.note('unordered');
	else poll.clear('unordered');
}
