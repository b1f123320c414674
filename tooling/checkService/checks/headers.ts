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

export function checkDateHeader(exchanges: readonly Exchange[]): Finding {
	const row = finding('clock.dateHeader', { file: RATE_HEADERS, find: "header(headers, 'date')" }, "every answer has a Date header, and no item in it is dated after that Date (the trigger dates changes by the server's clock)");
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
	if (dated.length < exchanges.length) return row.differs(`${exchanges.length - dated.length} of ${exchanges.length} answers had no Date header; ${clock}`);
	if (worst) return row.differs(`${worst.id} ${worst.field} is ${Math.round((worst.ahead + DATE_RESOLUTION_MS) / 1000)} s after its answer's Date; ${clock}`);
	if (newestGap === Number.POSITIVE_INFINITY) return row.unchecked(`no answer held a dated item; ${clock}`);
	return row.confirmed(`no item after its answer's Date (the newest ${Math.round(newestGap / 1000)} s before it); ${clock}`);
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}
