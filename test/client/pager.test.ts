/**
 * The pager's rules as a table: a simulated list server, the plan driven the way the client drives
 * it (pages answered in any order), and what must come out — the same items, in the same order, as
 * the sequential scan, with only the requests needed.
 */
import type { IDataObject } from 'n8n-workflow';
import { FALLBACK_PAGE_SIZE, MAX_PAGES, type Page, type PageRequest, PagePlan, STALE_PAGE_LIMIT } from '../../src/client/pager';

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

/** Drives a plan like the client: send what it asks, answer in `order`, collect what it hands on. */
function scan(server: Server, limit?: number, order: 'in order' | 'last first' = 'in order', window = 8) {
	const plan = new PagePlan(limit, window);
	const requests: PageRequest[] = [];
	const items: IDataObject[] = [];
	const pending: PageRequest[] = [];
	let maxPending = 0;
	let stop: string | undefined;
	while (!plan.done && !stop) {
		const next = plan.take();
		if ('stop' in next) {
			stop = next.stop;
			break;
		}
		pending.push(...next.requests);
		requests.push(...next.requests);
		maxPending = Math.max(maxPending, pending.length);
		if (pending.length === 0) break;
		const request = order === 'in order' ? (pending.shift() as PageRequest) : (pending.pop() as PageRequest);
		const accepted = plan.accept(request, serve(server, request, requests.length));
		if ('stop' in accepted) stop = accepted.stop;
		else for (const page of accepted.ready) items.push(...page);
	}
	return { requests: requests.map((r) => `${r.offset}+${r.limit}`), items: items.map((i) => i.id ?? i.n), stop, maxPending };
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
