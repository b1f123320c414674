import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { output, returnAllAndLimit } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [...returnAllAndLimit(), ...output('team', 'getMany')];

export const description = updateDisplayOptions({ show: { resource: ['team'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const shape = getOutputShape(this, i, 'team', 'getMany');
	return async (client) => (await client.list('team.getMany', { limit, itemIndex: i })).map(shape);
}
