import { z } from 'zod/v4';
import type { RouteName } from '../../../src/routes';
import { FILTER_QUERY, MEMORY_SCOPES, MEMORY_TIERS } from '../../../src/vocabulary';
import { badRequest } from '../errors';
import type { MemoryFact } from '../model';
import {
	type Handler,
	type HandlerContext,
	listPage,
	newId,
	nowIso,
	parseBody,
	queryFilter,
	requireFound,
	single,
} from '../context';

const TIERS = MEMORY_TIERS.map((t) => t.value) as string[];
const SCOPES = MEMORY_SCOPES.map((s) => s.value) as string[];
const TTL_MS: Record<string, number | null> = { L1: 3_600_000, L2: 86_400_000, L3: 604_800_000, L4: null };

const tier = z.string().refine((v) => TIERS.includes(v), `must be one of ${TIERS.join(', ')}`);
const scope = z.string().refine((v) => SCOPES.includes(v), `must be one of ${SCOPES.join(', ')}`);

const factCreate = z.strictObject({
	agent_id: z.string({ error: 'is required (the dep_ id of the agent that learned the fact)' }),
	content: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(10_000),
	tier: tier.optional(),
	scope: scope.optional(),
	source: z.record(z.string(), z.unknown()).optional(),
});

const factPromote = z.strictObject({ tier: tier.optional(), scope: scope.optional() });

const expiry = (ctx: HandlerContext, factTier: string) => {
	const ttl = TTL_MS[factTier];
	return ttl === null || ttl === undefined ? null : new Date(ctx.now().getTime() + ttl).toISOString();
};

/** The list in the sandbox's fact order; the map holds creation order. */
function inOrder(ctx: HandlerContext, facts: MemoryFact[]): MemoryFact[] {
	if (ctx.factOrder === 'newest-first') return facts.reverse();
	if (ctx.factOrder === 'unordered') {
		// A different order on every request (Fisher–Yates with the sandbox's seeded generator).
		for (let i = facts.length - 1; i > 0; i--) {
			const j = Math.floor(ctx.random() * (i + 1));
			[facts[i], facts[j]] = [facts[j], facts[i]];
		}
	}
	return facts;
}

function findFact(ctx: HandlerContext): MemoryFact {
	return requireFound(ctx.org.facts.get(ctx.params.factId), 'Memory fact', ctx.params.factId);
}

export const memoryHandlers: Partial<Record<RouteName, Handler>> = {
	'memoryFact.getMany': (ctx) => {
		const agentId = queryFilter(ctx, FILTER_QUERY.agentId);
		const tierFilter = queryFilter(ctx, FILTER_QUERY.tier);
		const scopeFilter = queryFilter(ctx, FILTER_QUERY.scope);
		const text = queryFilter(ctx, FILTER_QUERY.text)?.toLowerCase();
		let facts = [...ctx.org.facts.values()];
		if (agentId || tierFilter || scopeFilter || text) {
			facts = facts.filter(
				(f) =>
					(!agentId || f.agent_id === agentId) &&
					(!tierFilter || f.tier === tierFilter) &&
					(!scopeFilter || f.scope === scopeFilter) &&
					(!text || f.content.toLowerCase().includes(text)),
			);
		}
		return listPage(ctx, inOrder(ctx, facts));
	},
	'memoryFact.get': (ctx) => single(findFact(ctx)),
	'memoryFact.create': (ctx) => {
		const input = parseBody(factCreate, ctx.body);
		if (!ctx.org.agents.has(input.agent_id)) {
			throw badRequest('agent_id', `no agent "${input.agent_id}" in this organization`);
		}
		const now = nowIso(ctx);
		const factTier = input.tier ?? 'L1';
		const fact: MemoryFact = {
			id: newId(ctx, 'fact_'),
			agent_id: input.agent_id,
			content: input.content,
			tier: factTier,
			scope: input.scope ?? 'agent',
			source: {
				conversation_id: String(input.source?.conversation_id ?? 'api'),
				channel: String(input.source?.channel ?? 'api'),
			},
			created_at: now,
			updated_at: now,
			expires_at: expiry(ctx, factTier),
			promoted_at: null,
		};
		ctx.org.facts.set(fact.id, fact);
		ctx.emit('memory.fact_created', { fact });
		return { status: 201, body: { data: fact } };
	},
	'memoryFact.promote': (ctx) => {
		const fact = findFact(ctx);
		const target = parseBody(factPromote, ctx.body);
		if (target.tier === undefined && target.scope === undefined) {
			throw badRequest('tier', 'give a target "tier" and/or "scope" to promote to');
		}
		const previous = { tier: fact.tier, scope: fact.scope };
		const now = nowIso(ctx);
		Object.assign(fact, {
			tier: target.tier ?? fact.tier,
			scope: target.scope ?? fact.scope,
			updated_at: now,
			promoted_at: now,
			expires_at: expiry(ctx, target.tier ?? fact.tier),
		});
		ctx.emit('memory.fact_promoted', { fact, previous });
		return single(fact);
	},
	'memoryFact.delete': (ctx) => {
		const fact = findFact(ctx);
		ctx.org.facts.delete(fact.id);
		return single({ id: fact.id, deleted: true });
	},
};
