import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions({ show: { resource: ['organization'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	return async (client) => await client.call('organization.get', { itemIndex: i });
}
