import type { INodeProperties } from 'n8n-workflow';
import { teamLocator } from '../../descriptions/rlc.description';
import { locatorValue } from '../../helpers/parameters';

export const memberFields = (): INodeProperties[] => [
	{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Full name of the member' },
	{
		displayName: 'Role',
		name: 'role',
		type: 'string',
		default: '',
		placeholder: 'member',
		description: 'Role in the organization, for example admin, member or viewer',
	},
	teamLocator({ required: false, description: 'The team the member belongs to' }),
];

/** Maps the collection's fields to the API's field names. */
export function memberBody(fields: Record<string, unknown>): Record<string, unknown> {
	const { teamId, ...rest } = fields;
	return { ...rest, team_id: locatorValue(teamId) };
}
