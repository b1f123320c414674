import type { INodeProperties } from 'n8n-workflow';
import type { OperationModule } from '../../helpers/types';
import * as request from './request.operation';

/** The resource's operations by their Operation value. */
export const operations = { request } satisfies Record<string, OperationModule>;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['apiRequest'] } },
		options: [
			{
				name: 'Send Request',
				value: 'request',
				description: 'Call any endpoint under the Base URL, paced by the rate limit, with retries and optional pagination',
				action: 'Send a paced API request to any endpoint',
			},
		],
		default: 'request',
	},
	...request.description,
];
