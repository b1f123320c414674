import type { INodeProperties } from 'n8n-workflow';
import type { OperationModule } from '../../helpers/types';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

/** The resource's operations by their Operation value. */
export const operations = { get, getMany, update } satisfies Record<string, OperationModule>;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['agent'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Get one deployed agent by its dep_ ID', action: 'Get an agent' },
			{ name: 'Get Many', value: 'getMany', description: 'List deployed agents, optionally filtered by status', action: 'Get many agents' },
			{ name: 'Update', value: 'update', description: "Change an agent's name, description or status", action: 'Update an agent' },
		],
		default: 'getMany',
	},
	...get.description,
	...getMany.description,
	...update.description,
];
