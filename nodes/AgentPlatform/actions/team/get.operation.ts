import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { teamLocator } from '../../descriptions/rlc.description';
import { output } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getId } from '../../../parts/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [teamLocator(), ...output('team', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['team'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const teamId = getId(this, 'teamId', i, 'Team');
	const shape = getOutputShape(this, i, 'team', 'get');
	return async (client) => shape(await client.call('team.get', { path: { teamId }, itemIndex: i }));
}
