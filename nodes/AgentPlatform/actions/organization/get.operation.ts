import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { output } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import type { OperationRun } from '../../helpers/types';

export const route = 'organization.get' satisfies RouteName;

const properties: INodeProperties[] = [...output('organization', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['organization'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const shape = getOutputShape(this, i, 'organization', 'get');
	return async (client) => shape(await client.call(route, { itemIndex: i }));
}
