/**
 * Whether a change is new, and every move of a cursor: the polling trigger's one rule, as pure functions (test/polling/judge.test.ts).
 * A change is a fact's creation (`created_at`, keyed by its id) or a promotion (`promoted_at`, keyed by id and date). A cursor holds
 * `since`, a date of the facts' own before which every change is accounted for, and the keys of those accounted for from WINDOW_MS
 * before it on (one met there unheld was never reported: refused). A change is new when dated at or after `since`, no later than
 * `upTo` (where the API's clock bounds it, factPoll.ts), and its key is not held. Keys are bounded in bytes (MAX_SEEN_BYTES): a new
 * change with no room for its key or its event is deferred, never reported keyless.
 */
import { hash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { FACT_TIME_FIELDS } from '../../src/vocabulary';
import { timeOf } from './events';

/** Characters of the hash kept for an id or any server text (48 bits: a collision among 100,000 facts about once in 50,000 years of polls). */
export const HASH_CHARS = 8;
export const shortHash = (text: string): string => hash('sha256', text, 'base64url').slice(0, HASH_CHARS);

export type Kind = 'created' | 'promoted';

/** The `Date` header's resolution: the server's clock was at most this much later than it says. */
export const DATE_RESOLUTION_MS = 1_000;
/** How long before it can be read a change may be dated and still be reported. */
export const LAG_MS = 60_000;
/** How far a cursor stays behind the newest date it may trust: the lag, and a `Date` header's resolution. */
export const WINDOW_MS = LAG_MS + DATE_RESOLUTION_MS;

export interface Cursor {
	since: number;
	/** Key → the change's date, for changes at or after `since` less WINDOW_MS. */
	keys: Map<string, number>;
	/** A change dated from here (and within WINDOW_MS) up to `since` whose key is not held was never reported. */
	from: number;
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
export const DAY_MS = 86_400_000;

/** Bytes of JSON one cursor's keys take at most: 3,000 changes dated apart (27 bytes each), or about 10,000 dated alike (8 each, the date once). */
export const MAX_SEEN_BYTES = 81_000;
/** Keys a cursor holds at most when every change has its own date. */
export const MAX_SEEN = Math.floor(MAX_SEEN_BYTES / (KEY_BYTES + groupBytes(Date.UTC(2026, 0))));

/** Whether a fact has an id to key its changes by: a string, or a number (the spec shows no field). */
export const keyed = (fact: IDataObject): fact is IDataObject & { id: string | number } => typeof fact.id === 'string' || typeof fact.id === 'number';
/** Facts a read must hold, none with a readable creation time, to prove that the API dates facts otherwise (fewer may be a small list's few undated rows). */
export const UNDATED_PROOF = 20;
/** Facts no date or id can judge (a creation time watched and unreadable, or no id) are never reported: one met that is not among the last MAX_UNDATED met (`undated`: their keys, the id's hash or the whole fact's) is counted once, for n8n's log. */
export const MAX_UNDATED = 500;
export function meetUndated(undated: string | undefined, facts: IDataObject[], created: boolean): { undated?: string; met: number } {
	const keys = [...new Set(facts.filter((f) => !keyed(f) || (created && Number.isNaN(createdAt(f)))).map((f) => shortHash(keyed(f) ? String(f.id) : JSON.stringify(f))))];
	const known: string[] = undated?.match(new RegExp(`.{${HASH_CHARS}}`, 'g')) ?? [];
	return { undated: [...known.filter((key) => !keys.includes(key)), ...keys].slice(-MAX_UNDATED).join('') || undefined, met: keys.filter((key) => !known.includes(key)).length };
}
/** The creation time of a fact (NaN when it has none that reads as a time); `dated`: the facts that have one, as only they show an order. */
export const createdAt = (fact: IDataObject) => timeOf(fact[FACT_TIME_FIELDS.created]) ?? Number.NaN;
export const dated = (facts: IDataObject[]) => facts.filter((fact) => Number.isFinite(createdAt(fact)));

/** Bytes of JSON the keys take (stored grouped by date: state.ts). */
export const keyBytes = (keys: Map<string, number>): number => keys.size * KEY_BYTES + [...new Set(keys.values())].reduce((bytes, at) => bytes + groupBytes(at), 0);

/** The changes a fact shows, of the kinds wanted (a fact without a readable date shows none of that kind; one without an id, a string or a number, none). */
export function changesOf(fact: IDataObject, wants: ReadonlySet<Kind>): Change[] {
	if (!keyed(fact)) return [];
	const changes: Change[] = [];
	const created = timeOf(fact[FACT_TIME_FIELDS.created]);
	if (wants.has('created') && created !== undefined) changes.push({ kind: 'created', key: shortHash(String(fact.id)), at: created, fact });
	const promoted = timeOf(fact[FACT_TIME_FIELDS.promoted]);
	if (wants.has('promoted') && promoted !== undefined) changes.push({ kind: 'promoted', key: shortHash(`${fact.id}\n${promoted}`), at: promoted, fact });
	return changes;
}

/** The dates of the changes a fact shows, of the kinds wanted: changesOf's, without hashing a key for each. */
export const changeDates = (fact: IDataObject, wants: ReadonlySet<Kind>): number[] => !keyed(fact) ? [] : [wants.has('created') ? timeOf(fact[FACT_TIME_FIELDS.created]) : undefined, wants.has('promoted') ? timeOf(fact[FACT_TIME_FIELDS.promoted]) : undefined].filter((at) => at !== undefined);
/** fresh: new (to report and keep); deferred: new, no room (keys or events); ahead: dated after `upTo`; refused: never reported, dated before `since` (counted once). */
export interface Verdicts {
	fresh: Change[];
	deferred: Change[];
	ahead: Change[];
	refused: Change[];
}

/** The new changes among `facts`, at most `room` (events a poll may still hand over), each with room for its key; changes nothing. */
export function judge(cursors: Record<Kind, Cursor>, facts: IDataObject[], wants: ReadonlySet<Kind>, room: number, upTo: Partial<Record<Kind, number>> = {}): Verdicts {
	const verdicts: Verdicts = { fresh: [], deferred: [], ahead: [], refused: [] };
	const added: Record<Kind, Set<string>> = { created: new Set(), promoted: new Set() };
	const bytes: Record<Kind, number> = { created: keyBytes(cursors.created.keys), promoted: keyBytes(cursors.promoted.keys) };
	const dates: Record<Kind, Set<number>> = { created: new Set(cursors.created.keys.values()), promoted: new Set(cursors.promoted.keys.values()) };
	const full: Record<Kind, boolean> = { created: false, promoted: false };
	// Oldest first, so that what is deferred is never older than what is kept: a whole read then frees the room.
	const changes = facts.flatMap((fact) => changesOf(fact, wants)).sort((a, b) => a.at - b.at);
	for (const change of changes) {
		const cursor = cursors[change.kind];
		if (cursor.keys.has(change.key) || added[change.kind].has(change.key)) continue;
		if (change.at < cursor.since) {
			if (change.at >= Math.max(cursor.from, cursor.since - WINDOW_MS)) verdicts.refused.push(change);
			added[change.kind].add(change.key);
			continue;
		}
		added[change.kind].add(change.key);
		if (change.at > (upTo[change.kind] ?? Number.POSITIVE_INFINITY)) {
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

/** Whether the creation `fact` shows is accounted for by `cursor`: dated before `since`, or its key held (none shown: nothing to account for). */
export const knows = (cursor: Cursor, fact: IDataObject): boolean => changesOf(fact, CREATED).every((change) => change.at < cursor.since || cursor.keys.has(change.key));
/** Keeps the keys of the changes reported and refused (a refused one is then counted once). */
export const settle = (cursors: Record<Kind, Cursor>, verdicts: Pick<Verdicts, 'fresh' | 'refused'>): void => [...verdicts.fresh, ...verdicts.refused].forEach((change) => remember(cursors[change.kind], change, Number.POSITIVE_INFINITY));

/** Keeps a change's key (within the window kept); one dated ahead of `trusted` under the end of its day (thousands then take 8 bytes each). */
export const remember = (cursor: Cursor, change: Pick<Change, 'key' | 'at'>, trusted: number): void => void (change.at >= cursor.since - WINDOW_MS && cursor.keys.set(change.key, keyDate(change.at, trusted)));

const keyDate = (at: number, trusted: number) => (at > trusted ? Math.ceil((at + 1) / DAY_MS) * DAY_MS : at);

/** Moves `since` up to `to` (never back) and lets go of the keys more than WINDOW_MS before it, but those a whole read holds (`holding`: it brings `since` back to them). */
export function advance(cursor: Cursor, to: number, holding = false): void {
	if (!Number.isFinite(to) || to <= cursor.since) return;
	cursor.since = to;
	for (const [key, at] of cursor.keys) if (at < to - WINDOW_MS && !holding) cursor.keys.delete(key);
}

/** A cursor that accounts for every change from `since` on, holding no key (a new baseline's start). */
export const cursorAt = (since: number): Cursor => ({ since, from: since, keys: new Map() });

/** The oldest date among `changes` (Infinity when none). */
export const oldest = (changes: Array<Pick<Change, 'at'>>): number => changes.reduce((min, c) => Math.min(min, c.at), Number.POSITIVE_INFINITY);

/**
 * The activation's cursors from the facts it read (`held`) and `newest` (their newest date no later than `trusted`). `windowed` (read back
 * past two windows before `newest`): creations from one window before it, so a change shown later, dated up to the lag before, is after it.
 * Else `provisional` until a whole read has held the rest (holdExisting, endHolding); every change of `after` (read whole past it) held. Promotions: from `promotedFrom`.
 */
export function baselineCursors(held: IDataObject[], wants: ReadonlySet<Kind>, newest: number, windowed: boolean, provisional: number, promotedFrom: number, trusted: number, after: IDataObject[] = []): Record<Kind, Cursor> {
	const window = Number.isFinite(newest) ? newest - WINDOW_MS : 0;
	const cursors = { created: windowed ? { ...cursorAt(window), from: window - WINDOW_MS } : cursorAt(provisional), promoted: cursorAt(promotedFrom) };
	if (!windowed && wants.has('created')) holdExisting(cursors.created, held, window, trusted);
	for (const change of [...held.flatMap((fact) => changesOf(fact, wants)).filter((change) => windowed || change.kind === 'promoted'), ...after.flatMap((fact) => changesOf(fact, wants))]) remember(cursors[change.kind], change, trusted);
	// More in the window than the keys hold (a batch): the cursor goes past the oldest of them.
	while (keyBytes(cursors.created.keys) > MAX_SEEN_BYTES) endHolding(cursors.created, Math.min(...cursors.created.keys.values()) + 1 + WINDOW_MS);
	return cursors;
}

const CREATED: ReadonlySet<Kind> = new Set<Kind>(['created']);
export const PROMOTED: ReadonlySet<Kind> = new Set<Kind>(['promoted']);
export const BOTH: ReadonlySet<Kind> = new Set<Kind>(['created', 'promoted']);

/** The activation's whole read under a provisional cursor: creations dated before it, up to `heldTo`, or ahead of `trusted`, held from `floor` on; past MAX_SEEN_BYTES the oldest go (`held`: the floor), the cursor passing those it had not (taken as existing). `taken`: those it began to hold that may have been made since (dated before the cursor, only from `takenFrom`). */
export function holdExisting(cursor: Cursor, facts: IDataObject[], floor: number, trusted: number, heldTo = Number.NEGATIVE_INFINITY, takenFrom = Number.POSITIVE_INFINITY): { held: number; taken: number } {
	let taken = 0;
	for (const change of facts.flatMap((fact) => changesOf(fact, CREATED))) if ((change.at < cursor.since || change.at <= heldTo || change.at > trusted) && change.at >= floor) { taken += Number(!cursor.keys.has(change.key) && (change.at > trusted || change.at >= Math.min(cursor.since, takenFrom))); cursor.keys.set(change.key, keyDate(change.at, trusted)); }
	for (let held = floor; ; advance(cursor, (held = Math.min(...cursor.keys.values()) + 1), true)) {
		for (const [key, at] of cursor.keys) if (at < held && at < cursor.since) cursor.keys.delete(key);
		if (keyBytes(cursor.keys) <= MAX_SEEN_BYTES) return { held, taken };
	}
}

/** The end of a whole read under a provisional cursor: the cursor goes to `floor` (back, too: every change from there that existed is held); a change unheld from `from` on, met later, is refused (counted: it may have existed or not). */
export function endHolding(cursor: Cursor, floor: number, from = floor): void {
	[cursor.since, cursor.from] = [floor, Math.min(floor, from)];
	for (const [key, at] of cursor.keys) if (at < floor - WINDOW_MS) cursor.keys.delete(key);
}

/** Bytes of the newest keys a cursor keeps however far a whole read would let `since` go (sinceAfterWholeRead). */
const KEPT_BYTES = MAX_SEEN_BYTES / 4;
/** Where a whole read lets `since` go: the newest trusted date known when it started less WINDOW_MS (it read all before), never past a change deferred, nor past the newest keys that fit in KEPT_BYTES (dates cannot tell a change dated minutes ahead from a `Date` further ahead than thought: the same answers come from both). */
export function sinceAfterWholeRead(cursor: Cursor, read: { newestAtStart: number; deferred: number }): number {
	const dates = [...cursor.keys.values()].sort((a, b) => b - a);
	let [kept, bytes] = [0, 0];
	for (; kept < dates.length; kept++) if ((bytes += KEY_BYTES + (dates[kept] === dates[kept - 1] ? 0 : groupBytes(dates[kept]))) > KEPT_BYTES) break;
	return Math.min(read.newestAtStart - WINDOW_MS, read.deferred, dates[kept - 1] ?? Number.POSITIVE_INFINITY);
}

/** Keys still full after a whole read (more changes between two whole reads than they hold): the oldest quarter goes (never past `to`), the cursor past it but not past a change deferred; only when that frees nothing does it go past them anyway (changes there not reported are lost: true; so too whenever keys go after a read with gaps, `proven` false: one it skipped may be lost). Never past `upTo`, the list's clock: the keys of changes dated ahead stay, as a cursor past it comes back (rein) and would meet them unheld. */
export function makeRoom(cursor: Cursor, deferred: number, proven = true, upTo = Number.POSITIVE_INFINITY, to?: number): boolean {
	if (keyBytes(cursor.keys) < MAX_SEEN_BYTES * 0.9) return false;
	const dates = [...new Set(cursor.keys.values())].sort((a, b) => a - b);
	const quarter = Math.min(upTo, to ?? Number.POSITIVE_INFINITY, dates[Math.max(1, Math.floor(dates.length / 4))] ?? (dates[0] as number) + 1); // at least the oldest date's keys, but never past `to` (then the cursor goes there, freeing none, and no loss is claimed)
	const size = cursor.keys.size;
	letGo(cursor, Math.min(quarter, deferred));
	if (cursor.keys.size < size) return !proven;
	letGo(cursor, quarter);
	return cursor.keys.size < size;
}

/** A cursor later than `upTo` (the list's clock: an edited state) comes back to `to`. */
export const rein = (cursor: Cursor, upTo: number, to: number): void => void (cursor.since > upTo && (cursor.from = cursor.since = Math.min(cursor.since, to)));

/** Lets go of every key before `to` (those kept before `since` too, so none is refused there), `since` moving up to it. */
export function letGo(cursor: Cursor, to: number): void {
	cursor.since = Math.max(cursor.since, to);
	cursor.from = Math.max(cursor.from, to);
	for (const [key, at] of cursor.keys) if (at < to) cursor.keys.delete(key);
}
