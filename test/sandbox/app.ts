/**
 * The sandbox's request handling, independent of any socket: a request in, a response (or a
 * fault for the socket adapter to act out) out. Order of checks: authentication, rate limit,
 * injected faults, route, permission, body, handler. Every response carries the rate-limit
 * headers, errors and 429s included.
 */
import { sleep } from 'n8n-workflow';
import { ID_PREFIX } from '../../src/vocabulary';
import { AdminApi } from './admin';
import { SandboxClock } from './clock';
import { type HandlerContext, type HandlerResult, parseJsonText } from './context';
import { Deliverer } from './delivery';
import { ApiError, ERROR_STATUS } from './errors';
import { FaultInjector, type FaultAction } from './faults';
import { GraduationPicker, nextTier, promote, type PromotionTarget } from './memoryLife';
import type { ApiKeyRecord, MemoryFact, OrgData } from './model';
import type { Random } from './prng';
import { createRandom } from './prng';
import { RateLimiter } from './rateLimiter';
import { handlers } from './resources';
import { compileRoutes, matchRoute } from './router';
import { seedKeys, seedOrganizations } from './seed';
import type { FactOrder, ResolvedOptions } from './options';
import { subscribedTo } from './resources/webhooks';

export interface SandboxRequest {
	method: string;
	/** Path and query string, as on the request line. */
	url: string;
	headers: Record<string, string | string[] | undefined>;
	body: Buffer;
}

export interface SandboxResponse {
	status: number;
	headers: Record<string, string>;
	body: string;
	/** Instructions for the socket adapter: drop the connection, or write the body slowly. */
	transport?: { kind: 'reset' } | { kind: 'slow'; chunks: number; delayMs: number };
}

export interface RequestLogEntry {
	method: string;
	path: string;
	status: number;
	key: string | null;
	fault: FaultAction['kind'];
	/** When the request arrived (epoch ms), before the configured latency. */
	receivedAt: number;
	/** When it was answered (epoch ms). */
	at: number;
}

const MAX_LOG = 200_000;
const API_PREFIX = '/v1';

export class SandboxApp {
	orgs: Map<string, OrgData>;
	keys: Map<string, ApiKeyRecord>;
	readonly limiter: RateLimiter;
	readonly faults: FaultInjector;
	readonly clock: SandboxClock;
	readonly deliverer: Deliverer;
	readonly requests: RequestLogEntry[] = [];
	/** Called after each API request is answered (in process only): a test lands others' writes between a client's requests. */
	afterRequest: ((entry: RequestLogEntry) => void) | undefined;
	readonly admin: AdminApi;
	latencyMs: number;
	factOrder: FactOrder;
	private random: Random;
	private graduation: GraduationPicker;
	private deliveryCount = 0;
	/** src/routes.ts with the paths SandboxOptions.routePaths moves or removes. */
	private readonly routeTable: ReturnType<typeof compileRoutes>;

	constructor(readonly options: ResolvedOptions) {
		this.clock = new SandboxClock(options.clockOffsetMs, options.now);
		this.deliverer = new Deliverer(undefined, () => this.clock.iso());
		this.orgs = seedOrganizations(this.clock.now());
		this.keys = seedKeys();
		this.random = createRandom(options.seed);
		// The windows count on the host's time; the epoch resets they announce are on the server's clock, as its `Date` is.
		this.limiter = new RateLimiter(options.rateLimit, options.windowMs, options.resetUnit, options.now, () => this.clock.now() + options.dateHeaderOffsetMs - options.now());
		this.faults = new FaultInjector(options.faults, options.seed);
		this.latencyMs = options.latencyMs;
		this.factOrder = options.factOrder;
		this.graduation = newPicker(options);
		this.admin = new AdminApi(this);
		this.routeTable = compileRoutes(options.routePaths);
	}

	/** Back to the seeded state: clock, data, rate windows, faults, deliveries and logs. */
	reset(): void {
		this.clock.reset();
		this.orgs = seedOrganizations(this.clock.now());
		this.graduation = newPicker(this.options);
		this.keys = seedKeys();
		this.random = createRandom(this.options.seed);
		this.limiter.limit = this.options.rateLimit;
		this.limiter.windowMs = this.options.windowMs;
		this.limiter.resetUnit = this.options.resetUnit;
		this.limiter.restoreDefaults();
		this.limiter.reset();
		this.faults.set({}, this.options.seed);
		this.latencyMs = 0;
		this.factOrder = this.options.factOrder;
		this.deliverer.attempts.length = 0;
		this.requests.length = 0;
		this.afterRequest = undefined;
	}

	async handle(req: SandboxRequest): Promise<SandboxResponse> {
		const receivedAt = this.options.now();
		const url = new URL(req.url, 'http://sandbox.invalid');
		if (url.pathname.startsWith('/__admin')) return this.admin.handle(req, url);
		if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) return notTheApi(url);
		if (this.latencyMs > 0) await sleep(this.latencyMs);

		const auth = this.authenticate(req.headers.authorization);
		if (auth instanceof ApiError) {
			return this.log(req, url, receivedAt, null, 'none', this.error(auth, this.limiter.peek('anonymous')));
		}
		const { key, record } = auth;
		const rate = this.limiter.take(key);
		if (!rate.allowed) {
			const limited = new ApiError('rate_limit_exceeded', `Rate limit of ${this.limiter.limit} requests per window exceeded; retry after the reset time`);
			return this.log(req, url, receivedAt, record.label, 'none', this.error(limited, rate.headers));
		}

		const fault = this.faults.draw(req.method);
		const early = this.earlyFault(fault, rate.headers);
		if (early) return this.log(req, url, receivedAt, record.label, fault.kind, early);

		let response: SandboxResponse;
		try {
			const result = this.route(req, url, record);
			response = { status: result.status ?? 200, headers: { ...rate.headers, 'content-type': 'application/json' }, body: JSON.stringify(result.body) };
		} catch (error) {
			const apiError = error instanceof ApiError ? error : new ApiError('internal_error', 'Unexpected error');
			response = this.error(apiError, rate.headers);
		}
		// Faults that strike after the work is done: the client cannot know whether a write happened.
		if (fault.kind === 'reset') response.transport = { kind: 'reset' };
		if (fault.kind === 'slow') response.transport = { kind: 'slow', chunks: fault.chunks, delayMs: fault.delayMs };
		if (fault.kind === 'malformed') response.body = response.body.slice(0, Math.floor(response.body.length / 2));
		return this.log(req, url, receivedAt, record.label, fault.kind, response);
	}

	/** Sends `event` to every active subscription of `org` that listens for it. */
	emit(org: OrgData, event: string, data: Record<string, unknown>): number {
		const timestamp = this.clock.iso();
		const body = JSON.stringify({ event, org_id: org.org.id, timestamp, data });
		let sent = 0;
		for (const sub of org.webhooks.values()) {
			if (!subscribedTo(sub, event)) continue;
			const secret = org.webhookSecrets.get(sub.id);
			if (secret === undefined) continue;
			this.deliveryCount += 1;
			this.deliverer.deliver({
				deliveryId: `dlv_${this.deliveryCount}`,
				subscriptionId: sub.id,
				orgId: org.org.id,
				url: sub.url,
				secret,
				event,
				body,
				timestamp,
			});
			sent += 1;
		}
		return sent;
	}

	/**
	 * Lets the platform's memory live up to the clock's now: facts past their lifetime are gone
	 * (no event), and the facts picked in minutes that have ended graduate. Runs before every API
	 * request and whenever the clock is moved.
	 */
	live(): void {
		const now = this.clock.now();
		if (this.options.lifetimes) for (const org of this.orgs.values()) org.facts.expire(now);
		for (const { org, ids } of this.graduation.due(now)) {
			for (const id of ids) {
				const fact = org.facts.get(id);
				const tier = fact && nextTier(fact.tier);
				if (fact && tier) this.graduate(org, fact, { tier });
			}
		}
	}

	/** Promotes a fact as the platform does by itself, with no key: lifetime restarted, event delivered. */
	graduate(org: OrgData, fact: MemoryFact, target: PromotionTarget): MemoryFact {
		const previous = promote(fact, target, this.clock.now());
		org.facts.set(fact.id, fact);
		this.emit(org, 'memory.fact_promoted', { fact, previous });
		return fact;
	}

	private authenticate(header: string | string[] | undefined): { key: string; record: ApiKeyRecord } | ApiError {
		const value = Array.isArray(header) ? header[0] : header;
		const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
		if (!match) {
			return new ApiError('unauthorized', 'Authentication required: send the header "Authorization: Bearer <API key>"');
		}
		const key = match[1];
		if (!key.startsWith(ID_PREFIX.apiKey)) {
			return new ApiError('unauthorized', `Invalid API key: keys start with "${ID_PREFIX.apiKey}"`);
		}
		const record = this.keys.get(key);
		if (!record) return new ApiError('unauthorized', 'Invalid API key: it is unknown or has been revoked');
		return { key, record };
	}

	private earlyFault(fault: FaultAction, rateHeaders: Record<string, string>): SandboxResponse | undefined {
		if (fault.kind === 'storm') {
			const error = new ApiError('rate_limit_exceeded', 'Too many requests (temporary overload)');
			const retryAfter: Record<string, string> = this.limiter.retryAfter ? { 'retry-after': '1' } : {};
			return this.error(error, { ...rateHeaders, 'x-ratelimit-remaining': '0', ...retryAfter });
		}
		if (fault.kind !== 'server-error') return undefined;
		if (fault.status === 502) {
			return { status: 502, headers: { ...rateHeaders, 'content-type': 'text/html' }, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' };
		}
		if (fault.status === 503) return { status: 503, headers: { ...rateHeaders }, body: '' };
		return this.error(new ApiError('internal_error', 'Unexpected error (injected fault)'), rateHeaders);
	}

	private route(req: SandboxRequest, url: URL, record: ApiKeyRecord): HandlerResult {
		const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : null;
		const match = path === null ? ({ kind: 'none' } as const) : matchRoute(req.method, path, this.routeTable);
		if (match.kind !== 'route') {
			throw new ApiError('not_found', match.kind === 'none' ? `No endpoint ${req.method} ${url.pathname}` : `${url.pathname} does not accept ${req.method}`);
		}
		if (req.method !== 'GET' && record.permission === 'read') {
			throw new ApiError('forbidden', 'This API key is read-only: it cannot change resources. Use a key with write permission.');
		}
		const org = this.orgs.get(record.orgId);
		if (!org) throw new ApiError('unauthorized', 'The organization of this API key no longer exists');
		this.live();
		const ctx: HandlerContext = {
			org,
			params: match.params,
			query: url.searchParams,
			body: this.parseJson(req),
			maxPageSize: this.options.maxPageSize,
			oversizedLimit: this.options.oversizedLimit,
			webhookSecretField: this.options.webhookSecretField,
			defaultPageSize: this.options.defaultPageSize,
			factOrder: this.factOrder,
			stableTies: this.options.stableTies,
			factDateField: this.options.factDateField,
			factList: { factTotalSkew: this.options.factTotalSkew, factTotalCap: this.options.factTotalCap, factPageCap: this.options.factPageCap },
			random: this.random,
			now: () => new Date(this.clock.now()),
			emit: (event, data) => void this.emit(org, event, data),
			noteReturned: (facts) => this.graduation.noteReturned(org, facts, this.clock.now()),
		};
		const handler = handlers[match.name];
		if (!handler) throw new ApiError('internal_error', `No handler for ${match.name}`);
		return handler(ctx);
	}

	private parseJson(req: SandboxRequest): unknown {
		if (req.method === 'GET' || req.method === 'DELETE' || req.body.length === 0) return undefined;
		const parsed = parseJsonText(req.body.toString('utf8'));
		if (!parsed.ok) throw new ApiError('bad_request', 'Invalid "body": not valid JSON');
		return parsed.value;
	}

	private error(error: ApiError, headers: Record<string, string>): SandboxResponse {
		const status = ERROR_STATUS[error.code];
		return {
			status,
			headers: { ...headers, 'content-type': 'application/json' },
			body: JSON.stringify({ error: { code: error.code, message: error.message, status } }),
		};
	}

	private log(req: SandboxRequest, url: URL, receivedAt: number, key: string | null, fault: FaultAction['kind'], response: SandboxResponse): SandboxResponse {
		if (this.requests.length >= MAX_LOG) this.requests.splice(0, MAX_LOG / 2);
		const at = this.options.now();
		const entry = { method: req.method, path: url.pathname + url.search, status: response.status, key, fault, receivedAt, at };
		this.requests.push(entry);
		this.afterRequest?.(entry);
		// The server's own clock, as the facts' dates: an offset or moved clock moves both.
		response.headers.date = new Date(this.clock.now() + this.options.dateHeaderOffsetMs).toUTCString();
		return response;
	}
}

/** The picker of graduating facts, seeded apart from ids and faults so that turning it on changes neither. */
const newPicker = (options: ResolvedOptions) => new GraduationPicker(options.graduation, createRandom(options.seed ^ 0x5eed));

/** Outside /v1 the sandbox answers like the web server in front of an API would: an HTML page. */
function notTheApi(url: URL): SandboxResponse {
	return {
		status: 404,
		headers: { 'content-type': 'text/html; charset=utf-8' },
		body: `<!doctype html><html><head><title>Not Found</title></head><body><h1>Not Found</h1><p>${url.pathname.replace(/[<>&]/g, '')} is not part of the API; API paths start with /v1.</p></body></html>`,
	};
}
