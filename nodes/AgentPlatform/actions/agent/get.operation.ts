import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { AGENT_ID } from '../../../parts/idShapes';
import { agentLocator } from '../../../parts/locators';
import { getId } from '../../../parts/parameters';
import { output } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import type { OperationRun } from '../../helpers/types';

export const route = 'agent.get' satisfies RouteName;

const properties: INodeProperties[] = [agentLocator(), ...output('agent', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['agent'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const agentId = getId(this, 'agentId', i, 'Agent', AGENT_ID);
	const shape = getOutputShape(this, i, 'agent', 'get');
	return async (client) => shape(await client.call(route, { path: { agentId }, itemIndex: i }));
}
