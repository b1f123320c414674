import { z } from 'zod/v4';
import type { RouteName } from '../../../src/routes';
import { ALL_EVENTS, EVENT_TYPES } from '../../../src/vocabulary';
import type { WebhookSubscription } from '../model';
import { randomIdPart } from '../prng';
import { type Handler, listPage, newId, nowIso, parseBody, requireFound, single } from '../context';

const KNOWN = [ALL_EVENTS, ...EVENT_TYPES.map((e) => e.value)] as string[];

const url = z
	.string({ error: 'is required' })
	.refine((v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v), 'must be an http(s) URL');
const events = z
	.array(z.string().refine((v) => KNOWN.includes(v), `must be one of ${KNOWN.join(', ')}`), {
		error: 'is required (a list of event names)',
	})
	.min(1, 'must list at least one event');

const webhookCreate = z.strictObject({
	url,
	events,
	description: z.string().max(500).optional(),
	active: z.boolean().optional(),
});
const webhookUpdate = z.strictObject({
	url: url.optional(),
	events: events.optional(),
	description: z.string().max(500).optional(),
	active: z.boolean().optional(),
});

export function subscribedTo(sub: WebhookSubscription, event: string): boolean {
	return sub.active && (sub.events.includes(ALL_EVENTS) || sub.events.includes(event));
}

export const webhookHandlers: Partial<Record<RouteName, Handler>> = {
	'webhookSubscription.getMany': (ctx) => listPage(ctx, [...ctx.org.webhooks.values()]),
	'webhookSubscription.get': (ctx) =>
		single(requireFound(ctx.org.webhooks.get(ctx.params.webhookId), 'Webhook subscription', ctx.params.webhookId)),
	'webhookSubscription.create': (ctx) => {
		const input = parseBody(webhookCreate, ctx.body);
		const now = nowIso(ctx);
		const sub: WebhookSubscription = {
			id: newId(ctx, 'wh_'),
			url: input.url,
			events: [...new Set(input.events)],
			active: input.active ?? true,
			description: input.description ?? '',
			created_at: now,
			updated_at: now,
		};
		const secret = `whsec_${randomIdPart(ctx.random, 32)}`;
		ctx.org.webhooks.set(sub.id, sub);
		ctx.org.webhookSecrets.set(sub.id, secret);
		// The only response that ever carries the secret.
		return { status: 201, body: { data: { ...sub, [ctx.webhookSecretField]: secret } } };
	},
	'webhookSubscription.update': (ctx) => {
		const sub = requireFound(ctx.org.webhooks.get(ctx.params.webhookId), 'Webhook subscription', ctx.params.webhookId);
		const changes = parseBody(webhookUpdate, ctx.body);
		Object.assign(sub, changes, changes.events ? { events: [...new Set(changes.events)] } : {}, { updated_at: nowIso(ctx) });
		return single(sub);
	},
	'webhookSubscription.delete': (ctx) => {
		const sub = requireFound(ctx.org.webhooks.get(ctx.params.webhookId), 'Webhook subscription', ctx.params.webhookId);
		ctx.org.webhooks.delete(sub.id);
		ctx.org.webhookSecrets.delete(sub.id);
		return single({ id: sub.id, deleted: true });
	},
};
