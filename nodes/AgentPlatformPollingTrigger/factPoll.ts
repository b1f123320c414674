/**
 * One poll's work on the memory-fact list. The model (docs/polling-trigger.md says the same):
 *
 * 1. Only a fact's id and the API's own dates say whether it is new: a change dated at or after its
 *    cursor and not ahead of the API's clock, whose key is not held (judge.ts). Position says where to read.
 * 2. At activation the cursors are the API's time: the latest `Date` of its answers plus that header's
 *    resolution; no fact there then is dated later (factChanges.ts). They move on only after a whole
 *    read of the list, never past a change left for later. n8n's clock dates nothing.
 * 3. The fast read (edge.ts) reads where new facts appear in a list kept in creation order; the sweep
 *    (factSweep.ts) reads the whole list at the share's pace: promotions, and whatever the fast read missed.
 */
import { NodeOperationError, type IDataObject, type INode, type Logger } from 'n8n-workflow';
import type { AgentPlatformClient, ScanPage, ScanStart } from '../../src/client';
import { FACT_TIME_FIELDS } from '../../src/vocabulary';
import { factEvent, type PolledEvent, timeOf } from './events';
import { type Cursor, DATE_RESOLUTION_MS, judge, type Kind, MAX_SKEW_MS, oldest, remember } from './judge';
import type { KeyShare } from './keyShare';
import { factQuery, type PollSettings } from './settings';
import { type FactStream, readCursor, shortHash, storeCursor } from './state';

/** How late a change may show in the list after its own date: cursors stay this far behind. */
export const LAG_MS = 60_000;

/** Events one poll hands to n8n at most; the rest wait for the next poll. */
export const MAX_EVENTS_PER_POLL = 1_000;

/** Why a poll reads the whole list for new facts, as n8n's log says it (once, until it changes). */
const NOTES = {
	unordered:
		'The memory-fact list is not in creation order (or not in a stable one), so new facts are found by reading the whole list at the pace of the key share this trigger may spend: they are reported later than from an ordered list.',
	unconfirmed:
		'The end of the memory-fact list where new facts appear could not be read as its total said (a total that is off, pages that move while read, or more new facts than one poll may read): the whole list is read for new facts too, so none is missed.',
	full: 'More memory-fact changes came between two whole reads of the list than the trigger keeps keys for: the rest are reported once the next whole read has ended.',
	state: 'The stored state of this trigger could not be read whole: it carries on from the parts it could read.',
	second:
		"Memory facts dated within the second the activation's last answer named (its Date header) were read: the API's clock cannot tell those made after activation from those there before it, so none of them is reported (docs/polling-trigger.md, What it can prove).",
	ahead:
		"Memory facts dated ahead of the API's clock (its Date header) were read: a change is reported only once that clock has passed its date, and facts up to 5 minutes ahead at activation moved the activation's boundary past them, so changes dated before that are not reported (docs/polling-trigger.md, What it can prove).",
} as const;
export type NoteCode = keyof typeof NOTES;

/** The API's clock as the poll's answers tell it: their `Date` headers. */
export class ApiDates {
	latest?: number;

	answered(answer: { serverDate?: number }): void {
		if (answer.serverDate !== undefined) this.latest = Math.max(this.latest ?? Number.NEGATIVE_INFINITY, answer.serverDate);
	}
}

/** One page of the list at an offset, as read by plain offset requests (the fast read and the baseline's last page). */
export interface OffsetPage {
	items: IDataObject[];
	offset: number;
	total: number;
	/** The longest page the server has served (a shorter one ends the list). */
	served: number;
}

const none = () => false;

/** A ScanStart at a stored place, its anchors being hashed ids. */
export function startAt(place: { offset: number; anchors: string[]; total?: number } | undefined): ScanStart {
	if (!place) return { offset: 0, anchors: 0, isAnchor: none };
	const anchors = new Set(place.anchors);
	return { offset: place.offset, anchors: place.anchors.length, isAnchor: (id) => anchors.has(shortHash(id)), total: place.total };
}

/** The creation time of a fact (NaN when it has none that reads as a time). */
export const createdAt = (fact: IDataObject) => timeOf(fact[FACT_TIME_FIELDS.created]) ?? Number.NaN;

/** The newest creation date among facts, none later than `upTo` (the API's clock: a fact dated ahead moves no mark past it); -Infinity when none. */
export const newestCreated = (facts: IDataObject[], upTo = Number.POSITIVE_INFINITY) =>
	facts.reduce((max, fact) => Math.max(max, Number.isFinite(createdAt(fact)) ? Math.min(upTo, createdAt(fact)) : max), Number.NEGATIVE_INFINITY);

/** The newest change date a fact shows (created or promoted; -Infinity when none). */
export const newestDate = (fact: IDataObject) =>
	Math.max(timeOf(fact[FACT_TIME_FIELDS.created]) ?? Number.NEGATIVE_INFINITY, timeOf(fact[FACT_TIME_FIELDS.promoted]) ?? Number.NEGATIVE_INFINITY);

export interface FactPollParts {
	node: INode;
	logger: Logger;
	client: AgentPlatformClient;
	settings: PollSettings;
	share: KeyShare;
	dates: ApiDates;
	events: PolledEvent[];
	/** Local time after which no new page is requested (each step still reads one). */
	deadline: number;
}

export class FactPoll {
	readonly wants: ReadonlySet<Kind>;
	readonly cursors: Record<Kind, Cursor>;
	/** Requests this poll sent for facts. */
	requests = 0;
	private readonly query: IDataObject;
	private pagesInStep = 0;
	/** While `withBudget` runs: the client whose requests count against what it announced. */
	private budgeted?: AgentPlatformClient;

	constructor(
		private readonly parts: FactPollParts,
		readonly stream: FactStream,
	) {
		const { events } = parts.settings;
		this.wants = new Set<Kind>([...(events.has('memory.fact_created') ? ['created' as const] : []), ...(events.has('memory.fact_promoted') ? ['promoted' as const] : [])]);
		this.query = factQuery(parts.settings);
		const cursor = (stored: FactStream['created']) => readCursor(stored) ?? { since: 0, keys: new Map<string, number>() };
		this.cursors = { created: cursor(stream.created), promoted: cursor(stream.promoted) };
	}

	get created(): boolean {
		return this.wants.has('created');
	}

	get promoted(): boolean {
		return this.wants.has('promoted');
	}

	/** The API's clock as the latest answer's `Date` said (undefined: no answer named it): no later than it was then. */
	get serverDate(): number | undefined {
		return this.parts.dates.latest;
	}

	/** The latest time the API's clock may have shown by the latest answer (`Date` is whole seconds). */
	get serverDateUpTo(): number | undefined {
		const date = this.parts.dates.latest;
		return date === undefined ? undefined : date + DATE_RESOLUTION_MS - 1;
	}

	/** Starts a step of the poll (the baseline, the fast read, the sweep). */
	step(): this {
		this.pagesInStep = 0;
		return this;
	}

	/** Whole requests the key share still pays for. */
	get affordable(): number {
		return this.parts.share.available;
	}

	/**
	 * Whether another request may be sent: the key share pays for one, and, past the step's first page
	 * (so that a small time budget still makes progress), time is left and events are few enough.
	 */
	canContinue(): boolean {
		if (this.parts.share.available < 1) return false;
		return this.pagesInStep === 0 || (Date.now() < this.parts.deadline && this.parts.events.length < MAX_EVENTS_PER_POLL);
	}

	/** Pages of the fact list from `from` on, through the client's resumable pager, asked for one by one as the caller reads on. */
	async *pages(from: ScanStart): AsyncGenerator<ScanPage> {
		for await (const page of (this.budgeted ?? this.parts.client).pagesFrom('memoryFact.getMany', { qs: this.query, from, pageSize: this.stream.pageSize || undefined })) {
			this.counted(page.pageSize, page.items.length);
			yield page;
		}
	}

	/** The page at `offset` (a plain request: the fast read places its own). */
	async pageAt(offset: number): Promise<OffsetPage> {
		const limit = this.stream.pageSize || 1000;
		const envelope = await (this.budgeted ?? this.parts.client).pageAt('memoryFact.getMany', { qs: this.query, offset, limit });
		const { pagination } = envelope;
		if (pagination.offset !== offset || !Number.isSafeInteger(pagination.total)) {
			const why = pagination.offset !== offset ? `answered a request for offset ${offset} with offset ${pagination.offset}` : `announced a total of ${pagination.total} items`;
			throw new NodeOperationError(this.parts.node, `The memory-fact list cannot be read: the server ${why}`, {
				description: 'A server or proxy that ignores the list\'s offset parameter cannot be polled. Use the Agent Platform Trigger (webhooks) instead.',
			});
		}
		const items = envelope.data;
		const pageSize = pagination.limit > 0 && pagination.limit < limit ? pagination.limit : this.stream.pageSize || Math.max(items.length, 1);
		this.counted(pageSize, items.length);
		return { items, offset, total: pagination.total, served: this.stream.served ?? 1 };
	}

	/** Runs `work` with the pages this poll may still read announced to the key's rate budget (the client spreads them with everything else on the key). */
	async withBudget<T>(pages: number, work: () => Promise<T>): Promise<T> {
		return await this.parts.client.withBudget(Math.min(pages, this.parts.share.available), async (budgeted) => {
			// The pages read while `work` runs are sent by the client that counts them against the announcement.
			this.budgeted = budgeted;
			try {
				return await work();
			} finally {
				this.budgeted = undefined;
			}
		});
	}

	/**
	 * Judges facts a reader found (judge.ts), hands the new changes to n8n and remembers their keys;
	 * returns the oldest change it had to defer (Infinity: none), and whether this poll ran out of room
	 * for events (the reader then reads those facts again at the next poll).
	 */
	report(facts: IDataObject[]): { deferred: number; outOfRoom: boolean } {
		this.checkFields(facts);
		const room = Math.max(0, MAX_EVENTS_PER_POLL - this.parts.events.length);
		const { fresh, deferred, ahead } = judge(this.cursors, facts, this.wants, room, this.serverDateUpTo);
		if (ahead.length > 0) this.note('ahead');
		const { boundary = Number.NaN } = this.stream;
		if (facts.some((fact) => createdAt(fact) < boundary && createdAt(fact) >= boundary - DATE_RESOLUTION_MS)) this.note('second');
		for (const change of fresh) {
			remember(this.cursors[change.kind], change);
			this.parts.events.push(factEvent(change.kind === 'created' ? 'memory.fact_created' : 'memory.fact_promoted', change.fact, change.at));
		}
		// Deferred with room for events: the keys are full until a whole read moves the cursor on.
		if (deferred.length > 0 && fresh.length < room) this.needSweep('full');
		return { deferred: oldest(deferred), outOfRoom: deferred.length > 0 && fresh.length >= room };
	}

	/** The cursors back into the stream, as stored, with the API's clock as this poll last heard it. */
	save(): void {
		if (this.serverDate !== undefined) this.stream.apiDate = this.serverDate;
		this.stream.created = storeCursor(this.cursors.created);
		this.stream.promoted = storeCursor(this.cursors.promoted);
	}

	/** The sweep must read at the full share for new facts too, until one started from now ends whole. */
	needSweep(code: NoteCode): void {
		this.stream.sweepNeededSince ||= Date.now();
		this.note(code);
	}

	/** Writes why to n8n's log, once until `clear(code)`. */
	note(code: NoteCode): void {
		const notes = (this.stream.notes ??= []);
		if (notes.includes(code)) return;
		notes.push(code);
		this.parts.logger.warn(`Agent Platform Polling Trigger "${this.parts.node.name}": ${NOTES[code]}`, { node: this.parts.node.name });
	}

	clear(code: NoteCode): void {
		if (this.stream.notes?.includes(code)) this.stream.notes = this.stream.notes.filter((c) => c !== code);
	}

	/**
	 * Counts a request and keeps what its page taught: the page size, and the longest page served (a
	 * page shorter than that is the list's end, edge.ts, whatever its `total` and `limit` say). A cursor
	 * further ahead of the API's clock than a boundary can be (an edited state) comes back to its clock
	 * at the last poll.
	 */
	private counted(pageSize: number, length: number): void {
		this.requests += 1;
		this.pagesInStep += 1;
		this.stream.pageSize = pageSize;
		this.stream.served = Math.max(1, Math.min(pageSize, Math.max(this.stream.served ?? 0, length)));
		const now = this.serverDateUpTo ?? Number.POSITIVE_INFINITY;
		const back = Math.min(this.stream.apiDate ?? now, now);
		for (const cursor of Object.values(this.cursors)) if (cursor.since > now + MAX_SKEW_MS + 1) cursor.since = back;
	}

	/**
	 * Every fact has a creation time; facts without one mean the API dates them differently, so say so
	 * instead of seeing nothing. A missing promotion time is not checked: it is how a server that leaves
	 * out empty fields says "never promoted", and refusing it would stop the trigger for good.
	 */
	private checkFields(facts: IDataObject[]): void {
		if (!this.created || facts.length === 0 || facts.some((f) => timeOf(f[FACT_TIME_FIELDS.created]) !== undefined)) return;
		throw new NodeOperationError(this.parts.node, `The API's memory facts have no "${FACT_TIME_FIELDS.created}" field, which the polling trigger needs`, {
			description: 'New facts are told from old ones by their creation time. Use the Agent Platform Trigger (webhooks) instead.',
		});
	}
}
