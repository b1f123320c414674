/**
 * Turns what the API answered into n8n errors a user can act on: the API's own code, message and
 * HTTP status, plus a hint per code. Nothing here ever receives the API key; `redact` is a second
 * line of defence for messages that come from lower layers (network errors).
 */
import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';
import { ID_PREFIX } from '../vocabulary';
import type { ApiErrorBody } from './envelope';

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
export const API_KEY_PREFIX_HINT = `Copy the key again from the service dashboard; keys look like ${ID_PREFIX.apiKey}... .`;

export interface ErrorContext {
	node: INode;
	itemIndex?: number;
	method: string;
	path: string;
}

const MAY_HAVE_SUCCEEDED =
	' The request was not sent again because it is not safe to repeat, and it may have been carried out: check before running it again.';

/** An API error envelope (or a bare HTTP status) as a NodeApiError. */
export function apiError(ctx: ErrorContext, status: number, body: ApiErrorBody | undefined, mayHaveSucceeded = false): NodeApiError {
	const code = body?.code ?? codeForStatus(status);
	const message = body?.message ?? `The API answered HTTP ${status}`;
	const error = new NodeApiError(ctx.node, { code, message, status } as JsonObject, {
		message: `${message} [${code}]`,
		description:
			`${HINTS[code] ?? 'See the message above.'} (${ctx.method} ${ctx.path}, HTTP ${status})` +
			(mayHaveSucceeded ? MAY_HAVE_SUCCEEDED : ''),
		httpCode: String(status),
		itemIndex: ctx.itemIndex,
	});
	error.context.apiCode = code;
	return error;
}

/** A response that is not the API's envelope (HTML from a proxy, empty, cut-off JSON). */
export function malformedResponseError(ctx: ErrorContext, status: number, what: string, mayHaveSucceeded: boolean): NodeApiError {
	return new NodeApiError(ctx.node, { status, message: what } as JsonObject, {
		message: `The Agent Platform API returned ${what} instead of JSON (HTTP ${status})`,
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

export function invalidApiKeyError(node: INode): NodeOperationError {
	return new NodeOperationError(node, API_KEY_PREFIX_MESSAGE, {
		description: `${API_KEY_PREFIX_HINT} Fix it in the credential, then run again.`,
	});
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

/** Removes every occurrence of `secret` from `text`. */
export function redact(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	return text.split(secret).join('[redacted]');
}
