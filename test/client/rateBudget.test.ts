import { parseReset, RateBudget, readRateHeaders, MAX_WAIT_MS } from '../../src/client/rateLimit';

/** The pacing decisions, with a controlled clock (no real time passes in these tests). */
function budgetAt(start = 1_000_000) {
	const clock = { now: start };
	return { clock, budget: new RateBudget(() => clock.now) };
}

const window = (remaining: number, resetInMs: number, now: number) => ({ limit: 60, remaining, resetAt: now + resetInMs });

describe('RateBudget', () => {
	test('a job that fits in what remains runs at full speed: no waits at all', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.update(window(59, 60_000, clock.now));
		const release = budget.expect(59);
		const waits = Array.from({ length: 59 }, () => budget.reserve());
		release();
		expect(waits.every((w) => w === 0)).toBe(true);
	});

	test('more work than budget: the rest is spread evenly over the time left', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.update(window(10, 10_000, clock.now));
		budget.expect(100);
		const waits = Array.from({ length: 10 }, () => budget.reserve());
		expect(waits[0]).toBe(0);
		expect(waits[1]).toBe(1000);
		expect(waits[9]).toBe(9000);
	});

	test('with no budget left it waits for the reset, and never longer than the cap', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.update(window(0, 5_000, clock.now));
		expect(budget.reserve()).toBeGreaterThanOrEqual(5_000);
		budget.update(window(0, 10 * 60_000, clock.now));
		expect(budget.reserve()).toBe(MAX_WAIT_MS);
	});

	test('concurrent reservations count each other: never more in flight than remaining', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.update(window(3, 60_000, clock.now));
		const waits = Array.from({ length: 5 }, () => budget.reserve());
		expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
		expect(waits[3]).toBeGreaterThanOrEqual(60_000 - 1);
	});

	test('Retry-After outranks the reset time', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.update({ ...window(0, 50_000, clock.now), retryAfterUntil: clock.now + 2_000 });
		expect(budget.reserve()).toBe(2_000);
		clock.now += 2_000;
		expect(budget.reserve()).toBe(0);
	});

	test('a 429 whose reset is already past by our clock (server clock behind) backs off instead of re-sending at once', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.update(window(0, -500, clock.now));
		budget.refused(400);
		expect(budget.reserve()).toBe(400);
	});

	test('a 429 with no hint at all backs off too, and holds back every request on the key meanwhile', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.update({});
		budget.refused(300);
		expect([budget.reserve(), budget.reserve()]).toEqual([300, 300]);
		clock.now += 300;
		expect(budget.reserve()).toBe(0);
	});

	test('a 429 for a spent window waits for its reset, not the shorter backoff; Retry-After still outranks it', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.update(window(0, 5_000, clock.now));
		budget.refused(100);
		expect(budget.reserve()).toBeGreaterThanOrEqual(5_000);
		const other = budgetAt();
		other.budget.reserve();
		other.budget.update({ ...window(0, 50_000, other.clock.now), retryAfterUntil: other.clock.now + 2_000 });
		other.budget.refused(100);
		expect(other.budget.reserve()).toBe(2_000);
	});

	test('a window the server restarts early (plan changed, limit reset) is believed: no wait for the old reset', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.update(window(50, 50_000, clock.now));
		budget.reserve();
		budget.update(window(0, 5_000, clock.now));
		const wait = budget.reserve();
		expect(wait).toBeGreaterThanOrEqual(5_000);
		expect(wait).toBeLessThan(6_000);
	});

	test('a late response from a window that has ended changes nothing', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.reserve();
		const previous = window(0, 1_000, clock.now);
		clock.now += 1_500;
		budget.update(window(50, 60_000, clock.now));
		budget.update(previous);
		expect(budget.reserve()).toBe(0);
	});

	test('after the window resets, stale counters do not hold requests back', () => {
		const { clock, budget } = budgetAt();
		budget.reserve();
		budget.update(window(0, 1_000, clock.now));
		clock.now += 1_001;
		expect(budget.reserve()).toBe(0);
	});
});

describe('X-RateLimit-Reset units', () => {
	const now = Date.parse('2026-11-22T12:00:00.000Z');
	test('epoch milliseconds', () => expect(parseReset(now + 30_000, now)).toBe(now + 30_000));
	test('epoch seconds', () => expect(parseReset(now / 1000 + 30, now)).toBe(now + 30_000));
	test('seconds until reset', () => expect(parseReset(30, now)).toBe(now + 30_000));
	test('epoch values are read against the server Date when the local clock is off', () => {
		const serverNow = now - 120_000; // local clock 2 minutes ahead
		expect(parseReset(serverNow / 1000 + 30, now, serverNow)).toBe(now + 30_000);
	});
	test('headers are read from a response, case-insensitively as n8n delivers them', () => {
		const h = readRateHeaders({ 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '12', 'retry-after': '3' }, now);
		expect(h).toEqual({ limit: 120, remaining: 7, resetAt: now + 12_000, retryAfterUntil: now + 3_000 });
	});
});
