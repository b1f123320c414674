/**
 * The one place that talks HTTP. Every request goes through n8n's
 * `httpRequestWithAuthentication`, which applies the credential (the key never passes through our
 * code) and the user's proxy and TLS settings. Status errors are not thrown here: the full response
 * (status, headers, raw text) goes back to the client, which reads the rate-limit headers of every
 * response and maps errors itself. The credential test is the one exception
 * (credentialTest.ts): n8n gives it only the `request` helper.
 *
 * What this layer guarantees, whatever the server (or anything between it and n8n) does:
 * - No redirect is followed, so the Authorization header only ever goes to the URL asked for. n8n's
 *   helper would follow one and, by default, attach the credential again on another origin; a 3xx
 *   comes back to the client as the answer it is.
 * - Each attempt has a total deadline (connect, headers and body together), combined with the
 *   execution's cancel signal: a server that drips one byte a second cannot hold a run open.
 * - A response body larger than MAX_RESPONSE_BYTES is refused before it is parsed or handed on.
 *   n8n's helper has buffered it by then: it sets no size limit and takes none, and reading the
 *   body as a stream to stop early cost about 30 µs of CPU per request in axios's stream path,
 *   a few percent of per-item throughput (measured with the benchmark's per-item row), so the
 *   normal path stays buffered and the deadline bounds what can arrive.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	ISupplyDataFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { ssrfRefusal } from './ssrf';

export const CREDENTIAL_TYPE = 'agentPlatformApi';

/** The largest response body used; a larger one is a failure (no API response comes near it). */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export type ClientContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| ISupplyDataFunctions
	| IPollFunctions;

export type Headers = Record<string, string | string[] | undefined>;

interface RawRequest {
	method: IHttpRequestMethods;
	url: string;
	qs?: IDataObject;
	body?: unknown;
	/** Total time for the attempt: connecting, sending, headers and the whole body. */
	deadlineMs: number;
	/** The execution's cancel signal, when the context has one. */
	signal?: AbortSignal;
}

export interface RawResponse {
	status: number;
	headers: Headers;
	text: string;
}

/**
 * Why a request got no HTTP response. `stopped`: the execution was cancelled. `deadline`: no
 * complete response within the attempt's deadline. `tooLarge`: the body passed MAX_RESPONSE_BYTES.
 * `policy`: n8n's SSRF protection refused the address before sending (ssrf.ts; the same request
 * would be refused again). `network`: anything else (reset, refused, DNS, TLS).
 */
export type FailureKind = 'stopped' | 'deadline' | 'tooLarge' | 'policy' | 'network';

/** The request got no (usable) HTTP response. */
export interface TransportFailure {
	kind: FailureKind;
	/** The reason in a few words, or the error code (never the request: it holds the headers). */
	message: string;
	code: string | undefined;
	/** True when the request surely never reached the server (nothing was sent). */
	notSent: boolean;
}

/** What one attempt came back with: a response (any status), or why there was none. */
export type SendResult = { response: RawResponse } | { failure: TransportFailure };

/**
 * Failures that happen before a byte of the request is written: the name did not resolve, the
 * address refused or could not be routed, the URL could not be built, or the TLS handshake was
 * refused (certificate problems). Nothing reached the server, so nothing can have been carried out.
 */
const NOT_SENT_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EAI_NONAME',
	'EAI_FAIL',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'EADDRNOTAVAIL',
	'ERR_INVALID_URL',
	'ERR_TLS_CERT_ALTNAME_INVALID',
	'CERT_HAS_EXPIRED',
	'CERT_NOT_YET_VALID',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

const neverSent = (code: string | undefined) => code !== undefined && NOT_SENT_CODES.has(code);

/** One header's first value; names are matched in lower case, as Node delivers them. */
export function header(headers: Headers | undefined, name: string): string | undefined {
	const value = headers?.[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}

function bodyText(body: unknown): string {
	if (typeof body === 'string') return body;
	if (body === undefined || body === null) return '';
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	return JSON.stringify(body);
}

/** The error code of a failed request, wherever the layers below put it. */
export function failureCode(error: unknown): string | undefined {
	const seen = new Set<unknown>();
	let current = error as { code?: unknown; cause?: unknown; name?: unknown } | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		if (typeof current.code === 'string' && (/^E[A-Z_]+$|^ERR_/.test(current.code) || NOT_SENT_CODES.has(current.code))) return current.code;
		if (current.name === 'AbortError' || current.name === 'CanceledError') return 'ERR_CANCELED';
		current = current.cause as typeof current;
	}
	return undefined;
}

/** What n8n's HTTP helpers return with a full response. */
export interface FullResponse {
	statusCode: number;
	headers?: Headers;
	body?: unknown;
}

interface Readable {
	on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
	on(event: 'end', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	on(event: 'close', listener: () => void): unknown;
	destroy(error?: Error): void;
}

const isReadable = (body: unknown): body is Readable =>
	body !== null && typeof body === 'object' && typeof (body as Readable).on === 'function' && typeof (body as Readable).destroy === 'function';

/**
 * A streamed response body as text (the credential test's, which n8n's legacy helper can stream),
 * read up to MAX_RESPONSE_BYTES: `undefined` when it is larger (the stream is destroyed, so the rest
 * is never downloaded). `signal` destroys the stream when it aborts.
 */
export async function responseText(body: unknown, signal?: AbortSignal): Promise<string | undefined> {
	if (!isReadable(body)) return bodyText(body);
	const stop = () => body.destroy(new Error('aborted'));
	signal?.addEventListener('abort', stop, { once: true });
	try {
		return await readBounded(body);
	} finally {
		signal?.removeEventListener('abort', stop);
	}
}

/** Events rather than `for await`: the async iterator costs more than the read itself. */
async function readBounded(body: Readable): Promise<string | undefined> {
	return await new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		body.on('data', (chunk) => {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += bytes.length;
			if (size > MAX_RESPONSE_BYTES) {
				body.destroy();
				resolve(undefined);
				return;
			}
			chunks.push(bytes);
		});
		body.on('end', () => resolve(Buffer.concat(chunks, size).toString('utf8')));
		body.on('error', reject);
		// Closed without an end or an error (the connection dropped): settled now, not at the deadline.
		body.on('close', () => reject(new Error('the response ended early')));
	});
}

/**
 * One signal for one attempt: aborts at the deadline or when `outer` (the execution's Stop) does.
 * Built by hand rather than with AbortSignal.any, which keeps a reference from the long-lived outer
 * signal for every request on some Node versions; `done` removes the listeners.
 */
function attemptSignal(deadlineMs: number, outer?: AbortSignal): { signal: AbortSignal; deadline: AbortSignal; done: () => void } {
	const deadline = AbortSignal.timeout(deadlineMs);
	if (!outer) return { signal: deadline, deadline, done: () => {} };
	const controller = new AbortController();
	const abort = () => controller.abort();
	if (outer.aborted) controller.abort();
	outer.addEventListener('abort', abort, { once: true });
	deadline.addEventListener('abort', abort, { once: true });
	return {
		signal: controller.signal,
		deadline,
		done: () => {
			outer.removeEventListener('abort', abort);
			deadline.removeEventListener('abort', abort);
		},
	};
}

/** Why an attempt that threw got no response: the execution's Stop, the deadline, or the network. */
function failureOf(error: unknown, request: RawRequest, deadline: AbortSignal): TransportFailure {
	if (request.signal?.aborted) return { kind: 'stopped', message: 'the execution was stopped', code: 'ERR_CANCELED', notSent: false };
	if (deadline.aborted) return { kind: 'deadline', message: `no complete response within ${request.deadlineMs / 1000} s`, code: 'ETIMEDOUT', notSent: false };
	const refusal = ssrfRefusal(error);
	if (refusal) return { kind: 'policy', message: refusal.address, code: refusal.code, notSent: true };
	const code = failureCode(error);
	return { kind: 'network', message: code ?? (error as Error)?.message ?? 'request failed', code, notSent: neverSent(code) };
}

function requestOptions(request: RawRequest, signal: AbortSignal): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.url,
		qs: request.qs,
		headers: { accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Raw text, so a cut-off or HTML body is recognised by the client instead of failing in axios.
		encoding: 'text',
		json: false,
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		abortSignal: signal,
	};
	if (request.body !== undefined) {
		options.body = JSON.stringify(request.body);
		(options.headers as IDataObject)['content-type'] = 'application/json';
	}
	return options;
}

/** One attempt. Never throws: every status is a response, every other outcome a failure. */
export async function send(ctx: ClientContext, request: RawRequest): Promise<SendResult> {
	const { signal, deadline, done } = attemptSignal(request.deadlineMs, request.signal);
	// n8n's helper replaces `abortSignal` with the context's execution signal when the context
	// has one; this view of the context hands it the combined signal instead, so the deadline holds.
	const view = Object.create(ctx, { getExecutionCancelSignal: { value: () => signal } }) as ClientContext;
	const answer = await ctx.helpers.httpRequestWithAuthentication.call(view, CREDENTIAL_TYPE, requestOptions(request, signal)).then(
		(response: FullResponse) => ({ response }),
		(error: unknown) => ({ error }),
	);
	done();
	if ('error' in answer) return { failure: failureOf(answer.error, request, deadline) };
	const text = bodyText(answer.response.body);
	if (text.length > MAX_RESPONSE_BYTES) {
		return { failure: { kind: 'tooLarge', message: `response larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB`, code: undefined, notSent: false } };
	}
	return { response: { status: answer.response.statusCode, headers: answer.response.headers ?? {}, text } };
}
