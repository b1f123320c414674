import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { compact, getId } from '../../../parts/parameters';
import { updateFields } from '../../descriptions/common.description';
import { teamLocator } from '../../descriptions/rlc.description';
import { requireChanges } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';
import { checkTextLimits, withLimit } from '../../../parts/textLimits';

export const route = 'team.update' satisfies RouteName;

const properties: INodeProperties[] = [
	teamLocator(),
	updateFields([
		{ displayName: 'Name', name: 'name', type: 'string', default: '', description: withLimit(route, 'name', 'New name of the team') },
		{ displayName: 'Description', name: 'description', type: 'string', default: '', description: withLimit(route, 'description', 'New description of the team') },
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['team'], operation: ['update'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const teamId = getId(this, 'teamId', i, 'Team');
	const { name, description } = this.getNodeParameter('updateFields', i, {}) as { name?: string; description?: string };
	const body = compact({ name, description });
	requireChanges(this, body, i, 'Name or Description');
	checkTextLimits(this.getNode(), route, body, i);
	return async (client) => await client.call(route, { path: { teamId }, body, itemIndex: i });
}
