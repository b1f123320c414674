import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit } from '../../descriptions/common.description';
import { getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [...returnAllAndLimit()];

export const description = updateDisplayOptions({ show: { resource: ['webhookSubscription'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	return async (client) => await client.list('webhookSubscription.getMany', { limit, itemIndex: i });
}
