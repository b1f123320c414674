/**
 * The retry decision, rule by rule: a table of (method, outcome, history) → decision.
 */
import { type AttemptState, decideRetry, type Decision, type Outcome, RETRY_LIMITS } from '../../src/client/retryPolicy';

const status = (code: number): Outcome => ({ kind: 'status', status: code });
const failure = (kind: 'deadline' | 'network' | 'tooLarge' | 'stopped', notSent = false): Outcome => ({ kind: 'failure', failure: kind, notSent });
const unreadable: Outcome = { kind: 'unreadable' };

const fresh = { transientRetries: 0, elapsedMs: 0, mayHaveActed: false };
/** The jitter's midpoint, so waits are exact: backoff(n) = 0.75 × min(8 s, 200 ms × 2^n). */
const half = () => 0.5;

const retry = (waitMs: number, mayHaveActed: boolean): Decision => ({ action: 'retry', waitMs, mayHaveActed });
const fail = (mayHaveActed: boolean): Decision => ({ action: 'fail', mayHaveActed });

const cases: Array<[string, Partial<AttemptState> & { method: string; outcome: Outcome }, Decision]> = [
	// 429: the server refused without acting, any method, bounded by time.
	['429 on a POST is retried: the server did not act', { method: 'POST', outcome: status(429) }, retry(0, false)],
	['429 still within the time bound', { method: 'GET', outcome: status(429), rateLimitedMs: RETRY_LIMITS.rateLimitedMs - 1 }, retry(0, false)],
	['429 past the time bound fails, however few retries', { method: 'GET', outcome: status(429), rateLimitedMs: RETRY_LIMITS.rateLimitedMs }, fail(false)],
	// 5xx: only what cannot write twice is re-sent.
	['500 on GET: backoff', { method: 'GET', outcome: status(500) }, retry(150, true)],
	['503 on DELETE, third retry: longer backoff', { method: 'DELETE', outcome: status(503), transientRetries: 2 }, retry(600, true)],
	['502 on POST: not re-sent, may have acted', { method: 'POST', outcome: status(502) }, fail(true)],
	['504 on PATCH: not re-sent, may have acted', { method: 'PATCH', outcome: status(504) }, fail(true)],
	['500 on GET after the last retry', { method: 'GET', outcome: status(500), transientRetries: RETRY_LIMITS.transient }, fail(true)],
	['500 on GET past the transient time bound', { method: 'GET', outcome: status(500), elapsedMs: RETRY_LIMITS.transientMs }, fail(true)],
	['501 is not transient', { method: 'GET', outcome: status(501) }, fail(false)],
	// 4xx: the answer.
	['400 fails', { method: 'POST', outcome: status(400) }, fail(false)],
	['404 on a plain DELETE is not found', { method: 'DELETE', outcome: status(404) }, fail(false)],
	['404 on a DELETE re-sent after an ambiguous attempt: that attempt did it', { method: 'DELETE', outcome: status(404), mayHaveActed: true }, { action: 'succeed' }],
	['404 on a GET after an ambiguous attempt is still not found', { method: 'GET', outcome: status(404), mayHaveActed: true }, fail(true)],
	// 3xx: never followed, never retried; after a write it may follow the work.
	['302 on GET', { method: 'GET', outcome: status(302) }, fail(false)],
	['303 on POST may have acted', { method: 'POST', outcome: status(303) }, fail(true)],
	// Unreadable 2xx bodies.
	['cut-off 200 on GET: retried', { method: 'GET', outcome: unreadable }, retry(150, true)],
	['cut-off 201 on POST: it acted, not re-sent', { method: 'POST', outcome: unreadable }, fail(true)],
	// No response.
	['never sent (DNS, refused): a POST is retried too', { method: 'POST', outcome: failure('network', true) }, retry(150, false)],
	['never sent, retries exhausted: still nothing acted', { method: 'POST', outcome: failure('network', true), transientRetries: RETRY_LIMITS.transient }, fail(false)],
	['reset after sending a POST: may have acted', { method: 'POST', outcome: failure('network') }, fail(true)],
	['reset after sending a PUT: retried', { method: 'PUT', outcome: failure('network') }, retry(150, true)],
	['deadline on GET: retried', { method: 'GET', outcome: failure('deadline') }, retry(150, true)],
	['deadline on POST: may have acted', { method: 'POST', outcome: failure('deadline') }, fail(true)],
	['too large on GET: the same body would come back', { method: 'GET', outcome: failure('tooLarge') }, fail(false)],
	['too large on POST: it acted', { method: 'POST', outcome: failure('tooLarge') }, fail(true)],
	['stopped: never retried', { method: 'GET', outcome: failure('stopped') }, fail(false)],
];

test.each(cases)('%s', (_name, state, expected) => {
	expect(decideRetry({ ...fresh, ...state }, RETRY_LIMITS, half)).toEqual(expected);
});

test('backoff doubles per retry, from 200 ms to the 8 s cap (here at the top of its jitter)', () => {
	const unbounded = { ...RETRY_LIMITS, transient: 99 };
	const waits = [0, 1, 2, 3, 4, 5, 6, 9].map((n) => decideRetry({ ...fresh, method: 'GET', outcome: status(500), transientRetries: n }, unbounded, () => 1));
	expect(waits.map((d) => (d.action === 'retry' ? d.waitMs : -1))).toEqual([200, 400, 800, 1600, 3200, 6400, 8000, 8000]);
});
