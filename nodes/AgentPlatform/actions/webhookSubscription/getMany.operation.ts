import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { output, returnAllAndLimit } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

export const route = 'webhookSubscription.getMany' satisfies RouteName;

const properties: INodeProperties[] = [...returnAllAndLimit(), ...output('webhookSubscription', 'getMany')];

export const description = updateDisplayOptions({ show: { resource: ['webhookSubscription'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const shape = getOutputShape(this, i, 'webhookSubscription', 'getMany');
	return async (client) => (await client.list(route, { limit, itemIndex: i })).map(shape);
}
