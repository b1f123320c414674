import { NodeOperationError, updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { compact, getId } from '../../../parts/parameters';
import { updateFields } from '../../descriptions/common.description';
import { memberLocator } from '../../descriptions/rlc.description';
import { requireChanges } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';
import { memberBody, memberFields, type MemberFields } from './shared';
import { checkTextLimits } from '../../../parts/textLimits';

export const route = 'member.update' satisfies RouteName;

const properties: INodeProperties[] = [
	memberLocator(),
	updateFields([
		...memberFields(),
		{
			displayName: 'Remove From Team',
			name: 'removeFromTeam',
			type: 'boolean',
			default: false,
			description: 'Whether to take the member out of their team (an empty Team changes nothing)',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['update'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const memberId = getId(this, 'memberId', i, 'Member');
	const { removeFromTeam, ...fields } = this.getNodeParameter('updateFields', i, {}) as MemberFields & { removeFromTeam?: boolean };
	const body: IDataObject = compact(memberBody(fields, this.getNode(), 'Update Fields', i));
	if (removeFromTeam === true) {
		if (body.team_id !== undefined) {
			throw new NodeOperationError(this.getNode(), 'Both "Team" and "Remove From Team" are set', {
				itemIndex: i,
				description: 'Choose a Team to move the member to, or turn on Remove From Team to leave them in none.',
			});
		}
		body.team_id = null;
	}
	requireChanges(this, body, i, 'Name, Role, Team or Remove From Team');
	checkTextLimits(this.getNode(), route, body, i);
	return async (client) => await client.call(route, { path: { memberId }, body, itemIndex: i });
}
