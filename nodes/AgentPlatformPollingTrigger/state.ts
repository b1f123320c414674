/**
 * What the polling trigger remembers between polls, in the workflow's static data (n8n saves it with the
 * workflow, so it survives restarts). It is bounded in bytes whatever the server sends (MAX_STATE_BYTES):
 * ids are kept as short hashes, statuses up to MAX_STATUS_CHARS, and every map and list has a cap. A poll
 * works on a copy and writes it back whole: never half a page, never events not handed to n8n. Each part
 * says below what it holds; the process also keeps the latest state of each trigger (latestState.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../../src/client';
import type { ListOrder } from '../../src/client/listEnd';
import { type Cursor, DATE_RESOLUTION_MS, HASH_CHARS, keyBytes, MAX_SEEN_BYTES, MAX_UNDATED, WINDOW_MS } from './judge';
import type { ShareAccount } from './keyShare';

export { MAX_SEEN, MAX_SEEN_BYTES, shortHash } from './judge';

export const STATE_KEY = 'pollState';
const FORMAT = 4;

/** Agents whose statuses are kept at most: read whole every poll, 100 a page, 1,000 take all of a 0.2 share of 60 a minute. */
export const MAX_AGENTS = 1_000;

/** A status longer than this (no real one is) is kept as its hash. */
export const MAX_STATUS_CHARS = 32;

/** Bytes of JSON of one agent's status (`"hash8":"status≤32",`). */
const AGENT_STATUS_BYTES = 47;

/** Bytes of JSON of the fixed fields and the sweep's anchors (at most 5 hashes). */
const FIXED_BYTES = 4_096;

/** The largest state, in bytes of JSON (test/polling/state.test.ts fills every part to its cap and checks it). */
export const MAX_STATE_BYTES = MAX_AGENTS * AGENT_STATUS_BYTES + 2 * MAX_SEEN_BYTES + MAX_UNDATED * HASH_CHARS + FIXED_BYTES;

/** A cursor as stored: `since` (epoch ms), its keys grouped by date (`"1768467600000": "hash8hash8…"`), and `from` when before `since` (judge.ts). */
export interface StoredCursor {
	since: number;
	seen: Record<string, string>;
	from?: number;
}

/** A read of the whole list, over as many polls as the key's share needs (factSweep.ts). */
export interface Sweep {
	/** Its place in the list: an offset and the hashed ids just before it. */
	offset: number;
	anchors: string[];
	/** Local time it started (the sweep the trigger needs started after the reason arose: FactStream.sweepNeededSince). */
	startedAt: number;
	/** The newest trusted change date known when it started (factPoll.ts; none: its end moves no cursor). */
	newestAtStart?: number;
	/** Where the fast read may stop once this read has ended in order (factPoll.ts, edgeMark). */
	markRead?: number;
	/** The activation's read of a list whose window could not be read at its newest end: it holds the creations that existed (judge.ts, holdExisting). */
	holding?: true;
	/** With `holding`: from where the creations that existed are held; the list's clock at activation; up to where all are held (facts dated ahead read then, and past a batch those dated before that clock: factPoll.ts, startFrom); past a batch, how often it was begun again after gaps that hid any order (three times at most where the dates showed none, or one date; twelve where they went one way: Sweep.shown). */
	heldFrom?: number;
	clockSecond?: number;
	heldTo?: number;
	begunAgain?: number;
	/** With `holding`: a read past a batch whose ends the activation read, or begun again after gaps, holds facts dated ahead only within the activation poll or its second (else all). */
	aheadInSecond?: true;
	/** With `aheadInSecond`, past a batch: the activation read the list's two ends (its last page was shorter than served). */
	endsRead?: true;
	/** The activation's whole read: it holds the promotions it meets dated ahead of the list's clock (all, with none named); `restarted`: the read after a restart from an earlier version's state, whose keys decide: only those dated ahead. */
	promotions?: true;
	restarted?: true;
	/** The read after one whose place was tied where the list moved (`deferred`): it reads a page a poll at least, whatever the fast read spent, so one comes. */
	followsHold?: true;
	pages: number;
	maxPages: number;
	/** The oldest change it had to defer, or the date of a place tied where the list moved (factSweep.ts): the cursors stop there (API epoch ms; null: none). */
	deferred: number | null;
	/** The list moved more than the anchors could follow: items may have been skipped. */
	gaps: boolean;
	/** Creation times seen rising / falling from one fact to the next (the list's order); `shown`: those the dates showed, not gaps that may hide an order (1 rising, 2 falling, 3 both). */
	rises: boolean;
	falls: boolean;
	shown?: number;
	/** Creation time of the last fact read, to compare the next page with (null: none, or after a gap). */
	lastCreated: number | null;
	/** The list's `total` when `offset` was taken: newest first, the facts added at the start since moved the place on. */
	total?: number;
}

export interface FactStream {
	/** The largest page the server serves, once learned (0: not known). */
	pageSize: number;
	/** The list's length when last read: its `total`, or oldest first where the fast read found its end. */
	total: number;
	/** The longest page the server has served (factPoll.ts). */
	served?: number;
	/** The order the fast read relies on, by creation time: learned from the baseline's pages, then from each whole sweep. */
	order: ListOrder | 'unknown';
	created: StoredCursor;
	promoted: StoredCursor;
	/** The fast read (edge.ts): every fact dated at or after `mark` (API epoch ms) is read at the end where new facts appear; `drift`: how the total moved between the last two polls; `end`: the hashed id of the fact at that end when `total` was taken. */
	edge?: { mark: number; drift?: number; end?: string };
	sweep?: Sweep;
	/** When new facts could not all be found at the edge: the sweep reads at the full share until one started at or after this (local ms) ends whole (0: none needed). */
	sweepNeededSince: number;
	/** What n8n's log was told, so each is told once (factPoll.ts, NOTES). */
	notes?: string[];
	/** The newest change date read that was no later than the list's `Date` allowed (factPoll.ts, `trusted`), less `skew`: how far its `Date`s within one poll ever disagreed (ms, up to a day). */
	newest?: number;
	skew?: number;
	/** The activation read its window whole (judge.ts, baselineCursors): only ids and dates decide; else creations dated ahead of the list's `Date` wait for it. */
	windowed?: boolean;
	/** Changes read after activation and not reported, each counted once (n8n's log says how many and why at each poll): refused (dated before the cursor, their keys not held), and taken as existing by the activation's whole read past its poll (no clock tells them from those that existed); `undated`: the hashed keys of the last facts met that no date or id judges (judge.ts, meetUndated). */
	refused?: number;
	taken?: number;
	undated?: string;
	/** The list's clock at activation: where creations start if a later read shows the order learned wrong (factPoll.ts). */
	activatedAt?: number;
	/** Cursors an earlier version stored, the rest not known: the next poll learns the order and the window again (edge.ts, baseline). */
	relearn?: true;
	/** The window was read at the list's newest end, in the order learned from its two ends: no whole read has confirmed that order yet. */
	orderToConfirm?: true;
	/** The activation read the list's two ends, and the read that held what existed found no order in the dates: the first whole read that finds one proves the facts dated ahead (factPoll.ts, swept). */
	endsRead?: true;
	/** The activation read the agent's whole list (a tier or scope filter set): that list is read until a whole read of it ends (edge.ts). */
	wholeAgentList?: true;
}

export interface PollState {
	format: typeof FORMAT;
	fingerprint: string;
	/** New at every poll: tells the stored state from the newer one this process may keep (latestState.ts). */
	rev?: string;
	/** The organization's `org_` id; null when the key may not read it. */
	orgId?: string | null;
	/** Hashed agent id → last seen status; absent until the agents' baseline. */
	agents?: Record<string, string>;
	share?: ShareAccount;
	facts?: FactStream;
}

export const newState = (fingerprint: string): PollState => ({ format: FORMAT, fingerprint });

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isOptionalNumber = (value: unknown) => value === undefined || isNumber(value);

/** Hashes a stored list of anchors may hold when read back; the trigger writes at most 5. */
const MAX_HASH_LIST = 16;

/** Notes a stored state may hold when read back, and their length: one short code per NOTES entry (factPoll.ts). */
const MAX_NOTES = 16;
const MAX_NOTE_CHARS = 16;

const isHash = (value: unknown): value is string => typeof value === 'string' && value.length === HASH_CHARS;
const isHashList = (value: unknown): value is string[] => Array.isArray(value) && value.length <= MAX_HASH_LIST && value.every(isHash);

/**
 * A stored cursor as judge.ts's (its keys grouped by date, or key → date as an earlier version kept them),
 * `since` moved up to `floor` and the keys before it let go; undefined when it cannot be read, or holds more
 * than MAX_SEEN_BYTES of keys. Without a floor every key is kept: the activation's whole read holds keys
 * before its provisional `since` less WINDOW_MS (dropping them here made an existing fact new: invented).
 */
export function readCursor(value: unknown, floor = Number.NEGATIVE_INFINITY): Cursor | undefined {
	if (!isObject(value) || !isNumber(value.since) || !isObject(value.seen) || (value.from !== undefined && !isNumber(value.from))) return undefined;
	const since = Math.max(value.since, floor);
	const keepFrom = floor - WINDOW_MS;
	const from = Math.min(since, Math.max(floor, (value.from as number | undefined) ?? since));
	const keys = new Map<string, number>();
	let chars = 0;
	for (const [name, entry] of Object.entries(value.seen)) {
		if (isHash(name) && isNumber(entry)) {
			if (entry >= keepFrom) keys.set(name, entry);
		} else if (/^-?\d{1,16}$/.test(name) && typeof entry === 'string' && entry.length % HASH_CHARS === 0) {
			chars += entry.length;
			if (chars > MAX_SEEN_BYTES) return undefined;
			if (Number(name) >= keepFrom) for (let i = 0; i < entry.length; i += HASH_CHARS) keys.set(entry.slice(i, i + HASH_CHARS), Number(name));
		} else return undefined;
		if (keys.size * HASH_CHARS > MAX_SEEN_BYTES) return undefined;
	}
	return keyBytes(keys) <= MAX_SEEN_BYTES ? { since, keys, from } : undefined;
}

/** A cursor as stored: its keys grouped by date. */
export function storeCursor(cursor: Cursor): StoredCursor {
	const seen: Record<string, string> = {};
	for (const [key, at] of cursor.keys) seen[String(at)] = (seen[String(at)] ?? '') + key;
	return { since: cursor.since, seen, ...(cursor.from < cursor.since ? { from: cursor.from } : {}) };
}

function isSweep(v: unknown): v is Sweep {
	return (
		isObject(v) &&
		isNumber(v.offset) && v.offset >= 0 &&
		isHashList(v.anchors) &&
		[v.startedAt, v.pages, v.maxPages].every(isNumber) &&
		[v.gaps, v.rises, v.falls].every((b) => typeof b === 'boolean') &&
		[v.lastCreated, v.deferred].every((at) => at === null || isNumber(at)) &&
		[v.newestAtStart, v.total, v.heldFrom, v.clockSecond, v.heldTo, v.begunAgain, v.markRead, v.shown].every(isOptionalNumber) &&
		[v.holding, v.aheadInSecond, v.promotions, v.restarted, v.endsRead, v.followsHold].every((flag) => flag === undefined || flag === true)
	);
}

const isNotes = (value: unknown) => value === undefined || (Array.isArray(value) && value.length <= MAX_NOTES && value.every((n) => typeof n === 'string' && n.length <= MAX_NOTE_CHARS));

function isStream(value: unknown): value is FactStream {
	if (!isObject(value) || !isNumber(value.pageSize) || !isNumber(value.total) || !isNumber(value.sweepNeededSince)) return false;
	if (!['oldest-first', 'newest-first', 'unknown'].includes(value.order as string)) return false;
	if (!readCursor(value.created) || !readCursor(value.promoted) || !isNotes(value.notes) || !(value.undated === undefined || (typeof value.undated === 'string' && value.undated.length <= MAX_UNDATED * HASH_CHARS && value.undated.length % HASH_CHARS === 0))) return false;
	const edge = value.edge as IDataObject | undefined;
	if (![value.served, value.newest, value.skew, value.refused, value.taken, value.activatedAt].every(isOptionalNumber)) return false;
	if (![value.windowed, value.relearn, value.wholeAgentList, value.orderToConfirm, value.endsRead].every((flag) => flag === undefined || flag === true)) return false;
	const edgeOk = edge === undefined || (isObject(edge) && isNumber(edge.mark) && isOptionalNumber(edge.drift) && (edge.end === undefined || isHash(edge.end)));
	return edgeOk && (value.sweep === undefined || isSweep(value.sweep));
}

const isShare = (value: unknown): value is ShareAccount => isObject(value) && isNumber(value.tokens) && isNumber(value.at) && isNumber(value.limit) && value.limit > 0;

const isStatuses = (value: unknown): value is Record<string, string> =>
	isObject(value) && Object.keys(value).length <= MAX_AGENTS && Object.values(value).every((v) => typeof v === 'string' && v.length <= MAX_STATUS_CHARS);

/** A stream that knows nothing but its cursors (none: a new one, until the baseline); the next poll carries on from them with a sweep. */
export const newStream = (created?: Cursor, promoted?: Cursor): FactStream => ({
	pageSize: 0, total: 0, order: 'unknown', sweepNeededSince: 0,
	created: created ? storeCursor(created) : { since: 0, seen: {} }, promoted: promoted ? storeCursor(promoted) : { since: 0, seen: {} },
});

/**
 * The stored state for these settings, as a plain copy. Another fingerprint (other settings, another
 * credential) or nothing stored: a new state (a new baseline). A state it cannot read whole keeps every
 * part that reads, and of the facts' part at least the cursors (so the changes since the last poll are
 * still reported); the parts `dropped` are named, for n8n's log.
 */
export function loadState(stored: unknown, fingerprint: string): { state: PollState; dropped: string[] } {
	if (!isObject(stored) || stored.fingerprint !== fingerprint || ![2, 3, FORMAT].includes(stored.format as number)) return { state: newState(fingerprint), dropped: [] };
	const copy = JSON.parse(JSON.stringify(stored)) as IDataObject;
	const state = newState(fingerprint);
	const dropped: string[] = [];
	const keep = <K extends keyof PollState>(key: K, ok: boolean) => {
		if (copy[key] === undefined) return;
		if (ok) state[key] = copy[key] as PollState[K];
		else dropped.push(key);
	};
	keep('orgId', copy.orgId === null || typeof copy.orgId === 'string');
	keep('rev', typeof copy.rev === 'string' && copy.rev.length <= 16);
	keep('agents', isStatuses(copy.agents));
	keep('share', isShare(copy.share));
	if (copy.facts !== undefined) {
		const facts = copy.facts as IDataObject;
		if (stored.format === FORMAT && isStream(facts)) state.facts = facts as unknown as FactStream;
		else {
			// An earlier version's cursors stay, their keys deciding (factPoll.ts, resume); only keys more than this version holds are let go, from a window before its last poll's `Date` on, which also tells the facts it could have met from those made since, should the order prove wrong.
			const older = stored.format !== FORMAT && isObject(facts) && isNumber(facts.apiDate);
			const floor = older ? (facts.apiDate as number) - WINDOW_MS : undefined;
			const [created, promoted] = (isObject(facts) ? [facts.created, facts.promoted] : []).map((cursor) => readCursor(cursor) ?? readCursor(cursor, floor));
			if (stored.format === FORMAT || !(created && promoted)) dropped.push(created && promoted ? 'facts (all but its cursors)' : 'facts');
			if (created && promoted) state.facts = { ...newStream(created, promoted), relearn: true, ...(older ? { activatedAt: (facts.apiDate as number) + DATE_RESOLUTION_MS } : {}) };
		}
	}
	return { state, dropped };
}
