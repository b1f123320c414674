/**
 * The webhook subscription behind an active trigger: created on activation, checked, removed on
 * deactivation. The id and the one-time signing secret live in the node's static data, which n8n
 * persists with the workflow; the secret is never written to output or errors.
 *
 * Static data is not the only record: a create that the API carried out but answered with an
 * error (a 502 from a proxy), two activations at once (each stores its own, the last save wins),
 * or static data lost after an activation would each leave a live subscription that keeps
 * delivering, with a secret nobody holds, to this workflow's URL. So activation and deactivation
 * also look for the package's own subscriptions for the URL (its description names the workflow,
 * see OWN_DESCRIPTION) and remove every one the trigger does not hold: none is left behind.
 */
import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';
import { AgentPlatformClient } from '../../src/client';
import { WEBHOOK_SECRET_FIELD } from '../../src/vocabulary';

interface StoredSubscription {
	subscriptionId?: string;
	secret?: string;
	url?: string;
	events?: string[];
}

export const stored = (ctx: IHookFunctions) => ctx.getWorkflowStaticData('node') as StoredSubscription & IDataObject;

function clearStored(ctx: IHookFunctions): void {
	const data = stored(ctx);
	delete data.subscriptionId;
	delete data.secret;
	delete data.url;
	delete data.events;
}

/** How the trigger describes what it creates; what it finds again by (with the URL). */
const OWN_DESCRIPTION = (name: string | undefined, workflowId: string) => `n8n workflow "${name ?? workflowId}" (${workflowId})`;

/** Made by this package for this workflow (also under an older name of it). */
const isOwn = (description: unknown, workflowId: string) =>
	typeof description === 'string' && description.startsWith('n8n workflow "') && description.endsWith(`(${workflowId})`);

const sameEvents = (a: unknown, b: string[]) =>
	Array.isArray(a) && a.length === b.length && [...a].map(String).sort().join('\n') === [...b].sort().join('\n');

/** Removes the package's own subscriptions for `url` except `keep` (already gone is fine). */
async function removeOthers(ctx: IHookFunctions, client: AgentPlatformClient, url: string, keep?: string): Promise<void> {
	const workflowId = String(ctx.getWorkflow().id);
	const all = await client.list('webhookSubscription.getMany');
	const strays = all.filter((sub) => sub.url === url && sub.id !== keep && isOwn(sub.description, workflowId));
	for (const sub of strays) await client.callIfFound('webhookSubscription.delete', { path: { webhookId: String(sub.id) } });
}

/**
 * True when the stored subscription still exists remotely with this URL and these events, and its
 * secret is known; then any other of the package's subscriptions for the URL is removed.
 */
export async function subscriptionExists(ctx: IHookFunctions, url: string, events: string[]): Promise<boolean> {
	const data = stored(ctx);
	if (!data.subscriptionId) return false;
	const client = new AgentPlatformClient(ctx);
	const remote = await client.callIfFound('webhookSubscription.get', { path: { webhookId: data.subscriptionId } });
	if (!remote) {
		clearStored(ctx);
		return false;
	}
	if (data.secret && remote.url === url && sameEvents(remote.events, events)) {
		await removeOthers(ctx, client, url, data.subscriptionId);
		return true;
	}
	// It exists but no longer matches (URL or events changed, or the secret was lost): remove it
	// now, since n8n will create a new one and the old one would be left behind.
	await removeSubscription(ctx, url);
	return false;
}

/**
 * Removes what an earlier activation may have left for this URL, then creates the subscription.
 * When the create fails, one the API may have made before failing is looked for and removed too.
 */
export async function createSubscription(ctx: IHookFunctions, url: string, events: string[]): Promise<void> {
	const client = new AgentPlatformClient(ctx);
	const workflow = ctx.getWorkflow();
	await removeOthers(ctx, client, url);
	const body = { url, events, description: OWN_DESCRIPTION(workflow.name, String(workflow.id)) };
	const outcome = await client.call('webhookSubscription.create', { body }).then(
		(created) => ({ created }),
		(error: unknown) => ({ error }),
	);
	if ('error' in outcome) {
		await removeOthers(ctx, client, url).catch((cleanup: Error) =>
			ctx.logger.warn(`Agent Platform Trigger: the webhook subscription create failed, and looking for one it may have made failed too (${cleanup.message}); the next activation or deactivation removes it`, {
				nodeName: ctx.getNode().name,
				workflowId: ctx.getWorkflow().id,
			}),
		);
		throw outcome.error;
	}
	const { created } = outcome;
	const secret = created[WEBHOOK_SECRET_FIELD];
	if (typeof secret !== 'string' || secret === '') {
		// Without the secret no delivery could be verified: every event would be refused. Remove the
		// subscription just made rather than leave one behind that can never be used.
		await client.callIfFound('webhookSubscription.delete', { path: { webhookId: String(created.id) } });
		throw new NodeOperationError(ctx.getNode(), 'The API created the webhook subscription but sent no signing secret', {
			description: `The trigger reads the secret from the field "${WEBHOOK_SECRET_FIELD}" of the create response, which had none, so the subscription was removed again. If the service names it differently, create the subscription with the Agent Platform node and use the trigger's "Use Existing Subscription" mode with the secret it returned.`,
		});
	}
	const data = stored(ctx);
	data.subscriptionId = String(created.id);
	data.secret = secret;
	data.url = url;
	data.events = events;
}

/**
 * Removes the stored subscription (already gone is fine) and every other of the package's own for
 * this URL (and for the stored URL, when it was another), then forgets it.
 */
export async function removeSubscription(ctx: IHookFunctions, url: string): Promise<void> {
	const data = stored(ctx);
	const client = new AgentPlatformClient(ctx);
	if (data.subscriptionId) await client.callIfFound('webhookSubscription.delete', { path: { webhookId: data.subscriptionId } });
	for (const each of new Set([url, data.url].filter((u): u is string => typeof u === 'string' && u !== ''))) await removeOthers(ctx, client, each);
	clearStored(ctx);
}
