/**
 * One poll's work on the memory-fact list: what it may spend, the pages it reads, and the rule that
 * decides for each fact read whether it is a change to report. newFacts.ts (the edge where new
 * facts appear) and factSweep.ts (the sweep of the whole list) read pages; this file judges them.
 *
 * A change is dated by the API's own clock: `created_at` for a new fact, `promoted_at` for a
 * promotion. Each kind has a cursor (state.ts): `since`, before which every change is accounted
 * for (reported, or there at the baseline), and the hashed keys of the changes at or after it
 * already seen. A fact read is judged one of three ways:
 *
 * - by time: a change at or after `since`, not more than FUTURE_TOLERANCE_MS ahead of the local
 *   clock, whose key is not known, is new (one dated further ahead waits until it is within an
 *   hour: a broken server clock must not fill the keys with changes that never leave them);
 * - by position: a fact the edge read found after the facts known there is new whatever its date
 *   (newFacts.ts says when that holds), unless its key is known;
 * - as the baseline: remembered, never reported.
 *
 * Cursors move only to times the local clock has reached, so a future-dated fact cannot hide the
 * changes after it, and the keys are bounded (MAX_SEEN): when there are more, the oldest go and
 * `since` moves past them, never past now.
 */
import { NodeOperationError, type IDataObject, type INode, type Logger } from 'n8n-workflow';
import type { AgentPlatformClient, ScanPage, ScanStart } from '../../src/client';
import { FACT_TIME_FIELDS } from '../../src/vocabulary';
import { factEvent, type PolledEvent, timeOf } from './events';
import type { KeyShare } from './keyShare';
import { factQuery, type PollSettings } from './settings';
import { type Cursor, type FactStream, FUTURE_TOLERANCE_MS, has, MAX_SEEN, type Place, shortHash } from './state';

/** How late a change may become visible in the list after its own timestamp. */
export const LAG_MS = 60_000;

/** Events one poll hands to n8n at most; the reading goes on at the next poll. */
const MAX_EVENTS_PER_POLL = 1_000;

type Judgement = 'time' | 'position' | 'baseline';

/** Why a poll reads the whole list for new facts, as n8n's log says it (once, until it changes). */
const NOTES = {
	unordered:
		'The memory-fact list is not in creation order (or not in a stable one), so new facts are found by reading the whole list at the pace of the key share this trigger may spend: they are reported later than from an ordered list.',
	lost: 'The facts the trigger knew at the edge of the memory-fact list where new facts appear were not found there (deleted, or the list moved under the read): to miss none, the whole list is read for new facts once.',
	future: 'The API dated some memory-fact changes more than an hour ahead of this n8n\'s clock: they are reported once they are within the hour.',
} as const;
type NoteCode = keyof typeof NOTES;

const none = () => false;

/** A ScanStart at `place`, its anchors being hashed ids. */
export function startAt(place: Place | undefined): ScanStart {
	if (!place) return { offset: 0, anchors: 0, isAnchor: none };
	const anchors = new Set(place.anchors);
	return { offset: place.offset, anchors: place.anchors.length, isAnchor: (id) => anchors.has(shortHash(id)) };
}

export const hashes = (ids: string[]) => ids.map(shortHash);

/** The creation time of a fact (NaN when it has none that reads as a time). */
export const createdAt = (fact: IDataObject) => timeOf(fact[FACT_TIME_FIELDS.created]) ?? Number.NaN;

export class FactPoll {
	readonly created: boolean;
	readonly promoted: boolean;
	/** Facts found new at the start of the list this poll (newest-first), for the sweep's place (factSweep.ts). */
	addedAtStart = 0;
	/** The list's `total` as this poll last read it (undefined until its first page). */
	totalRead?: number;
	private readonly query: IDataObject;
	/** Pages read in the current step (the edge, the sweep): each step reads one even past the deadline. */
	private pagesInStep = 0;
	/** While `withBudget` runs: the client whose requests count against what it announced. */
	private budgeted?: AgentPlatformClient;

	constructor(
		readonly node: INode,
		private readonly logger: Logger,
		private readonly client: AgentPlatformClient,
		readonly stream: FactStream,
		settings: PollSettings,
		private readonly share: KeyShare,
		readonly events: PolledEvent[],
		private readonly deadline: number,
	) {
		this.created = settings.events.has('memory.fact_created');
		this.promoted = settings.events.has('memory.fact_promoted');
		this.query = factQuery(settings);
	}

	/** Starts a step of the poll (the baseline, the edge, the sweep). */
	step(): this {
		this.pagesInStep = 0;
		return this;
	}

	/**
	 * Whether another request may be sent: the key share pays for one, and, past the step's first
	 * page (so that a small time budget still makes progress), time is left and events are few enough.
	 */
	canContinue(): boolean {
		if (this.share.available < 1) return false;
		return this.pagesInStep === 0 || (Date.now() < this.deadline && this.events.length < MAX_EVENTS_PER_POLL);
	}

	/** Whether the key share pays for another request (the baseline's two pages are one step). */
	affords(): boolean {
		return this.share.available >= 1;
	}

	/** Pages of the fact list from `from` on, asked for one by one as the caller reads on. */
	pages(from: ScanStart): AsyncGenerator<ScanPage> {
		return (this.budgeted ?? this.client).pagesFrom('memoryFact.getMany', { qs: this.query, from, pageSize: this.stream.pageSize || undefined });
	}

	/** The first page from `from`, or undefined when the list has none there. */
	async page(from: ScanStart): Promise<ScanPage | undefined> {
		for await (const page of this.pages(from)) return page;
		return undefined;
	}

	/** Runs `work` with the pages this poll may still read announced to the key's rate budget (the client spreads them with everything else on the key). */
	async withBudget<T>(pages: number, work: () => Promise<T>): Promise<T> {
		return await this.client.withBudget(Math.min(pages, this.share.available), async (budgeted) => {
			// The pages read while `work` runs are sent by the client that counts them against the announcement.
			this.budgeted = budgeted;
			try {
				return await work();
			} finally {
				this.budgeted = undefined;
			}
		});
	}

	/** Keeps what a page taught: the page size and the list's length. */
	learn(page: ScanPage): void {
		this.pagesInStep += 1;
		this.stream.pageSize = page.pageSize;
		this.stream.total = page.total;
		this.totalRead = page.total;
	}

	/**
	 * Judges facts read (see the file comment); creations as `creations` says, promotions always by
	 * time. Only for the events chosen: a cursor of an event nobody asked for would only fill the
	 * state (choosing it later changes the settings' fingerprint, which starts a new baseline).
	 */
	judge(facts: IDataObject[], creations: Judgement | ((fact: IDataObject) => Judgement)): void {
		this.checkFields(facts);
		const now = Date.now();
		for (const fact of facts) {
			if (typeof fact.id !== 'string') continue;
			const how = typeof creations === 'function' ? creations(fact) : creations;
			const created = timeOf(fact[FACT_TIME_FIELDS.created]);
			if (this.created && created !== undefined && this.decide(this.stream.created, shortHash(fact.id), created, how, now)) {
				this.events.push(factEvent('memory.fact_created', fact, created));
			}
			const promoted = timeOf(fact[FACT_TIME_FIELDS.promoted]);
			const promotedHow = how === 'baseline' ? 'baseline' : 'time';
			if (this.promoted && promoted !== undefined && this.decide(this.stream.promoted, shortHash(`${fact.id}\n${promoted}`), promoted, promotedHow, now)) {
				this.events.push(factEvent('memory.fact_promoted', fact, promoted));
			}
		}
	}

	/** Moves the creations' cursor up to `to`, never past now. */
	advanceCreated(to: number): void {
		if (!Number.isFinite(to)) return;
		const cursor = this.stream.created;
		cursor.since = Math.max(cursor.since, Math.min(to, Date.now()));
	}

	/** Moves a cursor after a whole sweep that started `length` ms ago and saw changes up to `newest`. */
	static afterSweep(cursor: Cursor, newest: number, length: number): void {
		if (newest > 0) cursor.since = Math.max(cursor.since, Math.min(newest, Date.now()) - length - LAG_MS);
	}

	/** New facts could not be found at the edge: a sweep must look for them (see FactStream.sweepNeededSince). */
	needSweep(code: NoteCode): void {
		this.stream.sweepNeededSince ||= Date.now();
		this.note(code);
	}

	/** Writes why to n8n's log, once until `clear(code)`. */
	note(code: NoteCode): void {
		const notes = (this.stream.notes ??= []);
		if (notes.includes(code)) return;
		notes.push(code);
		this.logger.warn(`Agent Platform Polling Trigger "${this.node.name}": ${NOTES[code]}`, { node: this.node.name });
	}

	clear(code: NoteCode): void {
		if (this.stream.notes?.includes(code)) this.stream.notes = this.stream.notes.filter((c) => c !== code);
	}

	/** Drops keys before the cursors and keeps at most MAX_SEEN of each (see the file comment). */
	bound(): void {
		const now = Date.now();
		for (const cursor of [this.stream.created, this.stream.promoted]) {
			let kept = Object.entries(cursor.seen).filter(([, at]) => at >= cursor.since);
			if (kept.length > MAX_SEEN) {
				kept.sort((a, b) => a[1] - b[1]);
				const dropped = kept.slice(0, kept.length - MAX_SEEN);
				cursor.since = Math.max(cursor.since, Math.min(dropped[dropped.length - 1][1] + 1, now));
				kept = kept.slice(kept.length - MAX_SEEN).filter(([, at]) => at >= cursor.since);
			}
			cursor.seen = Object.fromEntries(kept);
		}
	}

	/** Whether a change is new; remembers it. */
	private decide(cursor: Cursor, key: string, at: number, how: Judgement, now: number): boolean {
		if (has(cursor.seen, key)) return false;
		if (how !== 'position' && at < cursor.since) return false;
		if (how === 'time' && at > now + FUTURE_TOLERANCE_MS) {
			this.note('future');
			return false;
		}
		if (at >= cursor.since) cursor.seen[key] = at;
		return how !== 'baseline';
	}

	/**
	 * Every fact has a creation time; facts without one mean the API dates them differently, so say so
	 * instead of seeing nothing. A missing promotion time is not checked: it is how a server that leaves
	 * out empty fields says "never promoted", and refusing it would stop the trigger for good.
	 */
	private checkFields(facts: IDataObject[]): void {
		if (!this.created || facts.length === 0 || facts.some((f) => timeOf(f[FACT_TIME_FIELDS.created]) !== undefined)) return;
		throw new NodeOperationError(this.node, `The API's memory facts have no "${FACT_TIME_FIELDS.created}" field, which the polling trigger needs`, {
			description: 'New facts are told from old ones by their creation time. Use the Agent Platform Trigger (webhooks) instead.',
		});
	}
}
