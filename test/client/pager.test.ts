/**
 * The pager's rules as a table: a simulated list server, the plan driven the way the client drives
 * it (pages answered in any order), and what must come out — the same items, in the same order, as
 * the sequential scan, with only the requests needed.
 */
import type { IDataObject } from 'n8n-workflow';
import { FALLBACK_PAGE_SIZE, MAX_PAGES, type Page, type PageRequest, PagePlan, ResumablePlan, type ScanPage, type ScanStart, STALE_PAGE_LIMIT } from '../../src/client/pager';

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

	test('more deletions than anchors: one page further back finds them', () => {
		const items = ids(250).filter((i) => Number(i.id.slice(1)) < 40 || Number(i.id.slice(1)) >= 60);
		const { requests, fresh, lost } = resume({ items }, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		expect(requests.slice(0, 2)).toEqual(['118+100', '18+100']);
		expect(fresh.slice(0, 3)).toEqual(['f120', 'f121', 'f122']);
		expect(fresh).toEqual(range(130, 120));
		expect(lost[0]).toBe(false);
	});

	test('a step back that ends where the first request began goes on from the first answer: three requests, not four', () => {
		// 20 deleted behind the place: the anchors sit 20 places back, in the page before the first request.
		const items = ids(250).filter((i) => Number(i.id.slice(1)) < 40 || Number(i.id.slice(1)) >= 60);
		const { requests, fresh, lost, pages } = resume({ items }, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		expect(requests).toEqual(['118+100', '18+100', '213+100']);
		expect(fresh).toEqual(range(130, 120));
		expect(lost).toEqual([false, false]);
		// The two answers are one page: from the step back's offset to the first answer's end.
		expect(pages.map((p) => [p.offset, p.end, p.items.length])).toEqual([
			[18, 218, 200],
			[213, 230, 17],
		]);
	});

	test('a step back that ends where the first request began, but the list changed between the two answers (its total): the first is asked again, nothing skipped', () => {
		const items = ids(250).filter((i) => Number(i.id.slice(1)) < 40 || Number(i.id.slice(1)) >= 60);
		// Right after the first answer, 3 items are added at the start: the step back ends 3 items short of it.
		const server: Server = {
			items,
			answer: (_r, p, served) => {
				if (served === 1) server.items = [...ids(3, 1000), ...items];
				return p;
			},
		};
		const { requests, fresh, lost } = resume(server, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		expect(requests.slice(0, 3)).toEqual(['118+100', '18+100', '113+100']);
		expect(fresh).toEqual(range(130, 120));
		expect(lost.every((l) => !l)).toBe(true);
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
		expect(back.requests.slice(0, 2)).toEqual(['298+100', '198+100']);
		expect(back.lost[0]).toBe(true);
	});

	test('anchors that are gone, even one page back: the page says it may have skipped items', () => {
		const items = ids(250).filter((i) => !['f118', 'f119'].includes(i.id));
		const { requests, lost, fresh } = resume({ items }, { offset: 120, anchorIds: ['f118', 'f119'] }, 100);
		expect(requests.slice(0, 2)).toEqual(['118+100', '18+100']);
		expect(lost[0]).toBe(true);
		expect(fresh[0]).toBe('f120');
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
		expect(requests.slice(0, 4)).toEqual(['298+100', '198+100', '393+100', '488+100']);
		expect(lost[0]).toBe(true);
	});

	test('an answer at another offset than asked (a server or proxy that ignores offset) stops the scan', () => {
		const { stop, pages } = resume({ items: ids(500), answer: (_r, p) => ({ ...p, data: ids(100), pagination: { ...p.pagination, offset: 0 } }) }, { offset: 200, anchorIds: ['f199'] }, 100);
		expect(stop).toMatch(/request for offset 199 with offset 0/);
		expect(pages).toEqual([]);
	});

	test(`${STALE_PAGE_LIMIT} pages in a row with nothing new, while more is claimed, stop it`, () => {
		const { stop } = resume({ items: ids(500), answer: (r) => ({ data: ids(100), pagination: { offset: r.offset, limit: 100, total: 1e12 } }) }, {}, 100);
		expect(stop).toMatch(/3 pages in a row added no new item/);
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
