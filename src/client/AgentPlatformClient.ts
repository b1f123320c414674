/**
 * The shared client every node uses. It composes small layers, each readable alone:
 * transport.ts (HTTP), rateLimit.ts (pacing), retry.ts (what may be re-sent), envelope.ts
 * (response shapes), errors.ts (n8n errors), pagination in `pages`. Routes come only from
 * src/routes.ts.
 */
import { NodeApiError, NodeOperationError, type IDataObject, type IHttpRequestMethods, type INode } from 'n8n-workflow';
import { buildPath, type ListRouteName, MAX_PAGE_SIZE, PAGINATION_QUERY, ROUTES, type RouteName } from '../routes';
import { ID_PREFIX } from '../vocabulary';
import { abortableSleep } from './abortableSleep';
import { normalizeBaseUrl } from './baseUrl';
import { describeBody, errorEnvelope, listEnvelope, type ListEnvelope, parseJson, singleEnvelope } from './envelope';
import { apiError, type ErrorContext, invalidApiKeyError, malformedResponseError, networkError, redact } from './errors';
import { budgetFor, type RateBudget, readRateHeaders } from './rateLimit';
import { backoffMs, IDEMPOTENT_METHODS, isRetryableStatus, neverReachedServer, RETRY_LIMITS } from './retry';
import { type ClientContext, CREDENTIAL_TYPE, send, TransportFailure } from './transport';

export interface ClientOptions {
	/** Identical GETs through this client instance are sent once (one execution). */
	memoizeGets?: boolean;
	/** Per-request timeout in ms (default 30 s). */
	timeoutMs?: number;
}

export interface CallParams {
	path?: Record<string, string>;
	qs?: IDataObject;
	body?: IDataObject;
	/** The input item this call serves, named in errors. */
	itemIndex?: number;
}

export interface ListParams extends CallParams {
	/** At most this many items; all when undefined. */
	limit?: number;
}

export interface RawRequestParams {
	method: IHttpRequestMethods;
	/** Path under the base URL, e.g. `/agents/dep_1/skills`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
}

/**
 * Page size asked for first. The spec does not show the maximum; asking for a large page and
 * adopting whatever `limit` the server reports (it clamps) gets the largest page it allows. A
 * server that refuses it instead gets MAX_PAGE_SIZE.
 */
export const FIRST_PAGE_REQUEST = 1000;

interface Session {
	baseUrl: string;
	apiKey: string;
	budget: RateBudget;
}

export class AgentPlatformClient {
	private session?: Promise<Session>;
	private readonly memo = new Map<string, Promise<unknown>>();
	private readonly timeoutMs: number;

	constructor(
		private readonly ctx: ClientContext,
		private readonly options: ClientOptions = {},
	) {
		this.timeoutMs = options.timeoutMs ?? 30_000;
	}

	/** One request to a named route; returns the envelope's `data` (`{}` for a 204). */
	async call(route: RouteName, params: CallParams = {}): Promise<IDataObject> {
		const { method, path } = ROUTES[route];
		const json = await this.execute(method, buildPath(path, params.path), params.qs, params.body, params.itemIndex);
		if (json === undefined) return {};
		const parsed = singleEnvelope.safeParse(json);
		if (!parsed.success) {
			throw malformedResponseError(this.errorContext(method, path, params.itemIndex), 200, 'JSON that is not the API envelope {data: {...}}', method !== 'GET');
		}
		return parsed.data.data as IDataObject;
	}

	/** Like `call`, but a `not_found` (404) answer is `undefined` instead of an error. */
	async callIfFound(route: RouteName, params: CallParams = {}): Promise<IDataObject | undefined> {
		const outcome = await settle(this.call(route, params));
		if (!('error' in outcome)) return outcome.value;
		if (isHttpError(outcome.error, '404')) return undefined;
		throw outcome.error;
	}

	/**
	 * Pages of a list route, as an async iterator. Advances by the items actually returned, stops
	 * on an empty page or at `total`, adopts a smaller page size when the server clamps `limit`,
	 * and drops items whose `id` was already seen (facts expire mid-scan and pages shift).
	 */
	pages(route: ListRouteName, params: ListParams = {}): AsyncGenerator<IDataObject[]> {
		return this.pagesOf(buildPath(ROUTES[route].path, params.path), params);
	}

	/** All items of a list route, or at most `limit`. */
	async list(route: ListRouteName, params: ListParams = {}): Promise<IDataObject[]> {
		return await collect(this.pages(route, params));
	}

	/** Like `list`, for a list endpoint the route table does not know (the API Request operation). */
	async listPath(path: string, params: Omit<ListParams, 'path'> = {}): Promise<IDataObject[]> {
		return await collect(this.pagesOf(checkRelativePath(this.ctx.getNode(), path), params));
	}

	private async *pagesOf(path: string, params: ListParams): AsyncGenerator<IDataObject[]> {
		const { budget } = await this.getSession();
		const seen = new Set<string>();
		let pageSize = FIRST_PAGE_REQUEST;
		let offset = 0;
		let yielded = 0;
		let releaseExpected = () => {};
		try {
			for (;;) {
				const wanted = params.limit === undefined ? pageSize : Math.min(pageSize, params.limit - yielded);
				if (wanted <= 0) return;
				const qs = { ...params.qs, [PAGINATION_QUERY.offset]: offset, [PAGINATION_QUERY.limit]: wanted };
				const outcome = await settle(this.listPage(path, qs, params.itemIndex));
				if ('error' in outcome) {
					// A server may refuse an oversized `limit` (400) instead of clamping it: fall back
					// once to the page size comparable APIs allow. Any other 400 fails again there.
					if (!(wanted > MAX_PAGE_SIZE && isHttpError(outcome.error, '400'))) throw outcome.error;
					pageSize = MAX_PAGE_SIZE;
					continue;
				}
				const page = outcome.value;
				if (page.pagination.limit > 0 && page.pagination.limit < wanted) pageSize = page.pagination.limit;
				else if (pageSize === FIRST_PAGE_REQUEST && page.data.length < wanted) pageSize = Math.max(page.data.length, 1);
				if (page.data.length === 0) return;
				offset += page.data.length;
				let fresh = page.data.filter((item) => {
					if (typeof item.id !== 'string') return true;
					if (seen.has(item.id)) return false;
					seen.add(item.id);
					return true;
				});
				if (params.limit !== undefined) fresh = fresh.slice(0, params.limit - yielded);
				yielded += fresh.length;
				if (fresh.length > 0) yield fresh;
				const left = Math.min(page.pagination.total, params.limit === undefined ? Infinity : offset + params.limit - yielded) - offset;
				if (offset >= page.pagination.total || left <= 0) return;
				releaseExpected();
				releaseExpected = budget.expect(Math.ceil(left / pageSize));
			}
		} finally {
			releaseExpected();
		}
	}

	/** One page of a list route at `offset` (for list search in the editor, which pages by itself). */
	async pageAt(route: ListRouteName, params: CallParams & { offset: number; limit: number }): Promise<ListEnvelope> {
		const qs = { ...params.qs, [PAGINATION_QUERY.offset]: params.offset, [PAGINATION_QUERY.limit]: params.limit };
		return await this.listPage(buildPath(ROUTES[route].path, params.path), qs, params.itemIndex);
	}

	/** Any method and path under the base URL: the escape hatch for endpoints the spec does not show. */
	async request(params: RawRequestParams): Promise<unknown> {
		return await this.execute(params.method, checkRelativePath(this.ctx.getNode(), params.path), params.qs, params.body, params.itemIndex);
	}

	/** Announces `requests` upcoming requests, so the rate budget can be spread over the window. */
	async expect(requests: number): Promise<() => void> {
		const { budget } = await this.getSession();
		return budget.expect(requests);
	}

	private async listPage(path: string, qs: IDataObject, itemIndex?: number): Promise<ListEnvelope> {
		const json = await this.execute('GET', path, qs, undefined, itemIndex);
		const parsed = listEnvelope.safeParse(json);
		if (!parsed.success) {
			throw malformedResponseError(this.errorContext('GET', path, itemIndex), 200, 'JSON that is not the API list envelope {data: [...], pagination}', false);
		}
		return parsed.data as ListEnvelope;
	}

	private getSession(): Promise<Session> {
		this.session ??= (async () => {
			const credentials = await this.ctx.getCredentials(CREDENTIAL_TYPE);
			const apiKey = String(credentials.apiKey ?? '').trim();
			if (!apiKey.startsWith(ID_PREFIX.apiKey)) throw invalidApiKeyError(this.ctx.getNode());
			const baseUrl = normalizeBaseUrl(credentials.baseUrl as string | undefined);
			return { baseUrl, apiKey, budget: budgetFor(baseUrl, apiKey) };
		})();
		return this.session;
	}

	private signal(): AbortSignal | undefined {
		const ctx = this.ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
		return typeof ctx.getExecutionCancelSignal === 'function' ? ctx.getExecutionCancelSignal() : undefined;
	}

	private errorContext(method: string, path: string, itemIndex?: number): ErrorContext {
		return { node: this.ctx.getNode(), method, path, itemIndex };
	}

	private async execute(method: IHttpRequestMethods, path: string, qs: IDataObject | undefined, body: IDataObject | undefined, itemIndex?: number): Promise<unknown> {
		if (method !== 'GET' || !this.options.memoizeGets) return await this.executeOnce(method, path, qs, body, itemIndex);
		const key = `${path}?${JSON.stringify(qs ?? {})}`;
		let pending = this.memo.get(key);
		if (!pending) {
			pending = this.executeOnce(method, path, qs, body, itemIndex);
			this.memo.set(key, pending);
			pending.catch(() => this.memo.delete(key));
		}
		return await pending;
	}

	/** One logical request: waits for the rate budget, sends, retries what is safe, maps errors. */
	private async executeOnce(method: IHttpRequestMethods, path: string, qs: IDataObject | undefined, body: IDataObject | undefined, itemIndex?: number): Promise<unknown> {
		const session = await this.getSession();
		const signal = this.signal();
		const errorContext = this.errorContext(method, path, itemIndex);
		const idempotent = IDEMPOTENT_METHODS.has(method);
		let rateLimitedRetries = 0;
		let transientRetries = 0;
		/** An earlier attempt of this request may have been carried out (no clear answer came back). */
		let mayHaveActed = false;
		const retryTransient = async (): Promise<boolean> => {
			if (!idempotent || transientRetries >= RETRY_LIMITS.transient) return false;
			await this.wait(backoffMs(transientRetries), signal, itemIndex);
			transientRetries += 1;
			mayHaveActed = true;
			return true;
		};

		for (;;) {
			const delay = session.budget.reserve();
			if (delay > 0 && !(await abortableSleep(delay, signal))) {
				session.budget.release();
				throw this.stopped(itemIndex);
			}
			let response;
			try {
				response = await send(this.ctx, { method, url: session.baseUrl + path, qs, body, timeoutMs: this.timeoutMs });
			} catch (error) {
				session.budget.release();
				const failure = error as TransportFailure;
				if (signal?.aborted || failure.code === 'ERR_CANCELED') throw this.stopped(itemIndex);
				const notSent = neverReachedServer(failure.code);
				if ((idempotent || notSent) && transientRetries < RETRY_LIMITS.transient) {
					await this.wait(backoffMs(transientRetries), signal, itemIndex);
					transientRetries += 1;
					mayHaveActed ||= !notSent;
					continue;
				}
				throw networkError(errorContext, redact(failure.message, session.apiKey), !idempotent && !notSent);
			}
			session.budget.update(readRateHeaders(response.headers));

			if (response.status === 429) {
				// Every request on this key waits until the server's time to return, or a backoff when
				// it named none usable; the retry waits in `reserve` like the rest.
				session.budget.refused(backoffMs(rateLimitedRetries));
				if (rateLimitedRetries < RETRY_LIMITS.rateLimited) {
					rateLimitedRetries += 1;
					continue;
				}
			}

			// A DELETE re-sent after an attempt that may have worked finds the resource gone: that
			// attempt did the job, so this is the success the user asked for, not "not found".
			if (method === 'DELETE' && response.status === 404 && mayHaveActed) return undefined;

			const parsed = parseJson(response.text);
			if (response.status >= 200 && response.status < 300) {
				if (response.status === 204 || response.text.trim() === '') return undefined;
				if (parsed.ok) return parsed.value;
				if (await retryTransient()) continue;
				throw malformedResponseError(errorContext, response.status, describeBody(response.text, header(response.headers, 'content-type')), !idempotent);
			}
			if (isRetryableStatus(response.status) && (await retryTransient())) continue;
			const envelope = parsed.ok ? errorEnvelope.safeParse(parsed.value) : undefined;
			if (envelope?.success) {
				const { code, message, status } = envelope.data.error;
				throw apiError(errorContext, response.status, { code, message: redact(message, session.apiKey), status }, response.status >= 500 && !idempotent);
			}
			if (!parsed.ok && response.text.trim() !== '') {
				throw malformedResponseError(errorContext, response.status, describeBody(response.text, header(response.headers, 'content-type')), response.status >= 500 && !idempotent);
			}
			throw apiError(errorContext, response.status, undefined, response.status >= 500 && !idempotent);
		}
	}

	private async wait(ms: number, signal: AbortSignal | undefined, itemIndex?: number): Promise<void> {
		if (!(await abortableSleep(ms, signal))) throw this.stopped(itemIndex);
	}

	private stopped(itemIndex?: number): NodeOperationError {
		return new NodeOperationError(this.ctx.getNode(), 'The execution was stopped while waiting for the Agent Platform API', { itemIndex });
	}
}

/**
 * A promise's value or its error, for the places that handle one API error and pass the rest on
 * (the strict lint forbids re-throwing from a catch clause).
 */
async function settle<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
	return await promise.then(
		(value) => ({ value }),
		(error: unknown) => ({ error }),
	);
}

const isHttpError = (error: unknown, status: string) => error instanceof NodeApiError && error.httpCode === status;

async function collect(pages: AsyncGenerator<IDataObject[]>): Promise<IDataObject[]> {
	const all: IDataObject[] = [];
	for await (const page of pages) all.push(...page);
	return all;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
}

/**
 * The API Request operation may only reach paths under the credential's base URL: an absolute
 * URL would send the API key to another host.
 */
function checkRelativePath(node: INode, path: string): string {
	const trimmed = path.trim();
	if (!trimmed.startsWith('/') || trimmed.startsWith('//') || /^\/*[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
		throw new NodeOperationError(node, `Invalid path "${trimmed}": give a path under the base URL that starts with "/", such as /agents`, {
			description: 'Full URLs are refused so the API key is never sent to another host.',
		});
	}
	return trimmed.replace(/^\/v1(?=\/)/, '');
}
