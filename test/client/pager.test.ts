/**
 * The pager's rules as a table: a simulated list server, the plan driven the way the client drives
 * it (pages answered in any order), and what must come out — the same items, in the same order, as
 * the sequential scan, with only the requests needed.
 */
import type { IDataObject } from 'n8n-workflow';
import { FALLBACK_PAGE_SIZE, MAX_PAGES, type Page, type PageRequest, PagePlan, STALE_PAGE_LIMIT } from '../../src/client/pager';
import { ResumablePlan, type ScanPage, type ScanStart } from '../../src/client/resumablePager';

interface Server {
	items: IDataObject[];
	/** The largest page it serves (it clamps larger limits and reports the clamp). */
	maxPage?: number;
	/** Lets a test change the data or the answer per request. */
	answer?: (request: PageRequest, page: Page, served: number) => Page;
}

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `f${from + i}` }));

function serve(server: Server, request: PageRequest, served: number): Page {
	const limit = Math.min(request.limit, server.maxPage ?? 100);
	const page = { data: server.items.slice(request.offset, request.offset + limit), pagination: { offset: request.offset, limit, total: server.items.length } };
	return server.answer ? server.answer(request, page, served) : page;
}

/**
 * Drives a plan like the client: send what it asks, answer in `order`, collect what it hands on.
 * `window` may change as the scan goes (the client adapts it): a function of the answers so far.
 */
function scan(server: Server, limit?: number, order: 'in order' | 'last first' = 'in order', window: number | ((answered: number) => number) = 8) {
	const windowAt = typeof window === 'number' ? () => window : window;
	const plan = new PagePlan(limit, windowAt(0));
	const requests: PageRequest[] = [];
	const items: IDataObject[] = [];
	const pending: PageRequest[] = [];
	let maxPending = 0;
	let heldBeyondWindow = false;
	let answered = 0;
	let stop: string | undefined;
	while (!plan.done && !stop) {
		const size = windowAt(answered);
		const next = plan.take(size);
		if ('stop' in next) {
			stop = next.stop;
			break;
		}
		pending.push(...next.requests);
		requests.push(...next.requests);
		maxPending = Math.max(maxPending, pending.length);
		// A window that shrank lets no new page out until enough were handed on (a gap left by a short
		// page is asked for at once: it takes the place of the page that left it).
		const furthest = Math.max(-1, ...requests.slice(0, requests.length - next.requests.length).map((r) => r.offset));
		if (next.requests.some((r) => r.offset > furthest) && pending.length > size) heldBeyondWindow = true;
		if (pending.length === 0) break;
		const request = order === 'in order' ? (pending.shift() as PageRequest) : (pending.pop() as PageRequest);
		answered += 1;
		const accepted = plan.accept(request, serve(server, request, requests.length));
		if ('stop' in accepted) stop = accepted.stop;
		else for (const page of accepted.ready) items.push(...page);
	}
	return { requests: requests.map((r) => `${r.offset}+${r.limit}`), items: items.map((i) => i.id ?? i.n), stop, maxPending, heldBeyondWindow };
}

const range = (n: number, from = 0) => ids(n, from).map((i) => i.id);

describe('the same result as the sequential scan', () => {
	test.each(['in order', 'last first'] as const)('all of 250 items at the largest page, pages answered %s', (order) => {
		const { requests, items } = scan({ items: ids(250) }, undefined, order);
		expect(requests).toEqual(['0+1000', '100+100', '200+100']);
		expect(items).toEqual(range(250));
	});

	test('Limit asks only for what is needed', () => {
		expect(scan({ items: ids(250) }, 30).requests).toEqual(['0+30']);
		expect(scan({ items: ids(250) }, 150)).toEqual(expect.objectContaining({ requests: ['0+150', '100+50'], items: range(150) }));
	});

	test('a server that reports no page size: learned from the first page', () => {
		const { requests, items } = scan({ items: ids(230), answer: (_r, p) => ({ ...p, pagination: { ...p.pagination, limit: 0 } }) });
		expect(requests).toEqual(['0+1000', '100+100', '200+100']);
		expect(items).toEqual(range(230));
	});

	test('a page shorter than asked before the end: the gap is read next, as the sequential scan would', () => {
		// The server cuts the page at offset 100 to 60 items (a byte limit, say).
		const server: Server = { items: ids(300), answer: (r, p) => (r.offset === 100 && r.limit === 100 ? { ...p, data: p.data.slice(0, 60) } : p) };
		const { requests, items } = scan(server, undefined, 'last first');
		expect(requests).toEqual(['0+1000', '100+100', '200+100', '160+40']);
		expect(items).toEqual(range(300));
	});

	test('items that appear at the front mid-scan shift pages: duplicates are dropped and the scan reads on', () => {
		// After the first page, 5 new facts are inserted at the front: every later page starts 5 back.
		const server: Server = { items: ids(250), answer: (r, p, served) => (served > 1 ? { data: [...ids(5, 1000), ...ids(250)].slice(r.offset, r.offset + 100), pagination: { ...p.pagination, total: 255 } } : p) };
		const { requests, items } = scan(server);
		expect(new Set(items).size).toBe(items.length);
		expect(items.slice(0, 250)).toEqual(range(250));
		expect(requests).toEqual(['0+1000', '100+100', '200+100', '300+100'].slice(0, requests.length));
	});

	test('ids that are numbers are ids: an item a shifted page serves again is dropped', () => {
		// As above, with ids the server sends as numbers (the spec shows no field's type for every list).
		const numbered = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: from + i }));
		const server: Server = { items: numbered(250), answer: (r, p, served) => (served > 1 ? { data: [...numbered(5, 1000), ...numbered(250)].slice(r.offset, r.offset + 100), pagination: { ...p.pagination, total: 255 } } : p) };
		const { items } = scan(server);
		expect(items.slice(0, 250)).toEqual(Array.from({ length: 250 }, (_, i) => i));
		expect(new Set(items).size).toBe(items.length);
	});

	test('an empty page before the claimed total ends the scan there (items were removed)', () => {
		const server: Server = { items: ids(250), answer: (r, p) => (r.offset >= 200 ? { ...p, data: [] } : p) };
		expect(scan(server).items).toEqual(range(200));
	});

	test('a total that grows while scanning is followed', () => {
		const server: Server = { items: ids(150), answer: (r, p, served) => (served > 1 ? { data: ids(320).slice(r.offset, r.offset + 100), pagination: { ...p.pagination, total: 320 } } : p) };
		expect(scan(server).items).toEqual(range(320));
	});

	test('memory stays bounded: never more pages out than the window', () => {
		expect(scan({ items: ids(5000) }, undefined, 'last first', 4).maxPending).toBeLessThanOrEqual(4);
	});

	test.each(['in order', 'last first'] as const)('a window that grows and shrinks as the scan goes, pages answered %s: the same items, in order, within the window of the moment', (order) => {
		// 2 out, then 32 (the server keeps up), then 3 (it struggles), then 12.
		const window = (answered: number) => (answered < 5 ? 2 : answered < 20 ? 32 : answered < 40 ? 3 : 12);
		const server: Server = { items: ids(9000), answer: (r, p) => (r.offset === 3000 && r.limit === 100 ? { ...p, data: p.data.slice(0, 30) } : p) };
		const { requests, items, maxPending, heldBeyondWindow } = scan(server, undefined, order, window);
		expect(items).toEqual(range(9000));
		expect(requests).toHaveLength(91);
		expect(maxPending).toBe(32);
		expect(heldBeyondWindow).toBe(false);
	});
});

describe('the scan cannot run forever', () => {
	test('an answer at another offset than asked stops it', () => {
		const { stop, requests } = scan({ items: ids(500), answer: (_r, p) => ({ ...p, pagination: { ...p.pagination, offset: 0 } }) });
		expect(stop).toMatch(/request for offset 100 with offset 0/);
		expect(requests.length).toBeLessThanOrEqual(9);
	});

	test(`${STALE_PAGE_LIMIT} pages in a row with nothing new, while more is claimed, stop it`, () => {
		const { stop } = scan({ items: ids(500), answer: (r) => ({ data: ids(100), pagination: { offset: r.offset, limit: 100, total: 1e12 } }) });
		expect(stop).toMatch(/3 pages in a row added no new item/);
	});

	test(`no scan reads more than ${MAX_PAGES} pages`, () => {
		const items = Array.from({ length: MAX_PAGES * 2 }, (_, n) => ({ n }));
		const { stop, requests } = scan({ items, maxPage: 1 });
		expect(stop).toMatch(/more than 10000 pages/);
		expect(requests.length).toBeLessThanOrEqual(MAX_PAGES);
	});

	test('the pages announced to the rate budget are bounded too', () => {
		const plan = new PagePlan(undefined, 8);
		const first = plan.take() as { requests: PageRequest[] };
		plan.accept(first.requests[0], { data: ids(100), pagination: { offset: 0, limit: 100, total: 1e15 } });
		expect(plan.pagesLeft).toBeLessThanOrEqual(MAX_PAGES);
	});
});

test('a server that refuses the oversized first page with 400 is asked again at 100, once', () => {
	const plan = new PagePlan(undefined, 8);
	const first = (plan.take() as { requests: PageRequest[] }).requests[0];
	expect(first).toEqual({ offset: 0, limit: 1000 });
	expect(plan.fallBack(first)).toBe(true);
	const again = (plan.take() as { requests: PageRequest[] }).requests[0];
	expect(again).toEqual({ offset: 0, limit: FALLBACK_PAGE_SIZE });
	expect(plan.fallBack(again)).toBe(false);
});

describe('resumable scans: from an offset, one request at a time, finding the place again', () => {
	/** Drives a ResumablePlan like the client: send what it asks, collect the pages it hands on. */
	function resume(server: Server, start: Partial<ScanStart> & { anchorIds?: string[] } = {}, pageSize?: number) {
		const anchors = new Set(start.anchorIds ?? []);
		const plan = new ResumablePlan({ offset: start.offset ?? 0, anchors: anchors.size, isAnchor: (id) => anchors.has(id), total: start.total }, pageSize);
		const requests: string[] = [];
		const pages: ScanPage[] = [];
		let stop: string | undefined;
		while (!plan.done && !stop) {
			const request = plan.next();
			if ('stop' in request) {
				stop = request.stop;
				break;
			}
			requests.push(`${request.offset}+${request.limit}`);
			const accepted = plan.accept(request, serve(server, request, requests.length));
			if ('stop' in accepted) stop = accepted.stop;
			if ('page' in accepted) pages.push(accepted.page);
		}
		return { requests, stop, pages, fresh: pages.flatMap((p) => p.fresh.map((i) => i.id)), lost: pages.map((p) => p.lost) };
	}

	test('from an offset, starting on the anchors: what follows them, to the end, with the largest page', () => {
		const { requests, fresh, lost, pages } = resume({ items: ids(250) }, { offset: 120, anchorIds: ['f118', 'f119'] });
		expect(requests).toEqual(['118+1000', '213+100']);
		expect(fresh).toEqual(range(130, 120));
		expect(lost).toEqual([false, false]);
		// Each page names where the next starts and the anchors to look for there: a later scan resumes with them.
		expect(pages.map((p) => [p.end, p.anchors])).toEqual([
			[218, ['f213', 'f214', 'f215', 'f216', 'f217']],
			[250, ['f245', 'f246', 'f247', 'f248', 'f249']],
		]);
		expect(pages.at(-1)?.last).toBe(true);
	});

	test('ids that are numbers: the anchors are found, nothing is taken for lost, and the next anchors are their text', () => {
		const numbered = Array.from({ length: 250 }, (_, i) => ({ id: i }));
		const { requests, fresh, lost, pages } = resume({ items: numbered }, { offset: 120, anchorIds: ['118', '119'] });
		expect(requests).toEqual(['118+1000', '213+100']);
		expect(fresh).toEqual(Array.from({ length: 130 }, (_, i) => 120 + i));
		expect(lost).toEqual([false, false]);
		expect(pages.map((p) => p.anchors)).toEqual([['213', '214', '215', '216', '217'], ['245', '246', '247', '248', '249']]);
	});

	test('one short page does not shrink the page size for the rest of the scan; a smaller limit the server reports does', () => {
		const shortOnce = { items: ids(500), answer: (request: PageRequest, page: Page, served: number) => (served === 2 ? { ...page, data: page.data.slice(0, 60) } : page) };
		expect(resume(shortOnce, { offset: 100, anchorIds: ['f99'] }, 100).requests.slice(0, 4)).toEqual(['99+100', '194+100', '249+100', '344+100']);
		const clamped = { items: ids(500), answer: (request: PageRequest, page: Page, served: number) => (served === 2 ? { ...page, data: page.data.slice(0, 50), pagination: { ...page.pagination, limit: 50 } } : page) };
		expect(resume(clamped, { offset: 100, anchorIds: ['f99'] }, 100).requests.slice(0, 3)).toEqual(['99+100', '194+100', '242+50']);
	});

	test('a page size learned earlier is asked for at once', () => {
		expect(resume({ items: ids(250) }, { offset: 200, anchorIds: ['f199'] }, 100).requests).toEqual(['199+100']);
	});

	test('facts deleted behind the place: the anchors are found earlier in the page, nothing is skipped', () => {
		const items = ids(250).filter((i) => !['f3', 'f50', 'f100'].includes(i.id));
		const { requests, fresh, lost } = resume({ items }, { offset: 120, anchorIds: ['f115', 'f116', 'f117', 'f118', 'f119'] }, 100);
		expect(requests).toEqual(['115+100', '210+100']);
		expect(fresh).toEqual(range(130, 120));
		expect(lost).toEqual([false, false]);
	});

	test('a page says whether its place was found where the scan left it (`shifted`): not when nothing moved; yes when items before it were deleted', () => {
		const still = resume({ items: ids(250) }, { offset: 120, anchorIds: ['f115', 'f116', 'f117', 'f118', 'f119'] }, 100);
		expect(still.pages.map((p) => p.shifted)).toEqual([false, false]);
		const items = ids(250).filter((i) => !['f3', 'f50', 'f100'].includes(i.id));
		const deleted = resume({ items }, { offset: 120, anchorIds: ['f115', 'f116', 'f117', 'f118', 'f119'] }, 100);
		expect(deleted.pages.map((p) => p.shifted)).toEqual([true, false]);
	});

	test('the list reordered at the place (ties in a changing order): anchors found apart say items may have been skipped; found all in one run, nothing is', () => {
		const anchorIds = ['f115', 'f116', 'f117', 'f118', 'f119'];
		// f119 moved away from the others, and f140 (not read yet) to before the place.
		const moved = ids(250).filter((i) => !['f119', 'f140'].includes(i.id));
		moved.splice(110, 0, { id: 'f140' });
		moved.splice(125, 0, { id: 'f119' });
		const apart = resume({ items: moved }, { offset: 120, anchorIds }, 100);
		expect(apart.lost[0]).toBe(true);
		expect(apart.pages[0].anchorsMissing).toBe(false);
		const inOrder = resume({ items: ids(250) }, { offset: 120, anchorIds }, 100);
		expect(inOrder.lost[0]).toBe(false);
		expect(inOrder.pages[0].anchorsMissing).toBe(false);
	});

	test('fewer anchors than kept, after other items: the page says so (moved away by a reorder); cut off by the page\'s start, it does not', () => {
		const anchorIds = ['f115', 'f116', 'f117', 'f118', 'f119'];
		// Deletions alone leave the anchors left at the page's start; here f115-f118 moved to the end and f200, f201 to before f119.
		const reordered = ids(250).filter((i) => !['f115', 'f116', 'f117', 'f118', 'f200', 'f201'].includes(i.id));
		reordered.splice(115, 0, { id: 'f200' }, { id: 'f201' });
		reordered.push(...['f115', 'f116', 'f117', 'f118'].map((id) => ({ id })));
		const alone = resume({ items: reordered }, { offset: 120, anchorIds }, 100);
		expect([alone.lost[0], alone.pages[0].anchorsMissing]).toEqual([false, true]);
		// The place moved on two too far (newest first, a guess at what was added): f115 and f116 are before the page.
		const cut = resume({ items: ids(250) }, { offset: 122, anchorIds }, 100);
		expect([cut.lost[0], cut.pages[0].anchorsMissing]).toEqual([false, false]);
	});

	/** 250 items, 20 of them deleted behind an offset of 120: its anchors f118 and f119 sit in the page before the first request. */
	const twentyDeleted = () => ids(250).filter((i) => Number(i.id.slice(1)) < 40 || Number(i.id.slice(1)) >= 60);

	test('more deletions than anchors: one page further back finds them', () => {
		const { requests, fresh, lost } = resume({ items: twentyDeleted() }, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		expect(requests.slice(0, 2)).toEqual(['118+100', '19+100']);
		expect(fresh.slice(0, 3)).toEqual(['f120', 'f121', 'f122']);
		expect(fresh).toEqual(range(130, 120));
		expect(lost[0]).toBe(false);
	});

	test.each([
		// The step back ends one item into the first answer's ground (its offset is 118 - 100 + 1).
		['in the middle of the list', 120, ['f118', 'f119'], twentyDeleted(), ['118+100', '19+100', '213+100'], [[19, 218, 199, 'f19', 'f237'], [213, 230, 17, 'f233', 'f249']]],
		// Near the start the step back asks from 0 and holds more of the first answer's ground: joined on the item at offset 58.
		['at the start of the list (the step back asks from 0)', 60, ['f58', 'f59'], ids(250).filter((i) => Number(i.id.slice(1)) < 10 || Number(i.id.slice(1)) >= 40), ['58+100', '0+100', '153+100'], [[0, 158, 158, 'f0', 'f187'], [153, 220, 67, 'f183', 'f249']]],
	])('a step back that finds the place and holds the first answer\'s first item where that answer began (the seam), %s: the two answers are one page, one request fewer', (_where, offset, anchorIds, items, expectedRequests, expectedPages) => {
		const { requests, fresh, lost, pages } = resume({ items }, { offset, anchorIds }, 100);
		expect(requests).toEqual(expectedRequests);
		expect(fresh).toEqual(range(250 - offset, offset));
		expect(lost.every((l) => !l)).toBe(true);
		// From the step back's offset to the first answer's end, the seam once.
		expect(pages.map((p) => [p.offset, p.end, p.items.length, p.items[0].id, p.items.at(-1)?.id])).toEqual(expectedPages);
		expect(new Set(pages[0].items.map((i) => i.id)).size).toBe(pages[0].items.length);
		// What the server serves a page is what one answer held, not the two joined (taken for it, every later full page looked like the list's end).
		expect(pages.map((p) => p.answered)).toEqual([100, pages[1].items.length]);
	});

	/** Items in the list from the second request on: the list changed between the first answer and the step back. */
	type Change = (items: Array<{ id: string }>) => IDataObject[];
	const without =
		(...gone: string[]): Change =>
		(items) =>
			items.filter((i) => !gone.includes(i.id));
	test.each<[string, Change, boolean, string[]]>([
		// Newest first: an item comes at the start as an old one after the place expires. The step back is one
		// place further on than the first answer: joined, f137 would be skipped.
		['one added in front, one deleted after the place (the total the same)', (items) => [...ids(1, 1000), ...without('f240')(items)], false, range(130, 120).filter((id) => id !== 'f240')],
		['three added in front', (items) => [...ids(3, 1000), ...items], false, range(130, 120)],
		['one deleted in front of the place', without('f10'), false, range(130, 120)],
		["the first answer's first item deleted", without('f138'), false, range(130, 120).filter((id) => id !== 'f138')],
		// The seam holds while the total changed: joined, the first answer's items as it read them.
		['one added at the end (the total grew)', (items) => [...items, ...ids(1, 2000)], true, [...range(130, 120), 'f2000']],
		// f150 is handed on: the first answer held it when it was read.
		['one deleted after the seam, in the first answer', without('f150'), true, range(130, 120)],
	])('between the first answer and the step back, %s: joined only when the seam holds, and nothing skipped', (_change, change, joins, expectedFresh) => {
		const items = twentyDeleted();
		const server: Server = {
			items,
			answer: (_r, p, served) => {
				if (served === 1) server.items = change(items);
				return p;
			},
		};
		const { requests, fresh, lost } = resume(server, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		// Joined: on from the first answer's end (218, less 5 anchors). Not joined: the step back is handed on, and the
		// scan asks again from its anchors (its end is the seam's offset + 1: 119, less 5).
		expect(requests.slice(0, 3)).toEqual(['118+100', '19+100', joins ? '213+100' : '114+100']);
		expect(fresh).toEqual(expectedFresh);
		expect(lost.every((l) => !l)).toBe(true);
	});

	test('an item without an id where the two answers meet: nothing to check the seam by, so they are not joined', () => {
		const items: IDataObject[] = twentyDeleted().map((i) => (i.id === 'f138' ? { name: 'no id' } : i));
		const { requests, fresh, lost } = resume({ items }, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		expect(requests.slice(0, 3)).toEqual(['118+100', '19+100', '114+100']);
		expect(fresh.filter((id) => id !== undefined)).toEqual(range(130, 120).filter((id) => id !== 'f138'));
		expect(lost.every((l) => !l)).toBe(true);
	});

	test.each([
		[100, false],
		// One more than the step back reaches (a page plus the anchors, less two; before it overlapped the first answer, less one).
		[101, true],
	])('the step back finds two anchors across up to a page of deletions behind them: %d deleted, lost %s', (deleted, expectLost) => {
		const items = ids(250).filter((i) => Number(i.id.slice(1)) < 10 || Number(i.id.slice(1)) >= 10 + deleted);
		const { requests, lost } = resume({ items }, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		expect(requests).toEqual(['118+100', '19+100']);
		expect(lost).toEqual([expectLost]);
	});

	test('facts added in front of the place: the anchors are found further on, nothing is read twice', () => {
		const items = [...ids(7, 1000), ...ids(250)];
		const { fresh, lost } = resume({ items }, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		expect(fresh).toEqual(range(130, 120));
		expect(lost).toEqual([false, false]);
	});

	test('a list whose new items come at its start: an answer without anchors whose total grew asks as many items on, not one page back', () => {
		// 150 added at the start since the place was taken at a total of 1,000.
		const items = [...ids(150, 5000), ...ids(1000)];
		const onward = resume({ items }, { offset: 300, anchorIds: ['f298', 'f299'], total: 1000 }, 100);
		expect(onward.requests.slice(0, 3)).toEqual(['298+100', '448+100', '543+100']);
		expect(onward.fresh).toEqual(range(700, 300));
		expect(onward.lost.every((l) => !l)).toBe(true);
		// Without the total, the page before is asked in vain and the read may have skipped items.
		const back = resume({ items }, { offset: 300, anchorIds: ['f298', 'f299'] }, 100);
		expect(back.requests.slice(0, 2)).toEqual(['298+100', '199+100']);
		expect(back.lost[0]).toBe(true);
	});

	test('anchors that are gone, even one page back: the page says it may have skipped items', () => {
		const items = ids(250).filter((i) => !['f118', 'f119'].includes(i.id));
		const { requests, lost, fresh } = resume({ items }, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		expect(requests.slice(0, 2)).toEqual(['118+100', '19+100']);
		expect(lost[0]).toBe(true);
		expect(fresh[0]).toBe('f120');
	});

	test('anchors gone even one page back: the items that look back was served come with the page, apart from it (a reader holding what existed must see them)', () => {
		const items = ids(250).filter((i) => !['f118', 'f119'].includes(i.id));
		const { pages } = resume({ items }, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		expect(pages[0].items.map((i) => i.id)).toEqual(range(100, 120).slice(0, 100));
		expect(pages[0].unplaced?.map((i) => i.id)).toEqual(items.slice(19, 119).map((i) => i.id));
		expect(pages.slice(1).every((p) => p.unplaced === undefined)).toBe(true);
		// Found where the scan looked first, nothing is apart.
		expect(resume({ items: ids(250) }, { offset: 120, anchorIds: ['f118', 'f119'] }, 100).pages.every((p) => p.unplaced === undefined)).toBe(true);
	});

	test('within one scan, a page whose first item is not the last one read says so too', () => {
		// After the first page, 150 facts behind the scan are deleted: the next page starts past items never read.
		const server: Server = { items: ids(400), answer: (r, p, served) => (served > 1 ? { data: ids(400).slice(150).slice(r.offset, r.offset + 100), pagination: { ...p.pagination, total: 250 } } : p) };
		const { requests, lost } = resume(server, {}, 100);
		expect(requests.slice(0, 3)).toEqual(['0+100', '95+100', '0+100']);
		expect(lost.slice(0, 2)).toEqual([false, true]);
	});

	test('once a step back found nothing, later pages do not step back (a list in no stable order would cost two requests a page)', () => {
		let served = 0;
		// A different order on every request: the anchors are never where they were.
		const shuffled = (): IDataObject[] => ids(1000).sort(() => ((served = (served * 7 + 3) % 11) > 5 ? 1 : -1));
		const { requests, lost } = resume({ items: ids(1000), answer: (r, p) => ({ ...p, data: shuffled().slice(r.offset, r.offset + r.limit) }) }, { offset: 300, anchorIds: ['f298', 'f299'] }, 100);
		expect(requests.slice(0, 4)).toEqual(['298+100', '199+100', '393+100', '488+100']);
		expect(lost[0]).toBe(true);
	});

	test('an answer at another offset than asked (a server or proxy that ignores offset) stops the scan', () => {
		const { stop, pages } = resume({ items: ids(500), answer: (_r, p) => ({ ...p, data: ids(100), pagination: { ...p.pagination, offset: 0 } }) }, { offset: 200, anchorIds: ['f199'] }, 100);
		expect(stop).toMatch(/request for offset 199 with offset 0/);
		expect(pages).toEqual([]);
	});

	test(`${STALE_PAGE_LIMIT} pages in a row with nothing new, while more is claimed, say the scan may have skipped items, and it goes on (its reader bounds it)`, () => {
		const plan = new ResumablePlan({ offset: 0, anchors: 0, isAnchor: () => false }, 100);
		const lost: boolean[] = [];
		for (let i = 0; i < 2 * STALE_PAGE_LIMIT + 2; i++) {
			const request = plan.next() as PageRequest;
			const accepted = plan.accept(request, { data: ids(100), pagination: { offset: request.offset, limit: 100, total: 1e12 } });
			if (!('page' in accepted)) throw new Error('the scan stopped');
			lost.push(accepted.page.lost);
		}
		expect(lost).toEqual([false, false, false, true, false, false, true, false]);
		expect(plan.done).toBe(false);
	});

	test('a total over the list: a page shorter than asked that brings nothing past the place ends the scan (asked again, it is the same page)', () => {
		const { requests, pages, lost } = resume({ items: ids(3), answer: (_r, p) => ({ ...p, pagination: { ...p.pagination, total: 40 } }) }, { offset: 3, anchorIds: ['f0', 'f1', 'f2'] }, 100);
		expect(requests).toEqual(['0+100']);
		expect(pages.at(-1)?.last).toBe(true);
		expect(lost).toEqual([false]);
	});

	test('a total over the list that grows before the place at every request: a page shorter than asked that ends on the place ends the scan', () => {
		// The place is the list's last item (a fact dated ahead, in a list sorted by date): another client's items land before it, pushing the offset on at
		// every request, and the total claims more. Read on from the place, each page would bring nothing new and end further on: the scan chased it.
		const items = [...ids(2), { id: 'n0' }, { id: 'f2' }];
		const growing = (_r: PageRequest, p: Page, served: number): Page => (items.splice(items.length - 1, 0, { id: `n${served}` }), { ...p, pagination: { ...p.pagination, total: items.length + 40 } });
		const { requests, pages, lost } = resume({ items, answer: growing }, { offset: 3, anchorIds: ['f2'] }, 100);
		expect(requests).toEqual(['2+100']);
		expect(pages.at(-1)?.last).toBe(true);
		expect(lost).toEqual([false]);
	});

	test('a server that refuses the oversized first page with 400 is asked again at 100, once, at the same offset', () => {
		const plan = new ResumablePlan({ offset: 300, anchors: 1, isAnchor: () => false });
		const first = plan.next() as PageRequest;
		expect(first).toEqual({ offset: 299, limit: 1000 });
		expect(plan.fallBack(first)).toBe(true);
		const again = plan.next() as PageRequest;
		expect(again).toEqual({ offset: 299, limit: FALLBACK_PAGE_SIZE });
		expect(plan.fallBack(again)).toBe(false);
	});

	test('a short page before the end teaches the page size (the server cut it without saying so)', () => {
		const { requests } = resume({ items: ids(400), answer: (r, p) => ({ ...p, data: p.data.slice(0, 40), pagination: { ...p.pagination, limit: r.limit } }) }, { offset: 100, anchorIds: ['f99'] });
		expect(requests.slice(0, 2)).toEqual(['99+1000', '137+40']);
	});
});
