import type { IDataObject, INode, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';
import { opaqueId } from '../../../parts/idShapes';
import { inCollection } from '../../../parts/locators';
import { optionalId } from '../../../parts/parameters';
import { withLimit } from '../../../parts/textLimits';
import { teamLocator } from '../../descriptions/rlc.description';

export const memberFields = (): INodeProperties[] => [
	{ displayName: 'Name', name: 'name', type: 'string', default: '', description: withLimit('member.add', 'name', 'Full name of the member') },
	{
		displayName: 'Role',
		name: 'role',
		type: 'string',
		default: '',
		placeholder: 'member',
		description: withLimit('member.add', 'role', 'Role in the organization, for example admin, member or viewer'),
	},
	inCollection(teamLocator({ description: 'The team the member belongs to' })),
];

/** What the member collections hold: text, and the team as a locator (or a plain ID by expression). */
export interface MemberFields {
	name?: string;
	role?: string;
	teamId?: INodeParameterResourceLocator | string;
}

/**
 * Maps the collection's fields to the API's field names; empty ones are dropped by `compact`.
 * `collection` is how the editor names the collection, for an error about its Team.
 */
export function memberBody(fields: MemberFields, node: INode, collection: string, itemIndex: number): IDataObject {
	return { name: fields.name, role: fields.role, team_id: optionalId(node, fields.teamId, `${collection} → Team`, opaqueId('team ID'), itemIndex) };
}
