/**
 * The admin surface under `/__admin` (not part of the Agent Platform API; no authentication,
 * loopback only): what tests, the dev command and benchmarks use to steer the sandbox and to see
 * what it did. Documented in docs/sandbox.md.
 */
import { EVENT_TYPES } from '../../src/vocabulary';
import type { SandboxApp, SandboxRequest, SandboxResponse } from './app';
import { clockAmountProblem, type ClockState } from './clock';
import { parseJsonText } from './context';
import type { FaultConfig } from './faults';
import { FACT_ORDERS, type FactOrder } from './options';
import { type Dating, generateFacts } from './generate';
import { type ChatSessionSeed, MAX_SEEDED_TURNS, seedChatSession } from './chatSession';
import { nextTier, type PromotionTarget, SCOPES, TIERS } from './memoryLife';
import type { MemoryFact } from './model';
import type { ResetUnit } from './rateLimiter';

const KNOWN_EVENTS = EVENT_TYPES.map((e) => e.value) as string[];

/** What `PUT /__admin/rate-limit` may change; `retryAfter` and `clockOffsetMs` model servers the spec allows. */
export interface RateLimitChange {
	limit?: number;
	windowMs?: number;
	resetUnit?: ResetUnit;
	retryAfter?: boolean;
	clockOffsetMs?: number;
}

class AdminError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

export class AdminApi {
	constructor(private readonly app: SandboxApp) {}

	async handle(req: SandboxRequest, url: URL): Promise<SandboxResponse> {
		try {
			const data = await this.dispatch(req.method, url.pathname.replace(/^\/__admin/, '') || '/', url, req);
			return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) };
		} catch (error) {
			const status = error instanceof AdminError ? error.status : 500;
			return {
				status,
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ error: { code: status === 404 ? 'not_found' : 'bad_request', message: (error as Error).message, status } }),
			};
		}
	}

	/** In-process equivalents of the HTTP routes, for tests. */
	setFaults(faults: FaultConfig, seed?: number): void {
		this.app.faults.set(faults, seed);
	}

	setLatency(ms: number): void {
		this.app.latencyMs = ms;
	}

	/** The order the memory-fact list is served in from now on (see SandboxOptions.factOrder). */
	setFactOrder(order: FactOrder): void {
		if (!FACT_ORDERS.includes(order)) throw new AdminError(400, `"order" must be one of ${FACT_ORDERS.join(', ')}`);
		this.app.factOrder = order;
	}

	setRateLimit(change: RateLimitChange): void {
		if (change.limit !== undefined) this.app.limiter.limit = change.limit;
		if (change.windowMs !== undefined) this.app.limiter.windowMs = change.windowMs;
		if (change.resetUnit !== undefined) this.app.limiter.resetUnit = change.resetUnit;
		if (change.retryAfter !== undefined) this.app.limiter.retryAfter = change.retryAfter;
		if (change.clockOffsetMs !== undefined) this.app.limiter.clockOffsetMs = change.clockOffsetMs;
		this.app.limiter.reset();
	}

	reset(): void {
		this.app.reset();
	}

	deliveries() {
		return this.app.deliverer.attempts;
	}

	/** Resolves when every delivery under way (retries included) has finished. */
	settled(): Promise<void> {
		return this.app.deliverer.settled();
	}

	requests() {
		return this.app.requests;
	}

	/**
	 * `hook` runs after each API request is answered, before the client reads the answer (in process
	 * only; undefined: none; reset removes it): a test lands other writers' changes between requests.
	 */
	afterRequest(hook: ((entry: { method: string; path: string; status: number }) => void) | undefined): void {
		this.app.afterRequest = hook;
	}

	emit(orgId: string, event: string, data: Record<string, unknown> = {}): number {
		return this.app.emit(this.org(orgId), event, data);
	}

	/** Adds `count` generated facts, one batch sharing one `created_at` (or as `dating` says); returns the organization's fact total. */
	seedFacts(orgId: string, count: number, agentId?: string, contentBytes?: number, dating?: Dating): number {
		const org = this.org(orgId);
		if (agentId !== undefined && !org.agents.has(agentId)) throw new AdminError(400, `"agent_id": no agent "${agentId}" in ${orgId}`);
		this.app.live();
		return generateFacts(org, count, this.app.clock.now(), agentId, contentBytes, dating);
	}

	/** Adds a chat session of `turns` turns as the memory node stores them (chatSession.ts); returns the organization's fact total. */
	seedChatSession(orgId: string, seed: ChatSessionSeed): number {
		const org = this.org(orgId);
		if (!Number.isInteger(seed.turns) || seed.turns < 0 || seed.turns > MAX_SEEDED_TURNS) throw new AdminError(400, `"turns" must be a whole number from 0 to ${MAX_SEEDED_TURNS}`);
		if (seed.agentId !== undefined && !org.agents.has(seed.agentId)) throw new AdminError(400, `"agent_id": no agent "${seed.agentId}" in ${orgId}`);
		this.app.live();
		return seedChatSession(org, seed, this.app.clock.now());
	}

	/** The ids of an organization's facts in the order the list serves them now (a dated order; ties as they stand until the next write). */
	factIdsInListOrder(orgId: string): string[] {
		const order = this.app.factOrder;
		if (order === 'unordered') throw new AdminError(400, 'the "unordered" list has no order to read');
		this.app.live();
		return this.org(orgId).facts.ordered(order, this.app.options.stableTies).map((f) => f.id);
	}

	/** The sandbox clock's time, epoch ms. */
	now(): number {
		return this.app.clock.now();
	}

	/** Moves the sandbox's clock forward by `ms`; facts past their lifetime go, due graduations happen. */
	advance(ms: number): ClockState {
		const problem = clockAmountProblem(ms, { signed: false });
		if (problem) throw new AdminError(400, `"advanceMs" ${problem}, got ${JSON.stringify(ms)}`);
		this.app.clock.advance(ms);
		this.app.live();
		return this.app.clock.state();
	}

	/**
	 * Promotes a fact as the platform does by itself (no key): to `tier` and/or `scope`, by default
	 * the next tier. A graduation never moves a fact down.
	 */
	graduate(orgId: string, factId: unknown, target: PromotionTarget = {}): MemoryFact {
		const org = this.org(orgId);
		this.app.live();
		const fact = typeof factId === 'string' ? org.facts.get(factId) : undefined;
		if (!fact) throw new AdminError(400, `"fact_id": no fact ${JSON.stringify(factId)} in ${orgId} (it may have expired)`);
		if (target.tier !== undefined && !TIERS.includes(target.tier)) throw new AdminError(400, `"tier" must be one of ${TIERS.join(', ')}`);
		if (target.scope !== undefined && !SCOPES.includes(target.scope)) throw new AdminError(400, `"scope" must be one of ${SCOPES.join(', ')}`);
		if (target.tier !== undefined && TIERS.indexOf(target.tier) < TIERS.indexOf(fact.tier)) {
			throw new AdminError(400, `"tier": a graduation moves a fact up, and ${fact.id} is already ${fact.tier}`);
		}
		if (target.tier === fact.tier && target.scope === undefined) throw new AdminError(400, `"tier": ${fact.id} is already ${fact.tier}; give a higher tier or a "scope"`);
		const tier = target.tier ?? (target.scope === undefined ? nextTier(fact.tier) : undefined);
		if (tier === undefined && target.scope === undefined) throw new AdminError(400, `"tier": ${fact.id} is already ${fact.tier}, the top tier; give a "scope" to move it`);
		return this.app.graduate(org, fact, { tier, scope: target.scope });
	}

	/** Completes a new deployment: the agent appears active and `deployment.provisioned` fires. */
	provision(orgId: string, agentName: string) {
		const org = this.org(orgId);
		const now = this.app.clock.iso();
		const id = `dep_${Math.random().toString(36).slice(2, 10)}`;
		const agent = { id, agent_name: agentName, status: 'active', description: '', channels: [], team_id: null, created_at: now, updated_at: now };
		org.agents.set(id, agent);
		org.skills.set(id, new Map());
		this.app.emit(org, 'deployment.provisioned', { deployment_id: id, agent_name: agentName, status: 'active' });
		return agent;
	}

	org(orgId: string) {
		const org = this.app.orgs.get(orgId);
		if (!org) throw new AdminError(404, `No organization "${orgId}" (seeded: ${[...this.app.orgs.keys()].join(', ')})`);
		return org;
	}

	private async dispatch(method: string, path: string, url: URL, req: SandboxRequest): Promise<unknown> {
		const body = () => this.json(req);
		switch (`${method} ${path}`) {
			case 'GET /deliveries': {
				const sub = url.searchParams.get('subscription_id');
				return this.deliveries().filter((d) => !sub || d.subscription_id === sub);
			}
			case 'DELETE /deliveries':
				this.app.deliverer.attempts.length = 0;
				return { cleared: true };
			case 'GET /requests':
				return this.requests();
			case 'POST /emit': {
				const { org_id: orgId = 'org_acme', event, data = {} } = body() as { org_id?: string; event?: string; data?: Record<string, unknown> };
				if (!event || !KNOWN_EVENTS.includes(event)) throw new AdminError(400, `"event" must be one of ${KNOWN_EVENTS.join(', ')}`);
				return { deliveries: this.emit(orgId, event, data) };
			}
			case 'POST /provision': {
				const { org_id: orgId = 'org_acme', agent_name: name = 'New Agent' } = body() as { org_id?: string; agent_name?: string };
				return this.provision(orgId, name);
			}
			case 'POST /reset':
				this.reset();
				return { reset: true };
			case 'POST /seed': {
				const { org_id: orgId = 'org_acme', facts = 0, agent_id: agentId, content_bytes: bytes, gap_ms: gapMs, ahead_ms: aheadMs } = body() as {
					org_id?: string;
					facts?: number;
					agent_id?: string;
					content_bytes?: number;
					gap_ms?: number;
					ahead_ms?: number;
				};
				if (!Number.isInteger(facts) || facts < 0) throw new AdminError(400, '"facts" must be a whole number');
				for (const [name, value] of [['gap_ms', gapMs], ['ahead_ms', aheadMs]] as const) {
					if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new AdminError(400, `"${name}" must be a whole number of ms, 0 or more`);
				}
				return { total_facts: this.seedFacts(orgId, facts, agentId, bytes, { gapMs, aheadMs }) };
			}
			case 'POST /seed-session': {
				const { org_id: orgId = 'org_acme', agent_id: agentId, session_id: sessionId, turns } = body() as { org_id?: string; agent_id?: string; session_id?: string; turns?: number };
				return { total_facts: this.seedChatSession(orgId, { agentId, sessionId, turns: turns as number }) };
			}
			case 'GET /clock':
				return this.app.clock.state();
			case 'POST /clock':
				return this.advance((body() as { advanceMs?: unknown }).advanceMs as number);
			case 'POST /graduate': {
				const { org_id: orgId = 'org_acme', fact_id: factId, tier, scope } = body() as { org_id?: string; fact_id?: unknown; tier?: string; scope?: string };
				return this.graduate(orgId, factId, { tier, scope });
			}
			case 'GET /faults':
				return { ...this.app.faults.config, latencyMs: this.app.latencyMs };
			case 'PUT /faults': {
				const { seed, latencyMs, ...faults } = body() as FaultConfig & { seed?: number };
				this.setFaults(faults, seed);
				if (latencyMs !== undefined) this.setLatency(latencyMs);
				return { ...faults, latencyMs: this.app.latencyMs };
			}
			case 'PUT /rate-limit': {
				this.setRateLimit(body() as RateLimitChange);
				const { limit, windowMs, resetUnit, retryAfter, clockOffsetMs } = this.app.limiter;
				return { limit, windowMs, resetUnit, retryAfter, clockOffsetMs };
			}
			case 'PUT /fact-order': {
				const { order } = body() as { order?: FactOrder };
				this.setFactOrder(order as FactOrder);
				return { order: this.app.factOrder };
			}
			case 'GET /webhooks': {
				const orgId = url.searchParams.get('org_id') ?? 'org_acme';
				return [...this.org(orgId).webhooks.values()];
			}
			default:
				throw new AdminError(404, `No admin route ${method} ${path}`);
		}
	}

	private json(req: SandboxRequest): unknown {
		if (req.body.length === 0) return {};
		const parsed = parseJsonText(req.body.toString('utf8'));
		if (!parsed.ok) throw new AdminError(400, 'body is not valid JSON');
		return parsed.value;
	}
}
