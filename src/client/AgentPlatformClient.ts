/**
 * The shared client every node uses. It only orchestrates; each policy is a small module readable
 * alone: transport.ts (HTTP), rateBudget.ts and rateHeaders.ts (pacing), retryPolicy.ts (what is
 * sent again), pager.ts (which pages), listHold.ts (what a list read whole may hold), apiPath.ts
 * (paths stay under the base URL), envelope.ts (response shapes), errors.ts (n8n errors), waits.ts
 * (every wait and retry, told to n8n's log and the editor). Routes come only from src/routes.ts.
 */
import { NodeOperationError, sleep, type IDataObject, type IHttpRequestMethods, type NodeExecutionHint } from 'n8n-workflow';
import { buildPath, type ListRouteName, PAGINATION_QUERY, ROUTES, type RouteName } from '../routes';
import { ID_PREFIX } from '../vocabulary';
import { abortableSleep } from './abortableSleep';
import { apiPathProblem, underBaseUrl } from './apiPath';
import { baseUrlProblem, normalizeBaseUrl } from './baseUrl';
import { describeBody, errorEnvelope, type ListEnvelope, parseJson, parseListEnvelope, singleEnvelope } from './envelope';
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
	unreachable,
} from './errors';
import { ListHold } from './listHold';
import { type PageRequest, PagePlan } from './pager';
import { PagesInFlight } from './pagesInFlight';
import { INITIAL_PAGES_IN_FLIGHT, PageWindow } from './pageWindow';
import { type Announcement, budgetFor, type RateBudget } from './rateBudget';
import { readRateHeaders } from './rateHeaders';
import type { RequestHook } from './requestHook';
import { ResumablePlan, type ScanPage, type ScanStart } from './resumablePager';
import { backoffMs, countsAsTransient, decideRetry, type Decision, mayHaveWritten, type Outcome, RETRY_LIMITS, type RetryLimits } from './retryPolicy';
import { type ClientContext, CREDENTIAL_TYPE, header, type RawResponse, send, type SendResult, type TransportFailure } from './transport';
import { uiTeller, type Wait, WaitLog } from './waits';

export interface ClientOptions {
	/** Identical GETs through this client instance are sent once (one execution). */
	memoizeGets?: boolean;
	/** Total time per attempt, connecting to the last byte of the body (default 30 s). */
	timeoutMs?: number;
	/** Bounds on retrying (default RETRY_LIMITS). */
	retryLimits?: Partial<RetryLimits>;
	/** Told of every attempt and answer (requestHook.ts): a caller's own account of its requests. */
	hook?: RequestHook;
}

interface CallParams {
	path?: Record<string, string>;
	qs?: IDataObject;
	body?: IDataObject;
	/** The input item this call serves, named in errors. */
	itemIndex?: number;
}

interface ListParams extends CallParams {
	/** At most this many items; all when undefined. */
	limit?: number;
	/**
	 * Told the list's `total` as soon as its first page arrives, before any other page is asked for:
	 * a reader that refuses lists above a size throws here, and spends no request on the rest.
	 */
	onTotal?: (total: number) => void;
}

interface RawRequestParams {
	method: IHttpRequestMethods;
	/** Path under the base URL, e.g. `/agents/dep_1/skills`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
}

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
	/** Told the size of a successful response's body (a list read whole bounds what it holds). */
	received?: (bytes: number) => void;
	/** The announced work this request belongs to (a list's pages); else the one `withBudget` runs. */
	announcement?: Announcement;
	/** Told when the server failed to answer an attempt (5xx, a dropped connection, a timeout) and it is sent again. */
	struggled?: () => void;
	/** Told how long each attempt took from sending to its answer (a rate-limit wait before it not counted). */
	answeredIn?: (ms: number) => void;
}

/** A list scan's parameters, and what a list read whole is told of each page. */
type ScanParams = ListParams & Pick<Request, 'received'>;

type PageOutcome = { request: PageRequest; page: ListEnvelope } | { request: PageRequest; error: unknown };

/** One request's history over its attempts: what the retry policy judges the next one by. */
interface History {
	startedAt: number;
	sent: number;
	transientRetries: number;
	refusals: number;
	firstRefusedAt?: number;
	mayHaveActed: boolean;
}

/** What one attempt came to: the value to hand back, or an outcome for the retry policy. */
type Failed = { outcome: Outcome; response: RawResponse; parsed: ReturnType<typeof parseJson> } | { outcome: Outcome; failure: TransportFailure };
type Attempt = { value: unknown } | Failed;

export class AgentPlatformClient {
	private session?: Promise<Session>;
	private readonly memo = new Map<string, Promise<unknown>>();
	private readonly timeoutMs: number;
	private readonly limits: RetryLimits;
	private readonly waits: WaitLog;
	/** Work announced through `withBudget` and still running: its requests count against it. */
	private readonly jobs: Announcement[] = [];

	constructor(
		private readonly ctx: ClientContext,
		private readonly options: ClientOptions = {},
	) {
		this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
		this.limits = { ...RETRY_LIMITS, ...options.retryLimits };
		this.waits = new WaitLog(() => ({ logger: ctx.logger, nodeName: ctx.getNode().name, workflowId: ctx.getWorkflow().id, tell: uiTeller(ctx) }));
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

	/** All items of a list route, or at most `limit`; a list too large to hold fails (listHold.ts). */
	async list(route: ListRouteName, params: ListParams = {}): Promise<IDataObject[]> {
		return await this.collect(buildPath(ROUTES[route].path, params.path), params);
	}

	/** Like `list`, for a list endpoint the route table does not know (the API Request operation). */
	async listPath(path: string, params: Omit<ListParams, 'path'> = {}): Promise<IDataObject[]> {
		return await this.collect(underBaseUrl(path.trim()), params);
	}

	/**
	 * Pages of a list route from where an earlier scan stopped (`from`: its offset and anchors) to the
	 * end, one request at a time, asked for only as the caller reads on: for a reader that spreads a
	 * scan over several executions (the polling trigger). Same page-size and oversized-page rules and
	 * checks as `pages`; each page says whether the list moved more than its anchors could follow
	 * (resumablePager.ts). `pageSize` is the size learned by an earlier scan.
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

	/**
	 * Runs `work` with `requests` upcoming requests announced to the rate budget, so it can spread
	 * them over the window (rateBudget.ts, rule 4); what is left of the announcement is withdrawn
	 * when `work` ends, however it ends.
	 */
	async withBudget<T>(requests: number, work: () => Promise<T>): Promise<T> {
		if (requests <= 0) return await work();
		const { budget } = await this.getSession();
		const job = budget.expect(requests);
		this.jobs.push(job);
		try {
			return await work();
		} finally {
			job.withdraw();
			this.jobs.splice(this.jobs.indexOf(job), 1);
		}
	}

	/** What the editor should show after a run: waits, retries, lists Limit cut short (waits.ts). */
	hints(): NodeExecutionHint[] {
		return this.waits.hints();
	}

	private async collect(path: string, params: ListParams): Promise<IDataObject[]> {
		const hold = new ListHold(this.errorContext('GET', path, params.itemIndex));
		for await (const page of this.pagesOf(path, { ...params, received: (bytes) => hold.received(bytes) })) hold.add(page);
		return hold.items;
	}

	/**
	 * Pages in offset order (pager.ts), with as many out at once as the server and the key allow
	 * (pageWindow.ts). Pages still out when the scan ends (limit reached, error, consumer gone) are
	 * aborted, and all of them when the execution is stopped (pagesInFlight.ts).
	 */
	private async *pagesOf(path: string, params: ScanParams): AsyncGenerator<IDataObject[]> {
		const { budget } = await this.getSession();
		const plan = new PagePlan(params.limit, INITIAL_PAGES_IN_FLIGHT, params.onTotal);
		const window = new PageWindow();
		// The list's pages count against its own announcement, which grows once the first page tells the total.
		const job = budget.expect(1);
		const out = new PagesInFlight<PageRequest, PageOutcome>(this.executionSignal());
		const context = this.errorContext('GET', path, params.itemIndex);
		try {
			while (!plan.done) {
				const next = plan.take(window.size(budget.keyLimit));
				if ('stop' in next) throw pagingError(context, next.stop);
				job.resize(plan.pagesAskedFor + plan.pagesLeft);
				for (const request of next.requests) {
					out.start(request, (signal) => this.fetchPage(path, params, request, { signal, announcement: job, window }));
					// Each request leaves before the next is prepared, or this page's items take the thread:
					// n8n's helper prepares a request in a chain of microtasks and connects and writes it only
					// when the event loop turns, so the pages asked for at once after the first (or handed on
					// page after page) would hold back every request until the last was prepared.
					await sleep(0);
				}
				if (out.size === 0) return;
				const settled = await out.next();
				if ('error' in settled) {
					// A server may refuse the oversized first `limit` (400) instead of clamping it.
					if (isApiError(settled.error, 400) && plan.fallBack(settled.request)) continue;
					throw settled.error;
				}
				const accepted = plan.accept(settled.request, settled.page);
				if ('stop' in accepted) throw pagingError(context, accepted.stop);
				for (const items of accepted.ready) {
					window.handedOn();
					yield items;
				}
			}
		} finally {
			out.close();
			job.withdraw();
			const cut = plan.cutShort;
			if (cut) this.waits.limitCut(path, cut.limit, cut.total);
		}
	}

	private async fetchPage(path: string, params: ScanParams, request: PageRequest, page: { signal: AbortSignal; announcement: Announcement; window: PageWindow }): Promise<PageOutcome> {
		const { signal, announcement, window } = page;
		const outcome = await settle(
			this.listPage({
				method: 'GET',
				path,
				qs: { ...params.qs, [PAGINATION_QUERY.offset]: request.offset, [PAGINATION_QUERY.limit]: request.limit },
				itemIndex: params.itemIndex,
				signal,
				announcement,
				received: (bytes) => {
					window.received(bytes);
					params.received?.(bytes);
				},
				struggled: () => window.struggled(),
				answeredIn: (ms) => window.answeredIn(ms),
			}),
		);
		return 'error' in outcome ? { request, error: outcome.error } : { request, page: outcome.value };
	}

	private async listPage(request: Request): Promise<ListEnvelope> {
		const page = parseListEnvelope(await this.execute(request));
		if (!page) {
			throw malformedResponseError(this.errorContext('GET', request.path, request.itemIndex), 200, 'JSON that is not the API list envelope {data: [...], pagination}', false);
		}
		return page;
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

	/**
	 * One logical request, as one loop: admit (the rate budget) → send → record (the budget learns
	 * from the answer) → decide (retryPolicy.ts alone says whether it goes out again) → wait, return
	 * or throw.
	 */
	private async executeOnce(request: Request): Promise<unknown> {
		const session = await this.getSession();
		const context = this.errorContext(request.method, request.path, request.itemIndex);
		this.refuseUnsafePath(context);
		// A list's pages carry the scan's signal, which follows the execution's (see pagesOf).
		const signal = request.signal ?? this.executionSignal();
		const history: History = { startedAt: Date.now(), sent: 0, transientRetries: 0, refusals: 0, mayHaveActed: false };
		for (;;) {
			await this.admit(session, signal, context, request.announcement ?? this.jobs[this.jobs.length - 1]);
			const sentAt = Date.now();
			this.options.hook?.sending();
			const result = await send(this.ctx, { method: request.method, url: session.baseUrl + request.path, qs: request.qs, body: request.body, deadlineMs: this.timeoutMs, signal });
			request.answeredIn?.(Date.now() - sentAt);
			history.sent += 1;
			const attempt = this.record(session.budget, result, history, request);
			if ('value' in attempt) return attempt.value;
			const decision = this.decide(request.method, attempt.outcome, history);
			if (decision.action === 'succeed') return undefined;
			if (decision.action === 'fail') throw this.failure({ ...context, attempts: history.sent }, attempt, decision, session);
			if (countsAsTransient(attempt.outcome)) {
				history.transientRetries += 1;
				request.struggled?.();
			}
			history.mayHaveActed = decision.mayHaveActed;
			await this.retryWait(context, attempt, decision.waitMs, history, session, signal);
		}
	}

	/** The budget learns from the attempt; a usable 2xx is the value, anything else an outcome to judge. */
	private record(budget: RateBudget, result: SendResult, history: History, request: Request): Attempt {
		if ('failure' in result) {
			budget.release(result.failure.notSent);
			return { outcome: { kind: 'failure', failure: result.failure.kind, notSent: result.failure.notSent }, failure: result.failure };
		}
		const { response } = result;
		const now = Date.now();
		const rate = readRateHeaders(response.headers, now);
		budget.update(rate, response.status === 429);
		this.options.hook?.answered({ limit: rate.limit, serverDate: rate.serverDate });
		if (response.status === 429) {
			history.firstRefusedAt ??= now;
			// The budget holds every request on the key until the server's time, or backs off when it named none.
			budget.refused(backoffMs(history.refusals, Math.random, this.limits));
			history.refusals += 1;
		}
		const parsed = parseJson(response.text);
		if (response.status < 200 || response.status >= 300) return { outcome: { kind: 'status', status: response.status }, response, parsed };
		if (response.status === 204 || response.text.trim() === '') return { value: undefined };
		if (!parsed.ok) return { outcome: { kind: 'unreadable' }, response, parsed };
		request.received?.(response.text.length);
		return { value: parsed.value };
	}

	/** The retry policy's decision on this attempt, given the request's history. */
	private decide(method: string, outcome: Outcome, history: History): Decision {
		const now = Date.now();
		const rateLimitedMs = history.firstRefusedAt === undefined ? undefined : now - history.firstRefusedAt;
		const { transientRetries, mayHaveActed } = history;
		return decideRetry({ method, outcome, transientRetries, elapsedMs: now - history.startedAt, rateLimitedMs, mayHaveActed }, this.limits);
	}

	/** Logs the retry with its reason, then waits what the policy said (the budget may hold it longer). */
	private async retryWait(context: ErrorContext, attempt: Failed, waitMs: number, history: History, session: Session, signal?: AbortSignal): Promise<void> {
		const wait: Wait = {
			kind: 'retry',
			ms: waitMs,
			reason: 'failure' in attempt ? failed(attempt.failure, session.baseUrl) : answered(attempt.response),
			method: context.method,
			path: context.path,
			attempt: countsAsTransient(attempt.outcome) ? `retry ${history.transientRetries} of at most ${this.limits.transient}` : `refused ${history.refusals === 1 ? 'once' : `${history.refusals} times`} so far`,
		};
		const started = Date.now();
		const done = this.waits.begin(wait, session.apiKey);
		await this.wait(waitMs, signal, context.itemIndex);
		done(Date.now() - started);
	}

	/** The error for a request the policy gave up on, saying whether a write may have happened. */
	private failure(context: ErrorContext, attempt: Failed, decision: Decision, session: Session): Error {
		const written = mayHaveWritten(context.method, decision);
		if (!('failure' in attempt)) return this.responseError(context, attempt.response, attempt.parsed, written, session.apiKey);
		if (attempt.failure.kind === 'stopped') return this.stopped(context.itemIndex);
		const reason = { code: attempt.failure.code, message: redact(attempt.failure.message, session.apiKey) };
		return networkError(context, reason, redact(session.baseUrl, session.apiKey), written);
	}

	private refuseUnsafePath(context: ErrorContext): void {
		const { method, path, itemIndex } = context;
		const problem = apiPathProblem(path);
		if (!problem) return;
		throw new NodeOperationError(context.node, `Refused to send ${method} ${path.slice(0, 200)}: the path ${problem}`, {
			itemIndex,
			description: "An ID or path would have moved the request off the API's own paths. Check the ID or the expression that produces it.",
		});
	}

	/** Waits until the rate budget admits one request (asking again after every wait), logging each wait. */
	private async admit(session: Session, signal: AbortSignal | undefined, context: ErrorContext, announcement?: Announcement): Promise<void> {
		for (;;) {
			const admission = session.budget.admit(announcement);
			if (admission.kind === 'go') return;
			if (admission.kind === 'refuse') throw rateHintError(context, admission.hint, admission.ms);
			const kind = admission.slowStart ? 'slowStart' : 'rateLimit';
			const started = Date.now();
			const done = this.waits.begin({ kind, ms: admission.ms, reason: admission.reason, method: context.method, path: context.path }, session.apiKey);
			const slept = admission.untilChange
				? await Promise.race([session.budget.changed().then(() => true), abortableSleep(admission.ms, signal)])
				: await abortableSleep(admission.ms, signal);
			done(Date.now() - started);
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

/** A failure that is retried, in words for the log, with its code. */
function failed(failure: TransportFailure, baseUrl: string): string {
	const { what, code } = unreachable(failure.code, failure.message, baseUrl);
	return what + code;
}

/** An answer that is retried, in words for the log: the status, and the header that says when to come back. */
function answered(response: RawResponse): string {
	const retryAfter = header(response.headers, 'retry-after');
	const body = response.status >= 200 && response.status < 300 ? `, ${describeBody(response.text, header(response.headers, 'content-type'))}` : '';
	return `HTTP ${response.status}${body}${retryAfter === undefined ? '' : ` with Retry-After: ${retryAfter.slice(0, 64)}`}`;
}
