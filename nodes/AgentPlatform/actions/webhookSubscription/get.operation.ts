import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { webhookLocator } from '../../descriptions/rlc.description';
import { output } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getId } from '../../../parts/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [webhookLocator(), ...output('webhookSubscription', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['webhookSubscription'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const webhookId = getId(this, 'webhookId', i, 'Webhook Subscription');
	const shape = getOutputShape(this, i, 'webhookSubscription', 'get');
	return async (client) => shape(await client.call('webhookSubscription.get', { path: { webhookId }, itemIndex: i }));
}
