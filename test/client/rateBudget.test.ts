/**
 * The rate budget's rules and the header reading, as tables of cases with a controlled clock (no
 * real time passes). Each budget case is a script: what the server answered, how time moved, and
 * what the budget said to each request asking to go out.
 */
import { type Admission, type Announcement, MAX_EXPECTED, MAX_WAIT_MS, RateBudget } from '../../src/client/rateBudget';
import { type RateHeaders, readRateHeaders } from '../../src/client/rateHeaders';

const T0 = 1_800_000_000_000;

type Step =
	| { admit: number; expect: Array<Admission['kind'] | number> }
	| { answer: RateHeaders | ((now: number) => RateHeaders); refused?: boolean }
	| { release: boolean }
	| { tick: number }
	| { announce: number }
	/** The job announced `withdraw`-th (from 0) ends. */
	| { withdraw: number }
	| { backOff: number };

/** Headers of one window: `remaining` left, resetting `inMs` from the moment of the answer. */
const win = (remaining: number, inMs: number, limit = 10) => (now: number): RateHeaders => ({ limit, remaining, resetAt: now + inMs, resetResolutionMs: 0 });

/** What `admit` answered, shortened: 'go', 'refuse', or the wait in ms. */
function said(admission: Admission): Admission['kind'] | number {
	return admission.kind === 'wait' ? admission.ms : admission.kind;
}

function play(steps: Step[]): Array<Array<Admission['kind'] | number>> {
	let now = T0;
	const budget = new RateBudget(() => now);
	const seen: Array<Array<Admission['kind'] | number>> = [];
	// Requests are admitted under the last announcement, as a job's requests are.
	const jobs: Announcement[] = [];
	for (const step of steps) {
		if ('admit' in step) seen.push(Array.from({ length: step.admit }, () => said(budget.admit(jobs[jobs.length - 1]))));
		else if ('answer' in step) budget.update(typeof step.answer === 'function' ? step.answer(now) : step.answer, step.refused);
		else if ('release' in step) budget.release(step.release);
		else if ('tick' in step) now += step.tick;
		else if ('announce' in step) jobs.push(budget.expect(step.announce));
		else if ('withdraw' in step) jobs[step.withdraw].withdraw();
		else budget.refused(step.backOff);
	}
	return seen;
}

const cases: Array<[string, Step[]]> = [
	[
		'slow start: one request while the budget is unknown, then what the headers allow',
		[
			{ admit: 3, expect: ['go', 1000, 1000] },
			{ answer: win(5, 60_000) },
			{ admit: 6, expect: ['go', 'go', 'go', 'go', 'go', 60_100] },
		],
	],
	[
		'a server that sends no rate-limit headers at all is not held to one request at a time',
		[{ admit: 2, expect: ['go', 1000] }, { answer: {} }, { admit: 3, expect: ['go', 'go', 'go'] }, { answer: win(4, 60_000) }, { admit: 3, expect: ['go', 'go', 60_100] }],
	],
	[
		'a job that fits in what remains runs at full speed',
		[{ admit: 1, expect: ['go'] }, { answer: win(59, 60_000, 60) }, { announce: 59 }, { admit: 59, expect: Array(59).fill('go') }],
	],
	[
		'more work announced than remains: the rest is spread evenly until the reset',
		[
			{ admit: 1, expect: ['go'] },
			{ answer: win(10, 10_000) },
			{ announce: 100 },
			// 9 left for 10 s: in 10 even slots, the last a slot before the reset (the reset is the next
			// window's). A waiter asks again when it wakes, against what is left then.
			{ admit: 2, expect: ['go', 1000] },
			{ tick: 1000 },
			{ admit: 2, expect: ['go', 1000] },
		],
	],
	[
		'a job that ends takes back only what it had not sent: the work still announced is spread',
		[
			{ admit: 1, expect: ['go'] },
			{ answer: win(9, 10_000) },
			// A job of 4 fits and goes at once; a job of 8 then finds 5 remaining.
			{ announce: 4 },
			{ admit: 4, expect: ['go', 'go', 'go', 'go'] },
			{ announce: 8 },
			{ withdraw: 0 },
			// The 8 are still to come: 5 remaining are spread in even slots until the reset.
			{ admit: 2, expect: [1667, 1667] },
		],
	],
	[
		'a reset known to the second: announced work is spread until the reset is expected, half a second before the rounded value',
		[
			{ admit: 1, expect: ['go'] },
			{ answer: (now) => ({ limit: 10, remaining: 4, resetAt: now + 3000, resetResolutionMs: 1000 }) },
			{ announce: 100 },
			// 4 left before about 2.5 s: slots 625 ms apart.
			{ admit: 2, expect: ['go', 625] },
		],
	],
	[
		'every admission is counted while others are in flight: never more out than remain',
		[{ admit: 1, expect: ['go'] }, { answer: win(3, 60_000) }, { admit: 4, expect: ['go', 'go', 'go', 60_100] }],
	],
	[
		'a Retry-After holds every request, counting nobody; after it the window count still holds',
		[
			{ admit: 1, expect: ['go'] },
			{ answer: win(4, 30_000) },
			{ admit: 1, expect: ['go'] },
			{ answer: (now) => ({ ...win(0, 30_000)(now), retryAfterUntil: now + 2000 }), refused: true },
			{ admit: 3, expect: [2000, 2000, 2000] },
			{ tick: 2000 },
			{ admit: 5, expect: ['go', 'go', 'go', 'go', 28_100] },
		],
	],
	[
		'after a reset, at most the last known limit goes out until fresh headers arrive',
		[
			{ admit: 1, expect: ['go'] },
			{ answer: win(0, 1000, 4) },
			{ admit: 1, expect: [1100] },
			{ tick: 1100 },
			{ admit: 5, expect: ['go', 'go', 'go', 'go', 1000] },
			{ answer: win(3, 1000, 4) },
			{ admit: 1, expect: [1100] },
		],
	],
	[
		'after a reset with more work announced than the limit: one request until the new window answers, then it is shared out',
		[
			{ admit: 1, expect: ['go'] },
			{ answer: win(0, 1000, 4) },
			{ announce: 20 },
			{ tick: 1100 },
			{ admit: 2, expect: ['go', 1000] },
			// Another process already spent 2 of the new window's 4: ours go in even slots before its reset.
			{ answer: win(2, 900, 4) },
			{ admit: 2, expect: ['go', 450] },
		],
	],
	[
		'counts that show someone else spending the window: announced work is spread even when it fits',
		[
			{ admit: 1, expect: ['go'] },
			// 60 per 10 s; we sent 1, yet 11 are used: another worker shares the key.
			{ answer: win(49, 10_000, 60) },
			{ announce: 30 },
			{ admit: 2, expect: ['go', 205] },
		],
	],
	[
		'counts that match our own requests: work that fits goes at once',
		[{ admit: 1, expect: ['go'] }, { answer: win(59, 10_000, 60) }, { announce: 30 }, { admit: 3, expect: ['go', 'go', 'go'] }],
	],
	[
		'a 429 without a usable hint backs off for the fallback',
		[{ admit: 1, expect: ['go'] }, { answer: { limit: 10 }, refused: true }, { backOff: 750 }, { admit: 2, expect: [750, 750] }],
	],
	[
		'a 429 while a spent window is waited for adds no backoff',
		[{ admit: 1, expect: ['go'] }, { answer: win(0, 5000), refused: true }, { backOff: 750 }, { admit: 1, expect: [5100] }],
	],
	[
		'a Retry-After beyond what the package waits is refused at once, and only for MAX_WAIT_MS',
		[
			{ admit: 1, expect: ['go'] },
			{ answer: (now) => ({ retryAfterUntil: now + 86_400_000, retryAfterQuote: 'Retry-After: 86400' }), refused: true },
			{ admit: 2, expect: ['refuse', 'refuse'] },
			{ tick: MAX_WAIT_MS },
			{ admit: 2, expect: ['go', 1000] },
		],
	],
	['a spent window that resets beyond MAX_WAIT_MS is refused at once', [{ admit: 1, expect: ['go'] }, { answer: win(0, 10 * 60_000) }, { admit: 1, expect: ['refuse'] }]],
	[
		'responses overtake each other: within one window the lowest count wins',
		[
			{ admit: 3, expect: ['go', 1000, 1000] },
			{ answer: win(9, 60_000) },
			{ admit: 2, expect: ['go', 'go'] },
			// 5 left while one of ours was still out (4 for us), then a late answer saying 8.
			{ answer: win(5, 60_000) },
			{ answer: win(8, 60_000) },
			{ admit: 5, expect: ['go', 'go', 'go', 'go', 60_100] },
		],
	],
	[
		'a window the server restarts early is believed; a late answer from an ended window is not',
		[
			{ admit: 1, expect: ['go'] },
			{ answer: win(0, 50_000) },
			{ answer: win(10, 5_000) },
			{ admit: 1, expect: ['go'] },
			{ answer: (now) => ({ limit: 10, remaining: 0, resetAt: now - 1 }) },
			{ admit: 1, expect: ['go'] },
		],
	],
	[
		'a request that surely never left gives its count back; one that may have arrived does not',
		[
			{ admit: 1, expect: ['go'] },
			{ answer: win(2, 60_000) },
			{ admit: 2, expect: ['go', 'go'] },
			{ release: true },
			{ release: false },
			{ admit: 2, expect: ['go', 60_100] },
		],
	],
	[
		'second-resolution resets: the tightest upper bound of one window is kept',
		[
			{ admit: 1, expect: ['go'] },
			{ answer: (now) => ({ limit: 10, remaining: 1, resetAt: now + 2000, resetResolutionMs: 1000 }) },
			{ tick: 1500 },
			{ admit: 1, expect: ['go'] },
			{ answer: (now) => ({ limit: 10, remaining: 0, resetAt: now + 1000, resetResolutionMs: 1000 }) },
			{ admit: 1, expect: [600] },
		],
	],
];

test.each(cases)('%s', (_name, steps) => {
	const expected = steps.flatMap((s) => ('admit' in s ? [s.expect] : []));
	expect(play(steps)).toEqual(expected);
});

test('announcements are bounded, so a server-claimed total cannot inflate the budget for everyone', () => {
	// 20,000 left in the window: work of MAX_EXPECTED fits and goes at once; 1e12 announced would
	// have spread every request on the key over the minute if it were believed.
	const budget = new RateBudget(() => T0);
	budget.admit();
	budget.update(win(2 * MAX_EXPECTED, 60_000, 2 * MAX_EXPECTED)(T0));
	budget.expect(1e12);
	expect([budget.admit(), budget.admit(), budget.admit()]).toEqual(Array(3).fill({ kind: 'go' }));
});

test('withdrawing an announcement twice takes back only what it announced', () => {
	let now = T0;
	const budget = new RateBudget(() => now);
	budget.admit();
	budget.update(win(10, 10_000)(now));
	const first = budget.expect(100);
	budget.expect(20);
	first.withdraw();
	first.withdraw();
	// The second job's 20 still exceed the 10 left: spread, not sent at once.
	expect(said(budget.admit())).toBe('go');
	now += 1;
	expect(said(budget.admit())).toBeGreaterThan(0);
});

describe('reading the headers', () => {
	const now = T0;
	const date = new Date(now).toUTCString();
	const read = (headers: Record<string, string>) => readRateHeaders(headers, now);

	test.each<[string, Record<string, string>, Partial<RateHeaders>]>([
		['X-RateLimit-Reset in epoch milliseconds', { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': String(now + 30_000) }, { limit: 60, remaining: 7, resetAt: now + 30_000, resetResolutionMs: 0 }],
		['… in epoch seconds', { 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': String(now / 1000 + 30) }, { remaining: 7, resetAt: now + 30_000, resetResolutionMs: 1000 }],
		['… in seconds until the reset', { 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '12' }, { remaining: 7, resetAt: now + 12_000, resetResolutionMs: 1000 }],
		['… epoch seconds from a server clock 10 s behind, read against its Date header', { 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': String((now - 10_000) / 1000 + 30), date: new Date(now - 10_000).toUTCString() }, { resetAt: now + 30_000 }],
		['IETF draft, separate headers', { 'ratelimit-limit': '100', 'ratelimit-remaining': '40', 'ratelimit-reset': '20' }, { limit: 100, remaining: 40, resetAt: now + 20_000 }],
		['IETF draft, combined header', { ratelimit: 'limit=100, remaining=40, reset=20' }, { limit: 100, remaining: 40, resetAt: now + 20_000 }],
		['IETF draft, named policies: the most restrictive', { ratelimit: '"burst";r=40;t=1, "daily";r=3;t=20', 'ratelimit-policy': '"burst";q=100;w=1, "daily";q=5;w=86400' }, { limit: 5, remaining: 3, resetAt: now + 20_000 }],
		['IETF draft, early policy form with a bare quota', { 'ratelimit-policy': '60;w=60', 'ratelimit-remaining': '9', 'ratelimit-reset': '5' }, { limit: 60, remaining: 9, resetAt: now + 5000 }],
		['an unreadable reset drops the count it qualifies', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': 'tomorrow' }, { remaining: undefined, resetAt: undefined }],
		['X-RateLimit-* win over the IETF headers when both are sent', { 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '3', 'ratelimit-remaining': '50', 'ratelimit-reset': '9' }, { remaining: 2, resetAt: now + 3000 }],
		['Retry-After in seconds', { 'retry-after': '3' }, { retryAfterUntil: now + 3000, retryAfterQuote: 'Retry-After: 3' }],
		['Retry-After with a fraction rounds up', { 'retry-after': '1.2' }, { retryAfterUntil: now + 2000 }],
		['Retry-After as an HTTP date', { 'retry-after': new Date(now + 7000).toUTCString() }, { retryAfterUntil: now + 7000 }],
		['a reset 1e20 s away is not a window: the count is dropped with it', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '100000000000000000000' }, { remaining: undefined, resetAt: undefined }],
		['a reset two hours away is not a per-minute window either', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 7200) }, { remaining: undefined, resetAt: undefined }],
	])('%s', (_name, headers, expected) => {
		const got = read({ date, ...headers });
		expect(Object.fromEntries(Object.keys(expected).map((k) => [k, got[k as keyof RateHeaders]]))).toEqual(expected);
	});

	test.each([['-5'], ['soon'], [''], ['1e3']])('a Retry-After of %p is ignored', (value) => {
		expect(read({ 'retry-after': value }).retryAfterUntil).toBeUndefined();
	});

	test.each([['-1'], ['7.5'], ['lots'], ['99999999999999999999']])('a count of %p is ignored', (value) => {
		expect(read({ 'x-ratelimit-remaining': value }).remaining).toBeUndefined();
	});
});
