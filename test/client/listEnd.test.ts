/**
 * Reading a list from its newest end (src/client/listEnd.ts): whatever the list's order, dates, ties
 * and page size, what a read proves (every item dated after its innermost date, or the whole list)
 * holds every such item of the list, and an order that does not hold is never taken for one.
 */
import type { IDataObject } from 'n8n-workflow';
import { type EndPage, learnOrder, type PageReader, readFromNewestEnd } from '../../src/client/listEnd';
import { createRandom } from '../sandbox/prng';

const dateOf = (item: IDataObject) => (typeof item.at === 'number' ? item.at : Number.NaN);

/** A server holding `list` (in its order), answering pages of at most `maxPage`, counting requests. */
function server(list: IDataObject[], maxPage: number) {
	const counter = { requests: 0 };
	const read: PageReader = async (offset, limit): Promise<EndPage> => {
		counter.requests += 1;
		const size = Math.min(limit, maxPage);
		return { offset, limit, items: list.slice(offset, offset + size), total: list.length, reportedLimit: size };
	};
	return { read, counter };
}

const items = (dates: number[]) => dates.map((at, i) => ({ id: `f${i}`, at }));

/** What a read proves: items dated after the innermost date read (all of them when whole). */
const proven = (read: { items: IDataObject[]; innermostDate: number }) => read.items.filter((item) => dateOf(item) > read.innermostDate);

describe('readFromNewestEnd', () => {
	test('in either order, with ties and any page size, what it proves is every item dated after its innermost date, and it proves what is wanted', async () => {
		// 300 seeded cases: lists of up to 400 items dated 0..400 (so many share a date), pages of 2 to 50.
		const random = createRandom(39);
		const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
		for (let run = 0; run < 300; run++) {
			const dates = Array.from({ length: int(0, 400) }, () => int(0, 400));
			const newestFirst = random() < 0.5;
			const [maxPage, want] = [int(2, 50), int(1, 30)];
			const sorted = [...dates].sort((a, b) => (newestFirst ? b - a : a - b));
			const list = items(sorted);
			const { read } = server(list, maxPage);
			const result = await readFromNewestEnd(read, { limit: 100, dateOf, maxRequests: 1_000, enough: (got, innermost, whole) => whole || got.filter((i) => dateOf(i) > innermost).length >= want });
			if ('unknown' in result) {
				// Only a list whose ends show no order (every date alike) may leave it unknown.
				expect(new Set(sorted).size).toBe(1);
				continue;
			}
			const got = new Set(proven(result).map((item) => item.id));
			for (const item of list) if (dateOf(item) > result.innermostDate) expect(got.has(item.id)).toBe(true);
			expect(result.whole || got.size >= want).toBe(true);
		}
	});

	test('a list in creation order costs two requests at any length: the first page and the last', async () => {
		for (const length of [250, 10_000, 1_000_000]) {
			for (const newestFirst of [false, true]) {
				const dates = Array.from({ length }, (_, i) => (newestFirst ? length - i : i));
				const { read, counter } = server(items(dates), 100);
				const result = await readFromNewestEnd(read, { limit: 100, dateOf, maxRequests: 20, enough: (got, innermost) => got.filter((i) => dateOf(i) > innermost).length >= 5 });
				expect('unknown' in result ? result.unknown : result.order).toBe(newestFirst ? 'newest-first' : 'oldest-first');
				expect(counter.requests).toBe(2);
			}
		}
	});

	test('dates that do not keep one order, or a missing date, make the order unknown rather than guessed', async () => {
		const shuffled = items([5, 1, 9, 3, 7, 2, 8, 0, 6, 4, 11, 10]);
		const { read } = server(shuffled, 4);
		const result = await readFromNewestEnd(read, { limit: 4, dateOf, maxRequests: 20, enough: () => false });
		expect('unknown' in result).toBe(true);
		expect(learnOrder([{ id: 'a', at: 1 }], [{ id: 'b' }], dateOf)).toEqual({ unknown: 'some facts have no creation date' });
	});

	test('the last page overlapping the first (pages served shifted back by a few): an item both show counts once, so the order is still learned', () => {
		const [a, b, c] = [{ id: 'a', at: 1 }, { id: 'b', at: 2 }, { id: 'c', at: 3 }];
		expect(learnOrder([a, b], [a, b, c], dateOf)).toBe('oldest-first');
		expect(learnOrder([c, b], [c, b, a], dateOf)).toBe('newest-first');
		expect(learnOrder([a, b], [b, a], dateOf)).toEqual({ unknown: 'its creation dates keep to no order from the first page to the last' });
	});

	test('pages that share an item are each checked on their own: one written between the two reads, dated back, sits before the shared item in the later page', () => {
		const [a, b, c, d, e] = [{ id: 'a', at: 1 }, { id: 'b', at: 2 }, { id: 'c', at: 3 }, { id: 'd', at: 4 }, { id: 'e', at: 5 }];
		expect(learnOrder([a, b, d], [c, d, e], dateOf)).toBe('oldest-first');
		expect(learnOrder([e, d, b], [d, c, a], dateOf)).toBe('newest-first');
		// Either page out of order still shows none.
		expect(learnOrder([a, b, d], [d, c, e], dateOf)).toEqual({ unknown: 'its creation dates keep to no order from the first page to the last' });
		expect(learnOrder([b, a, d], [c, d, e], dateOf)).toEqual({ unknown: 'its creation dates keep to no order from the first page to the last' });
	});

	test('a list that moves under the read (an item inserted inside it) is not read as if it stood still', async () => {
		const list = items(Array.from({ length: 40 }, (_, i) => i * 10));
		let reads = 0;
		const read: PageReader = async (offset, limit) => {
			reads += 1;
			// After the two ends are read, an item dated early appears near the start.
			if (reads === 3) list.splice(2, 0, { id: 'late', at: 15 });
			const size = Math.min(limit, 10);
			return { offset, limit, items: list.slice(offset, offset + size), total: list.length, reportedLimit: size };
		};
		const result = await readFromNewestEnd(read, { limit: 10, dateOf, maxRequests: 20, enough: () => false });
		if ('unknown' in result) expect(result.unknown).toMatch(/moved/);
		else expect(result.items.map((i) => i.id).sort()).toEqual(list.map((i) => i.id).sort());
	});

	test.each([false, true])('newest first: %s: items added at the newest end before every request are met by re-checking, not a whole read; what it proves holds', async (newestFirst) => {
		// 1,000 items; before each request after the first, two newer ones land at the newest end.
		let next = 1_000;
		const list = items(Array.from({ length: next }, (_, i) => (newestFirst ? next - 1 - i : i)));
		const land = () => {
			for (let k = 0; k < 2; k++, next++) {
				const item = { id: `new${next}`, at: next };
				if (newestFirst) list.unshift(item);
				else list.push(item);
			}
		};
		let reads = 0;
		const read: PageReader = async (offset, limit) => {
			if (reads++ > 0) land();
			const size = Math.min(limit, 100);
			return { offset, limit, items: list.slice(offset, offset + size), total: list.length, reportedLimit: size };
		};
		// Wanting 150 takes reads inward, each after more items landed.
		const result = await readFromNewestEnd(read, { limit: 100, dateOf, maxRequests: 20, enough: (got, innermost) => got.filter((i) => dateOf(i) > innermost).length >= 150 });
		if ('unknown' in result) throw new Error(`read as unknown: ${result.unknown}`);
		expect(result.requests).toBeLessThanOrEqual(4);
		const got = new Set(proven(result).map((item) => item.id));
		expect(got.size).toBeGreaterThanOrEqual(150);
		// Every item dated after the innermost date, as the list stood when the read began, was read.
		for (const item of list.filter((i) => !String(i.id).startsWith('new'))) if (dateOf(item) > result.innermostDate) expect(got.has(item.id)).toBe(true);
	});
});
