import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { getId } from '../../../parts/parameters';
import { output } from '../../descriptions/common.description';
import { webhookLocator } from '../../descriptions/rlc.description';
import { getOutputShape } from '../../helpers/output';
import type { OperationRun } from '../../helpers/types';

export const route = 'webhookSubscription.get' satisfies RouteName;

const properties: INodeProperties[] = [webhookLocator(), ...output('webhookSubscription', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['webhookSubscription'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const webhookId = getId(this, 'webhookId', i, 'Webhook Subscription');
	const shape = getOutputShape(this, i, 'webhookSubscription', 'get');
	return async (client) => shape(await client.call(route, { path: { webhookId }, itemIndex: i }));
}
