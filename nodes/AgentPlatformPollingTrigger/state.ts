/**
 * What the polling trigger remembers between polls, in the workflow's static data (n8n saves it
 * with the workflow, so it survives restarts). Nothing in it is copied from the server unbounded:
 * ids are kept as SHORT hashes, statuses up to MAX_STATUS_CHARS, and every map and list has a cap,
 * so its size is bounded in bytes whatever the server sends (MAX_STATE_BYTES):
 *
 * - agents: each agent's last status, by hashed id (MAX_AGENTS entries of at most 47 bytes);
 * - share: the account of requests spent against the key's rate limit (keyShare.ts);
 * - facts: where new facts appear in the list and where the trigger stands there (newFacts.ts), the
 *   place of the sweep of the whole list (factSweep.ts), and two cursors, one for creations and
 *   one for promotions: a time (the API's own clock) before which every change is accounted for,
 *   and the hashed keys of the changes at or after it already seen (MAX_SEEN entries of at most 25
 *   bytes each).
 *
 * A poll works on a copy and writes it back whole, so what is stored is always the state after a
 * whole page: never half a page, and never events that were not handed to n8n. n8n does not always
 * save the static data after a poll that returned nothing, so the process also keeps the latest
 * state of each trigger, and a poll starts from it when it is newer (latestState.ts).
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../../src/client';
import type { ShareAccount } from './keyShare';

export const STATE_KEY = 'pollState';
const FORMAT = 2;

/** Characters of a hash kept for an id (48 bits: a collision among 100,000 facts is about one in 50,000 years of polls). */
const HASH_CHARS = 8;

/**
 * Agents whose statuses are kept at most. The agent list is read whole every poll, 100 a page: 1,000
 * agents take 10 requests a poll, all of a 0.2 share of an Individual key (60 a minute).
 */
export const MAX_AGENTS = 1_000;

/** Keys each cursor remembers at most. */
export const MAX_SEEN = 2_000;

/** A status longer than this (no real one is) is kept as its hash. */
export const MAX_STATUS_CHARS = 32;

/** Bytes of JSON of one agent's status (`"hash8":"status≤32",`) and of one seen key (`"hash8":1768467600000,`). */
const AGENT_STATUS_BYTES = 47;
const SEEN_KEY_BYTES = 25;

/**
 * Bytes of JSON of the fixed fields and the anchors: five lists of at most 5 hashes (the edge's, the
 * pending read's and its `until`, the sweep's and its head's).
 */
const FIXED_BYTES = 4_096;

/**
 * The largest state, in bytes of JSON: the agents' statuses, two cursors of MAX_SEEN keys, and the
 * fixed fields. test/polling/state.test.ts fills every part to its cap and checks the total.
 */
export const MAX_STATE_BYTES = MAX_AGENTS * AGENT_STATUS_BYTES + 2 * MAX_SEEN * SEEN_KEY_BYTES + FIXED_BYTES;

/** An id (or any text from the server) as the short key the state keeps. */
export const shortHash = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, HASH_CHARS);

/** Change key → the change's time (server clock, epoch ms). */
type Seen = Record<string, number>;

/** Changes of one kind: all before `since` are accounted for; `seen` holds those at or after it already seen. */
export interface Cursor {
	since: number;
	seen: Seen;
}

/** How the fact list is ordered, learned from its creation times (newFacts.ts). */
export type ListOrder = 'oldest-first' | 'newest-first' | 'unknown';

/** A place in the fact list: an offset and the hashed ids just before it. */
export interface Place {
	offset: number;
	anchors: string[];
}

/**
 * Where new facts appear and how far the trigger has read there: oldest-first, the end of the list
 * (`offset` and the last ids); newest-first, the start (`anchors` are the first ids).
 */
export interface Edge extends Place {
	/** The list's `total` when last read. */
	total: number;
	/** The creation time of the newest fact there. */
	created: number;
}

/** Newest-first only: new facts not read yet, between `offset` and the facts `until` names. */
interface Pending extends Place {
	total: number;
	until: string[];
	untilCreated: number;
}

/** A read of the whole list, over as many polls as the key's share needs. */
export interface Sweep extends Place {
	/** Local time it started: its length widens the overlap of the cursors it moves. */
	startedAt: number;
	pages: number;
	maxPages: number;
	/** Newest change times seen (server clock, not after the local clock; 0: none). */
	newestCreated: number;
	newestPromoted: number;
	/** The list moved more than the anchors could follow: items may have been skipped. */
	gaps: boolean;
	/** Creation times seen rising / falling from one fact to the next (the list's order). */
	rises: boolean;
	falls: boolean;
	/** Creation time of the last fact read, to compare the next page with (null: none, or after a gap). */
	lastCreated: number | null;
	/** The list's first facts when the sweep began: the edge, should the sweep show the list is newest first. */
	head?: Edge;
	/** The list's `total` when `offset` was taken: newest first, the facts added at the start since moved the place on (factSweep.ts). */
	total?: number;
}

export interface FactStream {
	/** The largest page the server serves, once learned (0: not known). */
	pageSize: number;
	/** The list's `total` when last read. */
	total: number;
	order: ListOrder;
	created: Cursor;
	promoted: Cursor;
	edge?: Edge;
	pending?: Pending;
	sweep?: Sweep;
	/** When new facts could not be found at the edge: a sweep must also look for them until one started at or after this time ends whole (0: none needed). */
	sweepNeededSince: number;
	/** What n8n's log was told, so each is told once (factPoll.ts, NOTES). */
	notes?: string[];
}

export interface PollState {
	format: typeof FORMAT;
	fingerprint: string;
	/** New at every poll: tells the stored state from the newer one this process may keep (latestState.ts). */
	rev?: string;
	/** When the last poll ended (local clock): no cursor can rightly be later. */
	polledAt?: number;
	/** The organization's `org_` id; null when the key may not read it. */
	orgId?: string | null;
	/** Hashed agent id → last seen status; absent until the agents' baseline. */
	agents?: Record<string, string>;
	share?: ShareAccount;
	facts?: FactStream;
}

export const newState = (fingerprint: string): PollState => ({ format: FORMAT, fingerprint });

/** How a change time from the server may be ahead of the local clock and still move a cursor to it. */
export const FUTURE_TOLERANCE_MS = 3_600_000;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** Hashes a stored list (anchors, a pending read's `until`) may hold when read back; the trigger writes at most 5. */
const MAX_HASH_LIST = 16;

/** Notes a stored state may hold when read back, and their length: one short code per NOTES entry (factPoll.ts). */
const MAX_NOTES = 8;
const MAX_NOTE_CHARS = 16;

const isHashList = (value: unknown): value is string[] => Array.isArray(value) && value.length <= MAX_HASH_LIST && value.every((v) => typeof v === 'string' && v.length === HASH_CHARS);
const isCursor = (value: unknown): value is Cursor =>
	isObject(value) && isNumber(value.since) && isObject(value.seen) && Object.keys(value.seen).length <= MAX_SEEN && Object.values(value.seen).every(isNumber);
const isPlace = (value: unknown): value is Place => isObject(value) && isNumber(value.offset) && value.offset >= 0 && isHashList(value.anchors);
const isEdge = (value: unknown): value is Edge => isPlace(value) && isNumber((value as unknown as IDataObject).total) && isNumber((value as unknown as IDataObject).created);
function isPending(value: unknown): value is Pending {
	if (!isPlace(value)) return false;
	const v = value as unknown as IDataObject;
	return isNumber(v.total) && isHashList(v.until) && isNumber(v.untilCreated);
}

function isSweep(value: unknown): value is Sweep {
	if (!isPlace(value)) return false;
	const v = value as unknown as IDataObject;
	return (
		[v.startedAt, v.pages, v.maxPages, v.newestCreated, v.newestPromoted].every(isNumber) &&
		[v.gaps, v.rises, v.falls].every((b) => typeof b === 'boolean') &&
		(v.lastCreated === null || isNumber(v.lastCreated)) &&
		(v.head === undefined || isEdge(v.head)) &&
		(v.total === undefined || isNumber(v.total))
	);
}

function isStream(value: unknown): value is FactStream {
	if (!isObject(value) || !isNumber(value.pageSize) || !isNumber(value.total) || !isNumber(value.sweepNeededSince)) return false;
	if (!['oldest-first', 'newest-first', 'unknown'].includes(value.order as string)) return false;
	if (!isCursor(value.created) || !isCursor(value.promoted)) return false;
	if (value.notes !== undefined && !(Array.isArray(value.notes) && value.notes.length <= MAX_NOTES && value.notes.every((n) => typeof n === 'string' && n.length <= MAX_NOTE_CHARS))) return false;
	return (value.edge === undefined || isEdge(value.edge)) && (value.pending === undefined || isPending(value.pending)) && (value.sweep === undefined || isSweep(value.sweep));
}

const isShare = (value: unknown): value is ShareAccount => isObject(value) && isNumber(value.tokens) && isNumber(value.at) && isNumber(value.limit) && value.limit > 0;

const isStatuses = (value: unknown): value is Record<string, string> =>
	isObject(value) && Object.keys(value).length <= MAX_AGENTS && Object.values(value).every((v) => typeof v === 'string' && v.length <= MAX_STATUS_CHARS);

/**
 * A cursor is never later than the poll that moved it. One stored later cannot be right (a broken
 * server clock once, an edited state) and would hide every change until then: it is brought back
 * to when the last poll ended, before which every change was seen. Other times are kept from the future.
 */
function clampToPolls(stream: FactStream, polledAt: number, now: number): void {
	for (const cursor of [stream.created, stream.promoted]) if (cursor.since > polledAt) cursor.since = polledAt;
	if (stream.sweep && stream.sweep.startedAt > now) stream.sweep.startedAt = now;
	if (stream.sweepNeededSince > now) stream.sweepNeededSince = now;
}

/**
 * The stored state for these settings, as a plain copy, or undefined when there is none, it was
 * recorded under other settings, or it is not what this version writes (then a new baseline).
 */
export function loadState(stored: unknown, fingerprint: string, now: number): PollState | undefined {
	if (!isObject(stored) || stored.format !== FORMAT || stored.fingerprint !== fingerprint) return undefined;
	const copy = JSON.parse(JSON.stringify(stored)) as IDataObject;
	if (copy.orgId !== undefined && copy.orgId !== null && typeof copy.orgId !== 'string') return undefined;
	if (copy.rev !== undefined && !(typeof copy.rev === 'string' && copy.rev.length <= 16)) return undefined;
	if (copy.polledAt !== undefined && !isNumber(copy.polledAt)) return undefined;
	if (copy.agents !== undefined && !isStatuses(copy.agents)) return undefined;
	if (copy.share !== undefined && !isShare(copy.share)) return undefined;
	if (copy.facts !== undefined && !isStream(copy.facts)) return undefined;
	const state = copy as unknown as PollState;
	if (state.facts) clampToPolls(state.facts, Math.min(state.polledAt ?? now, now), now);
	return state;
}

/** Whether `key` is in `map` as its own entry (never one of Object.prototype's names). */
export const has = (map: object, key: string): boolean => Object.prototype.hasOwnProperty.call(map, key);
