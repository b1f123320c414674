/**
 * The polling trigger's one rule as a table (judge.ts): a change is new when dated at or after its
 * cursor and its key is not held; where a fact sits never matters. Then the cursor's moves, the keys
 * as stored, and the key share's account (keyShare.ts). Pure: no HTTP.
 */
import type { IDataObject } from 'n8n-workflow';
import { advance, baselineCursors, type Cursor, DAY_MS, holdExisting, judge, keyBytes, knows, type Kind, makeRoom, MAX_SEEN, MAX_SEEN_BYTES, MAX_UNDATED, meetUndated, remember, sinceAfterWholeRead, WINDOW_MS } from '../../nodes/AgentPlatformPollingTrigger/judge';
import { KeyShare, shareClock } from '../../nodes/AgentPlatformPollingTrigger/keyShare';
import { readCursor, shortHash, storeCursor } from '../../nodes/AgentPlatformPollingTrigger/state';

const T = Date.parse('2026-11-20T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const fact = (id: string, created: number, promoted?: number): IDataObject => ({ id, created_at: iso(created), promoted_at: promoted === undefined ? null : iso(promoted) });
const cursor = (since: number, held: Array<[string, number]> = [], from = since): Cursor => ({ since, from, keys: new Map(held.map(([key, at]) => [key, at])) });
const BOTH = new Set<Kind>(['created', 'promoted']);

/** The ids judged new (created / promoted), in the order judged. */
function verdicts(created: Cursor, promoted: Cursor, facts: IDataObject[], room = Number.POSITIVE_INFINITY) {
	const { fresh, deferred } = judge({ created, promoted }, facts, BOTH, room);
	const ids = (kind: Kind, list: typeof fresh) => list.filter((c) => c.kind === kind).map((c) => c.fact.id);
	return { created: ids('created', fresh), promoted: ids('promoted', fresh), deferred: deferred.map((c) => `${c.kind} ${String(c.fact.id)}`) };
}

describe('judge: new means dated at or after the cursor, with a key not held', () => {
	test.each([
		['dated before the cursor', fact('a', T - 1), [], []],
		['dated at the cursor, key not held (a tie)', fact('a', T), [], ['a']],
		['dated at the cursor, key held (a tie already reported)', fact('a', T), [['a', T]], []],
		['dated after the cursor', fact('a', T + 5), [], ['a']],
		['dated after the cursor, key held', fact('a', T + 5), [['a', T + 5]], []],
		['dated years ahead', fact('a', T + 10 * 365 * 86_400_000), [], ['a']],
		['without an id', { created_at: iso(T + 5) }, [], []],
		['with a creation date that does not read', { id: 'a', created_at: 'yesterday' }, [], []],
	] as Array<[string, IDataObject, Array<[string, number]>, string[]]>)('a creation %s', (_how, f, held, expected) => {
		const keyed = held.map(([id, at]) => [shortHash(id), at] as [string, number]);
		expect(verdicts(cursor(T, keyed), cursor(T), [f]).created).toEqual(expected);
	});

	test.each([
		['never promoted', fact('a', T - 10), []],
		['promoted before the cursor', fact('a', T - 10, T - 1), []],
		['promoted at or after the cursor', fact('a', T - 10, T), ['a']],
	] as Array<[string, IDataObject, string[]]>)('a promotion %s', (_how, f, expected) => {
		expect(verdicts(cursor(T), cursor(T), [f]).promoted).toEqual(expected);
	});

	test.each([
		['no later than the API\'s clock: new', T + 5, T + 5, ['a'], []],
		['ahead of the API\'s clock: not new yet, and not deferred (no room is taken, the cursor is not held back)', T + 6, T + 5, [], ['a']],
	] as Array<[string, number, number, string[], string[]]>)('a creation dated %s', (_how, at, upTo, fresh, ahead) => {
		const verdict = judge({ created: cursor(T), promoted: cursor(T) }, [fact('a', at)], BOTH, 10, { created: upTo });
		expect(verdict.fresh.map((c) => c.fact.id)).toEqual(fresh);
		expect(verdict.ahead.map((c) => c.fact.id)).toEqual(ahead);
		expect(verdict.deferred).toEqual([]);
	});

	test('a fact promoted again is a new promotion (its key holds the date)', () => {
		const promoted = cursor(T);
		remember(promoted, judge({ created: cursor(T), promoted }, [fact('a', T - 10, T + 1)], BOTH, 10).fresh[0], Infinity);
		expect(verdicts(cursor(T), promoted, [fact('a', T - 10, T + 1)]).promoted).toEqual([]);
		expect(verdicts(cursor(T), promoted, [fact('a', T - 10, T + 2)]).promoted).toEqual(['a']);
	});

	test('where a fact sits never matters: the same facts in any order, and read twice, give the same changes, oldest first', () => {
		const facts = [fact('c', T + 3), fact('a', T + 1), fact('old', T - 1), fact('b', T + 2), fact('a', T + 1)];
		for (const order of [facts, [...facts].reverse(), [facts[2], facts[0], facts[4], facts[1], facts[3]]]) {
			expect(verdicts(cursor(T), cursor(T), order).created).toEqual(['a', 'b', 'c']);
		}
	});

	test('room for fewer events than changes: the oldest are new, the rest deferred (never the other way round)', () => {
		const facts = [fact('c', T + 3), fact('a', T + 1), fact('b', T + 2)];
		expect(verdicts(cursor(T), cursor(T), facts, 2)).toEqual({ created: ['a', 'b'], promoted: [], deferred: ['created c'] });
	});

	test('keys full: a change is deferred, not reported without its key, and so is every newer one', () => {
		const full = cursor(T);
		for (let i = 0; i < MAX_SEEN; i++) full.keys.set(`k${String(i).padStart(7, '0')}`, T + i);
		expect(JSON.stringify(storeCursor(full)).length).toBeLessThanOrEqual(MAX_SEEN_BYTES + 64);
		const { created, deferred } = verdicts(full, cursor(T), [fact('x', T + MAX_SEEN + 1), fact('y', T + MAX_SEEN + 2)]);
		expect(created).toEqual([]);
		expect(deferred).toEqual(['created x', 'created y']);
	});

	test('a batch dated alike takes 8 bytes a key: many more fit than changes dated apart', () => {
		const batch = Array.from({ length: 3 * MAX_SEEN }, (_, i) => fact(`f${i}`, T + 1));
		expect(verdicts(cursor(T), cursor(T), batch).created).toHaveLength(3 * MAX_SEEN);
	});
});

describe('where the cursor stands', () => {
	test.each([
		['the newest trusted date when it started, less the window', cursor(T - WINDOW_MS), { newestAtStart: T, deferred: Infinity }, T - WINDOW_MS],
		['a change deferred: not past it', cursor(T - WINDOW_MS), { newestAtStart: T, deferred: T - 120_000 }, T - 120_000],
		// A change dated minutes ahead under a `Date` further ahead looks real; the same answers come from an honest one: the keys decide.
		['not past the newest keys the budget keeps: one dated 3 minutes ahead moves it no further than the real ones', cursor(T - 600_000, [['real', T - 300_000], ['ahead', T + 180_000]]), { newestAtStart: T + 180_000, deferred: Infinity }, T - 300_000],
		['more keys than the budget keeps: past the older ones (750 dated apart fit)', cursor(T - 600_000, Array.from({ length: MAX_SEEN }, (_, i) => [`k${i}`, T - 300_000 + i])), { newestAtStart: T, deferred: Infinity }, T - 300_000 + MAX_SEEN - 750],
	] as Array<[string, Cursor, Parameters<typeof sinceAfterWholeRead>[1], number]>)('after a whole read: %s', (_how, held, read, since) => {
		expect(sinceAfterWholeRead(held, read)).toBe(since);
	});

	test('the activation: the creations from the window before the newest trusted date, the keys read held; a date ahead of the trusted time moves nothing and is held to its day\'s end', () => {
		const read = [fact('old', T - 3 * WINDOW_MS), fact('held', T - 30_000), fact('newest', T), fact('decades', T + 1e12)];
		const { created, promoted } = baselineCursors(read, BOTH, T, true, T + 1_000, T + 1_000, T + 1_000);
		expect(created.since).toBe(T - WINDOW_MS);
		expect([...created.keys.keys()].sort()).toEqual(['decades', 'held', 'newest'].map(shortHash).sort());
		expect(created.keys.get(shortHash('decades')) as number % 86_400_000).toBe(0);
		// Promotions follow no order: the list's clock.
		expect(promoted.since).toBe(T + 1_000);
		// Without a window read whole, a provisional cursor (the list's clock, or just past a batch) until a whole read has held the rest.
		expect(baselineCursors(read, BOTH, T, false, T + 1_000, T + 1_000, T + 1_000).created.since).toBe(T + 1_000);
	});

	test('a change not held dated within the window before the cursor, and after `from`, is refused (counted once), one dated before either is old', () => {
		const created = cursor(T, [], T - WINDOW_MS);
		const verdict = judge({ created, promoted: cursor(T) }, [fact('late', T - 30_000), fact('older', T - WINDOW_MS - 1), fact('new', T)], BOTH, 10);
		expect(verdict.refused.map((c) => c.fact.id)).toEqual(['late']);
		expect(verdict.fresh.map((c) => c.fact.id)).toEqual(['new']);
		expect(judge({ created: cursor(T), promoted: cursor(T) }, [fact('late', T - 30_000)], BOTH, 10).refused).toEqual([]);
	});

	// Found reading holdExisting on 725deca: keys the cursor had not passed were never let go, so past MAX_SEEN_BYTES of them (a batch
	// of 10,500 made during a read with no `Date` that holds every creation) the poll spun for ever.
	test('the read holding what existed, more creations after the cursor than the keys hold: the oldest go and the cursor passes them (it ends, and none is new)', () => {
		const held = cursor(T - 5_000);
		const batch = Array.from({ length: 10_500 }, (_, i) => fact(`b${i}`, T + (i % 3) * DAY_MS));
		const { held: floor } = holdExisting(held, batch, T - 5_000, Number.NEGATIVE_INFINITY);
		expect(floor).toBeGreaterThan(T);
		expect(held.since).toBe(floor);
		expect(keyBytes(held.keys)).toBeLessThanOrEqual(MAX_SEEN_BYTES);
		expect(batch.filter((f) => !knows(held, f))).toEqual([]);
	});

	test('the read holding what existed counts the creations it begins to hold that may have been made since: ahead of the clock, from the cursor up to `heldTo`, before the cursor only from `takenFrom`; each once', () => {
		const held = cursor(T);
		const facts = [fact('window', T - 30_000), fact('second', T - 500), fact('after', T + 5_000), fact('ahead', T + 600_000), fact('new', T + 30_000)];
		expect(holdExisting(held, facts, T - WINDOW_MS, T + 60_000, T + 10_000, T - 1_000)).toEqual({ held: T - WINDOW_MS, taken: 3 });
		expect(facts.filter((f) => !knows(held, f)).map((f) => f.id)).toEqual(['new']);
		expect(holdExisting(held, facts, T - WINDOW_MS, T + 60_000, T + 10_000, T - 1_000).taken).toBe(0);
	});

	test('advance: never back; the keys more than the window before the new place go', () => {
		const c = cursor(T, [['a', T], ['b', T + 5]]);
		advance(c, T + WINDOW_MS + 1);
		expect([c.since, [...c.keys.keys()]]).toEqual([T + WINDOW_MS + 1, ['b']]);
		advance(c, T - 100);
		expect(c.since).toBe(T + WINDOW_MS + 1);
	});

	test('keys still full after a whole read: the oldest quarter goes past the window first; only when that frees nothing is a change lost (and said)', () => {
		const apart = cursor(T);
		for (let i = 0; i < MAX_SEEN; i++) apart.keys.set(`k${String(i).padStart(7, '0')}`, T + i * 1_000);
		expect(makeRoom(apart, Infinity)).toBe(false);
		expect(apart.keys.size).toBeLessThan(MAX_SEEN);
		const burst = cursor(T);
		for (let i = 0; i < MAX_SEEN; i++) burst.keys.set(`k${String(i).padStart(7, '0')}`, T + i);
		expect(makeRoom(burst, T)).toBe(true);
		expect(burst.keys.size).toBeLessThan(MAX_SEEN);
	});

	test('keys full with fewer than four dates (an earlier version\'s keys at one date, a batch at another): the oldest date goes, not none (seed 52525 on 1a716a4)', () => {
		// Keys at one date cost their bytes alone: 8 each, about 10,000 fill them.
		const full = Math.ceil(MAX_SEEN_BYTES / 8) - 10;
		const batches = cursor(0);
		for (let i = 0; i < full; i++) batches.keys.set(`k${String(i).padStart(7, '0')}`, i < 5_000 ? 0 : T);
		expect(makeRoom(batches, T + 5)).toBe(false);
		expect([batches.since, batches.keys.size]).toEqual([T, full - 5_000]);
		const one = cursor(T);
		for (let i = 0; i < full; i++) one.keys.set(`k${String(i).padStart(7, '0')}`, T);
		expect(makeRoom(one, T + 5)).toBe(false);
		expect([one.since, one.keys.size]).toEqual([T + 1, 0]);
	});

	test('keys full after a read with gaps, resumed from an earlier version\'s state: the oldest quarter of their dates goes, never past where creations go, not every key before it (seed 12665 on cdace6a)', () => {
		// Dated a second apart: where creations go is three quarters of the way up; a change dated past the oldest quarter keeps its key.
		const [c, creationsGo] = [cursor(T), T + Math.floor((MAX_SEEN * 3) / 4) * 1_000];
		for (let i = 0; i < MAX_SEEN; i++) c.keys.set(`k${String(i).padStart(7, '0')}`, T + i * 1_000);
		expect(makeRoom(c, Infinity, false, Infinity, creationsGo)).toBe(true);
		expect(c.since).toBe(T + Math.floor(MAX_SEEN / 4) * 1_000);
		expect(c.keys.size).toBe(MAX_SEEN - Math.floor(MAX_SEEN / 4));
		const late = cursor(T);
		for (let i = 0; i < MAX_SEEN; i++) late.keys.set(`k${String(i).padStart(7, '0')}`, T + i * 1_000);
		expect(makeRoom(late, Infinity, false, Infinity, T + 10_000)).toBe(true);
		expect(late.since).toBe(T + 10_000);
	});

	test('keys full, every key dated after where the cursor may go: the cursor goes there, no key is let go, and no loss is claimed (n8n\'s log would say keys were let go)', () => {
		// The keys of changes made after activation fill them while `since` is still a window before it: `to` (the activation) comes before the oldest key.
		const early = cursor(T - WINDOW_MS);
		for (let i = 0; i < MAX_SEEN; i++) early.keys.set(`k${String(i).padStart(7, '0')}`, T + i * 1_000);
		expect(makeRoom(early, Infinity, false, Infinity, T)).toBe(false);
		expect([early.since, early.keys.size]).toEqual([T, MAX_SEEN]);
		// The same when every key is dated ahead of the list's clock.
		const ahead = cursor(T - WINDOW_MS);
		for (let i = 0; i < MAX_SEEN; i++) ahead.keys.set(`k${String(i).padStart(7, '0')}`, T + 60 * DAY_MS + i * 1_000);
		expect(makeRoom(ahead, Infinity, true, T)).toBe(false);
		expect([ahead.since, ahead.keys.size]).toEqual([T, MAX_SEEN]);
	});

	test('keys full, most of their dates those of changes dated ahead: the room made never takes the cursor past the list\'s clock, and their keys stay (seed 10506 on 0e5423b)', () => {
		// 200 keys dated apart before the list's clock, the rest those of facts dated decades ahead (each at the end of its own day).
		const [c, listClock, ahead] = [cursor(T), T + 200 * 1_000, T + 30 * 365 * DAY_MS];
		for (let i = 0; i < MAX_SEEN; i++) c.keys.set(`k${String(i).padStart(7, '0')}`, i < 200 ? T + i * 1_000 : ahead + i * DAY_MS);
		expect(makeRoom(c, Infinity, false, listClock)).toBe(true);
		expect(c.since).toBeLessThanOrEqual(listClock);
		expect([...c.keys.values()].filter((at) => at >= ahead)).toHaveLength(MAX_SEEN - 200);
	});

	test('stored grouped by date and read back; an earlier version\'s keys read too; a cursor past its bound does not', () => {
		const c = cursor(T, [['aaaaaaaa', T], ['bbbbbbbb', T], ['cccccccc', T + 7]]);
		expect(storeCursor(c)).toEqual({ since: T, seen: { [String(T)]: 'aaaaaaaabbbbbbbb', [String(T + 7)]: 'cccccccc' } });
		expect(readCursor(storeCursor(c))).toEqual(c);
		expect(readCursor({ since: T, seen: { aaaaaaaa: T, cccccccc: T + 7 } })).toEqual(cursor(T, [['aaaaaaaa', T], ['cccccccc', T + 7]]));
		expect(readCursor({ since: T, seen: { [String(T)]: 'x'.repeat(MAX_SEEN_BYTES + 8) } })).toBeUndefined();
		expect(readCursor({ since: 'yesterday', seen: {} })).toBeUndefined();
	});
});

// Facts no date or id can judge are never reported; issue 44 asks that each read and not reported be counted. Counting each read would
// count the same fact at every poll that reads it again (a whole read of an unordered list, the newest page): each is counted once, by
// its key (the id's hash, or the whole fact's without an id), among the last MAX_UNDATED met. On c223cbf there was no count.
describe('facts no date or id judges: each counted once, the keys bounded', () => {
	const undated = (id: string): IDataObject => ({ id, created_at: 'not a date', promoted_at: null });
	const idless = (content: string): IDataObject => ({ content, created_at: iso(T), promoted_at: null });

	test('a page met twice counts its undated and id-less facts once, the dated never; a fact met twice in one page once', () => {
		const page = [fact('a', T), undated('u1'), idless('x'), undated('u2'), undated('u1'), { id: 'u3', promoted_at: null }];
		const first = meetUndated(undefined, page, true);
		expect(first.met).toBe(4);
		expect(first.undated).toHaveLength(4 * 8);
		expect(meetUndated(first.undated, page, true)).toEqual({ undated: first.undated, met: 0 });
		// An id-less fact is keyed by what it holds: another one counts.
		expect(meetUndated(first.undated, [idless('y'), idless('x')], true).met).toBe(1);
	});

	test('creations not watched: only the id-less count (a fact without a readable created_at is judged by its promotion)', () => {
		expect(meetUndated(undefined, [undated('u1'), idless('x'), fact('a', T)], false).met).toBe(1);
		expect(meetUndated(undefined, [fact('a', T), fact('b', T + 1)], true)).toEqual({ undated: undefined, met: 0 });
	});

	test(`at most ${MAX_UNDATED} keys: the ones met longest ago go first, and are counted again when met again`, () => {
		const many = Array.from({ length: MAX_UNDATED + 10 }, (_, i) => undated(`u${i}`));
		let keys = meetUndated(undefined, many.slice(0, 10), true).undated;
		keys = meetUndated(keys, many.slice(10), true).undated;
		expect(keys).toHaveLength(MAX_UNDATED * 8);
		// u0..u9 were let go (met first); u10 and on are held.
		expect(meetUndated(keys, many.slice(10, 20), true).met).toBe(0);
		expect(meetUndated(keys, many.slice(0, 10), true).met).toBe(10);
		// Meeting one again moves it last: it stays while newer ones come.
		const again = meetUndated(keys, [many[10]], true).undated;
		expect(meetUndated(meetUndated(again, [undated('new1')], true).undated, [many[10], many[11]], true).met).toBe(1);
	});
});

describe("the key share's account", () => {
	const realNow = shareClock.now;
	let now = T;
	beforeEach(() => (shareClock.now = () => now));
	afterAll(() => (shareClock.now = realNow));

	test('a limit that falls (6,000 → 60 a minute) caps what the account holds at a minute of the new share', () => {
		const share = KeyShare.open({ tokens: 1_200, at: now, limit: 6_000 }, 0.2);
		expect(share.available).toBe(1_200);
		share.sending();
		share.answered({ limit: 60 });
		expect(share.available).toBe(12);
	});

	test('an account overdrawn in stored state owes at most a minute: it pays again within two minutes', () => {
		const share = KeyShare.open({ tokens: -1e9, at: now, limit: 120 }, 0.2);
		expect(share.available).toBe(0);
		now += 2 * 60_000;
		expect(KeyShare.open(share.toJSON(), 0.2).available).toBe(24);
	});
});
