import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { ID_PREFIX } from '../../../../src/vocabulary';
import { agentLocator } from '../../../parts/locators';
import { output } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getId } from '../../../parts/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [agentLocator(), ...output('agent', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['agent'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const agentId = getId(this, 'agentId', i, 'Agent', ID_PREFIX.agent);
	const shape = getOutputShape(this, i, 'agent', 'get');
	return async (client) => shape(await client.call('agent.get', { path: { agentId }, itemIndex: i }));
}
