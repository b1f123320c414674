/**
 * Memory-fact events, at the cost of what changed and within the key share: the baseline, then each
 * poll the fast read where new facts appear (edge.ts), then the sweep of the whole list
 * (factSweep.ts): at the share's pace when promotions are watched or new facts cannot all be found
 * at the edge, else what an idle poll leaves of SAFETY_POLL_REQUESTS. factPoll.ts holds the model and
 * judges every fact read (judge.ts); state.ts says what is kept.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ScanPage } from '../../src/client';
import { learnOrder } from '../../src/client/listEnd';
import { edgeOrder, readEdge } from './edge';
import { createdAt, type FactPoll, FactPoll as Poll, type FactPollParts, newestDate, startAt } from './factPoll';
import { SAFETY_POLL_REQUESTS, sweep } from './factSweep';
import { advance, MAX_SKEW_MS } from './judge';
import { type ListOrder, newStream, type PollState } from './state';

/**
 * The baseline: the first page and the last, which teach the page size and the order. The boundary is
 * the API's time (factPoll.ts, 2), moved past the facts read dated up to MAX_SKEW_MS ahead of it (n8n's
 * log says so). A server that sends no `Date`: the newest date read, which holds only in a list in order.
 */
async function baseline(poll: FactPoll): Promise<void> {
	const { stream } = poll;
	let first: ScanPage | undefined;
	for await (const page of poll.pages(startAt(undefined))) {
		first = page;
		break;
	}
	const whole = first !== undefined && (first.last || poll.affordable >= 1);
	const last = first && !first.last && whole ? (await poll.pageAt(Math.max(first.end, first.total - first.pageSize))).items : [];
	const facts: IDataObject[] = [...(first?.items ?? []), ...last];
	stream.total = first?.total ?? 0;
	// The order from the two ends' creation dates (src/client/listEnd.ts); one date throughout (a batch) shows none, and is no disorder.
	const learned = first && whole && facts.length > 0 ? learnOrder(first.items, last, createdAt) : undefined;
	stream.order = typeof learned === 'string' ? learned : 'unknown';
	const dates = facts.map(newestDate).filter(Number.isFinite);
	const clock = poll.serverDateUpTo === undefined ? Math.max(...dates) : poll.serverDateUpTo;
	const boundary = Math.max(clock, ...dates.filter((at) => at <= clock + MAX_SKEW_MS)) + 1;
	if (dates.some((at) => at > clock)) poll.note('ahead');
	for (const cursor of Object.values(poll.cursors)) advance(cursor, boundary);
	if (poll.serverDateUpTo !== undefined) stream.boundary = poll.serverDateUpTo + 1;
	if (stream.order !== 'unknown' && Number.isFinite(boundary)) stream.edge = { mark: boundary };
	if (typeof learned === 'object' && new Set(facts.map(createdAt)).size > 1 && poll.created) poll.note('unordered');
}

/** The fast read: what it found is judged; where it may read from next, and whether the sweep must help. */
async function fastRead(poll: FactPoll, order: Exclude<ListOrder, 'unknown'>): Promise<number> {
	const { stream } = poll;
	const read = await readEdge(poll, order);
	const { deferred } = poll.report(read.facts);
	if (read.outcome === 'unordered') {
		stream.order = 'unknown';
		delete stream.edge;
		poll.note('unordered');
		return 0;
	}
	if (read.outcome === 'unconfirmed') poll.needSweep('unconfirmed');
	else if (stream.sweepNeededSince === 0) poll.clear('unconfirmed');
	const mark = stream.edge?.mark ?? Number.NEGATIVE_INFINITY;
	// On past the newest fact read, but not past a change deferred (the next poll reads it again).
	const drift = Math.max(-MAX_DRIFT_PAGES * stream.pageSize, Math.min(MAX_DRIFT_PAGES * stream.pageSize, read.grown));
	stream.edge = { mark: Math.min(Math.max(mark, read.newest + 1), deferred), drift };
	return read.added;
}

/** How far (in pages) the fast read's first request may aim from the stored end by the last poll's drift. */
const MAX_DRIFT_PAGES = 10;

/** Pages the sweep reads this poll: as many as the share allows, or what an idle poll leaves (see the file comment). */
function sweepPages(poll: FactPoll): number {
	const { stream } = poll;
	if (poll.promoted || stream.order === 'unknown' || !stream.edge || stream.sweepNeededSince > 0) return Number.POSITIVE_INFINITY;
	// A page may take two requests (the pager's step back, when facts before its place are gone).
	return Math.max(0, SAFETY_POLL_REQUESTS - poll.requests - 1);
}

/**
 * One poll's fact work, added to `parts.events`. Each page is judged whole; an error leaves the
 * state after the last whole page and is thrown after the events found so far were added.
 */
export async function pollFacts(parts: FactPollParts, state: PollState): Promise<void> {
	const stream = state.facts ?? newStream();
	const poll = new Poll(parts, stream);
	try {
		let added = 0;
		if (!state.facts) {
			if (!poll.step().canContinue()) return;
			await baseline(poll);
			state.facts = stream;
		} else {
			const order = edgeOrder(stream);
			if (poll.created && order && poll.step().canContinue()) added = await fastRead(poll, order);
		}
		const pages = sweepPages(poll);
		if (pages > 0 && poll.step().canContinue()) await sweep(poll, pages, added);
	} finally {
		poll.save();
	}
}
