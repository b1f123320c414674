import { z } from 'zod/v4';
import type { RouteName } from '../../../src/routes';
import { FILTER_QUERY } from '../../../src/vocabulary';
import { badRequest } from '../errors';
import type { MemoryFact } from '../model';
import { expiryFor, promote, SCOPES, TIERS } from '../memoryLife';
import { type Handler, type HandlerContext, type HandlerResult, listPage, newId, parseBody, queryFilter, requireFound, single } from '../context';

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

/** The list in the sandbox's fact order (see SandboxOptions.factOrder). */
function inOrder(ctx: HandlerContext): readonly MemoryFact[] {
	if (ctx.factOrder !== 'unordered') return ctx.org.facts.ordered(ctx.factOrder, ctx.stableTies);
	// A different order on every request (Fisher–Yates with the sandbox's seeded generator).
	const facts = [...ctx.org.facts.values()];
	for (let i = facts.length - 1; i > 0; i--) {
		const j = Math.floor(ctx.random() * (i + 1));
		[facts[i], facts[j]] = [facts[j], facts[i]];
	}
	return facts;
}

/** The page as --fact-total-skew, --fact-total-cap and --fact-page-cap serve it (options.ts, FactListShape). */
function carelessPage(ctx: HandlerContext, page: HandlerResult): HandlerResult {
	const { factTotalSkew: skew, factTotalCap: cap, factPageCap: pageCap } = ctx.factList;
	if (skew === 0 && cap === 0 && pageCap === 0) return page;
	const body = page.body as { data: MemoryFact[]; pagination: { total: number } };
	const total = Math.max(0, body.pagination.total + skew);
	const data = pageCap > 0 ? body.data.slice(0, pageCap) : body.data;
	return { ...page, body: { data, pagination: { ...body.pagination, total: cap > 0 ? Math.min(cap, total) : total } } };
}

/** A fact as served: its creation date under the field SandboxOptions.factDateField names, or none. */
function served(ctx: HandlerContext, fact: MemoryFact): object {
	if (ctx.factDateField === 'created_at') return fact;
	const { created_at: createdAt, ...rest } = fact;
	return ctx.factDateField === 'createdAt' ? { ...rest, createdAt } : rest;
}

/** A page of the list with each fact as served. */
function servedPage(ctx: HandlerContext, page: HandlerResult): HandlerResult {
	if (ctx.factDateField === 'created_at') return page;
	const body = page.body as { data: MemoryFact[] };
	return { ...page, body: { ...body, data: body.data.map((fact) => served(ctx, fact)) } };
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
		const keep = (f: MemoryFact) =>
			(!agentId || f.agent_id === agentId) && (!tierFilter || f.tier === tierFilter) && (!scopeFilter || f.scope === scopeFilter) && (!text || f.content.toLowerCase().includes(text));
		const filtered = agentId || tierFilter || scopeFilter || text;
		// A dated order's filtered list is kept until the facts change (factStore.ts), as a database's index would serve it.
		const viewKey = JSON.stringify([agentId, tierFilter, scopeFilter, text]);
		let facts = ctx.factOrder !== 'unordered' && filtered ? ctx.org.facts.view(ctx.factOrder, ctx.stableTies, viewKey, keep) : inOrder(ctx);
		if (filtered && ctx.factOrder === 'unordered') {
			const kept = ctx.org.facts.matching(viewKey, keep);
			facts = facts.filter((fact) => kept.has(fact));
		}
		const page = carelessPage(ctx, listPage(ctx, facts));
		ctx.noteReturned((page.body as { data: MemoryFact[] }).data);
		return servedPage(ctx, page);
	},
	'memoryFact.get': (ctx) => single(served(ctx, findFact(ctx))),
	'memoryFact.create': (ctx) => {
		const input = parseBody(factCreate, ctx.body);
		if (!ctx.org.agents.has(input.agent_id)) {
			throw badRequest('agent_id', `no agent "${input.agent_id}" in this organization`);
		}
		const nowMs = ctx.now().getTime();
		const now = new Date(nowMs).toISOString();
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
			expires_at: expiryFor(factTier, nowMs),
			promoted_at: null,
		};
		ctx.org.facts.set(fact.id, fact);
		ctx.emit('memory.fact_created', { fact });
		return { status: 201, body: { data: served(ctx, fact) } };
	},
	'memoryFact.promote': (ctx) => {
		const fact = findFact(ctx);
		const target = parseBody(factPromote, ctx.body);
		if (target.tier === undefined && target.scope === undefined) {
			throw badRequest('tier', 'give a target "tier" and/or "scope" to promote to');
		}
		const previous = promote(fact, target, ctx.now().getTime());
		ctx.org.facts.set(fact.id, fact);
		ctx.emit('memory.fact_promoted', { fact, previous });
		return single(served(ctx, fact));
	},
	'memoryFact.delete': (ctx) => {
		const fact = findFact(ctx);
		ctx.org.facts.delete(fact.id);
		return single({ id: fact.id, deleted: true });
	},
};
