/**
 * One logical request, as one loop: admit (the rate budget says when it may go, admission.ts) →
 * send (transport.ts) → record (the budget learns from the answer's rate-limit headers) → decide
 * (retryPolicy.ts alone says whether it goes out again) → wait, return or throw (failures.ts).
 * Every request the client makes passes here, so this is the one place that paces requests and
 * reads rate-limit headers: what a caller learns of each attempt, it learns through the request's
 * `observer` (a list's page window and hold) or the `job` its requests count against (the words
 * are in the glossary of docs/architecture.md).
 */
import { NodeOperationError, type IDataObject, type IHttpRequestMethods } from 'n8n-workflow';
import { admitted } from './admission';
import { apiPathProblem } from './apiPath';
import { clock } from './clock';
import { parseJson } from './envelope';
import type { ErrorContext } from './errors';
import { type Failed, networkFailure, responseError, retryReason } from './failures';
import type { Announcement, RateBudget } from './rateBudget';
import { readRateHeaders } from './rateHeaders';
import type { RequestHook } from './requestHook';
import { backoffMs, countsAsTransient, decideRetry, type Decision, mayHaveWritten, type Outcome, type RetryLimits } from './retryPolicy';
import { openSession, type Session } from './session';
import { type ClientContext, send, type SendResult } from './transport';
import { uiTeller, WaitLog } from './waits';

/** What a caller is told of each attempt of a request: the page window and hold of a list (pageWindow.ts, listHold.ts). */
export interface AttemptObserver {
	/** An attempt took `ms` from sending to its answer (a rate-limit wait before it not counted), in real time. */
	answeredIn?(ms: number): void;
	/** The server failed to answer an attempt (5xx, a dropped connection, a timeout), and it is sent again. */
	struggled?(): void;
	/** A successful response's body arrived, `bytes` long. */
	received?(bytes: number): void;
}

export interface Request {
	method: IHttpRequestMethods;
	/** Path under the base URL, checked (apiPath.ts). */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** The input item this request serves, named in errors. */
	itemIndex?: number;
	/** Stops this request early (a list scan that has what it needs); else the execution's Stop. */
	signal?: AbortSignal;
	/** The announced work this request counts against (rateBudget.ts, rule 4): a list's pages, a `withBudget` job. */
	job?: Announcement;
	observer?: AttemptObserver;
}

export interface RequesterSettings {
	/** Identical GETs are sent once (one execution). */
	memoizeGets: boolean;
	/** Total time per attempt, connecting to the last byte of the body. */
	timeoutMs: number;
	limits: RetryLimits;
	/** Told of every attempt and answer: a caller's own account of its requests (the polling trigger's key share). */
	hook?: RequestHook;
}

/** One request's history over its attempts: what the retry policy judges the next one by. */
interface History {
	startedAt: number;
	sent: number;
	transientRetries: number;
	refusals: number;
	firstRefusedAt?: number;
	mayHaveActed: boolean;
}

type Attempt = { value: unknown } | Failed;

export class Requester {
	readonly waits: WaitLog;
	private session?: Promise<Session>;
	private readonly memo = new Map<string, Promise<unknown>>();

	constructor(
		private readonly ctx: ClientContext,
		private readonly settings: RequesterSettings,
	) {
		this.waits = new WaitLog(() => ({ logger: ctx.logger, nodeName: ctx.getNode().name, workflowId: ctx.getWorkflow().id, tell: uiTeller(ctx) }));
	}

	/** The credential's session, read once (session.ts). */
	getSession(): Promise<Session> {
		this.session ??= openSession(this.ctx);
		return this.session;
	}

	/** The execution's Stop, when the context has one. */
	executionSignal(): AbortSignal | undefined {
		const ctx = this.ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
		return typeof ctx.getExecutionCancelSignal === 'function' ? ctx.getExecutionCancelSignal() : undefined;
	}

	errorContext(method: string, path: string, itemIndex?: number): ErrorContext {
		return { node: this.ctx.getNode(), method, path, itemIndex };
	}

	stopped(itemIndex?: number): NodeOperationError {
		return new NodeOperationError(this.ctx.getNode(), 'The execution was stopped while waiting for the Agent Platform API', { itemIndex });
	}

	/** The request's JSON answer (`undefined` for an empty one). */
	async execute(request: Request): Promise<unknown> {
		if (request.method !== 'GET' || !this.settings.memoizeGets) return await this.executeOnce(request);
		const key = `${request.path}?${JSON.stringify(request.qs ?? {})}`;
		let pending = this.memo.get(key);
		if (!pending) {
			pending = this.executeOnce(request);
			this.memo.set(key, pending);
			pending.catch(() => this.memo.delete(key));
		}
		return await pending;
	}

	private async executeOnce(request: Request): Promise<unknown> {
		const session = await this.getSession();
		const context = this.errorContext(request.method, request.path, request.itemIndex);
		this.refuseUnsafePath(context);
		const signal = request.signal ?? this.executionSignal();
		const history: History = { startedAt: clock.now(), sent: 0, transientRetries: 0, refusals: 0, mayHaveActed: false };
		for (;;) {
			if (!(await admitted(session, this.waits, context, request.job, signal))) throw this.stopped(context.itemIndex);
			const sentAt = Date.now();
			this.settings.hook?.sending();
			const result = await send(this.ctx, { method: request.method, url: session.baseUrl + request.path, qs: request.qs, body: request.body, deadlineMs: this.settings.timeoutMs, signal });
			request.observer?.answeredIn?.(Date.now() - sentAt);
			history.sent += 1;
			const attempt = this.record(session.budget, result, history, request);
			if ('value' in attempt) return attempt.value;
			const decision = this.decide(request.method, attempt.outcome, history);
			if (decision.action === 'succeed') return undefined;
			if (decision.action === 'fail') throw this.failure({ ...context, attempts: history.sent }, attempt, decision, session);
			if (countsAsTransient(attempt.outcome)) {
				history.transientRetries += 1;
				request.observer?.struggled?.();
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
		const now = clock.now();
		const rate = readRateHeaders(response.headers, now);
		budget.update(rate, response.status === 429);
		this.settings.hook?.answered({ limit: rate.limit, serverDate: rate.serverDate });
		if (response.status === 429) {
			history.firstRefusedAt ??= now;
			// The budget holds every request on the key until the server's time, or backs off when it named none.
			budget.refused(backoffMs(history.refusals, Math.random, this.settings.limits));
			history.refusals += 1;
		}
		const parsed = parseJson(response.text);
		if (response.status < 200 || response.status >= 300) return { outcome: { kind: 'status', status: response.status }, response, parsed };
		if (response.status === 204 || response.text.trim() === '') return { value: undefined };
		if (!parsed.ok) return { outcome: { kind: 'unreadable' }, response, parsed };
		request.observer?.received?.(response.text.length);
		return { value: parsed.value };
	}

	/** The retry policy's decision on this attempt, given the request's history. */
	private decide(method: string, outcome: Outcome, history: History): Decision {
		const now = clock.now();
		const rateLimitedMs = history.firstRefusedAt === undefined ? undefined : now - history.firstRefusedAt;
		const { transientRetries, mayHaveActed } = history;
		return decideRetry({ method, outcome, transientRetries, elapsedMs: now - history.startedAt, rateLimitedMs, mayHaveActed }, this.settings.limits);
	}

	/** Logs the retry with its reason, then waits what the policy said (the budget may hold it longer). */
	private async retryWait(context: ErrorContext, attempt: Failed, waitMs: number, history: History, session: Session, signal?: AbortSignal): Promise<void> {
		const { transient } = this.settings.limits;
		const count = countsAsTransient(attempt.outcome) ? `retry ${history.transientRetries} of at most ${transient}` : `refused ${history.refusals === 1 ? 'once' : `${history.refusals} times`} so far`;
		const started = clock.now();
		const done = this.waits.begin({ kind: 'retry', ms: waitMs, reason: retryReason(attempt, session.baseUrl), method: context.method, path: context.path, attempt: count }, session.apiKey);
		const slept = await clock.sleep(waitMs, signal);
		done(clock.now() - started);
		if (!slept) throw this.stopped(context.itemIndex);
	}

	/** The error for a request the policy gave up on, saying whether a write may have happened. */
	private failure(context: ErrorContext, attempt: Failed, decision: Decision, session: Session): Error {
		const written = mayHaveWritten(context.method, decision);
		if (!('failure' in attempt)) return responseError(context, attempt, written, session.apiKey);
		if (attempt.failure.kind === 'stopped') return this.stopped(context.itemIndex);
		return networkFailure(context, attempt.failure, session, written);
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
}
