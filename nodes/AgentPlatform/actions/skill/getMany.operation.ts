import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { ID_PREFIX } from '../../../../src/vocabulary';
import { output, returnAllAndLimit } from '../../descriptions/common.description';
import { agentLocator } from '../../../parts/locators';
import { getOutputShape } from '../../helpers/output';
import { getId } from '../../../parts/parameters';
import { getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [agentLocator({ description: 'The agent whose skills to list' }), ...returnAllAndLimit(), ...output('skill', 'getMany')];

export const description = updateDisplayOptions({ show: { resource: ['skill'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const agentId = getId(this, 'agentId', i, 'Agent', ID_PREFIX.agent);
	const limit = getListLimit(this, i);
	const shape = getOutputShape(this, i, 'skill', 'getMany');
	return async (client) => (await client.list('skill.getMany', { path: { agentId }, limit, itemIndex: i })).map(shape);
}
