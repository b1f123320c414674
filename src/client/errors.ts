/**
 * Turns what the API answered into n8n errors a user can act on: the API's own code, message and
 * HTTP status, plus a hint per code.
 *
 * Everything in an error envelope came over the wire and may echo what was sent (the key
 * included), so each string taken from it is redacted and shortened, and a `code` that is not a
 * plain identifier is not shown as if it were one. Nothing here receives the key except `redact`.
 */
import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';
import { ID_PREFIX } from '../vocabulary';
import { DEFAULT_BASE_URL } from './baseUrl';
import type { ApiErrorBody } from './envelope';
import { MAX_WAIT_MS } from './rateBudget';
import { isSsrfCode, ssrfWords } from './ssrf';

const HINTS: Record<string, string> = {
	unauthorized:
		'Check the API key in the "Agent Platform API" credential: it must be a valid key that starts with ctx_ and has not been revoked.',
	forbidden:
		"The API key is valid but lacks permission for this action (for example a read-only key used to change data). Use a key with the needed permissions.",
	not_found:
		'Check the ID: it may be mistyped, deleted, or belong to another organization (a key only sees its own organization).',
	bad_request: 'A parameter or field was invalid; the message names it. Correct that field and run again.',
	rate_limit_exceeded:
		"The API key's plan limit (requests per minute) was exceeded even after waiting and retrying. Lower the number of items per run, or use a plan with a higher limit.",
	internal_error: 'The service had an unexpected error. It was retried where safe; try again later.',
};

/**
 * The credential test sends only `GET /agents?limit=1`, so some codes mean something else there:
 * a 404 says the Base URL is not the API (there is no ID to be wrong), a 403 that the key may not
 * read agents.
 */
export const CREDENTIAL_TEST_HINTS: Record<string, string> = {
	...HINTS,
	forbidden: 'The API key is valid but may not list agents, which the test does: use a key with read access.',
	not_found: `The Base URL does not lead to the Agent Platform API: set it to the API's own address (by default ${DEFAULT_BASE_URL}; /v1 is added when missing).`,
	bad_request: `The Base URL may not point at the Agent Platform API: set it to the API's own address (by default ${DEFAULT_BASE_URL}; /v1 is added when missing).`,
};

export const API_KEY_PREFIX_MESSAGE = `The API key in the "Agent Platform API" credential must start with "${ID_PREFIX.apiKey}"`;
export const API_KEY_PREFIX_HINT = `Copy the key again from the service dashboard; keys look like ${ID_PREFIX.apiKey}...`;

export const BASE_URL_HINT = "Set the credential's Base URL to the Agent Platform API's own address, ending in /v1.";

export interface ErrorContext {
	node: INode;
	itemIndex?: number;
	method: string;
	path: string;
	/** How many times the request was sent, when it was sent more than once or could have been. */
	attempts?: number;
}

const MAY_HAVE_SUCCEEDED =
	' The request was not sent again because it is not safe to repeat, and it may have been carried out: check before running it again.';

/** The longest text taken from a server into an error. */
const MAX_SERVER_TEXT = 500;

/** Error codes as the API documents them: lower-case identifiers. Anything else is not trusted as one. */
const PLAIN_CODE = /^[a-z][a-z0-9_]{0,63}$/;

/** What stands where a secret was. */
export const REDACTED = '[redacted]';

/** Removes every occurrence of `secret` from `text`. */
export function redact(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	return text.split(secret).join(REDACTED);
}

/** A string from the server, fit to show: key removed, control characters dropped, length bounded. */
export function serverText(text: string, secret: string | undefined): string {
	const redacted = redact(text, secret);
	const printable = Array.from(redacted.slice(0, MAX_SERVER_TEXT), (ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? ' ' : ch));
	return printable.join('').trim() + (redacted.length > MAX_SERVER_TEXT ? '…' : '');
}

export function codeForStatus(status: number): string {
	switch (status) {
		case 400:
			return 'bad_request';
		case 401:
			return 'unauthorized';
		case 403:
			return 'forbidden';
		case 404:
			return 'not_found';
		case 429:
			return 'rate_limit_exceeded';
		default:
			return status >= 500 ? 'internal_error' : `http_${status}`;
	}
}

/** The envelope's code when it is a plain identifier; otherwise the status's code, and a note saying so. */
export function trustedCode(code: string, status: number): { code: string; note?: string } {
	if (PLAIN_CODE.test(code)) return { code };
	return { code: codeForStatus(status), note: 'The API sent an error code that is not a plain identifier; it is not shown.' };
}

/**
 * Whether `error` is the API's answer with HTTP `status` (as apiError and the other builders here
 * record it), for the places that treat one status differently (a 404 that means "gone", a 400 that
 * refuses an oversized page).
 */
export function isApiError(error: unknown, status: number): boolean {
	return error instanceof NodeApiError && error.httpCode === String(status);
}

/** An API error envelope (or a bare HTTP status) as a NodeApiError. */
export function apiError(ctx: ErrorContext, status: number, body: ApiErrorBody | undefined, secret: string | undefined, mayHaveSucceeded = false): NodeApiError {
	const { code, note } = body ? trustedCode(body.code, status) : { code: codeForStatus(status), note: undefined };
	const message = body ? serverText(body.message, secret) || `The API answered HTTP ${status}` : `The API answered HTTP ${status}`;
	return new NodeApiError(ctx.node, { code, message, status } as JsonObject, {
		message: `${message} [${code}]`,
		description:
			`${HINTS[code] ?? 'See the message above.'} (${ctx.method} ${ctx.path}, HTTP ${status})` +
			(status >= 500 ? ` ${sentTimes(ctx)}` : '') +
			(note ? ` ${note}` : '') +
			(mayHaveSucceeded ? MAY_HAVE_SUCCEEDED : ''),
		httpCode: String(status),
		itemIndex: ctx.itemIndex,
	});
}

/** A response that is not the API's envelope (HTML from a proxy, empty, cut-off JSON). */
export function malformedResponseError(ctx: ErrorContext, status: number, what: string, mayHaveSucceeded: boolean): NodeApiError {
	if (status >= 500) return serverTroubleError(ctx, status, what, mayHaveSucceeded);
	return new NodeApiError(ctx.node, { status, message: what } as JsonObject, {
		message: `The Agent Platform API returned ${what} (HTTP ${status})`,
		description:
			`${ctx.method} ${ctx.path}. Check that the credential's Base URL points at the API (it should end in /v1) and not at a web page or proxy.` +
			(mayHaveSucceeded ? MAY_HAVE_SUCCEEDED : ''),
		httpCode: String(status),
		itemIndex: ctx.itemIndex,
	});
}

/** What a 5xx says happened, in words (the body of one is often a proxy's HTML page). */
const SERVER_TROUBLE: Record<number, string> = {
	500: 'The service had an internal error',
	502: 'A gateway in front of the service got no valid answer from it',
	503: 'The service is unavailable for the moment',
	504: 'A gateway in front of the service got no answer from it in time',
};

/** How often a request was sent, for errors after a server failure. */
function sentTimes(ctx: ErrorContext): string {
	const attempts = ctx.attempts ?? 1;
	if (attempts > 1) return `It was sent ${attempts} times (retried ${attempts - 1} times, with growing pauses).`;
	return 'It was sent once.';
}

/** A 5xx without the API's error envelope: the service (or a proxy) failed, not the request or the Base URL. */
function serverTroubleError(ctx: ErrorContext, status: number, what: string, mayHaveSucceeded: boolean): NodeApiError {
	const happened = SERVER_TROUBLE[status] ?? 'The service had a server error';
	return new NodeApiError(ctx.node, { status, message: what } as JsonObject, {
		message: `The Agent Platform API returned ${what} (HTTP ${status})`,
		description:
			`${happened} (HTTP ${status}) for ${ctx.method} ${ctx.path}. ${sentTimes(ctx)} This is trouble on the service's side, not in the request: try again later.` +
			(mayHaveSucceeded ? MAY_HAVE_SUCCEEDED : ''),
		httpCode: String(status),
		itemIndex: ctx.itemIndex,
	});
}

/** A request that got no response at all. `reason` is the failure's code or message; `baseUrl` the credential's. */
export function networkError(ctx: ErrorContext, reason: { code?: string; message: string }, baseUrl: string, mayHaveSucceeded: boolean): NodeApiError {
	const { what, check, code } = unreachable(reason.code, reason.message, baseUrl);
	// The code stays out of the message: n8n replaces a message that contains one with its own words.
	return new NodeApiError(ctx.node, { message: what } as JsonObject, {
		message: `Could not reach the Agent Platform API: ${what}`,
		description:
			`${ctx.method} ${ctx.path}. ${check}${code}` + (mayHaveSucceeded ? ` The connection broke after the request was sent.${MAY_HAVE_SUCCEEDED}` : ''),
		itemIndex: ctx.itemIndex,
	});
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_NONAME', 'EAI_FAIL', 'EAI_AGAIN']);
const CERTIFICATE_CODES = /CERT|UNABLE_TO_VERIFY|SELF_SIGNED|ALTNAME/;
const NO_TLS_CODES = /^EPROTO$|^ERR_SSL_|^ERR_TLS_/;

/**
 * Why nothing came back, in words, and which part of the Base URL to check: the user's next step,
 * not the socket's error code (`code` is " (error code: X)", to append). Shared by the client and
 * the credential test, so both say the same.
 */
export function unreachable(code: string | undefined, message: string, baseUrl: string): { what: string; check: string; code: string } {
	const words = unreachableWords(code, message, baseUrl);
	// n8n's SSRF refusal has no error code of its own; the one used for it here is not shown.
	const omitCode = code === undefined || words.what === message || isSsrfCode(code);
	return { ...words, code: omitCode ? '' : ` (error code: ${code})` };
}

function unreachableWords(code: string | undefined, message: string, baseUrl: string): { what: string; check: string } {
	let url: URL | undefined;
	try {
		url = new URL(baseUrl);
	} catch {
		url = undefined;
	}
	const host = url?.hostname ?? baseUrl;
	const port = url ? url.port || (url.protocol === 'https:' ? '443' : '80') : '';
	// `message` holds the refused address (ssrf.ts).
	if (isSsrfCode(code)) return ssrfWords(code, message, host.replace(/^\[|\]$/g, ''));
	if (code !== undefined && DNS_CODES.has(code)) {
		return {
			what: code === 'EAI_AGAIN' ? `the host name "${host}" could not be looked up just now` : `the host "${host}" was not found`,
			check: `Check the Base URL's host name (${host}) in the credential: it may be mistyped, or the network n8n runs in cannot look it up (DNS).`,
		};
	}
	if (code !== undefined && CERTIFICATE_CODES.test(code)) {
		return { what: `the server's TLS certificate for "${host}" was not accepted`, check: `Check the Base URL's host name (${host}): it must be the name on the server's certificate, and the certificate must be valid and trusted by n8n.` };
	}
	if (code !== undefined && NO_TLS_CODES.test(code)) {
		return {
			what: `no secure (https) connection could be made to ${host}:${port}`,
			check: `Check the Base URL's scheme and port: the server at ${host}:${port} does not speak https there. A local server that speaks only http needs a Base URL starting with http://; otherwise the port may be wrong.`,
		};
	}
	if (code === 'ECONNREFUSED') return { what: `${host}:${port} refused the connection`, check: `Check the Base URL's host and port (${host}:${port}), and that the service is running there.` };
	if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return { what: `there is no network route to ${host}`, check: `Check the Base URL's host (${host}) and the network or firewall between n8n and it.` };
	if (code === 'ECONNRESET') return { what: 'the connection was closed before the answer was complete', check: 'The server or a proxy between it and n8n dropped the connection. Try again; if it keeps happening, check the Base URL and the network.' };
	return { what: message, check: 'Check the Base URL and the network.' };
}

/** A 3xx: redirects are never followed, because n8n would send the key along to wherever they point. */
export function redirectError(ctx: ErrorContext, status: number, location: string | undefined, secret: string | undefined, mayHaveSucceeded: boolean): NodeApiError {
	const where = location === undefined ? 'without saying where' : `to ${describeLocation(location, secret)}`;
	return new NodeApiError(ctx.node, { status, message: `redirect ${where}` } as JsonObject, {
		message: `The Agent Platform API answered with a redirect (HTTP ${status}) ${where}; redirects are not followed`,
		description:
			`${ctx.method} ${ctx.path}. The API key is only ever sent to the Base URL's own origin, so a redirect is not followed, not even to the same host. ${BASE_URL_HINT}` +
			(mayHaveSucceeded ? MAY_HAVE_SUCCEEDED : ''),
		httpCode: String(status),
		itemIndex: ctx.itemIndex,
	});
}

/** Where a redirect pointed, as origin and path only (a query string may carry anything), key removed. */
export function describeLocation(location: string, secret: string | undefined): string {
	let shown = location;
	try {
		const url = new URL(location, 'http://relative.invalid');
		shown = url.origin === 'http://relative.invalid' ? url.pathname : `${url.origin}${url.pathname}`;
	} catch {
		// Not a URL: shown as received, bounded.
	}
	return `"${serverText(shown, secret).slice(0, 200)}"`;
}

/**
 * The server asked for a wait longer than the package waits (a Retry-After of a day, a window spent
 * for an hour): `askedMs` is how long it asked for, `hint` quotes the header.
 */
export function rateHintError(ctx: ErrorContext, hint: string, askedMs: number): NodeApiError {
	return new NodeApiError(ctx.node, { status: 429, message: hint } as JsonObject, {
		message: `The Agent Platform API asks to wait ${duration(askedMs)} before the next request (${hint}) [rate_limit_exceeded]`,
		description:
			`${ctx.method} ${ctx.path}. This node waits at most ${MAX_WAIT_MS / 1000} s for the rate limit, so it stopped instead of holding the run that long; the request was not sent again. ` +
			"Run the workflow later, send fewer items per run (the key's limit is shared by every workflow that uses it), or use a plan with a higher limit.",
		httpCode: '429',
		itemIndex: ctx.itemIndex,
	});
}

/** A wait in words: "0.4 s", "12 s", "3 min", "1 h". */
export function duration(ms: number): string {
	const minutes = Math.round(ms / 60_000);
	if (minutes >= 60) return `${+(minutes / 60).toFixed(1)} h`;
	if (minutes >= 2) return `${minutes} min`;
	if (ms >= 10_000) return `${Math.round(ms / 1000)} s`;
	return `${+(ms / 1000).toFixed(1)} s`;
}

/** A list the server would not let end. */
export function pagingError(ctx: ErrorContext, reason: string): NodeApiError {
	return new NodeApiError(ctx.node, { message: reason } as JsonObject, {
		message: `The Agent Platform API's list could not be read to the end: ${reason}`,
		description: `${ctx.method} ${ctx.path}. The scan was stopped so it cannot run forever. If the server is a proxy or another deployment, check the Base URL; otherwise use Limit instead of Return All.`,
		itemIndex: ctx.itemIndex,
	});
}

export function invalidApiKeyError(node: INode): NodeOperationError {
	return new NodeOperationError(node, API_KEY_PREFIX_MESSAGE, {
		description: `${API_KEY_PREFIX_HINT} Fix it in the credential, then run again.`,
	});
}

export function invalidBaseUrlError(node: INode, problem: string): NodeOperationError {
	return new NodeOperationError(node, `The Base URL in the "Agent Platform API" credential ${problem}`, {
		description: `${BASE_URL_HINT} For example https://api.launchcortex.ai/v1. Nothing was sent.`,
	});
}
