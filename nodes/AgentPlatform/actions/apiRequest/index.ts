import type { INodeProperties } from 'n8n-workflow';
import * as request from './request.operation';

export { request };

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
				description: 'Call any endpoint under the base URL with the credential, retries and rate limiting',
				action: 'Send an API request',
			},
		],
		default: 'request',
	},
	...request.description,
];
