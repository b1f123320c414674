/** Parameters every list operation shares: Return All, Limit, and (where output is large) Simplify. */
import type { INodeProperties } from 'n8n-workflow';

export const returnAllAndLimit = (): INodeProperties[] => [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

export const simplify = (what: string): INodeProperties => ({
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: `Whether to return a simplified version of the response instead of the raw data (leaves out ${what})`,
});

/** An Update operation's optional fields: only the ones the user adds are sent. */
export const updateFields = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Update Fields',
	name: 'updateFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options,
});
