/**
 * Whether a change is new: the polling trigger's one rule, as pure functions (table tests in
 * test/polling/judge.test.ts). Where a fact sits in the list never makes it new.
 *
 * A change is a fact's creation (dated by `created_at`, keyed by its id) or a promotion (dated by
 * `promoted_at`, keyed by its id and that date). A cursor holds `since`, an API date before which
 * every change is accounted for (at activation the API's own time: factPoll.ts), and the keys of the
 * changes at or after it that were reported. A change is new when it is dated at or after `since`, no
 * later than the API's clock (`upTo`: one dated ahead waits until the clock passes it), and its key is
 * not held. The keys are bounded in bytes of JSON (MAX_SEEN_BYTES): a new change with no room for its
 * key, or past the events one poll hands over, is deferred (a later read finds it again), never
 * reported without its key.
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { FACT_TIME_FIELDS } from '../../src/vocabulary';
import { timeOf } from './events';

/** Characters of the hash kept for an id, or any text from the server (48 bits: a collision among 100,000 facts is about one in 50,000 years of polls). */
export const HASH_CHARS = 8;

export const shortHash = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, HASH_CHARS);

export type Kind = 'created' | 'promoted';

/** The `Date` header's resolution: the server's clock was at most this much later than it says. */
export const DATE_RESOLUTION_MS = 1_000;

/**
 * How far ahead of the API's clock a fact read at activation may be dated and still be read as the two
 * clocks disagreeing: the boundary moves past it (factChanges.ts). Further ahead is a broken clock.
 */
export const MAX_SKEW_MS = 5 * 60_000;

export interface Cursor {
	since: number;
	/** Key → the change's API date, for changes at or after `since`. */
	keys: Map<string, number>;
}

export interface Change {
	kind: Kind;
	key: string;
	at: number;
	fact: IDataObject;
}

/** Characters of a key (HASH_CHARS) and of its date's group in the stored JSON (`"1768467600000":"…",`). */
const KEY_BYTES = 8;
const groupBytes = (at: number) => String(at).length + 6;

/**
 * Bytes of JSON the keys of one cursor take at most: 3,000 changes dated apart (27 bytes each), or
 * about 10,000 dated alike (a batch: 8 bytes each, the date once). Enough for a burst of new facts
 * larger than a poll reads, reported over several polls.
 */
export const MAX_SEEN_BYTES = 81_000;

/** Keys a cursor holds at most when every change has its own date. */
export const MAX_SEEN = Math.floor(MAX_SEEN_BYTES / (KEY_BYTES + groupBytes(Date.UTC(2026, 0))));

/** Bytes of JSON the keys take (stored grouped by date: state.ts). */
export function keyBytes(keys: Map<string, number>): number {
	const dates = new Set(keys.values());
	let bytes = keys.size * KEY_BYTES;
	for (const at of dates) bytes += groupBytes(at);
	return bytes;
}

/** The changes a fact shows, of the kinds wanted (a fact without a readable date shows none of that kind). */
export function changesOf(fact: IDataObject, wants: ReadonlySet<Kind>): Change[] {
	if (typeof fact.id !== 'string') return [];
	const changes: Change[] = [];
	const created = timeOf(fact[FACT_TIME_FIELDS.created]);
	if (wants.has('created') && created !== undefined) changes.push({ kind: 'created', key: shortHash(fact.id), at: created, fact });
	const promoted = timeOf(fact[FACT_TIME_FIELDS.promoted]);
	if (wants.has('promoted') && promoted !== undefined) changes.push({ kind: 'promoted', key: shortHash(`${fact.id}\n${promoted}`), at: promoted, fact });
	return changes;
}

export interface Verdicts {
	/** New: to report, and to remember (`remember`). */
	fresh: Change[];
	/** New, but without room (keys or events): left for a later read. */
	deferred: Change[];
	/** Dated ahead of the API's clock: not new until it has passed them. */
	ahead: Change[];
}

/**
 * The new changes among `facts`, at most `room` of them (events one poll may still hand over), each
 * with room for its key. Reads the cursors, changes nothing. A change seen twice in `facts` (pages that
 * overlap) counts once.
 */
export function judge(cursors: Record<Kind, Cursor>, facts: IDataObject[], wants: ReadonlySet<Kind>, room: number, upTo = Number.POSITIVE_INFINITY): Verdicts {
	const verdicts: Verdicts = { fresh: [], deferred: [], ahead: [] };
	const added: Record<Kind, Set<string>> = { created: new Set(), promoted: new Set() };
	const bytes: Record<Kind, number> = { created: keyBytes(cursors.created.keys), promoted: keyBytes(cursors.promoted.keys) };
	const dates: Record<Kind, Set<number>> = { created: new Set(cursors.created.keys.values()), promoted: new Set(cursors.promoted.keys.values()) };
	const full: Record<Kind, boolean> = { created: false, promoted: false };
	// Oldest first, so that what is deferred is never older than what is kept: a whole read then frees the room.
	const changes = facts.flatMap((fact) => changesOf(fact, wants)).sort((a, b) => a.at - b.at);
	for (const change of changes) {
		const cursor = cursors[change.kind];
		if (change.at < cursor.since || cursor.keys.has(change.key) || added[change.kind].has(change.key)) continue;
		added[change.kind].add(change.key);
		if (change.at > upTo) {
			verdicts.ahead.push(change);
			continue;
		}
		const cost = KEY_BYTES + (dates[change.kind].has(change.at) ? 0 : groupBytes(change.at));
		if (full[change.kind] || verdicts.fresh.length >= room || bytes[change.kind] + cost > MAX_SEEN_BYTES) {
			full[change.kind] = true;
			verdicts.deferred.push(change);
			continue;
		}
		bytes[change.kind] += cost;
		dates[change.kind].add(change.at);
		verdicts.fresh.push(change);
	}
	return verdicts;
}

/** Keeps the key of a change reported. */
export function remember(cursor: Cursor, change: Pick<Change, 'key' | 'at'>): void {
	if (change.at >= cursor.since) cursor.keys.set(change.key, change.at);
}

/** Moves `since` up to `to` (never back) and lets go of the keys before it. */
export function advance(cursor: Cursor, to: number): void {
	if (!Number.isFinite(to) || to <= cursor.since) return;
	cursor.since = to;
	for (const [key, at] of cursor.keys) if (at < to) cursor.keys.delete(key);
}

/** The oldest date among `changes` (Infinity when none). */
export const oldest = (changes: Array<Pick<Change, 'at'>>): number => changes.reduce((min, c) => Math.min(min, c.at), Number.POSITIVE_INFINITY);

/**
 * Where a whole read of the list lets `since` go: to the API's time when it started, less `lagMs` (a
 * change may show in the list a little after its date), never past a change it had to defer. That
 * time is the earlier of the `Date` the server sent before the read's first page and the newest date
 * the read saw less the read's own length: each is no later than its start, the second also when the
 * `Date` header comes from another clock than the facts' dates. Never past the latest `Date` seen
 * either, so a fact dated ahead cannot carry the cursor past changes still to come.
 */
export function sinceAfterWholeRead(read: { startDate?: number; newestSeen: number; lengthMs: number; deferred: number; lastDate?: number }, lagMs: number): number {
	const start = Math.min(read.startDate ?? Number.POSITIVE_INFINITY, read.newestSeen - read.lengthMs);
	return Math.min(start - lagMs, read.deferred, read.lastDate ?? Number.POSITIVE_INFINITY);
}
