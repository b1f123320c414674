import type { INodeProperties } from 'n8n-workflow';
import type { OperationModule } from '../../helpers/types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as promote from './promote.operation';

/** The resource's operations by their Operation value. */
export const operations = { create, delete: del, get, getMany, promote } satisfies Record<string, OperationModule>;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['memoryFact'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Store a new fact for an agent', action: 'Create a memory fact' },
			{ name: 'Delete', value: 'delete', description: 'Delete a fact permanently', action: 'Delete a memory fact permanently' },
			{ name: 'Get', value: 'get', description: 'Get one fact by ID', action: 'Get a memory fact' },
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List facts, filtered by agent, tier, scope or text',
				action: 'Get many memory facts',
			},
			{
				name: 'Promote',
				value: 'promote',
				description: 'Move a fact to a longer-lived tier and/or a wider scope',
				action: 'Promote a memory fact',
			},
		],
		default: 'getMany',
	},
	...create.description,
	...del.description,
	...get.description,
	...getMany.description,
	...promote.description,
];
