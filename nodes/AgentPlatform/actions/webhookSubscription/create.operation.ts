import { NodeOperationError, updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { WEBHOOK_SECRET_FIELD } from '../../../../src/vocabulary';
import { compact, getRequiredString } from '../../../parts/parameters';
import { rememberSecret } from '../../../parts/recentSecrets';
import { additionalFields } from '../../descriptions/common.description';
import type { OperationRun } from '../../helpers/types';
import { checkUrl, eventsOption, optionalFields, type SubscriptionFields, urlOption } from './shared';
import { checkTextLimits } from '../../../parts/textLimits';

export const route = 'webhookSubscription.create' satisfies RouteName;

const properties: INodeProperties[] = [
	{
		displayName:
			'The response contains the signing secret. The API shows it only this once: store it now (for an Agent Platform Trigger set to "Use Existing Subscription", in the "Webhook Signing Secret" field of its credential).',
		name: 'secretNotice',
		type: 'notice',
		default: '',
	},
	urlOption(true),
	eventsOption(true),
	additionalFields(optionalFields()),
];

export const description = updateDisplayOptions({ show: { resource: ['webhookSubscription'], operation: ['create'] } }, properties);

/** Said in the output next to the secret, because the API will never return it again. */
const SECRET_NOTICE = 'This signing secret is shown only once. Store it now; the API will not return it again.';

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const url = checkUrl(this, getRequiredString(this, 'url', i, 'URL'), i);
	const events = this.getNodeParameter('events', i, []) as string[];
	if (!Array.isArray(events) || events.length === 0) {
		throw new NodeOperationError(this.getNode(), 'The parameter "Events" is empty', {
			itemIndex: i,
			description: 'Choose at least one event, or All Events.',
		});
	}
	const { description, active } = this.getNodeParameter('additionalFields', i, {}) as SubscriptionFields;
	const body = { url, events, ...compact({ description, active }) };
	checkTextLimits(this.getNode(), route, body, i);
	return async (client) => {
		const subscription = await client.call(route, { body, itemIndex: i });
		const secret = subscription[WEBHOOK_SECRET_FIELD];
		if (secret === undefined) return subscription;
		// An agent may repeat it in a later tool round, where its memory would not know it is one.
		if (typeof secret === 'string') rememberSecret(secret);
		return { ...subscription, secret_notice: SECRET_NOTICE };
	};
}
