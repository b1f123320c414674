import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { getId } from '../../../parts/parameters';
import { teamLocator } from '../../descriptions/rlc.description';
import type { OperationRun } from '../../helpers/types';

export const route = 'team.delete' satisfies RouteName;

const properties: INodeProperties[] = [teamLocator()];

export const description = updateDisplayOptions({ show: { resource: ['team'], operation: ['delete'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const teamId = getId(this, 'teamId', i, 'Team');
	return async (client) => {
		await client.call(route, { path: { teamId }, itemIndex: i });
		return { id: teamId, deleted: true };
	};
}
