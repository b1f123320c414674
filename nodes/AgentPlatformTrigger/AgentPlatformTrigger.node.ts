import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type INode,
	type INodeParameterResourceLocator,
	type INodeType,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../../src/client';
import { EVENT_HEADER, TIMESTAMP_HEADER } from '../../src/signing';
import { ALL_EVENTS, EVENT_TYPES } from '../../src/vocabulary';
import { options } from '../parts/collections';
import { TRIGGER_BUILDER_HINT } from '../parts/builderHints';
import { chatTurnsProperties, includesChatTurns, isChatTurnEvent } from '../parts/chatTurns';
import { credentialTest, NODE_ICON, type NodeDescription } from '../parts/header';
import { searchAgents } from '../parts/listSearch';
import { agentFilterLocator } from '../parts/locators';
import { agentFilter, locatorValue } from '../parts/parameters';
import { rememberDelivery, replayMemoryFor } from './replayGuard';
import { createSubscription, removeSubscription, stored, subscriptionExists } from './subscription';
import { DEFAULT_TOLERANCE_SECONDS, verifyDelivery } from './verifyDelivery';

interface TriggerOptions {
	/** A locator since the filter became one; workflows saved before keep a plain `dep_` string. */
	agentId?: INodeParameterResourceLocator | string;
	toleranceSeconds?: number;
	includeHeaders?: boolean;
}

/** Where an event names its agent (the spec does not show `data`; these are the sandbox's shapes). */
function agentOf(data: IDataObject): string | undefined {
	const fact = data.fact as IDataObject | undefined;
	const id = data.agent_id ?? data.deployment_id ?? fact?.agent_id;
	return typeof id === 'string' ? id : undefined;
}

/** Why an event starts no run (it is acknowledged all the same, so the service does not retry), or undefined. */
function whyIgnored(ctx: IWebhookFunctions, event: { event: string; data?: unknown }, events: string[], agentId: string | undefined): string | undefined {
	if (!events.includes(ALL_EVENTS) && !events.includes(event.event)) return 'event not subscribed';
	if (agentId && agentOf(event.data as IDataObject) !== agentId) return 'other agent';
	if (!includesChatTurns(ctx) && isChatTurnEvent(event.data)) return 'chat turn';
	return undefined;
}

/** The signing secret of a subscription made outside n8n: kept in the credential, encrypted by n8n. */
async function existingSecret(ctx: IHookFunctions | IWebhookFunctions): Promise<string | undefined> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const secret = typeof credentials.signingSecret === 'string' ? credentials.signingSecret.trim() : '';
	return secret === '' ? undefined : secret;
}

function missingExistingSecret(node: INode): NodeOperationError {
	return new NodeOperationError(node, 'The credential has no Webhook Signing Secret', {
		description:
			'"Use Existing Subscription" verifies every event with the secret the API returned when that subscription was created. Enter it in the credential\'s "Webhook Signing Secret" field, or switch Subscription to "Create Automatically".',
	});
}

export class AgentPlatformTrigger implements INodeType {
	description: NodeDescription = {
		displayName: 'Agent Platform Trigger',
		name: 'agentPlatformTrigger',
		icon: NODE_ICON,
		group: ['trigger'],
		// 1.1: Include Chat Turns is off by default; version 1 nodes keep passing them on (parts/chatTurns.ts).
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description: 'Starts the workflow when the Agent Platform sends a signed event (memory facts, agent status, deployments)',
		defaults: { name: 'Agent Platform Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'agentPlatformApi', required: true, testedBy: 'agentPlatformApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		builderHint: TRIGGER_BUILDER_HINT,
		properties: [
			{
				displayName: 'Subscription',
				name: 'subscriptionMode',
				type: 'options',
				options: [
					{
						name: 'Create Automatically',
						value: 'create',
						description: 'Register a webhook subscription when the workflow is activated and remove it when deactivated',
					},
					{
						name: 'Use Existing Subscription',
						value: 'existing',
						description: 'A subscription made outside n8n delivers to this URL; its signing secret goes in the credential',
					},
				],
				default: 'create',
				description: 'Whether n8n manages the webhook subscription or one already exists',
			},
			{
				displayName:
					'Enter the subscription\'s signing secret in the credential\'s "Webhook Signing Secret" field (one credential per existing subscription). n8n keeps credentials encrypted; workflow parameters are saved in plain text.',
				name: 'existingSecretNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { subscriptionMode: ['existing'] } },
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: [{ name: 'All Events', value: ALL_EVENTS, description: 'Every event, including ones added later' }, ...EVENT_TYPES],
				default: [ALL_EVENTS],
				required: true,
				description: 'The events that start the workflow',
			},
			...chatTurnsProperties,
			options([
				agentFilterLocator('Only events about this agent; other events, including ones that name no agent, are acknowledged and ignored'),
				{
					displayName: 'Include Delivery Headers',
					name: 'includeHeaders',
					type: 'boolean',
					default: false,
					description: 'Whether to add the X-Service-Event and X-Service-Timestamp headers to the output (the signature is never included)',
				},
				{
					displayName: 'Timestamp Tolerance (Seconds)',
					name: 'toleranceSeconds',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: DEFAULT_TOLERANCE_SECONDS,
					description: 'Events whose timestamp is further than this from now are refused as replays or stale deliveries',
				},
			]),
		],
	};

	methods = { listSearch: { searchAgents }, credentialTest };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				// A mistyped agent filter would ignore every event in silence: refuse activation instead.
				agentFilter(this.getNode(), (this.getNodeParameter('options', {}) as TriggerOptions).agentId, 'Options → Agent');
				if (this.getNodeParameter('subscriptionMode') === 'existing') {
					// Refuse activation now rather than answer every event with 401 later.
					if (!(await existingSecret(this))) throw missingExistingSecret(this.getNode());
					return true;
				}
				return await subscriptionExists(this, this.getNodeWebhookUrl('default') as string, this.getNodeParameter('events') as string[]);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				if (this.getNodeParameter('subscriptionMode') === 'existing') return true;
				await createSubscription(this, this.getNodeWebhookUrl('default') as string, this.getNodeParameter('events') as string[]);
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				if (this.getNodeParameter('subscriptionMode') === 'existing') return true;
				await removeSubscription(this, this.getNodeWebhookUrl('default') as string);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const req = this.getRequestObject();
		const res = this.getResponseObject();
		const triggerOptions = this.getNodeParameter('options', {}) as TriggerOptions;
		const events = this.getNodeParameter('events', []) as string[];
		const existing = this.getNodeParameter('subscriptionMode') === 'existing';
		const secret = existing ? await existingSecret(this) : (this.getWorkflowStaticData('node') as ReturnType<typeof stored>).secret;
		const answer = (status: number, body: IDataObject): IWebhookResponseData => {
			res.status(status).json(body);
			return { noWebhookResponse: true };
		};
		if (!secret) {
			const fix = existing ? 'enter it in the credential\'s "Webhook Signing Secret" field' : 'deactivate and activate the workflow';
			return answer(401, { error: `No signing secret is stored for this trigger; ${fix}` });
		}

		const tolerance = triggerOptions.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
		const now = Date.now();
		// Only the raw bytes: n8n's parsed req.body depends on the unsigned Content-Type header.
		const verdict = verifyDelivery(req.rawBody, req.headers, secret, tolerance, now);
		if (!verdict.ok) return answer(verdict.status, { error: `Rejected: ${verdict.reason}` });

		const { event } = verdict;
		const ignored = whyIgnored(this, event, events, locatorValue(triggerOptions.agentId));
		if (ignored) return answer(200, { received: true, ignored });
		// Remember the delivery until its timestamp leaves the window, not just `tolerance` from now:
		// a sender whose clock runs ahead could otherwise replay it after the memory has expired.
		const until = Math.max(now, Date.parse(event.timestamp)) + tolerance * 1000;
		const memory = replayMemoryFor(String(this.getWorkflow().id), this.getNode().id);
		const remembered = rememberDelivery(res, memory, verdict.signature, until, now);
		if (remembered === 'duplicate') return answer(200, { received: true, ignored: 'duplicate delivery' });
		if (remembered === 'full') {
			// Accepting would mean forgetting a delivery that could still be replayed: refuse, the sender retries.
			res.setHeader('retry-after', '60');
			return answer(503, { error: 'Too many deliveries within the tolerance window; retry later' });
		}

		// The whole signed body: fields the spec does not show (a delivery id, a version) pass through.
		const json: IDataObject = { ...(event as unknown as IDataObject) };
		if (triggerOptions.includeHeaders) {
			json.headers = { [EVENT_HEADER]: req.headers[EVENT_HEADER], [TIMESTAMP_HEADER]: req.headers[TIMESTAMP_HEADER] };
		}
		return { workflowData: [[{ json }]] };
	}
}
