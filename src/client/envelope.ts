/**
 * The API's response envelopes, checked with zod: strict about the envelope (a list must
 * have a `data` array of objects and a `pagination` of integers), lenient about what a resource
 * holds (unknown fields and unknown enum values pass through untouched). A list's items are checked
 * to be objects by a plain loop and handed on as parsed: zod's object check copies every item, which
 * for a page of 100 facts cost ten times the rest of the envelope's check.
 */
// Plain `zod` and only API that zod 3 and zod 4 share (`.passthrough()` rather than v4's
// `looseObject`): inside n8n this resolves to n8n's own zod, which is 3.24 in n8n 1.85 (no `zod/v4`
// subpath there), 3.25 in later 1.x and 2.x, and may become zod 4.
import { z } from 'zod';
import type { IDataObject } from 'n8n-workflow';

const resource = z.object({}).passthrough();

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const listShape = z
	.object({
		data: z.array(z.unknown()),
		pagination: z
			.object({
				offset: z.number().int().nonnegative(),
				limit: z.number().int().nonnegative(),
				total: z.number().int().nonnegative(),
			})
			.passthrough(),
	})
	.passthrough();

export type ListEnvelope = { data: IDataObject[]; pagination: { offset: number; limit: number; total: number } };

/** A list response: `{data: [objects], pagination: {offset, limit, total}}`, its items as parsed. */
export function parseListEnvelope(json: unknown): ListEnvelope | undefined {
	const parsed = listShape.safeParse(json);
	if (!parsed.success || !parsed.data.data.every(isObject)) return undefined;
	return parsed.data as ListEnvelope;
}

export const singleEnvelope = z.object({ data: resource }).passthrough();

export const errorEnvelope = z
	.object({
		error: z
			.object({
				code: z.string(),
				message: z.string(),
				status: z.number().int().optional(),
			})
			.passthrough(),
	})
	.passthrough();

export type ApiErrorBody = { code: string; message: string; status?: number };

/** JSON text as `{ok: true, value}`, or `{ok: false}` when it is not JSON (HTML, empty, truncated). */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
	if (text.trim() === '') return { ok: false };
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch {
		return { ok: false };
	}
}

/**
 * What a non-JSON body looks like, for error messages (never the body itself: it may echo input),
 * as the object of "returned ...".
 */
export function describeBody(text: string, contentType: string | undefined): string {
	if (text.trim() === '') return 'an empty body instead of JSON';
	if (/html/i.test(contentType ?? '') || /^\s*</.test(text)) return 'an HTML page instead of JSON';
	if (/^\s*[[{]/.test(text)) return 'JSON that was cut off before its end';
	return `a body that is not JSON (${(contentType ?? 'no content type').slice(0, 100)})`;
}
