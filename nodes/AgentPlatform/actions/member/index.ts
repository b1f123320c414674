import type { INodeProperties } from 'n8n-workflow';
import type { OperationModule } from '../../helpers/types';
import * as add from './add.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as remove from './remove.operation';
import * as update from './update.operation';

/** The resource's operations by their Operation value. */
export const operations = { add, get, getMany, remove, update } satisfies Record<string, OperationModule>;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['member'] } },
		options: [
			{ name: 'Add', value: 'add', description: 'Add a person to the organization by email', action: 'Add a member' },
			{ name: 'Get', value: 'get', description: 'Get one member by ID', action: 'Get a member' },
			{ name: 'Get Many', value: 'getMany', description: 'List members, optionally of one team', action: 'Get many members' },
			{ name: 'Remove', value: 'remove', description: 'Remove a member from the organization', action: 'Remove a member and delete their membership' },
			{ name: 'Update', value: 'update', description: "Change a member's name, role or team", action: 'Update a member' },
		],
		default: 'getMany',
	},
	...add.description,
	...get.description,
	...getMany.description,
	...remove.description,
	...update.description,
];
