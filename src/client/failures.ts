/**
 * What a request the retry policy gave up on becomes (an n8n error, errors.ts), and what a retried
 * attempt came to, in words for the log (waits.ts). Pure functions of the attempt: nothing here
 * sends, waits or decides.
 */
import { describeBody, errorEnvelope, type parseJson } from './envelope';
import { apiError, type ErrorContext, malformedResponseError, networkError, redirectError } from './errors';
import { redact } from './redaction';
import type { Outcome } from './retryPolicy';
import { header, type RawResponse, type TransportFailure } from './transport';
import { unreachable } from './unreachable';

/** What one attempt came to when it is not a usable answer: an outcome for the retry policy, and the response or failure behind it. */
export type Failed = Answered | { outcome: Outcome; failure: TransportFailure };

/** An attempt that got a response the request cannot end well on. */
type Answered = { outcome: Outcome; response: RawResponse; parsed: ReturnType<typeof parseJson> };

/** The error for a response the request ended on (a failure with no response is `networkFailure`'s). */
export function responseError(context: ErrorContext, attempt: Answered, mayHaveActed: boolean, apiKey: string): Error {
	const { response, parsed } = attempt;
	const { status } = response;
	if (status >= 300 && status < 400) return redirectError(context, status, header(response.headers, 'location'), apiKey, mayHaveActed);
	const what = describeBody(response.text, header(response.headers, 'content-type'));
	if (status >= 200 && status < 300) return malformedResponseError(context, status, what, mayHaveActed);
	const envelope = parsed.ok ? errorEnvelope.safeParse(parsed.value) : undefined;
	if (envelope?.success) return apiError(context, status, envelope.data.error, apiKey, mayHaveActed);
	if (!parsed.ok && response.text.trim() !== '') return malformedResponseError(context, status, what, mayHaveActed);
	return apiError(context, status, undefined, apiKey, mayHaveActed);
}

/** The error for an attempt that got no response (not a stop: that is the client's own error). */
export function networkFailure(context: ErrorContext, failure: TransportFailure, session: { baseUrl: string; apiKey: string }, mayHaveActed: boolean): Error {
	const reason = { code: failure.code, message: redact(failure.message, session.apiKey) };
	return networkError(context, reason, redact(session.baseUrl, session.apiKey), mayHaveActed);
}

/** Why an attempt is sent again, in words for the log. */
export function retryReason(attempt: Failed, baseUrl: string): string {
	if ('failure' in attempt) {
		const { what, code } = unreachable(attempt.failure.code, attempt.failure.message, baseUrl);
		return what + code;
	}
	// The status, and the header that says when to come back.
	const { response } = attempt;
	const retryAfter = header(response.headers, 'retry-after');
	const body = response.status >= 200 && response.status < 300 ? `, ${describeBody(response.text, header(response.headers, 'content-type'))}` : '';
	return `HTTP ${response.status}${body}${retryAfter === undefined ? '' : ` with Retry-After: ${retryAfter.slice(0, 64)}`}`;
}
