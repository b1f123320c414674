/**
 * The shared client every node uses: its public surface, in layers each readable alone, as Octokit's
 * plugins sit on one request function.
 *
 * - requester.ts: one request, as one loop (admit, send, record, decide, wait), the one place that
 *   paces requests: the rate budget (rateBudget.ts, rateHeaders.ts), retries (retryPolicy.ts), the
 *   errors (errors.ts), every wait told to n8n's log and the editor (waits.ts), on one clock (clock.ts).
 * - lists.ts: every list, read whole, page by page, resumed or one page at a time (pager.ts).
 * - transport.ts: HTTP, through n8n's helper; session.ts: the credential's Base URL, key and budget.
 *
 * Routes come only from src/routes.ts; paths are checked to stay under the Base URL (apiPath.ts).
 * A client made by `withBudget` is the same client with a job: every request it sends counts against
 * the work announced (see the glossary in docs/architecture.md: budget, job).
 */
import type { IDataObject, IHttpRequestMethods, NodeExecutionHint } from 'n8n-workflow';
import { buildPath, type ListRouteName, ROUTES, type RouteName } from '../routes';
import { underBaseUrl } from './apiPath';
import { type ListEnvelope, singleEnvelope } from './envelope';
import { isApiError, malformedResponseError } from './errors';
import { Lists, type ListTarget, type ScanOptions } from './lists';
import type { Announcement } from './rateBudget';
import type { RequestHook } from './requestHook';
import { Requester } from './requester';
import type { ScanPage, ScanStart } from './resumablePager';
import { RETRY_LIMITS, type RetryLimits } from './retryPolicy';
import { settle } from './settle';
import type { ClientContext } from './transport';

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

type ListParams = Omit<CallParams, 'body'> & ScanOptions;

interface RawRequestParams {
	method: IHttpRequestMethods;
	/** Path under the base URL, e.g. `/agents/dep_1/skills`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** What a client made by `withBudget` shares with the one that made it, and the job its requests count against. */
interface Budgeted {
	requester: Requester;
	job: Announcement;
}

export class AgentPlatformClient {
	private readonly requester: Requester;
	private readonly lists: Lists;

	constructor(
		private readonly ctx: ClientContext,
		private readonly options: ClientOptions = {},
		/** Only `withBudget` passes it. */
		private readonly budgeted?: Budgeted,
	) {
		const settings = { memoizeGets: options.memoizeGets ?? false, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, limits: { ...RETRY_LIMITS, ...options.retryLimits }, hook: options.hook };
		this.requester = budgeted?.requester ?? new Requester(ctx, settings);
		this.lists = new Lists(this.requester, budgeted?.job);
	}

	/** One request to a named route; returns the envelope's `data` (`{}` for a 204). */
	async call(route: RouteName, params: CallParams = {}): Promise<IDataObject> {
		const { method, path } = ROUTES[route];
		const json = await this.requester.execute({ method, path: buildPath(path, params.path), qs: params.qs, body: params.body, itemIndex: params.itemIndex, job: this.budgeted?.job });
		if (json === undefined) return {};
		const parsed = singleEnvelope.safeParse(json);
		if (!parsed.success) {
			throw malformedResponseError(this.requester.errorContext(method, path, params.itemIndex), 200, 'JSON that is not the API envelope {data: {...}}', method !== 'GET');
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

	/** Pages of a list route, in offset order, de-duplicated by id (lists.ts). */
	pages(route: ListRouteName, params: ListParams = {}): AsyncGenerator<IDataObject[]> {
		return this.lists.pages(routeTarget(route, params), params);
	}

	/** All items of a list route, or at most `limit`; a list too large to hold fails (listHold.ts). */
	async list(route: ListRouteName, params: ListParams = {}): Promise<IDataObject[]> {
		return await this.lists.all(routeTarget(route, params), params);
	}

	/** Like `list`, for a list endpoint the route table does not know (the API Request operation). */
	async listPath(path: string, params: Omit<ListParams, 'path'> = {}): Promise<IDataObject[]> {
		return await this.lists.all({ path: underBaseUrl(path.trim()), qs: params.qs, itemIndex: params.itemIndex }, params);
	}

	/**
	 * Pages of a list route from where an earlier scan stopped (`from`: its offset and anchors) to the
	 * end, one request at a time, asked for only as the caller reads on: for a reader that spreads a
	 * scan over several executions (the polling trigger). Each page says whether the list moved more
	 * than its anchors could follow (resumablePager.ts). `pageSize` is the size an earlier scan learned.
	 */
	pagesFrom(route: ListRouteName, params: CallParams & { from: ScanStart; pageSize?: number }): AsyncGenerator<ScanPage> {
		return this.lists.from(routeTarget(route, params), params.from, params.pageSize);
	}

	/** One page of a list route at `offset` (for list search in the editor, which pages by itself). */
	async pageAt(route: ListRouteName, params: CallParams & { offset: number; limit: number }): Promise<ListEnvelope> {
		return await this.lists.at(routeTarget(route, params), { offset: params.offset, limit: params.limit });
	}

	/**
	 * Any method and path under the base URL: the escape hatch for endpoints the spec does not show.
	 * The path is checked like every other before it is sent (apiPath.ts); the API Request operation
	 * checks it earlier too, while its items are validated.
	 */
	async request(params: RawRequestParams): Promise<unknown> {
		return await this.requester.execute({ ...params, path: underBaseUrl(params.path.trim()), job: this.budgeted?.job });
	}

	/**
	 * Runs `work` with `requests` upcoming requests announced to the rate budget, so it can spread
	 * them over the window (rateBudget.ts, rule 4). `work` is handed the client to send them with:
	 * its requests count against the announcement (a list's pages count against the list's own). What
	 * is left of the announcement is withdrawn when `work` ends, however it ends.
	 */
	async withBudget<T>(requests: number, work: (client: AgentPlatformClient) => Promise<T>): Promise<T> {
		if (requests <= 0) return await work(this);
		const { budget } = await this.requester.getSession();
		const job = budget.expect(requests);
		try {
			return await work(new AgentPlatformClient(this.ctx, this.options, { requester: this.requester, job }));
		} finally {
			job.withdraw();
		}
	}

	/** What the editor should show after a run: waits, retries, lists Limit cut short (waits.ts). */
	hints(options: { limitSaidElsewhere?: boolean } = {}): NodeExecutionHint[] {
		return this.requester.waits.hints(options);
	}
}

/** A route's list, with the path's parameters filled in. */
const routeTarget = (route: ListRouteName, params: { path?: Record<string, string>; qs?: IDataObject; itemIndex?: number }): ListTarget => ({
	path: buildPath(ROUTES[route].path, params.path),
	qs: params.qs,
	itemIndex: params.itemIndex,
});
