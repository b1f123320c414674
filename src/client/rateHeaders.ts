/**
 * What a response says about the key's rate limit, read from whichever headers the service sends:
 *
 * - `X-RateLimit-Limit`, `-Remaining`, `-Reset` (the API's documented headers; the unit of Reset is
 *   not documented: above 1e12 it is epoch milliseconds, above 1e9 epoch seconds, otherwise seconds
 *   until the reset);
 * - the IETF draft's headers (draft-ietf-httpapi-ratelimit-headers), in each form services have
 *   shipped: `RateLimit-Limit` / `-Remaining` / `-Reset`; `RateLimit: limit=10, remaining=5, reset=30`;
 *   `RateLimit: "policy";r=5;t=30` with `RateLimit-Policy: "policy";q=10;w=60`;
 * - `Retry-After`, in seconds (a fraction rounds up) or as an HTTP date.
 *
 * Everything here is a pure function of the headers and the clock. Values that cannot be right (a
 * reset years away, a negative count) are dropped rather than believed: they came over the wire.
 */
import { header, type Headers } from './transport';

export interface RateHeaders {
	limit?: number;
	remaining?: number;
	/** Local epoch ms by which the window has surely reset (an upper bound: resets are rounded up). */
	resetAt?: number;
	/** How coarse `resetAt` is: 1000 for second-resolution resets, 0 for milliseconds. */
	resetResolutionMs?: number;
	/** Local epoch ms before which the server asked not to retry. */
	retryAfterUntil?: number;
	/** The header as received, for quoting in errors (`Retry-After: 86400`). */
	retryAfterQuote?: string;
	/** When the window resets, for people: `2026-11-26T18:41:26Z (X-RateLimit-Reset)`. */
	resetQuote?: string;
	/** The server's clock as its `Date` header says (epoch ms, 1-second resolution). */
	serverDate?: number;
}

/** A reset further ahead than this is not a rate-limit window: it is ignored, not waited for. */
const PLAUSIBLE_RESET_MS = 60 * 60_000;

/** Below this `Date`-header skew the local clock is trusted (Date has 1-second resolution). */
const SKEW_TOLERANCE_MS = 2_000;

const count = (value: string | undefined): number | undefined => {
	if (value === undefined || !/^\s*\d{1,15}\s*$/.test(value)) return undefined;
	return Number(value);
};

const seconds = (value: string | undefined): number | undefined => {
	if (value === undefined || !/^\s*\d{1,15}(\.\d+)?\s*$/.test(value)) return undefined;
	return Number(value);
};

/**
 * `X-RateLimit-Reset` whatever its unit, as local epoch ms. Epoch values are read against the
 * response's `Date` header when the clocks disagree by more than SKEW_TOLERANCE_MS.
 */
function parseReset(value: number, now: number, serverDate?: number): { at: number; resolutionMs: number } {
	const skew = serverDate !== undefined && Math.abs(now - serverDate) > SKEW_TOLERANCE_MS ? now - serverDate : 0;
	if (value > 1e12) return { at: value + skew, resolutionMs: 0 };
	if (value > 1e9) return { at: value * 1000 + skew, resolutionMs: 1000 };
	return { at: now + value * 1000, resolutionMs: 1000 };
}

/** `Retry-After` as local epoch ms: delta seconds (fractions round up) or an HTTP date. */
function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const delta = seconds(value);
	if (delta !== undefined) return now + Math.ceil(delta) * 1000;
	if (!/[a-z]/i.test(value)) return undefined;
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(now, date);
}

/** Structured-field items: `a=1, b=2` or `"p";r=1;t=2, "q";r=3` → one parameter map per item. */
function structuredItems(value: string): Array<Map<string, string>> {
	return value.split(',').map((item) => {
		const params = new Map<string, string>();
		item.split(';').forEach((part, index) => {
			const [key, raw] = part.split('=', 2).map((s) => s.trim());
			if (raw === undefined) {
				// The first bare member of an item is its name ("policy") or, in early drafts, the quota.
				if (index === 0 && /^\d+$/.test(key)) params.set('q', key);
			} else params.set(key.toLowerCase(), raw.replace(/^"|"$/g, ''));
		});
		return params;
	});
}

/** The IETF draft's headers as limit / remaining / seconds-until-reset, the most restrictive policy. */
function ietfHeaders(headers: Headers): { limit?: number; remaining?: number; reset?: number } {
	const combined = header(headers, 'ratelimit');
	const policy = header(headers, 'ratelimit-policy');
	const quotas = policy === undefined ? [] : structuredItems(policy).map((p) => count(p.get('q'))).filter((q): q is number => q !== undefined);
	const quota = quotas.length > 0 ? Math.min(...quotas) : undefined;
	if (combined !== undefined) {
		const items = structuredItems(combined);
		// Draft 8's dictionary: `limit=10, remaining=5, reset=30` (one member per comma).
		const dictionary = new Map(items.flatMap((item) => [...item]));
		if (dictionary.has('remaining')) {
			return { limit: count(dictionary.get('limit')) ?? quota, remaining: count(dictionary.get('remaining')), reset: seconds(dictionary.get('reset')) };
		}
		// Later drafts: one item per policy, `"name";r=5;t=30`; the one with the fewest left binds.
		const policies = items.map((p) => ({ remaining: count(p.get('r')), reset: seconds(p.get('t')) })).filter((p) => p.remaining !== undefined);
		if (policies.length === 0) return {};
		const tightest = policies.reduce((a, b) => ((b.remaining as number) < (a.remaining as number) ? b : a));
		return { limit: quota, remaining: tightest.remaining, reset: tightest.reset };
	}
	return {
		limit: count(header(headers, 'ratelimit-limit')) ?? quota,
		remaining: count(header(headers, 'ratelimit-remaining')),
		reset: seconds(header(headers, 'ratelimit-reset')),
	};
}

export function readRateHeaders(headers: Headers, now: number): RateHeaders {
	const dateHeader = header(headers, 'date');
	const serverDate = dateHeader ? Date.parse(dateHeader) : Number.NaN;
	const ietf = ietfHeaders(headers);
	const xResetHeader = header(headers, 'x-ratelimit-reset');
	const xReset = seconds(xResetHeader);
	const result: RateHeaders = {
		limit: count(header(headers, 'x-ratelimit-limit')) ?? ietf.limit,
		remaining: count(header(headers, 'x-ratelimit-remaining')) ?? ietf.remaining,
	};
	if (!Number.isNaN(serverDate)) result.serverDate = serverDate;
	const reset =
		xReset !== undefined
			? parseReset(Math.ceil(xReset), now, Number.isNaN(serverDate) ? undefined : serverDate)
			: ietf.reset !== undefined
				? { at: now + Math.ceil(ietf.reset) * 1000, resolutionMs: 1000 } // IETF resets are always seconds from now
				: undefined;
	if (reset !== undefined && reset.at - now <= PLAUSIBLE_RESET_MS) {
		result.resetAt = reset.at;
		result.resetResolutionMs = reset.resolutionMs;
		// A time a person reads (ISO 8601, UTC, to the second), never the header's raw epoch number.
		result.resetQuote = `${new Date(reset.at).toISOString().replace(/\.\d{3}Z$/, 'Z')} (${xReset === undefined ? 'RateLimit reset' : 'X-RateLimit-Reset'})`;
	} else if (reset !== undefined || (xResetHeader !== undefined && xResetHeader.trim() !== '')) {
		// A reset that cannot belong to a per-minute window (or cannot be read) says nothing usable
		// about this one, and a count without its window cannot be waited on.
		result.remaining = undefined;
	}
	const retryAfter = header(headers, 'retry-after');
	const retryAfterUntil = parseRetryAfter(retryAfter, now);
	if (retryAfterUntil !== undefined) {
		result.retryAfterUntil = retryAfterUntil;
		result.retryAfterQuote = `Retry-After: ${(retryAfter as string).trim().slice(0, 64)}`;
	}
	return result;
}
