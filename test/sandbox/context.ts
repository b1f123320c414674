/** What a route handler receives and returns, and the helpers every handler shares. */
import { z } from 'zod/v4';
import { ApiError, badRequest } from './errors';
import type { MemoryFact, OrgData } from './model';
import type { FactDateField, FactListShape, FactOrder } from './options';
import type { Random } from './prng';
import { randomIdPart } from './prng';

export interface HandlerContext {
	org: OrgData;
	params: Record<string, string>;
	query: URLSearchParams;
	body: unknown;
	maxPageSize: number;
	oversizedLimit: 'clamp' | 'clamp-silently' | 'reject';
	defaultPageSize: number;
	factOrder: FactOrder;
	/** Facts with equal `created_at` keep creation order (true) or come in an order that changes with every write. */
	stableTies: boolean;
	/** The memory-fact list's `total` and page lengths as a careless server serves them. */
	factList: FactListShape;
	/** The field a memory fact's creation date is served in, or 'none'. */
	factDateField: FactDateField;
	webhookSecretField: string;
	random: Random;
	now: () => Date;
	/** Sends an event to every matching subscription of this organization. */
	emit: (event: string, data: Record<string, unknown>) => void;
	/** Tells the platform's graduation which facts a list or search returned. */
	noteReturned: (facts: readonly MemoryFact[]) => void;
}

export interface HandlerResult {
	status?: number;
	body: unknown;
}

export type Handler = (ctx: HandlerContext) => HandlerResult;

export const single = (data: unknown): HandlerResult => ({ body: { data } });

export const newId = (ctx: HandlerContext, prefix: string) => `${prefix}${randomIdPart(ctx.random)}`;

/** Parses a body with a zod schema; the first problem becomes `bad_request` naming its field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
	if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw badRequest('body', 'expected a JSON object');
	}
	const result = schema.safeParse(body);
	if (result.success) return result.data;
	const issue = result.error.issues[0];
	const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
	throw badRequest(field, issue.message);
}

const nonNegativeInt = /^\d+$/;

/** Offset pagination with a clamped page size (documented: limit above the maximum is clamped, unless the sandbox plays a server that refuses it). */
export function listPage<T>(ctx: HandlerContext, items: readonly T[]): HandlerResult {
	const rawOffset = ctx.query.get('offset');
	const rawLimit = ctx.query.get('limit');
	if (rawOffset !== null && !nonNegativeInt.test(rawOffset)) {
		throw badRequest('offset', 'must be a whole number of 0 or more');
	}
	const tooLarge = ctx.oversizedLimit === 'reject' && Number(rawLimit) > ctx.maxPageSize;
	if (rawLimit !== null && (!nonNegativeInt.test(rawLimit) || Number(rawLimit) < 1 || tooLarge)) {
		throw badRequest('limit', `must be a whole number from 1 to ${ctx.maxPageSize}`);
	}
	const offset = rawOffset === null ? 0 : Number(rawOffset);
	const asked = rawLimit === null ? ctx.defaultPageSize : Number(rawLimit);
	const limit = Math.min(asked, ctx.maxPageSize);
	const reported = ctx.oversizedLimit === 'clamp-silently' ? asked : limit;
	return {
		body: { data: items.slice(offset, offset + limit), pagination: { offset, limit: reported, total: items.length } },
	};
}

/** A filter value from the query string, or undefined when absent. Empty strings are refused. */
export function queryFilter(ctx: HandlerContext, name: string): string | undefined {
	const value = ctx.query.get(name);
	if (value === null) return undefined;
	if (value.trim() === '') throw badRequest(name, 'must not be empty when given');
	return value;
}

export function requireFound<T>(value: T | undefined, what: string, id: string): T {
	if (value === undefined) throw new ApiError('not_found', `${what} "${id}" was not found in this organization`);
	return value;
}

export const nowIso = (ctx: HandlerContext) => ctx.now().toISOString();

/** JSON.parse without throwing, so callers can raise their own error outside a catch block. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch {
		return { ok: false };
	}
}
