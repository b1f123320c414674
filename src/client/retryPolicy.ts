/**
 * Whether a request that did not succeed is sent again, as one pure decision. The rule that protects
 * users' data: a request that may have reached the server is re-sent only if sending it twice cannot
 * write twice (GET, PUT, DELETE, HEAD, OPTIONS). A 429 is always safe to retry: the server refused
 * it without acting. Every retry is bounded by time, not only by a count.
 *
 * test/client/retryPolicy.test.ts checks each rule against a table of cases.
 */
import type { FailureKind } from './transport';

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export interface RetryLimits {
	transient: number;
	transientMs: number;
	rateLimitedMs: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

export const RETRY_LIMITS: RetryLimits = {
	/** Retries after 5xx, resets, timeouts and unreadable 2xx bodies (idempotent methods only). */
	transient: 6,
	/** No transient retry starts this long after the first attempt. */
	transientMs: 120_000,
	/** A request refused with 429 is retried (after the waits the rate budget imposes) for at most this long. */
	rateLimitedMs: 180_000,
	baseDelayMs: 200,
	maxDelayMs: 8_000,
};

/** What one attempt came back with, when it was not a usable success. */
export type Outcome =
	| { kind: 'status'; status: number }
	/** A 2xx whose body is not JSON (cut off, HTML from a proxy). */
	| { kind: 'unreadable' }
	| { kind: 'failure'; failure: FailureKind; notSent: boolean };

export interface AttemptState {
	method: string;
	outcome: Outcome;
	/** Transient retries already made for this request. */
	transientRetries: number;
	/** Since the first attempt. */
	elapsedMs: number;
	/** Since the first 429 for this request (undefined before one). */
	rateLimitedMs?: number;
	/** An earlier attempt of this request may have been carried out. */
	mayHaveActed: boolean;
}

export type Decision =
	/** Send again after `waitMs` (the rate budget may hold it back longer). */
	| { action: 'retry'; waitMs: number; mayHaveActed: boolean }
	/** An earlier attempt did the job (a re-sent DELETE finds the resource gone). */
	| { action: 'succeed' }
	/** Give this outcome to the user; `mayHaveActed` adds "check before running it again". */
	| { action: 'fail'; mayHaveActed: boolean };

/**
 * Exponential backoff with equal jitter (half the ceiling fixed, half random): spreads retries of
 * many clients apart while never retrying at once.
 */
export function backoffMs(attempt: number, random: () => number = Math.random, limits: RetryLimits = RETRY_LIMITS): number {
	const ceiling = Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** attempt);
	return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);

/**
 * Whether a retry counts against the transient bound (`transient`, `transientMs`). A 429 does not:
 * the rate budget decides when it goes out again, and `rateLimitedMs` bounds it.
 */
export function countsAsTransient(outcome: Outcome): boolean {
	return !(outcome.kind === 'status' && outcome.status === 429);
}

/**
 * Whether a failed request's error should say it may have been carried out: only when an attempt
 * may have reached the server (the decision's `mayHaveActed`) and repeating it could write twice.
 * A GET, PUT or DELETE the user runs again does nothing twice.
 */
export function mayHaveWritten(method: string, decision: Decision): boolean {
	return decision.action === 'fail' && decision.mayHaveActed && !IDEMPOTENT_METHODS.has(method);
}

export function decideRetry(state: AttemptState, limits: RetryLimits = RETRY_LIMITS, random: () => number = Math.random): Decision {
	const { method, outcome, mayHaveActed } = state;
	const idempotent = IDEMPOTENT_METHODS.has(method);
	const transientAllowed = state.transientRetries < limits.transient && state.elapsedMs < limits.transientMs;
	const retryTransient = (acted: boolean): Decision =>
		transientAllowed ? { action: 'retry', waitMs: backoffMs(state.transientRetries, random, limits), mayHaveActed: acted } : { action: 'fail', mayHaveActed: acted };

	if (outcome.kind === 'status') {
		const { status } = outcome;
		if (status === 429) {
			return (state.rateLimitedMs ?? 0) < limits.rateLimitedMs ? { action: 'retry', waitMs: 0, mayHaveActed } : { action: 'fail', mayHaveActed };
		}
		if (status === 404 && method === 'DELETE' && mayHaveActed) return { action: 'succeed' };
		if (TRANSIENT_STATUSES.has(status)) return idempotent ? retryTransient(true) : { action: 'fail', mayHaveActed: true };
		// A redirect is an answer, not a failure to retry; after a write it may follow the work (303).
		if (status >= 300 && status < 400) return { action: 'fail', mayHaveActed: mayHaveActed || !idempotent };
		return { action: 'fail', mayHaveActed };
	}
	if (outcome.kind === 'unreadable') return idempotent ? retryTransient(true) : { action: 'fail', mayHaveActed: true };

	switch (outcome.failure) {
		case 'stopped':
			return { action: 'fail', mayHaveActed };
		case 'policy':
			// n8n's SSRF protection refused the address: nothing was sent, and a retry is refused alike.
			return { action: 'fail', mayHaveActed };
		case 'tooLarge':
			// The same request would bring the same body back.
			return { action: 'fail', mayHaveActed: mayHaveActed || !idempotent };
		default:
			if (outcome.notSent) return retryTransient(mayHaveActed);
			return idempotent ? retryTransient(true) : { action: 'fail', mayHaveActed: true };
	}
}
