/**
 * The fact list's newest end: the activation's baseline, and each later poll's fast read of new facts in a
 * list kept in creation order, from the edge where they appear inward to a fact dated before its mark. It
 * only says where to read (what it reads is judged: judge.ts), and checks itself: dates in order, pages
 * overlapping, the list grown by no more than was found; a check that fails, or a burst larger than a poll
 * may read, has the sweep (factSweep.ts) read the whole list for new facts too, said once in n8n's log.
 */
import type { IDataObject } from 'n8n-workflow';
import { anchorCount, type ScanPage } from '../../src/client';
import { keepsOrder, learnOrder } from '../../src/client/listEnd';
import type { FactPoll } from './factPoll';
import { breaksOrder, newSweep, startAt } from './factSweep';
import { createdAt, dated, keyed, knows, shortHash, WINDOW_MS } from './judge';
import { agentQuery } from './settings';
import type { FactStream } from './state';

/** One page of the list at an offset, by a plain offset request; `served`: the longest page served (a shorter one ends the list). */
export interface OffsetPage { items: IDataObject[]; offset: number; total: number; served: number }

/** reached: read down to the mark; cut: the poll may not read that far; moved: pages no longer overlap; unordered: the order broke. */
type EdgeOutcome = 'reached' | 'cut' | 'moved' | 'unordered';
/** The facts read, each once, in list order; the list's length as read (oldest first: at least as far as it got); `beyond`: the innermost fact of the pages read on from the newest end, each overlapping the last (cut short, the innermost it met; none: the end not found, its facts are not the newest); `end`: the fact at the newest end where that length was taken (edge.end). */
interface EdgeRead { facts: IDataObject[]; outcome: EdgeOutcome; total: number; beyond?: IDataObject; end?: IDataObject }

type PagesRead = Omit<EdgeRead, 'facts'> & { pages: OffsetPage[] };
/** Where the read stops: before a fact dated before the mark it gives for the facts read so far. */
type Mark = (read: IDataObject[]) => number;

/** Pages read on at most to join a page read back to the one read before it (facts written meanwhile pushed that one on); facts a page read on from an empty one begins before it (the pager's most anchors). */
const [MAX_JOIN_PAGES, FEW] = [3, 5];
/** How far (in pages) the fast read's first request may aim from the stored end by the last poll's drift. */
const MAX_DRIFT_PAGES = 10;
/** Said once, at activation, when the fact list names no `Date` (docs/polling-trigger.md, What it can prove). */
const UNDATED = "The memory-fact list's answers name no Date header, so nothing tells a fact dated ahead (a clock minutes or decades off) from a real one: facts made after such a fact read at activation, dated before it, are not reported (docs/polling-trigger.md, What it can prove).";

/** The hashed id of a fact at the list's newest end (edge.end; undefined: none, or none known there). */
export const endKey = (fact: IDataObject | undefined): string | undefined => (fact !== undefined && keyed(fact) ? shortHash(String(fact.id)) : undefined);
/** The order the fast read relies on, when the list has one and the read has a date to read down to. */
export const edgeOrder = (stream: FactStream) => (stream.order !== 'unknown' && stream.edge ? stream.order : undefined);

/** Facts of pages read in list order, each once (pages overlap). */
const distinct = (pages: OffsetPage[], seen = new Set<unknown>()): IDataObject[] => pages.flatMap((page) => page.items).filter((fact) => !seen.has(fact.id) && (seen.add(fact.id), true));

/** Whether `next` holds the fact `at` of the page read before it (the two overlap: the list did not move under the read). */
const overlaps = (next: OffsetPage, fact: IDataObject | undefined) => fact === undefined || next.items.some((f) => f.id === fact.id);
/** Whether `next`, read on from `last`, finds the fact `last` ends on moved by more or less than the list grew, tied with the fact before it: a reorder of those ties that keeps them in one run (a rotation) may have moved an unread fact of that date before it. */
const shiftedAtTie = (last: OffsetPage, next: OffsetPage) => next.items.some((f, i) => f.id === last.items.at(-1)?.id && next.offset + i - (last.offset + last.items.length - 1) !== next.total - last.total && createdAt(last.items.at(-2) ?? {}) === createdAt(f));

/** From a full page, pages read on to the list's end (a page shorter than the longest served), each overlapping the last; `stopped`: not got there, `total`: the list is at least this long (the next poll aims from there). Empty where the fact read last was, a page begun a few facts before it shows what lies past it (pages served shifted back may hide the list's last facts from a page back: seed 12938); not holding it, a page back that still ends on it shows the list ends there, not moved. */
async function readOn(poll: FactPoll, from: OffsetPage): Promise<{ pages: OffsetPage[]; total: number; stopped?: 'cut' | 'moved' }> {
	const pages = [from];
	for (let page = from; page.items.length >= page.served; ) {
		const [total, last] = [page.offset + page.items.length, page.items[page.items.length - 1]];
		if (!poll.canContinue()) return { pages, stopped: 'cut', total };
		page = await poll.pageAt(Math.max(page.offset + 1, page.offset + page.items.length - 1));
		const near = page.items.length === 0 && page.served > 1 && poll.canContinue() ? await poll.pageAt(Math.max(0, page.offset - Math.min(FEW, page.served - 1))) : undefined;
		const back = page.items.length === 0 && !(near && overlaps(near, last)) && poll.canContinue() ? await poll.pageAt(Math.max(0, page.offset - page.served + 1)) : near;
		if (back !== undefined && back.items[back.items.length - 1]?.id === last.id) return { pages: [...pages, back], total: back.offset + back.items.length };
		pages.push((page = near && overlaps(near, last) ? near : page));
		if (!overlaps(page, last)) return { pages, stopped: 'moved', total };
	}
	return { pages, total: pages[pages.length - 1].offset + pages[pages.length - 1].items.length };
}

/** Oldest first: the last pages, from the end (a page shorter than the longest served, whatever `total` says) back to the mark. It aims where the end should be (moved by the last drift, a quarter page to spare); past the end it steps back, each step twice the last; a full page, it reads on. */
async function readEnd(poll: FactPoll, mark: Mark, stream: FactStream): Promise<PagesRead> {
	const served = stream.served ?? (stream.pageSize || 1);
	const expected = stream.total + (stream.edge?.drift ?? 0);
	const page = await pageBefore(poll, Math.max(0, Math.min(stream.total, expected) - served + Math.floor(served / 4)));
	if (page.items.length === 0 && page.offset > 0) return { pages: [page], outcome: 'cut', total: stream.total };
	const { pages, total, stopped } = await readOn(poll, page);
	if (stopped) return { pages, outcome: stopped, total };
	const beyond = pages[0].items[0];
	for (;;) {
		const first = pages[0];
		if (first.items.length === 0 || first.offset === 0 || createdAt(dated(first.items)[0] ?? {}) < mark(distinct(pages))) return { pages, outcome: 'reached', total, beyond };
		if (!poll.canContinue()) return { pages, outcome: 'cut', total, beyond: first.items[0] };
		const back = await join(poll, [await poll.pageAt(Math.max(0, first.offset - (first.served - anchorCount(first.served))))], first.items[0]);
		pages.unshift(...back);
		if (!overlaps(back[back.length - 1], first.items[0])) return { pages, outcome: 'moved', total, beyond };
	}
}

/** The page at `offset` or, past the list's end (a `total` over the count), the first before it that holds facts: steps back, each twice the last. */
async function pageBefore(poll: FactPoll, offset: number): Promise<OffsetPage> {
	let page = await poll.pageAt(offset);
	for (let back = page.served; page.items.length === 0 && page.offset > 0 && poll.canContinue(); back *= 2) page = await poll.pageAt(Math.max(0, Math.min(page.offset, page.total) - back));
	return page;
}

/** Pages read on from a page read back, each overlapping the last, until one holds `fact` (the first of the page read before): facts written meanwhile pushed it on. */
async function join(poll: FactPoll, pages: OffsetPage[], fact: IDataObject): Promise<OffsetPage[]> {
	for (let page = pages[0], last: IDataObject | undefined; !overlaps(page, fact) && (last = page.items.at(-1)) && pages.length <= MAX_JOIN_PAGES && poll.canContinue(); pages.push(page)) {
		page = await poll.pageAt(page.offset + page.items.length - 1);
		if (!overlaps(page, last)) break;
	}
	return pages;
}

/** Newest first: the first pages, from the start down to the mark. */
async function readStart(poll: FactPoll, mark: Mark): Promise<PagesRead> {
	const pages = [await poll.pageAt(0)];
	for (;;) {
		const last = pages[pages.length - 1];
		const end = last.items.length < last.served;
		if (end || createdAt(dated(last.items).at(-1) ?? {}) < mark(distinct(pages))) return { pages, outcome: 'reached', total: last.total, beyond: last.items.at(-1) };
		if (!poll.canContinue()) return { pages, outcome: 'cut', total: last.total, beyond: last.items.at(-1) };
		const next = await poll.pageAt(last.offset + last.items.length - anchorCount(last.served));
		pages.push(next);
		if (!overlaps(next, last.items[last.items.length - 1]) || shiftedAtTie(last, next)) return { pages, outcome: 'moved', total: next.total, beyond: last.items.at(-1) };
	}
}

/** Reads the edge where new facts appear; `order` is the order learned, `stream` what the last poll knew. It writes nothing. Each page must be in order: pages overlap, so every two neighbours were read on one page (facts written meanwhile may show out of order across pages). */
const readEdge = async (poll: FactPoll, order: 'oldest-first' | 'newest-first', stream: FactStream, mark: Mark): Promise<EdgeRead> => ordered(await (order === 'oldest-first' ? readEnd(poll, mark, stream) : readStart(poll, mark)), order);
/** The facts of the pages read, each once, the outcome 'unordered' where a page is out of order. */
const ordered = (read: PagesRead, order: 'oldest-first' | 'newest-first'): EdgeRead => ({ facts: distinct(read.pages), end: order === 'oldest-first' ? read.pages.at(-1)?.items.at(-1) : read.pages[0]?.items[0], outcome: read.pages.every((page) => keepsOrder(dated(page.items), order, createdAt)) ? read.outcome : 'unordered', total: read.total, ...(read.beyond ? { beyond: read.beyond } : {}) });

/** The list's first page, through the resumable pager (which learns the page size from it). */
async function firstPage(poll: FactPoll): Promise<ScanPage | undefined> {
	for await (const page of poll.pages(startAt(undefined))) return page;
	return undefined;
}

/** A first page shorter than its limit that `total` calls the last may be cut short (bytes): the page read on from its last fact, shorter still from there, ends the list (facts written meanwhile may come before it), when it begins with the first page's last facts in their order and shows none of them after (a new order per request proves no end); after a page of one fact, nothing can be shorter: an empty page past it does, whatever `total` says (no order needed). Its facts (undefined: no end). */
async function endOfFirst(poll: FactPoll, first: ScanPage): Promise<IDataObject[] | undefined> {
	const probe = first.items.length > 0 && first.items.length < first.pageSize ? await poll.pageAt(first.end - (first.items.length > 1 ? 1 : 0)) : undefined;
	const from = probe?.items.findIndex((fact) => fact.id === first.items.at(-1)?.id) ?? -1;
	return first.items.length === 0 || (first.items.length === 1 && probe?.items.length === 0) ? [] : probe && from >= 0 && probe.items.length - from < first.items.length && probe.items.every((fact, i) => (i <= from ? fact.id === first.items.at(i - from - 1)?.id : !first.items.some((f) => f.id === fact.id))) ? probe.items : undefined;
}

/** The baseline: the first page and the last (which teach the page size and the order); in a list in creation order, then its newest end back past two windows; all held (FactPoll.startFrom). A tier or scope filter lets a promotion bring in a fact the window never read: the list is read by agent alone. */
export async function baseline(poll: FactPoll): Promise<void> {
	const [{ stream, query }, { settings }] = [poll, poll.parts];
	// Resuming from cursors an earlier version stored, what is read is judged: the list polled is the one read.
	const fixedFilters = (settings.tier === undefined && settings.scope === undefined) || !poll.activating;
	poll.query = poll.activating ? agentQuery(settings) : query;
	const first = await firstPage(poll);
	const whole = first !== undefined && (first.last || poll.parts.share.available >= 1);
	const ending = first && whole && (first.last || first.items.length === 1) ? await endOfFirst(poll, first) : undefined;
	// A list of two pages (by its total) is read with the last overlapping the first on one fact; so is a full page its total calls the last, in no order to find its end by (a batch). The last page aims one past a full page from `total` (as served, with more than a page to come: pages may be cut short): shorter, it proves the end there; that page, or a read on to the newest end, from a fact not dated ahead proves where facts dated ahead sit read (FactPoll.startFrom, `endsRead`). Full, in a batch (no order to read the newest end by), it may have begun early and missed the last facts: a page at the last place, shorter than served and holding the fact it ended on, proves the end there, and those past that fact are held too (`pastEnd`).
	const served = first && first.total - first.end > first.pageSize ? first.answered : first?.pageSize;
	const lastAt = first && served && (first.total - served < first.end ? first.end - 1 : Math.max(first.end, first.total - served + 1));
	const lastPage = first && whole && !ending && (!first.last || typeof learnOrder(dated(first.items), [], createdAt) !== 'string') ? await pageBefore(poll, lastAt as number) : undefined;
	const last = lastPage?.items ?? [];
	let held: IDataObject[] = [...(first?.items ?? []), ...last, ...(ending ?? [])];
	stream.total = lastPage && last.length > 0 ? lastPage.offset + last.length : Math.max(first?.total ?? 0, new Set(held.map((fact) => fact.id)).size);
	// The order from the two ends' creation dates; one date throughout (a batch) shows none, and is no disorder.
	const learned = first && whole && held.length > 0 ? learnOrder(dated(first.items), dated(last), createdAt) : undefined;
	stream.order = typeof learned === 'string' ? learned : 'unknown';
	// A page shorter than served ends the list, whatever its total says: read from the start (a page, two joined on the fact they share, the last aimed at it, or a last ending no later than the first: a new order per request), every fact there was is held.
	const joined = first !== undefined && lastPage !== undefined && lastPage.offset === first.end - 1 && last[0]?.id === first.items[first.items.length - 1]?.id && new Set(held.map((f) => f.id)).size === held.length - 1;
	let windowed = first === undefined || ending !== undefined || (lastPage !== undefined && last.length < lastPage.served && (joined || lastPage.offset + last.length <= first.end));
	const on = lastPage && !windowed && stream.order === 'unknown' && last.length >= lastPage.served && poll.canContinue() ? await poll.pageAt(Math.max(lastPage.offset, Math.min(lastPage.offset + last.length, lastPage.total) - 1)) : undefined;
	let pastEnd = on && on.items.length < on.served && on.items.some((f) => f.id === last.at(-1)?.id) ? on.items.slice(on.items.findIndex((f) => f.id === last.at(-1)?.id) + 1) : undefined;
	let [newestAtEnd, endsRead] = [Number.NEGATIVE_INFINITY, lastPage !== undefined && (last.length < lastPage.served || pastEnd !== undefined) && createdAt(last[0] ?? {}) <= poll.trusted];
	if (!windowed && poll.created && stream.order !== 'unknown' && poll.step().canContinue()) {
		const read = await readEdge(poll, stream.order, stream, (facts) => poll.newestTrusted([...held, ...facts]) - 2 * WINDOW_MS);
		[held, stream.total] = [[...held, ...read.facts], read.total];
		// An end that the first page showed facts after (a page begun early, cut short at the list's start) is none. The window stands on the order learned from the two ends until a whole read confirms it (factSweep.ts).
		const early = stream.order === 'oldest-first' && [first?.items.findIndex((fact) => fact.id === read.facts.at(-1)?.id) ?? -1].some((at) => at >= 0 && at < (first?.items.length ?? 0) - 1);
		windowed = read.outcome === 'reached' && !early;
		stream.orderToConfirm = windowed || undefined;
		// Cut short in order (a window larger than a poll reads), it read every fact dated after the innermost it met: those are held, the cursor just past that date (a fact made later dated after it is new); moved or out of order (writes during the read), it proves nothing.
		if (read.outcome === 'cut' && read.beyond && createdAt(read.beyond) <= poll.trusted) [newestAtEnd, pastEnd] = [createdAt(read.beyond), [...(pastEnd ?? []), ...read.facts]];
		endsRead ||= !early && read.beyond !== undefined && createdAt(read.beyond) <= poll.trusted;
	}
	if (poll.activating) poll.startFrom(held, windowed, newestAtEnd, endsRead, pastEnd);
	else poll.resume(held, windowed);
	if (poll.clock === undefined && poll.created) poll.warn(UNDATED);
	// With filters, the agent's whole list the activation read is read (facts filtered here) until a whole read of it ends (factPoll.ts, swept).
	if (!fixedFilters && poll.created) stream.wholeAgentList = true;
	else if (!fixedFilters) [poll.query, stream.total] = [query, 0];
	const mark = poll.edgeMark(held);
	if (stream.order !== 'unknown' && Number.isFinite(mark)) stream.edge = { mark, end: endKey(stream.order === 'oldest-first' ? held.at(-1) : undefined) };
	if (typeof learned === 'object' && new Set(dated(held).map(createdAt)).size > 1 && poll.created) poll.note('unordered');
}

/** The fast read: what it found is judged; where it may read from next, and whether the sweep must help. Returns the creations it found. Failed half-way (an answer no retry mends), what the pages it read show is judged as any read's, then the failure goes on: the mark and the list's length stay, so the next poll reads there again (what was handed over known then, counted as reported since). */
export async function fastRead(poll: FactPoll, order: 'oldest-first' | 'newest-first'): Promise<number> {
	const { stream } = poll;
	const [mark, before, from] = [stream.edge?.mark ?? Number.NEGATIVE_INFINITY, stream.total, poll.plainPages.length];
	const read = await readEdge(poll, order, stream, () => mark).catch((failure: unknown) => ({ ...ordered({ pages: poll.plainPages.slice(from), outcome: 'cut', total: before }, order), failure }));
	// Out of order, the fast read stops; on a window no whole read confirmed the order it stood on stays, so that the whole read that follows checks it (seed 14104: given up, none did, and a read without gaps confirmed a window a list sorted by agent had proven wrong). A page out of order on a window no whole read confirmed, facts it knows breaking that order (dated ones: an undated one hid the break beside it), or a fact it knows out of that order with the dated fact next to it toward the older end (new facts a list kept in creation order dates back come at the newest end, past those it knows), or one dated ahead it does not know shown (only that order told it new): the window proved nothing (FactPoll.orderBroken). What the activation's whole read holds, the fast read holds too.
	const knownOutOfOrder = [dated(read.facts.filter((fact) => knows(poll.cursors.created, fact))), dated(read.facts)].some((facts, all) => facts.some((fact, i) => i > 0 && (all === 0 || knows(poll.cursors.created, order === 'oldest-first' ? fact : facts[i - 1])) && breaksOrder(order, createdAt(facts[i - 1]), createdAt(fact))));
	if (read.outcome === 'unordered' && stream.windowed && stream.orderToConfirm && (knownOutOfOrder || read.facts.some((fact) => createdAt(fact) > poll.trusted && !knows(poll.cursors.created, fact)))) poll.orderBroken((stream.sweep ??= newSweep(stream.newest)));
	if (stream.sweep?.promotions) poll.hold(stream.sweep, read.facts);
	const unknownEnd = !poll.plainPages.slice(from).some((page) => (order === 'oldest-first' ? page.offset === 0 : page.items.length < page.served)) && [order === 'newest-first' ? read.facts.at(-1) : read.facts[0]].some((end) => end !== undefined && !knows(poll.cursors.created, end));
	const endAt = read.facts.findIndex((fact) => stream.edge?.end !== undefined && endKey(fact) === stream.edge.end);
	const reportedSince = (endAt < 0 ? read.facts.filter((fact) => createdAt(fact) >= mark && createdAt(fact) < poll.edgeMark([fact])) : order === 'oldest-first' ? read.facts.slice(endAt + 1) : read.facts.slice(0, endAt)).filter((fact) => knows(poll.cursors.created, fact)).length;
	const { deferred, found, outOfRoom } = poll.report(read.facts);
	stream.total = read.total;
	if ('failure' in read) throw read.failure;
	// More added than found at the edge (or reported since the last fast read by another read, the sweep in a poll where another client wrote: past the fact that ended the list when its length was taken, or, that one not read, past the mark, which they now move): added elsewhere (deletions never fake it; not without a length before); or, short of the list's far end, it ends on a fact it did not know (new, dated back: a `total` capped hides what lies past it). Not on the agent's whole list: its facts outside the filters are never known, and the sweep reads it at the full share.
	const outcome = read.outcome === 'reached' && !stream.wholeAgentList && ((before > 0 && read.total - before > found + reportedSince) || unknownEnd) ? 'unconfirmed' : read.outcome;
	if (outcome === 'unordered') {
		[stream.order, stream.edge] = [stream.windowed && stream.orderToConfirm ? stream.order : 'unknown', undefined];
		poll.note('unordered');
		return 0;
	}
	// What it skipped needs a whole read begun after now: one under way may have passed there (newest first, new facts push its place on).
	if (outcome !== 'reached') poll.needSweep(outcome, true);
	else if (stream.sweepNeededSince === 0) poll.clear('unconfirmed', 'moved', 'cut');
	// On past the newest fact read, but not past a change deferred for want of room for events (the next poll reads it again); one deferred as the keys are full waits for the whole read their room waits for (report asked it at the full share), which meets it: read again here, a batch could take the share that read needs.
	const drift = Math.max(-MAX_DRIFT_PAGES * stream.pageSize, Math.min(MAX_DRIFT_PAGES * stream.pageSize, read.total - before));
	stream.edge = { mark: Math.min(Math.max(mark, poll.edgeMark(read.facts)), outOfRoom ? deferred : Number.POSITIVE_INFINITY), drift, end: endKey(read.end) };
	return found;
}
