/**
 * The one place that talks HTTP. Every request goes through n8n's
 * `httpRequestWithAuthentication`, which applies the credential (the key never passes through our
 * code), the user's proxy and TLS settings, and the execution's cancel signal. Status errors are
 * not thrown here: the full response (status, headers, raw text) goes back to the client, which
 * reads the rate-limit headers of every response and maps errors itself. The credential test is the
 * one exception (credentialTest.ts): n8n gives it only the `request` helper.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

export const CREDENTIAL_TYPE = 'agentPlatformApi';

export type ClientContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions;

export interface RawRequest {
	method: IHttpRequestMethods;
	url: string;
	qs?: IDataObject;
	body?: unknown;
	timeoutMs: number;
}

export interface RawResponse {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
}

/** The request got no HTTP response (reset, timeout, refused, aborted). */
export class TransportFailure extends Error {
	constructor(
		message: string,
		readonly code: string | undefined,
	) {
		super(message);
		this.name = 'TransportFailure';
	}
}

interface FullResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export function bodyText(body: unknown): string {
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
		if (typeof current.code === 'string' && /^E[A-Z_]+$|^ERR_/.test(current.code)) return current.code;
		if (current.name === 'AbortError' || current.name === 'CanceledError') return 'ERR_CANCELED';
		current = current.cause as typeof current;
	}
	return undefined;
}

export async function send(ctx: ClientContext, request: RawRequest): Promise<RawResponse> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.url,
		qs: request.qs,
		headers: { accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Raw text, so a cut-off or HTML body is recognised here instead of failing inside axios.
		encoding: 'text',
		json: false,
		timeout: request.timeoutMs,
	};
	if (request.body !== undefined) {
		options.body = JSON.stringify(request.body);
		(options.headers as IDataObject)['content-type'] = 'application/json';
	}
	let response: FullResponse;
	try {
		response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, options)) as FullResponse;
	} catch (error) {
		const code = failureCode(error);
		// Only the reason: the error object below also holds the request, headers included.
		return Promise.reject(new TransportFailure(code ?? (error as Error).message ?? 'request failed', code));
	}
	return { status: response.statusCode, headers: response.headers ?? {}, text: bodyText(response.body) };
}
