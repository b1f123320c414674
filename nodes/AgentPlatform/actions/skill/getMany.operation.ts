import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { AGENT_ID } from '../../../parts/idShapes';
import { agentLocator } from '../../../parts/locators';
import { getId } from '../../../parts/parameters';
import { output, returnAllAndLimit } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

export const route = 'skill.getMany' satisfies RouteName;

const properties: INodeProperties[] = [agentLocator({ description: 'The agent whose skills to list' }), ...returnAllAndLimit(), ...output('skill', 'getMany')];

export const description = updateDisplayOptions({ show: { resource: ['skill'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const agentId = getId(this, 'agentId', i, 'Agent', AGENT_ID);
	const limit = getListLimit(this, i);
	const shape = getOutputShape(this, i, 'skill', 'getMany');
	return async (client) => (await client.list(route, { path: { agentId }, limit, itemIndex: i })).map(shape);
}
