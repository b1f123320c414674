/**
 * What every answer's headers said: the rate-limit headers, the unit of `X-RateLimit-Reset`, and the
 * `Date` header against the dates of the items in the same answer. Reads the answers already
 * received; sends nothing.
 */
import { isObject } from '../../../src/client/envelope';
import { header } from '../../../src/client/transport';
import { type Finding, finding } from '../rows';
import type { Exchange } from '../undiciContext';

const RATE = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
const RATE_HEADERS = 'src/client/rateHeaders.ts';

export function checkRateHeaders(exchanges: readonly Exchange[]): Finding {
	const row = finding('rateLimit.headers', { file: RATE_HEADERS, find: 'export function readRateHeaders' }, 'X-RateLimit-Limit, -Remaining and -Reset on every answer, as whole numbers');
	if (exchanges.length === 0) return row.unchecked('no answer came');
	const lacking = RATE.map((name) => ({ name, count: exchanges.filter((e) => !/^\d+$/.test(header(e.headers, name) ?? '')).length })).filter((l) => l.count > 0);
	const limit = header(exchanges[exchanges.length - 1].headers, RATE[0]);
	if (lacking.length === 0) return row.confirmed(`on all ${exchanges.length} answers; limit ${String(limit)}`);
	return row.differs(lacking.map((l) => `${l.name} missing or not a number on ${l.count} of ${exchanges.length} answers`).join('; '));
}

/** How the client reads a reset value (rateHeaders.ts): above 1e12 epoch ms, above 1e9 epoch s, else seconds from now. */
function unitOf(value: number): 'epoch seconds' | 'epoch milliseconds' | 'seconds until the reset' {
	if (value > 1e12) return 'epoch milliseconds';
	if (value > 1e9) return 'epoch seconds';
	return 'seconds until the reset';
}

export function checkResetUnit(exchanges: readonly Exchange[]): Finding {
	const row = finding('rateLimit.resetUnit', { file: RATE_HEADERS, find: 'function parseReset' }, "X-RateLimit-Reset in epoch seconds, the sandbox's default (the client also reads epoch ms and seconds from now)");
	const last = [...exchanges].reverse().find((e) => /^\d+$/.test(header(e.headers, 'x-ratelimit-reset') ?? ''));
	if (!last) return row.unchecked('no answer carried a numeric X-RateLimit-Reset');
	const value = Number(header(last.headers, 'x-ratelimit-reset'));
	const unit = unitOf(value);
	const date = Date.parse(header(last.headers, 'date') ?? '');
	const base = Number.isNaN(date) ? last.at : date;
	const inSeconds = unit === 'epoch seconds' ? value - base / 1000 : unit === 'epoch milliseconds' ? (value - base) / 1000 : value;
	return row.judged(unit === 'epoch seconds', `${value}: ${unit}, the reset ${Math.round(inSeconds)} s after the answer's ${Number.isNaN(date) ? 'arrival' : 'Date'}`);
}

/** Every `*_at` date in `json`'s data except `expires_at` (which lies ahead by design). */
function pastDates(json: unknown): Array<{ id: string; field: string; at: number }> {
	const data = isObject(json) ? json.data : undefined;
	const items = Array.isArray(data) ? data.filter(isObject) : isObject(data) ? [data] : [];
	return items.flatMap((item) =>
		Object.entries(item)
			.filter(([field, value]) => field.endsWith('_at') && field !== 'expires_at' && typeof value === 'string')
			.map(([field, value]) => ({ id: String(item.id), field, at: Date.parse(value as string) }))
			.filter((d) => !Number.isNaN(d.at)),
	);
}

/** The `Date` header has whole seconds: an item dated within the same second is not after it. */
const DATE_RESOLUTION_MS = 1000;

/** A fact the run created: its `created_at` and its create answer's `Date` (NaN when absent or unreadable). */
export interface NewFact {
	id: string;
	createdAt: number;
	date: number;
}

const seconds = (ms: number) => `${(Math.abs(ms) / 1000).toFixed(1)} s`;

/**
 * Whether a new fact's `created_at` agrees with its answer's `Date` within a second. The header names
 * a whole second, [Date, Date + 1 s): agreeing is lying at most a second from that second.
 */
function newFactAgrees(fact: NewFact): { holds: boolean; seen: string } {
	if (Number.isNaN(fact.createdAt)) return { holds: false, seen: `the new fact ${fact.id} has no readable created_at` };
	if (Number.isNaN(fact.date)) return { holds: false, seen: `the answer that created ${fact.id} had no Date header` };
	const gap = fact.createdAt - fact.date;
	const off = gap < 0 ? -gap : Math.max(0, gap - DATE_RESOLUTION_MS);
	const where = gap < 0 ? `${seconds(gap)} before` : gap < DATE_RESOLUTION_MS ? 'within the second of' : `${seconds(gap)} after`;
	return { holds: off <= DATE_RESOLUTION_MS, seen: `the new fact ${fact.id}: created_at ${where} its answer's Date` };
}

/** `newFact`: the fact --write made, or why there is none to compare (no --write, its create failed). */
export function checkDateHeader(exchanges: readonly Exchange[], newFact: NewFact | string): Finding {
	const row = finding(
		'clock.dateHeader',
		{ file: RATE_HEADERS, find: "header(headers, 'date')" },
		"every answer has a Date header, no item in it is dated after that Date, and (--write) a new fact's created_at is within a second of its answer's Date: the polling trigger's one assumption for a list with no provable order",
	);
	const fact = typeof newFact === 'string' ? { holds: true, seen: newFact } : newFactAgrees(newFact);
	const dated = exchanges.filter((e) => !Number.isNaN(Date.parse(header(e.headers, 'date') ?? '')));
	if (dated.length === 0) return row.differs(exchanges.length === 0 ? 'no answer came' : 'no answer had a Date header');
	let worst: { id: string; field: string; ahead: number } | undefined;
	let newestGap = Number.POSITIVE_INFINITY;
	for (const exchange of dated) {
		const date = Date.parse(header(exchange.headers, 'date') as string);
		for (const d of pastDates(safeJson(exchange.text))) {
			const ahead = d.at - date - DATE_RESOLUTION_MS;
			if (ahead > 0 && ahead > (worst?.ahead ?? 0)) worst = { id: d.id, field: d.field, ahead };
			newestGap = Math.min(newestGap, date - d.at);
		}
	}
	const skew = Math.round((Date.parse(header(dated[dated.length - 1].headers, 'date') as string) - dated[dated.length - 1].at) / 1000);
	const clock = `Date ${skew} s from this machine's clock`;
	if (dated.length < exchanges.length) return row.differs(`${exchanges.length - dated.length} of ${exchanges.length} answers had no Date header; ${fact.seen}; ${clock}`);
	if (worst) return row.differs(`${worst.id} ${worst.field} is ${Math.round((worst.ahead + DATE_RESOLUTION_MS) / 1000)} s after its answer's Date; ${fact.seen}; ${clock}`);
	if (newestGap === Number.POSITIVE_INFINITY && typeof newFact === 'string') return row.unchecked(`no answer held a dated item; ${clock}`);
	const items = newestGap === Number.POSITIVE_INFINITY ? 'no answer held a dated item' : `no item after its answer's Date (the newest ${newestGap < 0 ? "within the Date's second" : `${Math.round(newestGap / 1000)} s before it`})`;
	return row.judged(fact.holds, `${fact.seen}; ${items}; ${clock}`);
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}
