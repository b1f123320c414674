import { clockAmountProblem } from './clock';
import type { FaultConfig } from './faults';
import { PLAN_LIMITS, type Plan, type ResetUnit } from './rateLimiter';
import { ROUTES, type RouteName } from '../../src/routes';

/** The page size when a request gives no `limit` (the API's public overview shows 50). */
const DEFAULT_PAGE_SIZE = 50;

/** The largest page: larger `limit`s are clamped to it (comparable APIs cap at 100). */
const MAX_PAGE_SIZE = 100;

export interface SandboxOptions {
	/** 0 (default) picks a free port. The sandbox always listens on 127.0.0.1. */
	port?: number;
	/** individual = 60, team = 120 requests per window; enterprise needs `rateLimit`. Default team. */
	plan?: Plan;
	/** Custom requests per window; overrides the plan. */
	rateLimit?: number;
	/** Window length in ms (default 60 000); tests shorten it instead of waiting a minute. */
	windowMs?: number;
	resetUnit?: ResetUnit;
	maxPageSize?: number;
	/**
	 * What a `limit` above the maximum gets: clamped (the documented choice), clamped while the
	 * response still reports the `limit` asked for ('clamp-silently', as some APIs do), or refused with 400.
	 */
	oversizedLimit?: 'clamp' | 'clamp-silently' | 'reject';
	defaultPageSize?: number;
	/** The field of the webhook-create response that carries the signing secret (the spec does not name it). */
	webhookSecretField?: string;
	latencyMs?: number;
	/**
	 * The order of the memory-fact list: by `created_at`, oldest first (the default) or newest first;
	 * by `agent_id`, then `created_at` ('agent-then-oldest', 'agent-then-newest'); or 'unordered': a
	 * different order on every request, as a server without a stable sort may answer; or 'scrambled':
	 * one fixed order that is not by date (a list sorted by a random key), a new fact at a place of its own.
	 */
	factOrder?: FactOrder;
	/**
	 * The field memory facts carry their creation date in: `created_at` (default), `createdAt` (a
	 * service that names it so), or 'none' (a service that shows no date). The spec shows no fact fields.
	 */
	factDateField?: FactDateField;
	/** Facts with equal `created_at` keep creation order. Default false: their order changes after every write. */
	stableTies?: boolean;
	/** Issue 38's careless lists (the memory-fact list only; 0: off). See FactListShape. */
	factTotalSkew?: number;
	factTotalCap?: number;
	factPageCap?: number;
	/** Tier lifetimes (L1 1 h, L2 24 h, L3 7 days, L4 forever): expired facts are gone. Default true. */
	lifetimes?: boolean;
	/** The sandbox's clock runs this many ms off the host's (negative: behind), as a skewed server's. Default 0. */
	clockOffsetMs?: number;
	/** The `Date` header (and epoch resets) this many ms off the sandbox's clock, as a gateway's own clock in front of the API (in process only). Default 0. */
	dateHeaderOffsetMs?: number;
	/** Every minute of the sandbox's clock, this many facts that lists returned in that minute graduate a tier. Default 0. */
	graduation?: number;
	seed?: number;
	faults?: FaultConfig;
	/**
	 * The host's time in epoch ms, which rate windows, the `Date` header and the sandbox's clock
	 * follow (in process only). Default `Date.now`; a test of waits gives the virtual clock its client
	 * runs on (test/harness/virtualClock.ts), so the server's windows pass as the client's waits do.
	 */
	now?: () => number;
	/**
	 * Routes served at another path than src/routes.ts names, or (null) not at all, as a real service
	 * that chose other paths would: `{'knowledgeDocument.getMany': '/kb/documents'}`. Default none.
	 */
	routePaths?: Partial<Record<RouteName, string | null>>;
}

export const FACT_ORDERS = ['oldest-first', 'newest-first', 'agent-then-oldest', 'agent-then-newest', 'unordered', 'scrambled'] as const;
export type FactOrder = (typeof FACT_ORDERS)[number];

export const FACT_DATE_FIELDS = ['created_at', 'createdAt', 'none'] as const;
export type FactDateField = (typeof FACT_DATE_FIELDS)[number];

export type ResolvedOptions = Required<Omit<SandboxOptions, 'plan'>> & { plan: Plan };

export const ENTERPRISE_DEFAULT_LIMIT = 6000;

/** The most facts that may graduate in one minute (a bound on the picker's memory). */
export const MAX_GRADUATION = 10_000;

/**
 * How the memory-fact list is served beyond its order, as careless servers serve it (issue 38):
 * `totalSkew` facts more in its `total` than it holds (negative: fewer; a stale count, or one taken
 * before the filter), `totalCap` the most its `total` says (a capped count), `pageCap` the most facts
 * a page holds while it reports the `limit` asked (a byte cap). 0: off.
 */
export interface FactListShape {
	factTotalSkew: number;
	factTotalCap: number;
	factPageCap: number;
}

function factListShape(options: SandboxOptions): FactListShape {
	const shape = { factTotalSkew: options.factTotalSkew ?? 0, factTotalCap: options.factTotalCap ?? 0, factPageCap: options.factPageCap ?? 0 };
	if (!Number.isInteger(shape.factTotalSkew)) throw new Error(`factTotalSkew must be a whole number (negative: the total counts fewer), got ${String(options.factTotalSkew)}`);
	for (const name of ['factTotalCap', 'factPageCap'] as const) {
		if (!Number.isInteger(shape[name]) || shape[name] < 0) throw new Error(`${name} must be a whole number of 0 (off) or more, got ${String(options[name])}`);
	}
	return shape;
}

export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
	const plan = options.plan ?? 'team';
	const rateLimit = options.rateLimit ?? (plan === 'enterprise' ? ENTERPRISE_DEFAULT_LIMIT : PLAN_LIMITS[plan]);
	if (!Number.isInteger(rateLimit) || rateLimit < 1) throw new Error(`rateLimit must be a positive integer, got ${rateLimit}`);
	if (options.factOrder !== undefined && !FACT_ORDERS.includes(options.factOrder)) throw new Error(`factOrder must be one of ${FACT_ORDERS.join(', ')}, got ${String(options.factOrder)}`);
	if (options.factDateField !== undefined && !FACT_DATE_FIELDS.includes(options.factDateField)) throw new Error(`factDateField must be one of ${FACT_DATE_FIELDS.join(', ')}, got ${String(options.factDateField)}`);
	const offsetProblem = options.clockOffsetMs === undefined ? undefined : clockAmountProblem(options.clockOffsetMs, { signed: true });
	if (offsetProblem) throw new Error(`clockOffsetMs ${offsetProblem}, got ${String(options.clockOffsetMs)}`);
	const dateProblem = options.dateHeaderOffsetMs === undefined ? undefined : clockAmountProblem(options.dateHeaderOffsetMs, { signed: true });
	if (dateProblem) throw new Error(`dateHeaderOffsetMs ${dateProblem}, got ${String(options.dateHeaderOffsetMs)}`);
	const graduation = options.graduation ?? 0;
	if (!Number.isInteger(graduation) || graduation < 0 || graduation > MAX_GRADUATION) throw new Error(`graduation must be a whole number of facts a minute from 0 to ${MAX_GRADUATION}, got ${String(graduation)}`);
	const unknownRoute = Object.keys(options.routePaths ?? {}).find((name) => !(name in ROUTES));
	if (unknownRoute !== undefined) throw new Error(`routePaths names no route of src/routes.ts: "${unknownRoute}"`);
	return {
		port: options.port ?? 0,
		plan,
		rateLimit,
		windowMs: options.windowMs ?? 60_000,
		resetUnit: options.resetUnit ?? 'epoch-seconds',
		maxPageSize: options.maxPageSize ?? MAX_PAGE_SIZE,
		oversizedLimit: options.oversizedLimit ?? 'clamp',
		webhookSecretField: options.webhookSecretField ?? 'secret',
		defaultPageSize: options.defaultPageSize ?? DEFAULT_PAGE_SIZE,
		latencyMs: options.latencyMs ?? 0,
		factOrder: options.factOrder ?? 'oldest-first',
		stableTies: options.stableTies ?? false,
		factDateField: options.factDateField ?? 'created_at',
		...factListShape(options),
		lifetimes: options.lifetimes ?? true,
		clockOffsetMs: options.clockOffsetMs ?? 0,
		dateHeaderOffsetMs: options.dateHeaderOffsetMs ?? 0,
		graduation,
		seed: options.seed ?? 1,
		faults: options.faults ?? {},
		now: options.now ?? Date.now,
		routePaths: options.routePaths ?? {},
	};
}
