import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { webhookLocator } from '../../descriptions/rlc.description';
import { getId } from '../../../parts/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [webhookLocator()];

export const description = updateDisplayOptions({ show: { resource: ['webhookSubscription'], operation: ['delete'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const webhookId = getId(this, 'webhookId', i, 'Webhook Subscription');
	return async (client) => {
		await client.call('webhookSubscription.delete', { path: { webhookId }, itemIndex: i });
		return { id: webhookId, deleted: true };
	};
}
