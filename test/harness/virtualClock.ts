/**
 * A clock for tests of waits and windows (src/client/clock.ts): its time is the host's plus every
 * wait it has skipped. A wait does not pass in real time: the waits asked for are woken one at a
 * time, earliest first, each after one turn of the event loop (the I/O already come in for those
 * awake is handled first), with the clock moved on to the waker's time when it is not there yet.
 * Everything else (requests, answers, the CPU) takes its real time, so a test reads the same as on
 * the system clock while a rate window of seconds passes in microseconds. A request still on its
 * way when the next waker goes on arrives with the clock moved on, as a slow answer would: a turn
 * rather than a real millisecond per wait, which cost the suite tens of seconds of idle time.
 *
 * A test runs the client on it with `useClock(clock)` and gives the sandbox the same time
 * (`startSandbox({ now: clock.now })`): the windows the server counts and the waits the client makes
 * are then on one clock, as they are on one host's in production.
 */
import { type Clock, useClock } from '../../src/client/clock';
import { nextTurn } from './nextTurn.js';

interface Sleeper {
	wakeAt: number;
	order: number;
	wake: (passed: boolean) => void;
}

export interface VirtualClock extends Clock {
	/** Milliseconds of waiting skipped so far. */
	skippedMs(): number;
}

export function virtualClock(): VirtualClock {
	let skipped = 0;
	let order = 0;
	let pumping = false;
	const sleepers: Sleeper[] = [];
	const now = () => Date.now() + skipped;

	const pump = async () => {
		pumping = true;
		while (sleepers.length > 0) {
			await nextTurn();
			// Waits called off during that turn (their signal aborted) are gone from the list.
			sleepers.sort((a, b) => a.wakeAt - b.wakeAt || a.order - b.order);
			const next = sleepers.shift();
			if (!next) break;
			skipped += Math.max(0, next.wakeAt - now());
			next.wake(true);
		}
		pumping = false;
	};

	return {
		now,
		skippedMs: () => skipped,
		sleep: async (ms, signal) => {
			if (signal?.aborted) return false;
			return await new Promise<boolean>((resolve) => {
				const sleeper: Sleeper = { wakeAt: now() + Math.max(0, ms), order: order++, wake: () => undefined };
				const stop = () => {
					const index = sleepers.indexOf(sleeper);
					if (index >= 0) sleepers.splice(index, 1);
					resolve(false);
				};
				sleeper.wake = (passed) => {
					signal?.removeEventListener('abort', stop);
					resolve(passed);
				};
				signal?.addEventListener('abort', stop, { once: true });
				sleepers.push(sleeper);
				if (!pumping) void pump();
			});
		},
	};
}

/**
 * Runs every client on one virtual clock from the first test to the last of the calling file (or
 * `describe` block); the sandboxes they use start with `now: clock.now`.
 */
export function useVirtualClock(clock: VirtualClock = virtualClock()): VirtualClock {
	let restore: (() => void) | undefined;
	beforeAll(() => {
		restore = useClock(clock);
	});
	afterAll(() => restore?.());
	return clock;
}

let testClock: VirtualClock | undefined;

/** The time of the clock of the test running, if its block called useVirtualClockPerTest; the host's otherwise. For `startSandbox({ now: testNow })`. */
export const testNow = (): number => (testClock ? testClock.now() : Date.now());

/**
 * As useVirtualClock, with a new virtual clock for every test of the calling file (or `describe`
 * block): what one test skipped does not carry the next one's time away from the host's, which the
 * trigger still reads in places (its poll's deadline, a sweep's start). Its sandboxes take
 * `now: testNow`.
 */
export function useVirtualClockPerTest(): void {
	let restore: (() => void) | undefined;
	beforeEach(() => {
		testClock = virtualClock();
		restore = useClock(testClock);
	});
	afterEach(() => {
		restore?.();
		testClock = undefined;
	});
}
