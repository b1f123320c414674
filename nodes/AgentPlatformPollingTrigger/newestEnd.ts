/**
 * The two reads at the fact list's newest end that set where polling stands: the activation's baseline
 * and each later poll's fast read (edge.ts reads; these judge what it read and move the stream through
 * the FactPoll they are handed, whose model factPoll.ts states).
 */
import type { IDataObject } from 'n8n-workflow';
import type { ScanPage } from '../../src/client';
import { learnOrder } from '../../src/client/listEnd';
import { type EdgeOutcome, readEdge } from './edge';
import type { FactPoll, NoteCode } from './factPoll';
import { newSweep, startAt } from './factSweep';
import { createdAt, WINDOW_MS } from './judge';
import { factQuery } from './settings';

/** Said once, at activation, when the fact list names no `Date` (docs/polling-trigger.md, What it can prove). */
const UNDATED =
	"The memory-fact list's answers name no Date header, so nothing tells a fact dated ahead (a clock minutes or decades off) from a real one: facts made after such a fact read at activation, dated before it, are not reported (docs/polling-trigger.md, What it can prove).";

/** The notes a fast read's outcome gives. */
const EDGE_NOTES: Record<Exclude<EdgeOutcome, 'reached'>, NoteCode> = { cut: 'cut', moved: 'moved', unordered: 'unordered' };

/**
 * The baseline: the first page and the last, which teach the page size and the order; in a list in
 * creation order, then its newest end back past the window (judge.ts, baselineCursors), all held. A
 * tier or scope filter lets a promotion bring in a fact the window never read: the list's `Date` sets
 * the creations' cursor there, as where the window cannot be read whole.
 */
export async function baseline(poll: FactPoll): Promise<void> {
	const { stream, query } = poll;
	const { settings } = poll.parts;
	const fixedFilters = settings.tier === undefined && settings.scope === undefined;
	poll.query = factQuery({ ...settings, tier: undefined, scope: undefined });
	let first: ScanPage | undefined;
	for await (const page of poll.pages(startAt(undefined))) {
		first = page;
		break;
	}
	const whole = first !== undefined && (first.last || poll.affordable >= 1);
	// A list of two pages (by its total) is read with the last overlapping the first on one fact (`joined`).
	const lastAt = first && (first.total - first.pageSize < first.end ? first.end - 1 : Math.max(first.end, first.total - first.pageSize));
	const ended = first !== undefined && first.last && first.items.length < first.pageSize;
	// A full page its total calls the last, in no order to read its end by (a batch): the page joined to it shows whether it is.
	const lastPage = first && whole && (!first.last || (!ended && typeof learnOrder(first.items, [], createdAt) !== 'string')) ? await poll.pageAt(lastAt as number) : undefined;
	const last = lastPage?.items ?? [];
	let held: IDataObject[] = [...(first?.items ?? []), ...last];
	stream.total = first?.total ?? 0;
	// The order from the two ends' creation dates (src/client/listEnd.ts); one date throughout (a batch) shows none, and is no disorder.
	const learned = first && whole && held.length > 0 ? learnOrder(first.items, last, createdAt) : undefined;
	stream.order = typeof learned === 'string' ? learned : 'unknown';
	// A page shorter than the server serves ends the list, whatever its total says: read from the start (the first page, or
	// the last joined to it on the fact they share, none other in both), every fact there was is held, whatever the order.
	const joined = first !== undefined && lastPage !== undefined && last[0]?.id === first.items[first.items.length - 1]?.id && new Set(held.map((f) => f.id)).size === held.length - 1;
	let windowed = first === undefined || ended || (joined && last.length < lastPage.served);
	let newestAtEnd = Number.NEGATIVE_INFINITY;
	if (!windowed && poll.created && stream.order !== 'unknown' && poll.step().canContinue()) {
		const read = await readEdge(poll, stream.order, stream, (facts) => poll.newestTrusted([...held, ...facts]) - 2 * WINDOW_MS);
		held = [...held, ...read.facts];
		stream.total = read.total;
		windowed = read.outcome === 'reached';
		// In order, the first trusted date met from the newest end is the newest there was.
		if (read.outcome !== 'moved' && !read.short) newestAtEnd = Math.max(...read.facts.map(createdAt).filter((at) => at <= poll.trusted));
	}
	const clockSecond = poll.startFrom(held, windowed, newestAtEnd);
	if (poll.clock === undefined && poll.created) poll.warn(UNDATED);
	// No order and no batch to start from: the whole list is read, holding what existed. A window larger than the
	// activation reads (a batch of thousands) starts just past the newest date at the newest end instead.
	if (clockSecond !== undefined && fixedFilters && poll.created) stream.sweep = { ...newSweep(stream.newest), holding: true, ...(clockSecond === undefined ? {} : { clockSecond }) };
	// The filtered list from here on: its end is found from its start (edge.ts).
	poll.query = query;
	if (!fixedFilters) stream.total = 0;
	if (stream.order !== 'unknown' && stream.newest !== undefined) stream.edge = { mark: stream.newest + 1 };
	if (typeof learned === 'object' && new Set(held.map(createdAt)).size > 1 && poll.created) poll.note('unordered');
}

/** The fast read: what it found is judged; where it may read from next, and whether the sweep must help. Returns the creations it found. */
export async function fastRead(poll: FactPoll, order: 'oldest-first' | 'newest-first'): Promise<number> {
	const { stream } = poll;
	const mark = stream.edge?.mark ?? Number.NEGATIVE_INFINITY;
	const before = stream.total;
	const read = await readEdge(poll, order, stream, () => mark);
	const { deferred, found } = poll.report(read.facts);
	stream.total = read.total;
	// More facts added than found at the edge: some were added elsewhere (deletions only hide this, never fake it).
	const outcome = read.outcome === 'reached' && read.total - before > found ? 'unconfirmed' : read.outcome;
	if (outcome === 'unordered') {
		stream.order = 'unknown';
		delete stream.edge;
		poll.note('unordered');
		return 0;
	}
	if (outcome !== 'reached') poll.needSweep(outcome === 'unconfirmed' ? 'unconfirmed' : EDGE_NOTES[outcome]);
	else if (stream.sweepNeededSince === 0) poll.clear('unconfirmed', 'moved', 'cut');
	// On past the newest fact read, but not past a change deferred (the next poll reads it again).
	const drift = Math.max(-MAX_DRIFT_PAGES * stream.pageSize, Math.min(MAX_DRIFT_PAGES * stream.pageSize, read.total - before));
	stream.edge = { mark: Math.min(Math.max(mark, (stream.newest ?? Number.NEGATIVE_INFINITY) + 1), deferred), drift };
	return found;
}

/** How far (in pages) the fast read's first request may aim from the stored end by the last poll's drift. */
const MAX_DRIFT_PAGES = 10;
