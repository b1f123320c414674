/**
 * A small memory-fact server that behaves as real ones may (test/hostile/server.js underneath): its
 * own clock (behind n8n's, say), its `Date` header from that clock, and a list whose order, `total`
 * and page lengths a test scripts. It serves what the polling trigger reads: the organization and
 * the fact list. Facts are created and promoted by the test, dated by the server's clock.
 */
import type { IDataObject } from 'n8n-workflow';
import { startHostile, type HostileServer } from '../hostile/server.js';
import type { RunningSandbox } from '../sandbox';

export interface Fact extends IDataObject {
	id: string;
	agent_id: string;
	created_at: string;
	promoted_at: string | null;
}

export interface FactServerOptions {
	/** The server's clock against the host's, in ms (negative: behind). */
	clockOffsetMs?: number;
	/** The list as served: the facts in creation order in, the list out (default: as they are). */
	order?: (facts: Fact[]) => Fact[];
	/** The `total` the server announces for `count` facts (default: the count). */
	total?: (count: number) => number;
	/** How many items a page holds when `limit` were asked (default: the limit, at most 100). */
	served?: (limit: number) => number;
	/** The key's limit a minute its headers name (default 6,000). */
	rateLimit?: number;
	/** A page at an offset past 0 starts this many facts earlier (pages that overlap; default 0). */
	early?: number;
	/** The `Date` header of the n-th answer against the server's clock, in ms (null: no `Date` header; default 0). */
	dateSkewMs?: (answer: number) => number | null;
	/** The `Date` header of /organization's answers against the server's clock (another host; default as the list's). */
	orgDateSkewMs?: number;
	/** Called before each fact-list answer with the offset asked (writes that go on while the trigger reads). */
	onList?: (offset: number) => void;
	/** Whether the n-th request for the fact list (from 1) is answered 403, which no retry mends (a proxy's refusal, say). */
	fail?: (request: number) => boolean;
}

export const MAX_PAGE = 100;

/** A fake key, assembled so no literal looks like a credential. */
const KEY = ['ctx', 'fact', 'server', '31'].join('_');

export async function startFactServer(options: FactServerOptions = {}) {
	const facts: Fact[] = [];
	let advancedMs = 0;
	const now = () => Date.now() + (options.clockOffsetMs ?? 0) + advancedMs;
	const listed: string[] = [];
	let listRequests = 0;
	let made = 0;
	let answers = 0;
	let lastDate = Number.NaN;
	const server: HostileServer = await startHostile((req, res) => {
		const url = new URL(req.url, 'http://x');
		const org = url.pathname === '/v1/organization';
		const send = (body: unknown) => {
			const skew = org && options.orgDateSkewMs !== undefined ? options.orgDateSkewMs : (options.dateSkewMs ?? (() => 0))(answers++);
			(res as unknown as { sendDate: boolean }).sendDate = false;
			if (skew !== null && !org) lastDate = now() + skew;
			res.writeHead(200, { 'content-type': 'application/json', ...(skew === null ? {} : { date: new Date(now() + skew).toUTCString() }), 'x-ratelimit-limit': String(options.rateLimit ?? 6000) });
			res.end(JSON.stringify(body));
		};
		if (org) return send({ data: { id: 'org_factserver' } });
		options.onList?.(Number(url.searchParams.get('offset') ?? 0));
		listRequests += 1;
		if (options.fail?.(listRequests)) {
			res.writeHead(403, { 'content-type': 'application/json' });
			return void res.end(JSON.stringify({ error: { code: 'forbidden', message: 'Refused by the test', status: 403 } }));
		}
		const offset = Number(url.searchParams.get('offset') ?? 0);
		const limit = Math.min(MAX_PAGE, Number(url.searchParams.get('limit') ?? MAX_PAGE));
		const list = (options.order ?? ((f) => f))([...facts]);
		const start = offset > 0 ? Math.max(0, offset - (options.early ?? 0)) : 0;
		const data = list.slice(start, start + (options.served ?? ((l) => l))(limit));
		listed.push(...data.map((f) => String(f.content ?? f.id)));
		send({ data, pagination: { offset, limit, total: (options.total ?? ((n) => n))(list.length) } });
	});
	const at = (ms = now()) => new Date(ms).toISOString();
	return {
		server,
		/** The sandbox-shaped credentials the polling harness takes (its clock moved as the sandbox's is). */
		target: { baseUrl: server.baseUrl, apiKey: KEY, admin: { advance: (ms: number) => (advancedMs += ms) } } as unknown as RunningSandbox,
		/** The time the fact list's last `Date` header named, in ms, its second not yet cut off (NaN: none sent). */
		lastDate: () => lastDate,
		/** The facts served so far, by the id they were made with (the content create() gives them), whatever id the list showed. */
		listed: () => new Set(listed),
		/** Requests for the fact list so far. */
		requests: () => listRequests,
		/** Moves the server's clock (its dates and its `Date`) forward. */
		advance: (ms: number) => (advancedMs += ms),
		facts,
		/** Facts created now on the server's clock (`same`: all with one `created_at`, a batch; `stamp`: dated then instead, a misdated fact); their ids. */
		create(count: number, agentId = 'dep_b', same = false, stamp = now()): string[] {
			const ids: string[] = [];
			for (let i = 0; i < count; i++) {
				const id = `fact_${String(++made).padStart(6, '0')}`;
				facts.push({ id, agent_id: agentId, content: id, tier: 'L1', created_at: at(same ? stamp : stamp + i - count + 1), promoted_at: null });
				ids.push(id);
			}
			return ids;
		},
		promote(id: string): void {
			const fact = facts.find((f) => f.id === id) as Fact;
			fact.promoted_at = at();
			fact.tier = 'L2';
		},
		remove(ids: string[]): void {
			const gone = new Set(ids);
			facts.splice(0, facts.length, ...facts.filter((f) => !gone.has(f.id)));
		},
		close: () => server.close(),
	};
}
