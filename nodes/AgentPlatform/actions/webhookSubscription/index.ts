import type { INodeProperties } from 'n8n-workflow';
import type { OperationModule } from '../../helpers/types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

/** The resource's operations by their Operation value. */
export const operations = { create, delete: del, get, getMany, update } satisfies Record<string, OperationModule>;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['webhookSubscription'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Subscribe a URL to events; the response holds the signing secret, shown only once',
				action: 'Create a webhook subscription',
			},
			{ name: 'Delete', value: 'delete', description: 'Stop and remove a subscription', action: 'Delete a webhook subscription so its events stop' },
			{ name: 'Get', value: 'get', description: 'Get one subscription (without its secret)', action: 'Get a webhook subscription' },
			{ name: 'Get Many', value: 'getMany', description: 'List the webhook subscriptions', action: 'Get many webhook subscriptions' },
			{
				name: 'Update',
				value: 'update',
				description: "Change a subscription's URL, events, description or active state",
				action: 'Update a webhook subscription',
			},
		],
		default: 'getMany',
	},
	...create.description,
	...del.description,
	...get.description,
	...getMany.description,
	...update.description,
];
