/**
 * One poll's work on the memory-fact list: a FactPoll is the only writer of its FactStream (here, and in
 * the reads at the newest end it runs, edge.ts). The model (docs/polling-trigger.md says the same):
 *
 * 1. Only a fact's id and its own dates say whether it is new: a change dated at or after its cursor,
 *    whose key is not held (judge.ts, where every cursor moves). Position only says where to read.
 * 2. At activation the list's newest end is read back a minute past its newest date and those keys held;
 *    a later change is new from that window on. The list's `Date` only keeps dates minutes or decades off
 *    from moving the window; it sets the cursors only where no order proves the window whole.
 * 3. The fast read (edge.ts) reads where new facts appear in a list kept in creation order; the sweep
 *    (factSweep.ts) reads the whole list at the share's pace. A change read and not reported is logged.
 */
import { NodeOperationError, type IDataObject, type INode, type Logger } from 'n8n-workflow';
import type { AgentPlatformClient, ScanPage, ScanStart } from '../../src/client';
import { FACT_TIME_FIELDS } from '../../src/vocabulary';
import { baseline, edgeOrder, endKey, fastRead, type OffsetPage } from './edge';
import { factEvent, type PolledEvent, timeOf } from './events';
import { SAFETY_POLL_REQUESTS, newSweep, sweep } from './factSweep';
import { advance, baselineCursors, BOTH, changeDates, changesOf, createdAt, type Cursor, cursorAt, DATE_RESOLUTION_MS, dated, DAY_MS, endHolding, holdExisting, judge, keyBytes, type Kind, letGo, makeRoom, MAX_SEEN, MAX_SEEN_BYTES, MAX_UNDATED, meetUndated, oldest, PROMOTED, rein, remember, settle, sinceAfterWholeRead, UNDATED_PROOF, WINDOW_MS } from './judge';
import type { KeyShare } from './keyShare';
import { agentQuery, factQuery, matchesFilters, type PollSettings } from './settings';
import { type FactStream, newStream, type PollState, readCursor, storeCursor, type Sweep } from './state';

/** Events one poll hands to n8n at most; the rest wait for the next poll. */
export const MAX_EVENTS_PER_POLL = 1_000;

/** Why a poll reads the whole list for new facts, or lost changes, as n8n's log says it (once, until it changes). */
export const NOTES = {
	unordered: 'The memory-fact list is not in creation order (or not in a stable one), so new facts are found by reading the whole list at the pace of the key share this trigger may spend: they are reported later than from an ordered list.',
	unconfirmed: 'The memory-fact list grew by more facts than were found new where new facts appear (its total is off, facts were added elsewhere in it, or new facts dated no later than the newest known lie past where that read stops): the whole list is read for new facts too, so none is missed.',
	moved: 'The end of the memory-fact list moved while it was read (pages that no longer overlap): the whole list is read for new facts too, so none is missed.',
	cut: "The read of the memory-fact list where new facts appear stopped before the facts it knew (more came than one poll may read, or the poll's share of the key or its time ran out first, the read of the whole list under way spending it): the whole list is read for new facts too, so none is missed.",
	full: 'More memory-fact changes came between two whole reads of the list than the trigger keeps keys for: the rest are reported once the next whole read has ended.',
	second: "Memory facts dated within the second of the activation's last Date (or, past its poll, within a minute before; once its reads past a batch gave up after gaps, any dated before that second) were met by its read of a list with no provable order (or skipped by it, its pages moved): they cannot be told from those there before, so they are taken as existing and not reported (docs/polling-trigger.md, What it can prove).",
	unproven: "The newest end of the memory-fact list could not be read whole at activation (it moved while read, or more facts dated ahead sat there than one poll may read): until the read of the whole list now under way ends, a fact that shows in the list dated before the activation's Date, or no later than the facts dated ahead it read there, is taken as existing and not reported (docs/polling-trigger.md, What it can prove).",
	heldAhead: "The activation's whole read of the memory-fact list, past its first poll, met changes no clock dates: facts dated within the minute before the activation's Date (a row is dated up to a minute before it can be read), facts or promotions dated ahead of the list's Date (a clock ahead, or replicas whose clocks disagree), facts dated no later than those the activation read dated ahead (within a day), facts dated after a batch (one created_at at the ends the activation read, which shows no order) and before the activation's Date, any promotion while its Dates disagree, or any change while they name none. One made during that read cannot be told from one that existed, so they are taken as existing and not reported (docs/polling-trigger.md, What it can prove).",
	crowded: 'More memory facts were dated within a minute of the newest at activation than its read reaches or the trigger keeps keys for: a fact dated as early that shows in the list later is not reported.',
	lost: 'More memory-fact changes came between two whole reads of the list than the trigger keeps keys for, older ones among them not reported yet: it let the oldest keys go to carry on, and changes dated among them that were not reported are lost.',
	ahead: "Memory facts dated ahead of the API's clock (the fact list's Date header) were read. The list showed no order that proves what existed at activation, so a change is reported only once that clock has passed its date (docs/polling-trigger.md, What it can prove).",
} as const;
export type NoteCode = keyof typeof NOTES;

/** `deadline`: local time after which no new page is requested (each step still reads one). */
export interface FactPollParts {
	node: INode;
	logger: Logger;
	client: AgentPlatformClient;
	settings: PollSettings;
	share: KeyShare;
	/** The `Date` of the latest answer, as the client's hook tells it (undefined: that answer named none). */
	dates: { last?: number };
	deadline: number;
}

export class FactPoll {
	readonly wants: ReadonlySet<Kind>;
	/** Whether new facts, and promotions, are watched. */
	readonly created: boolean;
	readonly promoted: boolean;
	cursors: Record<Kind, Cursor>;
	/** The events this poll found, in the order found, the requests it sent for facts, and the pages its plain requests read (pageAt: startFrom holds what the activation's show; a fast read that fails hands theirs over). */
	readonly events: PolledEvent[] = [];
	requests = 0;
	readonly plainPages: OffsetPage[] = [];
	/** This poll takes the baseline. */
	activating = false;
	/** Changes read this poll and not reported: refused (judge.ts), and taken as existing by the activation's whole read past its poll (`hold`: no clock tells); facts no date or id judges, not met before (judge.ts, meetUndated). */
	private refused = 0;
	private taken = 0;
	private undated = 0;
	/** The latest, the first and the earliest `Date` the fact list's own answers named this poll. */
	private listDate?: number;
	private firstDate?: number;
	private earliestDate?: number;
	private readonly startedAt = Date.now();
	private readonly spread = () => (this.listDate ?? 0) - (this.earliestDate ?? 0) - (Date.now() - this.startedAt) - 2 * DATE_RESOLUTION_MS;
	/** The list's filters (at activation the agent's alone: a promotion may bring in any of its facts); while `withBudget` runs, the client that counts. */
	query: IDataObject;
	private budgeted?: AgentPlatformClient;
	private pagesInStep = 0;

	constructor(
		readonly parts: FactPollParts,
		readonly stream: FactStream,
	) {
		[this.created, this.promoted] = [parts.settings.events.has('memory.fact_created'), parts.settings.events.has('memory.fact_promoted')];
		this.wants = new Set<Kind>([...(this.created ? ['created' as const] : []), ...(this.promoted ? ['promoted' as const] : [])]);
		this.query = stream.wholeAgentList ? agentQuery(parts.settings) : factQuery(parts.settings);
		this.cursors = { created: readCursor(stream.created) ?? cursorAt(0), promoted: readCursor(stream.promoted) ?? cursorAt(0) };
	}

	/** The latest date a fact may be trusted to be dated by the facts' clock: the list's latest `Date` and its resolution (no `Date`: any). */
	get trusted(): number { return this.listDate === undefined ? Number.POSITIVE_INFINITY : this.listDate + DATE_RESOLUTION_MS; }

	/** Starts a step (the baseline, the fast read, the sweep). */
	step = (): this => ((this.pagesInStep = 0), this);

	/** Whether another request may be sent: the share pays for one and, past the step's first page (so a small time budget still makes progress), time is left and events are few enough. */
	canContinue(): boolean {
		return this.parts.share.available >= 1 && (this.pagesInStep === 0 || (Date.now() < this.parts.deadline && this.events.length < MAX_EVENTS_PER_POLL));
	}

	/** Pages of the fact list from `from` on, through the client's resumable pager, asked for one by one as the caller reads on. */
	async *pages(from: ScanStart): AsyncGenerator<ScanPage> {
		for await (const page of (this.budgeted ?? this.parts.client).pagesFrom('memoryFact.getMany', { qs: this.query, from, pageSize: this.stream.pageSize || undefined })) {
			this.counted(page.pageSize, page.answered);
			yield page;
		}
	}

	/** The page at `offset` (a plain request: the fast read places its own). */
	async pageAt(offset: number): Promise<OffsetPage> {
		const limit = this.stream.pageSize || 1000;
		const { pagination, data: items } = await (this.budgeted ?? this.parts.client).pageAt('memoryFact.getMany', { qs: this.query, offset, limit });
		if (pagination.offset !== offset || !Number.isSafeInteger(pagination.total)) {
			const why = pagination.offset !== offset ? `answered a request for offset ${offset} with offset ${pagination.offset}` : `announced a total of ${pagination.total} items`;
			throw new NodeOperationError(this.parts.node, `The memory-fact list cannot be read: the server ${why}`, {
				description: 'A server or proxy that ignores the list\'s offset parameter cannot be polled. Use the Agent Platform Trigger (webhooks) instead.',
			});
		}
		const pageSize = pagination.limit > 0 && pagination.limit < limit ? pagination.limit : this.stream.pageSize || Math.max(items.length, 1);
		this.counted(pageSize, items.length);
		return this.plainPages[this.plainPages.push({ items, offset, total: pagination.total, served: this.stream.served ?? 1 }) - 1];
	}

	/** Runs `work` with the pages it may still read announced to the key's rate budget (its requests sent by the client that counts them). */
	async withBudget<T>(pages: number, work: () => Promise<T>): Promise<T> {
		return await this.parts.client.withBudget(Math.min(pages, this.parts.share.available), async (budgeted) => {
			this.budgeted = budgeted;
			try {
				return await work();
			} finally {
				this.budgeted = undefined;
			}
		});
	}

	/** Where the fast read stops (edge.ts): past the newest trusted date read and, where ids decide creations (`windowed`), past one among `facts` dated up to a day ahead of the list's clock (a `Date` behind the facts' must not have each read go back through the list); it moves no cursor. */
	edgeMark = (facts: IDataObject[]): number => Math.max(this.newestTrusted(facts), ...(this.stream.windowed ? facts.map(createdAt).filter((at) => at <= this.trusted + DAY_MS) : [])) + 1;

	/** The newest change date (created or promoted) among `facts` and those read before that the list's `Date` lets be trusted, less how far its `Date`s ever disagreed (a replica ahead must not let a fact dated ahead move the window past real facts; -Infinity: none). */
	newestTrusted(facts: IDataObject[]): number {
		const trusted = facts.flatMap((fact) => changeDates(fact, BOTH)).filter((at) => at <= this.trusted - this.disagreement());
		return Math.max(this.stream.newest ?? Number.NEGATIVE_INFINITY, ...trusted);
	}
	/** How far the list's `Date`s ever disagreed (replicas whose clocks differ), at most a day: any one of them may be that far off the facts' clock. */
	private disagreement = (): number => Math.min(DAY_MS, Math.max(this.stream.skew ?? 0, this.spread()));

	/** Judges facts read (judge.ts), hands the new changes to n8n and keeps their keys: the oldest deferred (Infinity: none), whether events ran out of room (read again next poll), the creations found. */
	report(read: IDataObject[], creationsWait = false): { deferred: number; outOfRoom: boolean; found: number } {
		const facts = this.stream.wholeAgentList ? read.filter((fact) => matchesFilters(this.parts.settings, fact)) : read;
		this.checkFields(read, facts);
		// A cursor a day later than the list's clock allows (an edited state) comes back to just past the newest date known before.
		for (const cursor of Object.values(this.cursors)) rein(cursor, this.trusted + DAY_MS, (this.stream.newest ?? 0) + 1);
		const newest = this.newestTrusted(facts);
		if (Number.isFinite(newest)) this.stream.newest = newest;
		const room = Math.max(0, MAX_EVENTS_PER_POLL - this.events.length);
		// Creations wait for the list's clock only where no window was read whole; promotions, which no order follows, always.
		const verdicts = judge(this.cursors, facts, this.wants, room, { created: this.stream.windowed ? Number.POSITIVE_INFINITY : this.trusted, promoted: this.trusted });
		// The activation poll reports nothing: a change it meets may be older than it, whatever the `Date` says (made during it: either way); so may one outside the filters (the agent's whole list read), which a promotion may bring in.
		const held = this.activating ? [...verdicts.fresh, ...verdicts.ahead, ...(facts === read ? [] : read.filter((fact) => !matchesFilters(this.parts.settings, fact))).flatMap((fact) => changesOf(fact, this.wants)).filter((change) => change.at >= this.cursors[change.kind].since)] : [];
		for (const change of held) remember(this.cursors[change.kind], change, this.trusted);
		if (held.length > 0) verdicts.fresh = [];
		// Creations a sweep meets while the window's order is unconfirmed wait for the next (at the full share): a break after them would prove the window wrong.
		const waiting = creationsWait ? verdicts.fresh.filter((change) => change.kind === 'created') : [];
		if (waiting.length > 0) [verdicts.fresh, this.stream.sweepNeededSince] = [verdicts.fresh.filter((change) => change.kind !== 'created'), Date.now() + 1];
		settle(this.cursors, verdicts);
		if (!this.activating && verdicts.ahead.length > 0) this.note('ahead');
		this.refused += verdicts.refused.length;
		for (const change of verdicts.fresh) this.events.push(factEvent(change.kind === 'created' ? 'memory.fact_created' : 'memory.fact_promoted', change.fact, change.at));
		// Deferred with room for events: the keys are full until a whole read moves the cursor.
		if (verdicts.deferred.length > 0 && verdicts.fresh.length < room) this.needSweep('full', true);
		const found = [verdicts.fresh, verdicts.deferred, waiting, verdicts.ahead, verdicts.refused].flat().filter((change) => change.kind === 'created').length;
		return { deferred: Math.min(oldest(verdicts.deferred), oldest(waiting)), outOfRoom: verdicts.deferred.length > 0 && verdicts.fresh.length >= room, found };
	}

	/** The activation's cursors (judge.ts, baselineCursors) from the facts it read, the window read whole or else provisional: past the newest trusted date at the newest end of a list in order (`newestAtEnd`) or a batch, else the list's clock; then a whole read holds what existed, and every creation dated up to the newest fact dated ahead the activation read (`heldTo`; within a day: one decades off is held while ahead), which in a list in order dates those it could not read no later (none where it read on to the newest end from a fact not dated ahead: `endsRead`, it read them all). */
	startFrom(held: IDataObject[], windowed: boolean, newestAtEnd = Number.NEGATIVE_INFINITY, endsRead = false, pastEnd: IDataObject[] = []): void {
		const newest = this.newestTrusted(held);
		if (Number.isFinite(newest)) this.stream.newest = newest;
		this.stream.windowed = windowed || undefined;
		this.stream.activatedAt = windowed ? this.clock : undefined;
		const dates = held.flatMap((fact) => changeDates(fact, this.wants));
		const clock = this.clock ?? (dates.length > 0 ? Math.max(...dates) + 1 : 0);
		const created = dated(held).map(createdAt);
		const oneDate = created.length > 0 && created.every((at) => at === created[0]);
		const batch = oneDate ? created[0] : newestAtEnd;
		const promoted = this.clockless ? clock : Math.max(this.firstDate ?? clock, Math.min(clock, newest + 1));
		this.cursors = baselineCursors(held, this.wants, newest, windowed, Number.isFinite(batch) ? batch + 1 : clock, promoted, this.trusted, pastEnd);
		if (windowed && Number.isFinite(newest) && this.cursors.created.since > newest - WINDOW_MS) this.note('crowded');
		// Past a batch the cursor stays (the whole read holds only what is dated ahead): the batch's keys would be stored for nothing (kilobytes a poll).
		const heldTo = endsRead || this.stream.order === 'unknown' ? undefined : created.filter((at) => at > this.trusted && at <= this.trusted + DAY_MS).reduce<number | undefined>((max, at) => Math.max(max ?? at, at), undefined);
		const past = !windowed && Number.isFinite(batch) ? { clockSecond: clock, heldFrom: this.cursors.created.since, heldTo: oneDate && this.clock !== undefined && !endsRead ? Math.max(heldTo ?? clock, clock) : heldTo, ...(endsRead ? { aheadInSecond: true as const, endsRead: true as const } : {}) } : undefined;
		if (past) letGo(this.cursors.created, this.cursors.created.from);
		if (past && this.created) this.note('crowded');
		// Past the newest end read in order, every fact dated ahead was read there: ids decide those, as in a window (no whole read is needed).
		if (past && !oneDate) Object.assign(this.stream, { windowed: true, orderToConfirm: true, activatedAt: this.clock });
		// With no `Date`, nothing tells a change made before activation from one made after (the clock is but the newest date read): the whole read holds those it meets.
		if (this.created && !windowed && !past && this.clock === undefined) endHolding(this.cursors.created, Number.MAX_SAFE_INTEGER);
		const holding = this.created && !windowed && !(past && !oneDate) ? { holding: true as const, ...(past ?? (this.clock === undefined ? { heldFrom: 0 } : { clockSecond: clock, heldTo, ...(endsRead ? { aheadInSecond: true as const, endsRead: true as const } : {}) })) } : {};
		if ('clockSecond' in holding && !past && this.stream.order !== 'unknown') this.note('unproven');
		if ('holding' in holding || this.promoted) this.stream.sweep = { ...newSweep(this.stream.newest), ...holding, ...(this.promoted ? { promotions: true as const } : {}) };
		// The activation reports nothing: what any page it read shows (one read on past the last, a probe of the first's end) existed, and is held as the whole read holds it (seed 13801: a promotion dated ahead there, reported once the clock passed it).
		if (this.stream.sweep) this.hold(this.stream.sweep, this.plainPages.flatMap((page) => page.items));
	}

	/** Cursors an earlier version stored (state.ts, `relearn`) judge the baseline's reads, then a whole read at the full share; the read that holds promotions, as the activation's does, begins with the baseline's (with no `Date`, one met there cannot be told from one made since either). That version's rule was this one's (a change dated at or after `since`, its key not held, is new): its keys decide. Their window may stand on an order no read confirmed: creations wait for a whole read that does (else go to the earlier of that version's last `Date` and a minute before). */
	resume(held: IDataObject[], windowed: boolean): void {
		Object.assign(this.stream, { windowed: true, orderToConfirm: this.stream.order !== 'unknown' || undefined });
		if (this.promoted) this.hold({ ...newSweep(undefined), promotions: true, restarted: true }, held);
		this.report(held, this.stream.orderToConfirm);
		const activatedAt = this.clock === undefined ? undefined : windowed || this.stream.order === 'unknown' ? Math.max(this.cursors.created.since, Math.min(this.stream.activatedAt ?? Number.POSITIVE_INFINITY, this.clock - WINDOW_MS)) : this.cursors.created.since;
		Object.assign(this.stream, { activatedAt, sweepNeededSince: this.stream.sweepNeededSince || Date.now(), ...(this.promoted ? { sweep: { ...newSweep(this.stream.newest), promotions: true, restarted: true } } : {}) });
	}

	/** No `Date`, or `Date`s further apart than the local time this poll took (`spread` over 0: replicas whose clocks disagree): none tells when a promotion was made. */
	private get clockless(): boolean { return this.clock === undefined || this.spread() > 0; }

	/** A promotions read that holds every promotion it meets (no clock tells when one was made; after a restart, its keys decide unless there is no `Date`): one its gaps skipped may have existed, so it begins again after them (factSweep.ts finds them). */
	holdsEvery = (current: Sweep): boolean => current.promotions === true && (current.restarted ? this.clock === undefined : this.clockless);
	/** `pastBatch`: a read past a batch, with a `Date` (the creations' cursor before its clock: it holds what is dated after the batch and before that clock, found to have no order). `waitsForEnd`: the activation's whole read past a batch whose two ends it read, with no `Date` or before it held that: its creations wait for its end (factSweep.ts), which, finding the list sorted by date, proves them new; with no `Date` it holds none dated ahead (none can be told). */
	pastBatch = (current: Sweep): boolean => this.clock !== undefined && this.cursors.created.since < (current.clockSecond ?? Number.NEGATIVE_INFINITY);
	waitsForEnd = (current: Sweep): boolean => current.holding === true && current.endsRead === true && (this.clock === undefined || (this.pastBatch(current) && (current.heldTo ?? Number.NEGATIVE_INFINITY) < (current.clockSecond as number)));

	/** The API's time by the fact list's latest `Date`, its resolution added (undefined: none named). */
	get clock(): number | undefined { return this.listDate === undefined ? undefined : this.trusted; }

	/** Facts the activation's whole read met: creations that existed (`holding`) from its window on (all past a batch whose end the activation poll did not read, with no `Date`: nothing tells one dated ahead beyond it); promotions (`promotions`) dated ahead of the list's clock, all with none named, or with `Date`s that disagree but not after a restart (`restarted`: its keys decide; no order tells when they were made, and a `Date` behind makes new ones of older). */
	hold(current: Sweep, facts: IDataObject[]): void {
		let room = current.promotions ? MAX_SEEN_BYTES - keyBytes(this.cursors.promoted.keys) : 0; // bytes, not keys: an earlier version's take 8 each at one date
		for (const change of current.promotions ? facts.flatMap((fact) => changesOf(fact, PROMOTED)) : []) if ((this.holdsEvery(current) || change.at > this.trusted) && !this.cursors.promoted.keys.has(change.key) && (room -= MAX_SEEN_BYTES / MAX_SEEN) >= 0) { remember(this.cursors.promoted, change, this.trusted); if (!this.activating && this.cursors.promoted.keys.has(change.key)) this.taken += 1; }
		if (!this.created || !current.holding) return;
		const second = current.clockSecond !== undefined && this.cursors.created.since >= current.clockSecond ? current.clockSecond - (this.activating ? DATE_RESOLUTION_MS : WINDOW_MS) : Number.POSITIVE_INFINITY;
		if (facts.some((f) => createdAt(f) >= second && createdAt(f) < this.cursors.created.since)) this.note('second');
		// With no `Date` no date read vouches for itself, and past a batch those dated after it are held, however new the newest: the floor stays at or below the cursor (one dated decades ahead, or a promotion made since, must not leave the creations after the cursor unheld).
		const floor = Math.max(current.heldFrom ?? 0, Math.min(this.newestTrusted(facts) - WINDOW_MS, this.clock === undefined || this.pastBatch(current) ? this.cursors.created.since : Number.POSITIVE_INFINITY));
		const upTo = this.clock === undefined && current.clockSecond !== undefined && !current.endsRead ? Number.NEGATIVE_INFINITY : this.late(current) ? Number.POSITIVE_INFINITY : this.trusted;
		const { held, taken } = holdExisting(this.cursors.created, facts, floor, upTo, current.heldTo, this.clock === undefined ? Number.NEGATIVE_INFINITY : second);
		[current.heldFrom, this.taken] = [held, this.taken + (this.activating ? 0 : taken)];
		if (held > floor) this.note('crowded');
	}

	/** A holding read past the activation poll and its second (a `Date` before it is another clock: replicas) that holds facts dated ahead only within it: one it meets may be new (it waits for the clock), and it proves nothing of them. */
	private late(current: Sweep): boolean {
		return current.aheadInSecond === true && !this.activating && Number.isFinite(current.clockSecond ?? Number.POSITIVE_INFINITY) && Math.abs(this.trusted - (current.clockSecond as number)) > DATE_RESOLUTION_MS;
	}

	/** A whole sweep: moves the cursors (none after gaps), learns the order, and ends; a holding one ends the activation. */
	swept(current: Sweep, last: ScanPage): void {
		const { stream } = this;
		delete stream.sweep;
		// The activation's whole read: creations go back to the window it held (with gaps, provisional; read again within the activation poll or its second, and always in a list of no known order with no `Date`: a fact dated ahead it skipped cannot be told from a new one).
		// With no `Date`, a read past a batch whose two ends the activation read holds no creation dated ahead (none can be told) and its creations wait (factSweep.ts): found out of date order without gaps, those ends prove nothing, and a read holding every creation follows.
		const [unsorted, raise] = [this.waitsForEnd(current) && current.rises && current.falls && !current.gaps, this.pastBatch(current) && current.rises && current.falls && (current.begunAgain ?? 0) < (current.shown === 1 || current.shown === 2 ? 12 : 3)];
		if (unsorted || (current.holding && current.gaps && (raise || current.clockSecond === undefined || this.activating || this.trusted <= current.clockSecond + DATE_RESOLUTION_MS || (this.clock === undefined && stream.order === 'unknown')))) {
			stream.sweep = { ...newSweep(stream.newest), holding: true, clockSecond: current.clockSecond, heldFrom: current.heldFrom, heldTo: raise ? Math.max(current.heldTo ?? Number.NEGATIVE_INFINITY, current.clockSecond ?? Number.NEGATIVE_INFINITY) : current.heldTo, promotions: current.promotions, ...(raise ? { begunAgain: (current.begunAgain ?? 0) + 1 } : {}), ...((unsorted && this.clock === undefined) || (raise && !current.endsRead && !current.aheadInSecond) ? {} : { aheadInSecond: true as const }), ...(!unsorted && (this.activating || current.endsRead) ? { endsRead: true as const } : {}) };
			return void (unsorted && this.clock !== undefined && !this.late(current) && (stream.windowed = true)); // ended whole before going late (every fact dated ahead held), finding no order: the read that holds its creations keeps that proof, ids deciding those dated ahead (seed 14565)
		}
		if (this.holdsEvery(current) && current.gaps) stream.sweep = { ...newSweep(stream.newest), promotions: true, ...(current.restarted ? { restarted: true as const } : {}) };
		if (current.holding) {
			// Back to the window it held, never on: a fact made during it, dated after the cursor, at a place it had passed, is the next read's. With gaps, past the activation's second, a change of that second it skipped may have existed or been made after that poll: taken as existing, counted when met, and said.
			if (current.gaps && current.rises && current.falls && this.pastBatch(current)) endHolding(this.cursors.created, current.clockSecond as number, (this.note('second'), this.cursors.created.since));
			else endHolding(this.cursors.created, Math.min(this.cursors.created.since, current.gaps ? Number.POSITIVE_INFINITY : (current.heldFrom ?? Number.POSITIVE_INFINITY)), current.gaps && current.clockSecond !== undefined && this.cursors.created.since >= current.clockSecond && this.created ? (this.note('second'), current.clockSecond - DATE_RESOLUTION_MS) : Number.POSITIVE_INFINITY);
			// Past a batch whose two ends the activation read (facts dated ahead would sit there in a list sorted by date), a read that finds it so sorted proves them too (gaps at ties hide no order; it holds nothing dated ahead): this one, or the first whole read after it that does (`endsRead`). Its clock at activation is where creations go should a later read find the order broken (orderBroken).
			[stream.windowed, stream.activatedAt] = [this.late(current) ? stream.windowed || (current.endsRead && !(current.rises && current.falls)) || undefined : !current.gaps || undefined, stream.activatedAt ?? current.clockSecond];
			stream.endsRead = (this.late(current) && current.endsRead && !stream.windowed) || undefined;
		}
		// Gaps only at ties (the order checked across them: factSweep.ts) confirm or teach the order; only a read without gaps moves the cursors. None may come (a new order per request, pages that begin early at ties): keys full, the oldest quarter of their dates, up to where creations go at most (`activatedAt`, resumed from an earlier version's state: its last `Date`, or a minute before this one's), goes after a read with gaps too (not past a change deferred, unless that frees nothing), else, in a list of no known order only (in order, the next read is likely whole: a change waits rather than be lost), the oldest quarter (a change no read met dated there is lost, and n8n's log says so). A window on an order the list has since shown it lacks (`order` unknown) that such a read cannot confirm never will be: it proved nothing (orderBroken), and the creations waiting on it go to a read holding what existed.
		for (const cursor of Object.values(this.cursors)) {
			if (!current.gaps) advance(cursor, sinceAfterWholeRead(cursor, { newestAtStart: current.newestAtStart ?? Number.NEGATIVE_INFINITY, deferred: current.deferred ?? Number.POSITIVE_INFINITY }));
			if (current.gaps && cursor.since < (stream.activatedAt ?? 0) ? makeRoom(cursor, current.deferred ?? Number.POSITIVE_INFINITY, false, this.trusted, stream.activatedAt) : (!current.gaps || stream.order === 'unknown') && makeRoom(cursor, current.deferred ?? Number.POSITIVE_INFINITY, !current.gaps, this.trusted)) this.note('lost');
		}
		if (current.gaps && current.rises && current.falls) return void (stream.order === 'unknown' && stream.windowed && stream.orderToConfirm && this.orderBroken((stream.sweep = current)));
		delete stream.orderToConfirm;
		if (stream.endsRead && current.rises !== current.falls) Object.assign(stream, { windowed: true, endsRead: undefined });
		// The agent's whole list read whole (the order the window stood on confirmed): the filtered list from here on, its end found from its start (the ends the activation read were the other list's: `endsRead` proves nothing of it). Its length not known, the first fast read cannot tell new facts past where it stops (dated below facts dated ahead): a whole read of it at the full share follows (seed 14539).
		const otherList = stream.wholeAgentList && !current.gaps;
		if (otherList) Object.assign(stream, { wholeAgentList: undefined, total: 0, endsRead: undefined, sweepNeededSince: stream.sweepNeededSince || Date.now() + 1 });
		// A whole read ends the need for one begun before it (a change deferred asked for the next as it was met: report); a place tied where the list moved holds the cursors, and the next read, at its pace, looks there.
		if (!current.gaps && stream.sweepNeededSince > 0 && current.startedAt >= stream.sweepNeededSince) stream.sweepNeededSince = 0;
		if (!current.gaps && current.deferred !== null) stream.sweep ??= { ...newSweep(stream.newest), followsHold: true };
		const order = current.rises && current.falls ? 'unknown' : current.rises ? 'oldest-first' : current.falls ? 'newest-first' : stream.order;
		if (order === 'unknown') {
			if (stream.order !== 'unknown' && this.created) this.note('unordered');
			delete stream.edge;
		} else {
			this.clear('unordered');
			// From here the fast read reads what is newer than the newest fact known (one sweep's page may show none: the last); past a read it waited for, the newest that read met. The list's length is this read's (as the fast read counts it; past the agent's whole list, that of another list: none): what it grows by from here, the next fast read finds.
			const mark = Math.max(this.edgeMark(order === 'oldest-first' ? last.items : []), current.markRead ?? Number.NEGATIVE_INFINITY);
			if ((order !== stream.order || !stream.edge || (current.holding && current.clockSecond !== undefined)) && Number.isFinite(mark)) [stream.edge, stream.total] = [{ mark: Math.max(mark, stream.edge?.mark ?? mark), end: endKey(!otherList && order === 'oldest-first' ? last.items.at(-1) : undefined) }, otherList ? 0 : order === 'oldest-first' ? last.end : last.total];
		}
		stream.order = order;
	}

	/** The cursors back into the stream, as stored (promotions past the activation's clock if its `Date`s disagreed after startFrom, and creations too where no order proves a window, their cursor on its clock, not on a batch); the changes not reported, to n8n's log and the count. */
	save(): void {
		if (this.activating && this.clockless) advance(this.cursors.promoted, this.clock ?? Number.NaN);
		if (this.activating && this.clockless && this.stream.sweep?.holding && this.stream.order === 'unknown' && this.cursors.created.since === this.stream.sweep.clockSecond) advance(this.cursors.created, this.clock ?? Number.NaN, true);
		this.stream.created = storeCursor(this.cursors.created);
		this.stream.promoted = storeCursor(this.cursors.promoted);
		if (this.spread() > (this.stream.skew ?? 0)) this.stream.skew = Math.min(DAY_MS, this.spread());
		if (this.taken > 0) this.warn(`${this.taken} memory-fact change(s) read were not reported. ${NOTES.heldAhead}`);
		if (this.refused > 0) this.warn(`${this.refused} memory-fact change(s) read were not reported: they are dated before the date from which the trigger reports (they showed in the list more than ${WINDOW_MS / 1_000} s after their own date, or after a read found the list out of the order learned at activation, or within the activation's last second where its read of a list with no provable order had gaps) (docs/polling-trigger.md, What it can prove)`);
		if (this.undated > 0) this.warn(`${this.undated} memory fact(s) read have no readable created_at or id and were not among the last ${MAX_UNDATED} such met: they cannot be told new from old, so they are never reported (docs/polling-trigger.md, What it can prove)`);
		[this.stream.refused, this.stream.taken, this.refused, this.taken, this.undated] = [(this.stream.refused ?? 0) + this.refused || undefined, (this.stream.taken ?? 0) + this.taken || undefined, 0, 0, 0];
	}

	/** A sweep met facts out of the order learned: the window proved nothing, so what existed is told as in a list with no provable order: by its clock at activation (a replica's may have been behind the facts': as far as the `Date`s disagree is added), and a whole read from the start (`current` becomes it, its `total` too) holding the creations dated ahead of it (all, with none named: the keys held stay, those of facts outside the filters too, which a promotion may bring in). */
	orderBroken(current: Sweep): void {
		const at = this.stream.activatedAt === undefined ? undefined : this.stream.activatedAt + this.disagreement();
		Object.assign(this.stream, { windowed: undefined, orderToConfirm: undefined, activatedAt: undefined });
		this.needSweep('unordered');
		if (at !== undefined) advance(this.cursors.created, at);
		else advance(this.cursors.created, Number.MAX_SAFE_INTEGER, true);
		if (at !== undefined && this.created) this.warn(`The memory-fact list is out of the order its ends showed (sorted by something else first), which the window read at activation (or after a restart from an earlier version's state) stood on: a fact created before ${new Date(at).toISOString()} that shows in it from here is taken as existing and not reported (docs/polling-trigger.md, What it can prove: Reports late).`);
		Object.assign(current, newSweep(this.stream.newest), { holding: true, heldFrom: at === undefined ? 0 : undefined, clockSecond: at, total: undefined });
	}

	/** The sweep must read at the full share for new facts too, until one started from now (`again`: after now, as the one under way met a change it defers) ends whole. */
	needSweep(code: NoteCode, again = false): void {
		this.stream.sweepNeededSince = again ? Date.now() + 1 : this.stream.sweepNeededSince || Date.now();
		this.note(code);
	}

	/** Writes why to n8n's log, once until `clear(code)`; `warn`, each time. */
	note(code: NoteCode): void {
		const notes = (this.stream.notes ??= []);
		if (notes.includes(code)) return;
		notes.push(code);
		this.warn(NOTES[code]);
	}

	warn = (text: string): void => this.parts.logger.warn(`Agent Platform Polling Trigger "${this.parts.node.name}": ${text}`, { node: this.parts.node.name });
	clear = (...codes: NoteCode[]): void => void (this.stream.notes &&= this.stream.notes.filter((c) => !codes.includes(c as NoteCode)));

	/** Counts a request and keeps what its page taught: the page size, the longest page served (a shorter one is the list's end, edge.ts), and its `Date`. */
	private counted(pageSize: number, length: number): void {
		this.requests += 1;
		this.pagesInStep += 1;
		this.stream.pageSize = pageSize;
		this.stream.served = Math.max(1, Math.min(pageSize, Math.max(this.stream.served ?? 0, length)));
		const date = this.parts.dates.last;
		if (date !== undefined) [this.listDate, this.earliestDate] = [Math.max(this.listDate ?? date, date), Math.min(this.earliestDate ?? date, date)];
		this.firstDate ??= date;
	}

	/** A read of UNDATED_PROOF facts or more with no creation time, where no fact read so far had one, means the API dates them otherwise: say so instead of seeing nothing. Otherwise, or without an id, n8n's log counts those in the filters not met before (a missing promotion time is "never promoted"). */
	private checkFields(read: IDataObject[], facts: IDataObject[]): void {
		const undated = this.created ? read.filter((f) => timeOf(f[FACT_TIME_FIELDS.created]) === undefined).length : 0;
		if (undated >= UNDATED_PROOF && undated === read.length && this.stream.newest === undefined) throw new NodeOperationError(this.parts.node, `The API's memory facts have no "${FACT_TIME_FIELDS.created}" field, which the polling trigger needs`, { description: 'New facts are told from old ones by their creation time. Use the Agent Platform Trigger (webhooks) instead.' });
		const met = meetUndated(this.stream.undated, facts, this.created);
		[this.stream.undated, this.undated] = [met.undated, this.undated + met.met];
	}
}

/** Pages the sweep reads this poll: as many as the share allows, or what an idle poll leaves (SAFETY_POLL_REQUESTS: a page may take two requests, the pager's step back when facts before its place are gone), a page at least in the read after a hold (`followsHold`); the share, too, on an order to confirm once the sweep reached the `total` without an end (one under the count hides additions from the fast read). */
function sweepPages(poll: FactPoll): number {
	const { order, edge, sweepNeededSince, sweep, wholeAgentList, orderToConfirm } = poll.stream;
	if (poll.promoted || order === 'unknown' || !edge || sweepNeededSince > 0 || sweep?.holding || wholeAgentList || (orderToConfirm && sweep && sweep.offset >= (sweep.total ?? Number.POSITIVE_INFINITY))) return Number.POSITIVE_INFINITY;
	return Math.max(sweep?.followsHold ? 1 : 0, SAFETY_POLL_REQUESTS - poll.requests - 1);
}

/** One poll's fact work: the baseline or the fast read, then the sweep; a failure leaves the state after the last whole page, returned with the events found before it. */
export async function pollFacts(parts: FactPollParts, state: PollState): Promise<{ events: PolledEvent[]; failure?: unknown }> {
	const stream = state.facts ?? newStream();
	const poll = new FactPoll(parts, stream);
	let current: Sweep | undefined;
	try {
		let added = 0;
		if (!state.facts || stream.relearn) {
			if (!poll.step().canContinue()) return { events: [] };
			poll.activating = !state.facts;
			delete stream.relearn;
			await baseline(poll);
			state.facts = stream;
		} else {
			const order = edgeOrder(stream);
			// The activation's whole read, holding what existed from the list's clock on, has the full share: the fast read waits (reading back past facts dated ahead, it could spend it all).
			if (poll.created && order && stream.sweep?.clockSecond === undefined && poll.step().canContinue()) added = await fastRead(poll, order);
		}
		const pages = sweepPages(poll);
		if (pages > 0 && poll.step().canContinue()) {
			current = { ...(stream.sweep ?? newSweep(stream.newest)) };
			const last = await sweep(poll, stream, current, pages, added);
			if (last) poll.swept(current, last);
			else stream.sweep = current;
			current = undefined;
		}
		return { events: poll.events };
	} catch (failure) {
		return { events: poll.events, failure };
	} finally {
		// A sweep that failed half-way keeps its place after the last whole page.
		if (current) stream.sweep = current;
		poll.save();
	}
}
