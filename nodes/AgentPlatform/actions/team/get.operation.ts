import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { getId } from '../../../parts/parameters';
import { output } from '../../descriptions/common.description';
import { teamLocator } from '../../descriptions/rlc.description';
import { getOutputShape } from '../../helpers/output';
import type { OperationRun } from '../../helpers/types';

export const route = 'team.get' satisfies RouteName;

const properties: INodeProperties[] = [teamLocator(), ...output('team', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['team'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const teamId = getId(this, 'teamId', i, 'Team');
	const shape = getOutputShape(this, i, 'team', 'get');
	return async (client) => shape(await client.call(route, { path: { teamId }, itemIndex: i }));
}
