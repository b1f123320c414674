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
		displayOptions: { show: { resource: ['team'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Create a team in the organization', action: 'Create a team' },
			{ name: 'Delete', value: 'delete', description: 'Delete a team (its members stay, without a team)', action: 'Delete a team permanently' },
			{ name: 'Get', value: 'get', description: 'Get one team by ID', action: 'Get a team' },
			{ name: 'Get Many', value: 'getMany', description: 'List the teams of the organization', action: 'Get many teams' },
			{ name: 'Update', value: 'update', description: "Change a team's name or description", action: 'Update a team' },
		],
		default: 'getMany',
	},
	...create.description,
	...del.description,
	...get.description,
	...getMany.description,
	...update.description,
];
