/**
 * The shared client every node uses. It only orchestrates; each policy is a small module readable
 * alone: transport.ts (HTTP), rateBudget.ts and rateHeaders.ts (pacing), retryPolicy.ts (what is
 * sent again), pager.ts (which pages), apiPath.ts (paths stay under the base URL), envelope.ts
 * (response shapes), errors.ts (n8n errors). Routes come only from src/routes.ts.
 */
import { NodeOperationError, type IDataObject, type IHttpRequestMethods } from 'n8n-workflow';
import { buildPath, type ListRouteName, PAGINATION_QUERY, ROUTES, type RouteName } from '../routes';
import { ID_PREFIX } from '../vocabulary';
import { abortableSleep } from './abortableSleep';
import { apiPathProblem, underBaseUrl } from './apiPath';
import { baseUrlProblem, normalizeBaseUrl } from './baseUrl';
import { describeBody, errorEnvelope, listEnvelope, type ListEnvelope, parseJson, singleEnvelope } from './envelope';
import {
	apiError,
	type ErrorContext,
	invalidApiKeyError,
	isApiError,
	invalidBaseUrlError,
	malformedResponseError,
	networkError,
	pagingError,
	rateHintError,
	redact,
	redirectError,
} from './errors';
import { type PageRequest, PagePlan, ResumablePlan, type ScanPage, type ScanStart } from './pager';
import { budgetFor, type RateBudget } from './rateBudget';
import { readRateHeaders } from './rateHeaders';
import { backoffMs, decideRetry, IDEMPOTENT_METHODS, type Outcome, RETRY_LIMITS, type RetryLimits } from './retryPolicy';
import { type ClientContext, CREDENTIAL_TYPE, header, type RawResponse, send, type TransportFailure } from './transport';

export interface ClientOptions {
	/** Identical GETs through this client instance are sent once (one execution). */
	memoizeGets?: boolean;
	/** Total time per attempt, connecting to the last byte of the body (default 30 s). */
	timeoutMs?: number;
	/** Bounds on retrying (default RETRY_LIMITS). */
	retryLimits?: Partial<RetryLimits>;
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

/** Pages of one list asked for ahead of what has been handed on (the rate budget paces them). */
const PAGES_IN_FLIGHT = 8;

const DEFAULT_TIMEOUT_MS = 30_000;

interface Session {
	baseUrl: string;
	apiKey: string;
	budget: RateBudget;
}

interface Request {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	/** Stops this request early (a list scan that has what it needs). */
	signal?: AbortSignal;
}

type PageOutcome = { request: PageRequest; page: ListEnvelope } | { request: PageRequest; error: unknown };

export class AgentPlatformClient {
	private session?: Promise<Session>;
	private readonly memo = new Map<string, Promise<unknown>>();
	private readonly timeoutMs: number;
	private readonly limits: RetryLimits;

	constructor(
		private readonly ctx: ClientContext,
		private readonly options: ClientOptions = {},
	) {
		this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
		this.limits = { ...RETRY_LIMITS, ...options.retryLimits };
	}

	/** One request to a named route; returns the envelope's `data` (`{}` for a 204). */
	async call(route: RouteName, params: CallParams = {}): Promise<IDataObject> {
		const { method, path } = ROUTES[route];
		const json = await this.execute({ method, path: buildPath(path, params.path), qs: params.qs, body: params.body, itemIndex: params.itemIndex });
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
		if (isApiError(outcome.error, 404)) return undefined;
		throw outcome.error;
	}

	/** Pages of a list route, in offset order, de-duplicated by id (pager.ts says how). */
	pages(route: ListRouteName, params: ListParams = {}): AsyncGenerator<IDataObject[]> {
		return this.pagesOf(buildPath(ROUTES[route].path, params.path), params);
	}

	/** All items of a list route, or at most `limit`. */
	async list(route: ListRouteName, params: ListParams = {}): Promise<IDataObject[]> {
		return await collect(this.pages(route, params));
	}

	/** Like `list`, for a list endpoint the route table does not know (the API Request operation). */
	async listPath(path: string, params: Omit<ListParams, 'path'> = {}): Promise<IDataObject[]> {
		return await collect(this.pagesOf(underBaseUrl(path.trim()), params));
	}

	/**
	 * Pages of a list route from where an earlier scan stopped (`from`: its offset and anchors) to the
	 * end, one request at a time, asked for only as the caller reads on: for a reader that spreads a
	 * scan over several executions (the polling trigger). Same page-size and oversized-page rules and
	 * checks as `pages`; each page says whether the list moved more than its anchors could follow
	 * (pager.ts, ResumablePlan). `pageSize` is the size learned by an earlier scan.
	 */
	async *pagesFrom(route: ListRouteName, params: CallParams & { from: ScanStart; pageSize?: number }): AsyncGenerator<ScanPage> {
		const path = buildPath(ROUTES[route].path, params.path);
		const context = this.errorContext('GET', path, params.itemIndex);
		const plan = new ResumablePlan(params.from, params.pageSize);
		while (!plan.done) {
			const request = plan.next();
			if ('stop' in request) throw pagingError(context, request.stop);
			const qs = { ...params.qs, [PAGINATION_QUERY.offset]: request.offset, [PAGINATION_QUERY.limit]: request.limit };
			const outcome = await settle(this.listPage({ method: 'GET', path, qs, itemIndex: params.itemIndex }));
			if ('error' in outcome) {
				if (isApiError(outcome.error, 400) && plan.fallBack(request)) continue;
				throw outcome.error;
			}
			const accepted = plan.accept(request, outcome.value);
			if ('stop' in accepted) throw pagingError(context, accepted.stop);
			if ('page' in accepted) yield accepted.page;
		}
	}

	/** One page of a list route at `offset` (for list search in the editor, which pages by itself). */
	async pageAt(route: ListRouteName, params: CallParams & { offset: number; limit: number }): Promise<ListEnvelope> {
		const qs = { ...params.qs, [PAGINATION_QUERY.offset]: params.offset, [PAGINATION_QUERY.limit]: params.limit };
		return await this.listPage({ method: 'GET', path: buildPath(ROUTES[route].path, params.path), qs, itemIndex: params.itemIndex });
	}

	/**
	 * Any method and path under the base URL: the escape hatch for endpoints the spec does not show.
	 * The path is checked like every other before it is sent (apiPath.ts); the API Request operation
	 * checks it earlier too, while its items are validated.
	 */
	async request(params: RawRequestParams): Promise<unknown> {
		return await this.execute({ ...params, path: underBaseUrl(params.path.trim()) });
	}

	/** Announces `requests` upcoming requests, so the rate budget can be spread over the window. */
	async expect(requests: number): Promise<() => void> {
		const { budget } = await this.getSession();
		return budget.expect(requests);
	}

	private async *pagesOf(path: string, params: ListParams): AsyncGenerator<IDataObject[]> {
		const { budget } = await this.getSession();
		const plan = new PagePlan(params.limit, PAGES_IN_FLIGHT);
		// Pages still in flight when the scan ends (limit reached, error, consumer gone) are cancelled,
		// and all of them when the execution is stopped.
		const scan = new AbortController();
		const stop = () => scan.abort();
		const execution = this.executionSignal();
		if (execution?.aborted) scan.abort();
		execution?.addEventListener('abort', stop, { once: true });
		const inFlight = new Map<PageRequest, Promise<PageOutcome>>();
		const context = this.errorContext('GET', path, params.itemIndex);
		let withdraw = () => {};
		try {
			while (!plan.done) {
				const next = plan.take();
				if ('stop' in next) throw pagingError(context, next.stop);
				for (const request of next.requests) inFlight.set(request, this.fetchPage(path, params, request, scan.signal));
				withdraw();
				withdraw = budget.expect(plan.pagesLeft);
				if (inFlight.size === 0) return;
				const settled = await Promise.race(inFlight.values());
				inFlight.delete(settled.request);
				if ('error' in settled) {
					// A server may refuse the oversized first `limit` (400) instead of clamping it.
					if (isApiError(settled.error, 400) && plan.fallBack(settled.request)) continue;
					throw settled.error;
				}
				const accepted = plan.accept(settled.request, settled.page);
				if ('stop' in accepted) throw pagingError(context, accepted.stop);
				for (const items of accepted.ready) yield items;
			}
		} finally {
			execution?.removeEventListener('abort', stop);
			scan.abort();
			withdraw();
		}
	}

	private async fetchPage(path: string, params: ListParams, request: PageRequest, signal: AbortSignal): Promise<PageOutcome> {
		const qs = { ...params.qs, [PAGINATION_QUERY.offset]: request.offset, [PAGINATION_QUERY.limit]: request.limit };
		const outcome = await settle(this.listPage({ method: 'GET', path, qs, itemIndex: params.itemIndex, signal }));
		return 'error' in outcome ? { request, error: outcome.error } : { request, page: outcome.value };
	}

	private async listPage(request: Request): Promise<ListEnvelope> {
		const json = await this.execute(request);
		const parsed = listEnvelope.safeParse(json);
		if (!parsed.success) {
			throw malformedResponseError(this.errorContext('GET', request.path, request.itemIndex), 200, 'JSON that is not the API list envelope {data: [...], pagination}', false);
		}
		return parsed.data as ListEnvelope;
	}

	private getSession(): Promise<Session> {
		this.session ??= (async () => {
			const credentials = await this.ctx.getCredentials(CREDENTIAL_TYPE);
			const apiKey = String(credentials.apiKey ?? '').trim();
			if (!apiKey.startsWith(ID_PREFIX.apiKey)) throw invalidApiKeyError(this.ctx.getNode());
			const baseUrl = normalizeBaseUrl(credentials.baseUrl as string | undefined);
			const problem = baseUrlProblem(baseUrl);
			if (problem) throw invalidBaseUrlError(this.ctx.getNode(), redact(problem, apiKey));
			return { baseUrl, apiKey, budget: budgetFor(baseUrl, apiKey) };
		})();
		return this.session;
	}

	private executionSignal(): AbortSignal | undefined {
		const ctx = this.ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
		return typeof ctx.getExecutionCancelSignal === 'function' ? ctx.getExecutionCancelSignal() : undefined;
	}

	private errorContext(method: string, path: string, itemIndex?: number): ErrorContext {
		return { node: this.ctx.getNode(), method, path, itemIndex };
	}

	private async execute(request: Request): Promise<unknown> {
		if (request.method !== 'GET' || !this.options.memoizeGets) return await this.executeOnce(request);
		const key = `${request.path}?${JSON.stringify(request.qs ?? {})}`;
		let pending = this.memo.get(key);
		if (!pending) {
			pending = this.executeOnce(request);
			this.memo.set(key, pending);
			pending.catch(() => this.memo.delete(key));
		}
		return await pending;
	}

	/** One logical request: waits for the rate budget, sends, retries what retryPolicy allows, maps errors. */
	private async executeOnce(request: Request): Promise<unknown> {
		const { method, path, qs, body, itemIndex } = request;
		const session = await this.getSession();
		const context = this.errorContext(method, path, itemIndex);
		const problem = apiPathProblem(path);
		if (problem) {
			throw new NodeOperationError(context.node, `Refused to send ${method} ${path.slice(0, 200)}: the path ${problem}`, {
				itemIndex,
				description: 'An ID or path would have moved the request off the API\'s own paths. Check the ID or the expression that produces it.',
			});
		}
		// A list's pages carry the scan's signal, which follows the execution's (see pagesOf).
		const signal = request.signal ?? this.executionSignal();
		const startedAt = Date.now();
		let firstRefusedAt: number | undefined;
		let refusals = 0;
		let transientRetries = 0;
		let mayHaveActed = false;

		for (;;) {
			await this.admit(session.budget, signal, context);
			let response: RawResponse;
			let outcome: Outcome;
			try {
				response = await send(this.ctx, { method, url: session.baseUrl + path, qs, body, deadlineMs: this.timeoutMs, signal });
			} catch (error) {
				const failure = error as TransportFailure;
				session.budget.release(failure.notSent);
				if (failure.kind === 'stopped') throw this.stopped(itemIndex);
				outcome = { kind: 'failure', failure: failure.kind, notSent: failure.notSent };
				const decision = decideRetry({ method, outcome, transientRetries, elapsedMs: Date.now() - startedAt, mayHaveActed }, this.limits);
				if (decision.action === 'retry') {
					await this.wait(decision.waitMs, signal, itemIndex);
					transientRetries += 1;
					mayHaveActed = decision.mayHaveActed;
					continue;
				}
				const acted = decision.action === 'fail' && decision.mayHaveActed && !IDEMPOTENT_METHODS.has(method);
				throw networkError(context, redact(failure.message, session.apiKey), acted);
			}

			const now = Date.now();
			session.budget.update(readRateHeaders(response.headers, now), response.status === 429);
			const parsed = parseJson(response.text);
			if (response.status >= 200 && response.status < 300) {
				if (response.status === 204 || response.text.trim() === '') return undefined;
				if (parsed.ok) return parsed.value;
				outcome = { kind: 'unreadable' };
			} else {
				outcome = { kind: 'status', status: response.status };
			}
			if (response.status === 429) {
				firstRefusedAt ??= now;
				// The budget holds every request on the key until the server's time, or backs off when it named none.
				session.budget.refused(backoffMs(refusals, Math.random, this.limits));
				refusals += 1;
			}
			const decision = decideRetry({
				method,
				outcome,
				transientRetries,
				elapsedMs: now - startedAt,
				rateLimitedMs: firstRefusedAt === undefined ? undefined : now - firstRefusedAt,
				mayHaveActed,
			}, this.limits);
			if (decision.action === 'succeed') return undefined;
			if (decision.action === 'retry') {
				if (response.status !== 429) transientRetries += 1;
				mayHaveActed = decision.mayHaveActed;
				await this.wait(decision.waitMs, signal, itemIndex);
				continue;
			}
			throw this.responseError(context, response, parsed, decision.mayHaveActed && !IDEMPOTENT_METHODS.has(method), session.apiKey);
		}
	}

	/** Waits until the rate budget admits one request (asking again after every wait). */
	private async admit(budget: RateBudget, signal: AbortSignal | undefined, context: ErrorContext): Promise<void> {
		for (;;) {
			const admission = budget.admit();
			if (admission.kind === 'go') return;
			if (admission.kind === 'refuse') throw rateHintError(context, admission.hint);
			const slept = admission.untilChange
				? await Promise.race([budget.changed().then(() => true), abortableSleep(admission.ms, signal)])
				: await abortableSleep(admission.ms, signal);
			if (!slept || signal?.aborted) throw this.stopped(context.itemIndex);
		}
	}

	private responseError(context: ErrorContext, response: RawResponse, parsed: ReturnType<typeof parseJson>, mayHaveActed: boolean, apiKey: string): Error {
		const { status } = response;
		if (status >= 300 && status < 400) return redirectError(context, status, header(response.headers, 'location'), apiKey, mayHaveActed);
		const what = describeBody(response.text, header(response.headers, 'content-type'));
		if (status >= 200 && status < 300) return malformedResponseError(context, status, what, mayHaveActed);
		const envelope = parsed.ok ? errorEnvelope.safeParse(parsed.value) : undefined;
		if (envelope?.success) return apiError(context, status, envelope.data.error, apiKey, mayHaveActed);
		if (!parsed.ok && response.text.trim() !== '') return malformedResponseError(context, status, what, mayHaveActed);
		return apiError(context, status, undefined, apiKey, mayHaveActed);
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

async function collect(pages: AsyncGenerator<IDataObject[]>): Promise<IDataObject[]> {
	const all: IDataObject[] = [];
	for await (const page of pages) all.push(...page);
	return all;
}
