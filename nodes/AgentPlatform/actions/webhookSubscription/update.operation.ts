import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { compact, getId } from '../../../parts/parameters';
import { updateFields } from '../../descriptions/common.description';
import { webhookLocator } from '../../descriptions/rlc.description';
import { requireChanges } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';
import { checkUrl, eventsOption, optionalFields, type SubscriptionFields, urlOption } from './shared';
import { checkTextLimits } from '../../../parts/textLimits';

export const route = 'webhookSubscription.update' satisfies RouteName;

const properties: INodeProperties[] = [
	webhookLocator(),
	updateFields([urlOption(false), eventsOption(false), ...optionalFields()]),
];

export const description = updateDisplayOptions({ show: { resource: ['webhookSubscription'], operation: ['update'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const webhookId = getId(this, 'webhookId', i, 'Webhook Subscription');
	const { url, events, description, active } = this.getNodeParameter('updateFields', i, {}) as SubscriptionFields;
	const body = compact({ url, events, description, active });
	if (Array.isArray(body.events) && body.events.length === 0) delete body.events;
	requireChanges(this, body, i, 'URL, Events, Description or Active');
	checkTextLimits(this.getNode(), route, body, i);
	if (typeof body.url === 'string') checkUrl(this, body.url, i);
	return async (client) => await client.call(route, { path: { webhookId }, body, itemIndex: i });
}
