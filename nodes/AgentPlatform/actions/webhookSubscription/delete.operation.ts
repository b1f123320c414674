import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { getId } from '../../../parts/parameters';
import { webhookLocator } from '../../descriptions/rlc.description';
import type { OperationRun } from '../../helpers/types';

export const route = 'webhookSubscription.delete' satisfies RouteName;

const properties: INodeProperties[] = [webhookLocator()];

export const description = updateDisplayOptions({ show: { resource: ['webhookSubscription'], operation: ['delete'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const webhookId = getId(this, 'webhookId', i, 'Webhook Subscription');
	return async (client) => {
		await client.call(route, { path: { webhookId }, itemIndex: i });
		return { id: webhookId, deleted: true };
	};
}
