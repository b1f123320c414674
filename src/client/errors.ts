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
import type { ApiErrorBody } from './envelope';
import { MAX_WAIT_MS } from './rateBudget';

export const HINTS: Record<string, string> = {
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
	not_found: 'The Base URL does not lead to the Agent Platform API: it should be the API address ending in /v1.',
	bad_request: 'The Base URL may not point at the Agent Platform API: it should be the API address ending in /v1.',
};

export const API_KEY_PREFIX_MESSAGE = `The API key in the "Agent Platform API" credential must start with "${ID_PREFIX.apiKey}"`;
export const API_KEY_PREFIX_HINT = `Copy the key again from the service dashboard; keys look like ${ID_PREFIX.apiKey}...`;

export const BASE_URL_HINT = "Set the credential's Base URL to the Agent Platform API's own address, ending in /v1.";

export interface ErrorContext {
	node: INode;
	itemIndex?: number;
	method: string;
	path: string;
}

const MAY_HAVE_SUCCEEDED =
	' The request was not sent again because it is not safe to repeat, and it may have been carried out: check before running it again.';

/** The longest text taken from a server into an error. */
const MAX_SERVER_TEXT = 500;

/** Error codes as the API documents them: lower-case identifiers. Anything else is not trusted as one. */
const PLAIN_CODE = /^[a-z][a-z0-9_]{0,63}$/;

/** Removes every occurrence of `secret` from `text`. */
export function redact(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	return text.split(secret).join('[redacted]');
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
			(note ? ` ${note}` : '') +
			(mayHaveSucceeded ? MAY_HAVE_SUCCEEDED : ''),
		httpCode: String(status),
		itemIndex: ctx.itemIndex,
	});
}

/** A response that is not the API's envelope (HTML from a proxy, empty, cut-off JSON). */
export function malformedResponseError(ctx: ErrorContext, status: number, what: string, mayHaveSucceeded: boolean): NodeApiError {
	return new NodeApiError(ctx.node, { status, message: what } as JsonObject, {
		message: `The Agent Platform API returned ${what} (HTTP ${status})`,
		description:
			`${ctx.method} ${ctx.path}. Check that the credential's Base URL points at the API (it should end in /v1) and not at a web page or proxy.` +
			(mayHaveSucceeded ? MAY_HAVE_SUCCEEDED : ''),
		httpCode: String(status),
		itemIndex: ctx.itemIndex,
	});
}

/** A request that got no response at all. */
export function networkError(ctx: ErrorContext, reason: string, mayHaveSucceeded: boolean): NodeApiError {
	return new NodeApiError(ctx.node, { message: reason } as JsonObject, {
		message: `Could not reach the Agent Platform API: ${reason}`,
		description:
			`${ctx.method} ${ctx.path}. Check the Base URL and the network.` +
			(mayHaveSucceeded ? ` The connection broke after the request was sent.${MAY_HAVE_SUCCEEDED}` : ''),
		itemIndex: ctx.itemIndex,
	});
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

/** The server asked for a wait longer than the package waits (a Retry-After of a day, a window spent for an hour). */
export function rateHintError(ctx: ErrorContext, hint: string): NodeApiError {
	return new NodeApiError(ctx.node, { status: 429, message: hint } as JsonObject, {
		message: `The Agent Platform API asked for a longer wait than this node makes (${hint}) [rate_limit_exceeded]`,
		description: `${ctx.method} ${ctx.path}. A single wait for the rate limit is at most ${MAX_WAIT_MS / 1000} s, so the request was not sent. ${HINTS.rate_limit_exceeded}`,
		httpCode: '429',
		itemIndex: ctx.itemIndex,
	});
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
