import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['organization'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get the organization the API key belongs to (its org_ ID, name and plan)',
				action: 'Get the organization',
			},
		],
		default: 'get',
	},
	...get.description,
];
