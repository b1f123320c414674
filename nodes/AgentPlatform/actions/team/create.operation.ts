import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { compact, getRequiredString } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [
	{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, description: 'Name of the new team' },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'What the team does' }],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['team'], operation: ['create'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const name = getRequiredString(this, 'name', i, 'Name');
	const extra = this.getNodeParameter('additionalFields', i, {}) as Record<string, string>;
	const body = compact({ name, description: extra.description });
	return async (client) => await client.call('team.create', { body, itemIndex: i });
}
