/**
 * The webhook subscription behind an active trigger: created on activation, checked, removed on
 * deactivation. The id and the one-time signing secret live in the node's static data, which n8n
 * persists with the workflow; the secret is never written to output or errors.
 */
import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';
import { AgentPlatformClient } from '../../src/client';
import { WEBHOOK_SECRET_FIELD } from '../../src/vocabulary';

export interface StoredSubscription {
	subscriptionId?: string;
	secret?: string;
	url?: string;
	events?: string[];
}

export const stored = (ctx: IHookFunctions) => ctx.getWorkflowStaticData('node') as StoredSubscription & IDataObject;

export function clearStored(ctx: IHookFunctions): void {
	const data = stored(ctx);
	delete data.subscriptionId;
	delete data.secret;
	delete data.url;
	delete data.events;
}

const sameEvents = (a: unknown, b: string[]) =>
	Array.isArray(a) && a.length === b.length && [...a].map(String).sort().join('\n') === [...b].sort().join('\n');

/** True when the stored subscription still exists remotely with this URL and these events, and its secret is known. */
export async function subscriptionExists(ctx: IHookFunctions, url: string, events: string[]): Promise<boolean> {
	const data = stored(ctx);
	if (!data.subscriptionId) return false;
	const remote = await new AgentPlatformClient(ctx).callIfFound('webhookSubscription.get', { path: { webhookId: data.subscriptionId } });
	if (!remote) {
		clearStored(ctx);
		return false;
	}
	if (data.secret && remote.url === url && sameEvents(remote.events, events)) return true;
	// It exists but no longer matches (URL or events changed, or the secret was lost): remove it
	// now, since n8n will create a new one and the old one would be left behind.
	await removeSubscription(ctx);
	return false;
}

export async function createSubscription(ctx: IHookFunctions, url: string, events: string[]): Promise<void> {
	const client = new AgentPlatformClient(ctx);
	const workflow = ctx.getWorkflow();
	const created = await client.call('webhookSubscription.create', {
		body: { url, events, description: `n8n workflow "${workflow.name ?? workflow.id}" (${workflow.id})` },
	});
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

/** Removes the remote subscription (already gone is fine) and forgets it. */
export async function removeSubscription(ctx: IHookFunctions): Promise<void> {
	const data = stored(ctx);
	if (data.subscriptionId) {
		await new AgentPlatformClient(ctx).callIfFound('webhookSubscription.delete', { path: { webhookId: data.subscriptionId } });
	}
	clearStored(ctx);
}
