/**
 * How many pages of a list read whole are out at once, seen from the server: more than the old fixed
 * eight when the server keeps up, fewer when its answers slow down or its pages are large, and
 * never more than ten listeners on one abort signal however many are out.
 */
import { sleep, type IDataObject } from 'n8n-workflow';
import { INITIAL_PAGES_IN_FLIGHT, WINDOW_BYTES } from '../../src/client/pageWindow';
import type { HostileRequest, HostileResponse, HostileServer } from '../hostile/server.js';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { ids, serving, withClient } from './helpers';

/** The most requests the server was answering at one time, from when each arrived and was answered. */
function mostAtOnce(spans: Array<{ from: number; to: number }>): number {
	const edges = spans.flatMap((s) => [[s.from, 1] as const, [s.to, -1] as const]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	let now = 0;
	let most = 0;
	for (const [, step] of edges) most = Math.max(most, (now += step));
	return most;
}

/**
 * A fact list of `total` items, pages of 100, items padded to `itemBytes`. Each page is answered
 * `delayMs` after it arrives, or, `oneAtATime`, `delayMs` after the answer before it (a server that
 * works through one request at a time, so each request more out waits longer).
 */
function factList(total: number, options: { delayMs: number; oneAtATime?: boolean; itemBytes?: number }) {
	let previous: Promise<void> = Promise.resolve();
	const spans: Array<{ from: number; to: number }> = [];
	const handle = async (req: HostileRequest, res: HostileResponse) => {
		const from = Date.now();
		const url = new URL(req.url, 'http://x');
		const offset = Number(url.searchParams.get('offset'));
		const limit = Math.min(100, Number(url.searchParams.get('limit')));
		const turn = options.oneAtATime ? previous.then(async () => await sleep(options.delayMs)) : sleep(options.delayMs);
		previous = turn;
		await turn;
		const pad = 'x'.repeat(options.itemBytes ?? 0);
		const data = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: `mem_${offset + i}`, content: pad }));
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(JSON.stringify({ data, pagination: { offset, limit, total } }));
		spans.push({ from, to: Date.now() });
	};
	return { handle, spans };
}

const KEY = ['ctx', 'window', 'probe', '0001'].join('_');

/**
 * Counts the abort listeners each signal holds at once while it runs: Node warns about a leak
 * (MaxListenersExceededWarning) on a signal that gets more than ten.
 */
function countAbortListeners() {
	const proto = EventTarget.prototype;
	const { addEventListener: add, removeEventListener: remove } = proto;
	const held = new WeakMap<EventTarget, number>();
	let most = 0;
	proto.addEventListener = function (this: EventTarget, type: string, ...rest: [EventListenerOrEventListenerObject | null, AddEventListenerOptions?]) {
		if (type === 'abort') {
			held.set(this, (held.get(this) ?? 0) + 1);
			most = Math.max(most, held.get(this) ?? 0);
		}
		return add.call(this, type, ...rest);
	};
	proto.removeEventListener = function (this: EventTarget, type: string, ...rest: [EventListenerOrEventListenerObject | null, EventListenerOptions?]) {
		if (type === 'abort') held.set(this, Math.max(0, (held.get(this) ?? 0) - 1));
		return remove.call(this, type, ...rest);
	};
	return {
		most: () => most,
		restore: () => Object.assign(proto, { addEventListener: add, removeEventListener: remove }),
	};
}

async function listAll(server: HostileServer) {
	return await withClient({} as RunningSandbox, (c) => c.list('memoryFact.getMany'), { apiKey: KEY, baseUrl: server.baseUrl });
}

test('a server that keeps up gets more than ten pages at once, in order, each item once, and no signal gets more than ten abort listeners (Node warns of a leak above that)', async () => {
	const sb = await startSandbox({ plan: 'enterprise', rateLimit: 100_000, latencyMs: 40 });
	const listeners = countAbortListeners();
	try {
		const total = sb.admin.seedFacts('org_acme', 6000);
		const { value, error } = await withClient(sb, (c) => c.list('memoryFact.getMany'));
		expect(error).toBeUndefined();
		expect(ids(value as IDataObject[])).toEqual(sb.admin.factIdsInListOrder('org_acme'));
		expect(value as IDataObject[]).toHaveLength(total);
		expect(mostAtOnce(sb.admin.requests().map((r) => ({ from: r.receivedAt, to: r.at })))).toBeGreaterThan(10);
		expect(listeners.most()).toBeLessThanOrEqual(10);
	} finally {
		listeners.restore();
		await sb.close();
	}
}, 30_000);

test('a server that answers one request at a time (each more out waits longer): the window stops growing soon after its answers slow down', async () => {
	// 50 ms an answer, well above what this process adds to a round trip when the machine is busy, so
	// the answers' slowing down is the server's.
	const list = factList(4000, { delayMs: 50, oneAtATime: true });
	await serving(list.handle, async (server) => {
		const { value, error } = await listAll(server);
		expect(error).toBeUndefined();
		expect(ids(value as IDataObject[])).toEqual(Array.from({ length: 4000 }, (_, i) => `mem_${i}`));
		// The answers to the first pages out come before the queue has built up, so it grows a little.
		expect(mostAtOnce(list.spans)).toBeLessThanOrEqual(INITIAL_PAGES_IN_FLIGHT + INITIAL_PAGES_IN_FLIGHT / 2);
	});
}, 30_000);

test(`large pages: what is out at once stays within ${WINDOW_BYTES / 1024 / 1024} MB at the largest page seen`, async () => {
	// 100 items of 50 KB: 5 MB pages, so at most 3 out at once after the first.
	const list = factList(1500, { delayMs: 30, itemBytes: 50_000 });
	await serving(list.handle, async (server) => {
		const { value, error } = await listAll(server);
		expect(error).toBeUndefined();
		expect(value as IDataObject[]).toHaveLength(1500);
		expect(mostAtOnce(list.spans)).toBeLessThanOrEqual(Math.floor(WINDOW_BYTES / (100 * 50_000)));
	});
}, 30_000);
