import type { INodeProperties } from 'n8n-workflow';
import type { OperationModule } from '../../helpers/types';
import * as get from './get.operation';

/** The resource's operations by their Operation value. */
export const operations = { get } satisfies Record<string, OperationModule>;

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
