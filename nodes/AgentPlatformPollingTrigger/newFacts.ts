/**
 * New facts at the cost of what changed. The API pages the fact list by offset, with a `total` and
 * no sort or "since" parameter; but a list kept in creation order has its new facts at one edge:
 * the end (oldest first) or the start (newest first). So the trigger learns the order from the
 * creation times (never falling, or never rising, from one fact to the next: the first and the last
 * page at the baseline, every page of a whole sweep later), remembers the facts at that edge (their
 * hashed ids), and each poll reads only from there:
 *
 * - oldest first: from the known last facts to the end (the client's pager starts a few facts early
 *   and finds them, pager.ts); what follows them is new. An idle poll costs one request.
 * - newest first: from the start down to the known first facts; what comes before them is new. A
 *   burst larger than a poll may read is finished by later polls (`pending`), from where it stopped.
 *
 * Every page confirms the order: its creation times keep to it, and the known facts are found where
 * they were (at least two of them, fewer where the page's edge cuts them off, in their order, next to
 * each other). When that fails (the list has no stable order, a filter changes it, the known facts
 * were deleted, the list moved under the read) the poll falls back to the sweep of the whole list
 * (factSweep.ts) and says why in n8n's log, once. Facts found at the edge are also judged by time (factPoll.ts), so one that turns up next to
 * the edge late, or a fact dated ahead, is neither missed nor reported twice.
 */
import type { IDataObject } from 'n8n-workflow';
import { anchorCount, type ScanPage } from '../../src/client';
import { createdAt, type FactPoll, hashes, LAG_MS, startAt } from './factPoll';
import { type Edge, type FactStream, type ListOrder, shortHash } from './state';

/** A new stream: nothing known, until the baseline. */
export const newStream = (now: number): FactStream => ({
	pageSize: 0,
	total: 0,
	order: 'unknown',
	created: { since: now, seen: {} },
	promoted: { since: now, seen: {} },
	sweepNeededSince: 0,
});

/** Whether the facts' creation times keep to `order` (never falling oldest-first, never rising newest-first). */
function inOrder(facts: IDataObject[], order: Exclude<ListOrder, 'unknown'>): boolean {
	let previous = Number.NaN;
	for (const fact of facts) {
		const at = createdAt(fact);
		if (!Number.isFinite(at)) return false;
		if (order === 'oldest-first' ? at < previous : at > previous) return false;
		previous = at;
	}
	return true;
}

/**
 * The order the facts show: rising or falling creation times, or neither (unknown); `disordered` when
 * they show there is none (times that both rise and fall, or a fact without one), not merely too few
 * facts or times to tell (none, one, all alike), which a later read can still learn from.
 */
function orderOf(facts: IDataObject[]): { order: ListOrder; disordered: boolean } {
	const times = facts.map(createdAt);
	if (times.some((t) => !Number.isFinite(t))) return { order: 'unknown', disordered: true };
	const rises = times.some((t, i) => i > 0 && t > times[i - 1]);
	const falls = times.some((t, i) => i > 0 && t < times[i - 1]);
	const order = rises && !falls ? 'oldest-first' : falls && !rises ? 'newest-first' : 'unknown';
	return { order, disordered: rises && falls };
}

/** A creation time fit to store (0 when the fact has none). */
const storedTime = (fact: IDataObject | undefined) => (fact && Number.isFinite(createdAt(fact)) ? createdAt(fact) : 0);

/** Known facts that must be found where they were, in their order, next to each other (all of them, if fewer). */
const ANCHORS_TO_FIND = 2;

/**
 * Whether the known facts are where they were: at least ANCHORS_TO_FIND of them (or a run the page's
 * edge cuts short, with the rest beyond it), in their order, next to each other. `cut` is the edge
 * that may cut the run: 'start' when reading on from the known last facts (the run opens the page and
 * ends with the last of them: facts deleted before them moved the list, and the read starts only a
 * few facts early), 'end' when reading down to the known first facts (the run closes the page and
 * begins with the first of them: new facts pushed the others onto the next page).
 */
function anchorsInPlace(facts: IDataObject[], anchors: string[], cut: 'start' | 'end'): boolean {
	const found: Array<{ at: number; rank: number }> = [];
	facts.forEach((fact, at) => {
		const rank = typeof fact.id === 'string' ? anchors.indexOf(shortHash(fact.id)) : -1;
		if (rank >= 0) found.push({ at, rank });
	});
	if (!found.every((f, i) => i === 0 || (f.at === found[i - 1].at + 1 && f.rank > found[i - 1].rank))) return false;
	if (found.length >= Math.min(ANCHORS_TO_FIND, anchors.length)) return true;
	const [first, last] = [found[0], found[found.length - 1]];
	if (!first) return false;
	return cut === 'start' ? first.at === 0 && last.rank === anchors.length - 1 : last.at === facts.length - 1 && first.rank === 0;
}

/** The edge of a newest-first list: its first facts. */
export function headOf(page: ScanPage): Edge {
	const ids = page.items.map((f) => f.id).filter((id): id is string => typeof id === 'string');
	return { offset: 0, anchors: hashes(ids.slice(0, anchorCount(page.pageSize))), total: page.total, created: storedTime(page.items[0]) };
}

/** The edge of an oldest-first list after `page`: where the next read starts. */
export const endAfter = (page: ScanPage): Edge => ({
	offset: page.end,
	anchors: hashes(page.anchors),
	total: page.total,
	created: storedTime(page.items[page.items.length - 1]),
});

/** The page broke the order the trigger relied on: from now on the sweep finds new facts. */
function orderBroken(poll: FactPoll, page: ScanPage): void {
	poll.judge(page.items, 'time');
	poll.stream.order = 'unknown';
	delete poll.stream.edge;
	delete poll.stream.pending;
	poll.note('unordered');
}

/**
 * The baseline: the first page and the last, which teach the page size, the order and the edge.
 * Everything there now is the baseline; creations after the newest are new (after now, when the
 * order is not known), promotions after now.
 */
export async function baseline(poll: FactPoll): Promise<void> {
	const { stream } = poll;
	const pages: ScanPage[] = [];
	const first = await poll.page(startAt(undefined));
	if (first) {
		poll.learn(first);
		pages.push(first);
	}
	let last: ScanPage | undefined;
	if (first && !first.last && poll.affords()) {
		last = await poll.page({ offset: Math.max(first.end, first.total - first.pageSize), anchors: 0, isAnchor: () => false });
		if (last) {
			poll.learn(last);
			pages.push(last);
		}
	}
	const facts = pages.flatMap((p) => p.items);
	const complete = first !== undefined && (first.last || last !== undefined);
	const shown = complete ? orderOf(facts) : { order: 'unknown' as const, disordered: false };
	stream.order = shown.order;
	const now = Date.now();
	const newest = facts.map(createdAt).reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
	stream.created.since = stream.order !== 'unknown' && Number.isFinite(newest) ? Math.min(newest, now) + 1 : now;
	stream.promoted.since = now;
	poll.judge(facts, 'baseline');
	if (stream.order === 'oldest-first') stream.edge = endAfter(pages[pages.length - 1]);
	if (stream.order === 'newest-first' && first) stream.edge = headOf(first);
	if (shown.disordered && poll.created) poll.note('unordered');
}

/** Oldest first: reads from the edge to the end of the list (or as far as this poll may). */
export async function readEnd(poll: FactPoll): Promise<void> {
	const { stream } = poll;
	const edge = stream.edge;
	// Without an edge (lost, or a learned order), one page before the end starts it again.
	const from = edge ? startAt(edge) : { offset: Math.max(0, stream.total - (stream.pageSize || 1)), anchors: 0, isAnchor: () => false };
	let confirmed = edge !== undefined;
	let first = true;
	for await (const page of poll.pages(from)) {
		poll.learn(page);
		if (!inOrder(page.items, 'oldest-first')) return orderBroken(poll, page);
		if (first && edge && (page.lost || !anchorsInPlace(page.items, edge.anchors, 'start'))) confirmed = false;
		if (!first && page.lost) confirmed = false;
		const fresh = new Set(page.fresh);
		poll.judge(page.items, (fact) => (confirmed && fresh.has(fact) ? 'position' : 'time'));
		if (page.items.length > 0) {
			stream.edge = endAfter(page);
			if (confirmed) poll.advanceCreated(stream.edge.created - LAG_MS);
		} else if (!confirmed) {
			delete stream.edge;
		}
		first = false;
		if (page.last || !poll.canContinue()) break;
	}
	if (confirmed) poll.clear('lost');
	else poll.needSweep('lost');
}

type Down = { outcome: 'found' | 'lost' | 'paused'; last?: ScanPage; added: number } | { outcome: 'unordered' };

/**
 * Newest first: reads down from `from` until the facts `until` names (the edge as last read), as far
 * as this poll may. What comes before them is new.
 */
async function readDown(poll: FactPoll, from: ReturnType<typeof startAt>, until: { anchors: string[]; created: number }, onPage?: (page: ScanPage) => void): Promise<Down> {
	const known = new Set(until.anchors);
	let added = 0;
	let last: ScanPage | undefined;
	for await (const page of poll.pages(from)) {
		poll.learn(page);
		onPage?.(page);
		if (!inOrder(page.items, 'newest-first')) {
			orderBroken(poll, page);
			return { outcome: 'unordered' };
		}
		last = page;
		const fresh = new Set(page.fresh);
		if (page.lost) {
			poll.judge(page.items, 'time');
			return { outcome: 'lost', last, added };
		}
		const at = page.items.findIndex((f) => typeof f.id === 'string' && known.has(shortHash(f.id)));
		if (at >= 0 || (until.anchors.length === 0 && page.last)) {
			const before = new Set(at >= 0 ? page.items.slice(0, at) : page.items);
			const inPlace = at < 0 || anchorsInPlace(page.items.slice(at), until.anchors, 'end');
			const isNew = (fact: IDataObject) => inPlace && before.has(fact) && fresh.has(fact);
			poll.judge(page.items, (fact) => (isNew(fact) ? 'position' : 'time'));
			added += page.items.filter(isNew).length;
			return { outcome: inPlace ? 'found' : 'lost', last, added };
		}
		// No known fact yet: these are new if they are newer than the edge; not newer, the edge is gone
		// (a fact as old as the edge's may be one of the old ones: it is judged by time).
		const newer = page.items.every((f) => createdAt(f) > until.created);
		poll.judge(page.items, (fact) => (newer && fresh.has(fact) ? 'position' : 'time'));
		if (!newer || page.last) return { outcome: 'lost', last, added };
		added += page.fresh.length;
		if (!poll.canContinue()) return { outcome: 'paused', last, added };
	}
	return { outcome: 'lost', last, added };
}

/** Newest first: reads the new facts at the start of the list, then what an earlier burst left (`pending`). */
export async function readStart(poll: FactPoll): Promise<void> {
	const { stream } = poll;
	const edge = stream.edge;
	let head: ScanPage | undefined;
	const top = edge
		? await readDown(poll, startAt(undefined), edge, (page) => (head ??= page))
		: await poll.page(startAt(undefined)).then((page): Down => {
				head = page;
				if (page && !inOrder(page.items, 'newest-first')) {
					orderBroken(poll, page);
					return { outcome: 'unordered' };
				}
				if (page) poll.judge(page.items, 'time');
				return { outcome: 'lost', added: 0 };
			});
	if (top.outcome === 'unordered' || !head) return;
	poll.addedAtStart = top.added;
	if (top.outcome === 'lost') {
		poll.needSweep('lost');
		delete stream.pending;
	}
	if (top.outcome === 'paused' && top.last && edge) {
		// A burst larger than this poll may read: a later poll reads on from here (a second one: the sweep).
		if (stream.pending) {
			poll.needSweep('lost');
			delete stream.pending;
		} else {
			stream.pending = { offset: top.last.end, anchors: hashes(top.last.anchors), total: top.last.total, until: edge.anchors, untilCreated: edge.created };
		}
	}
	stream.edge = headOf(head);
	if (top.outcome !== 'found') return;
	if (stream.pending && poll.canContinue()) await readPending(poll, head.total);
	if (stream.pending) return;
	poll.advanceCreated(stream.edge.created - LAG_MS);
	poll.clear('lost');
}

/** Newest first: the rest of a burst, from where an earlier poll stopped (moved down by the facts added above it since). */
async function readPending(poll: FactPoll, total: number): Promise<void> {
	const { stream } = poll;
	const pending = stream.pending;
	if (!pending) return;
	const shift = Math.max(0, total - pending.total);
	const result = await readDown(poll, startAt({ offset: pending.offset + shift, anchors: pending.anchors }), { anchors: pending.until, created: pending.untilCreated });
	if (result.outcome === 'paused' && result.last) {
		stream.pending = { ...pending, offset: result.last.end, anchors: hashes(result.last.anchors), total: result.last.total };
		return;
	}
	delete stream.pending;
	if (result.outcome === 'lost') poll.needSweep('lost');
}
