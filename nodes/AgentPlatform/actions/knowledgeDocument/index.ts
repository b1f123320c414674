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
		displayOptions: { show: { resource: ['knowledgeDocument'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Get one Knowledge Hub document with its content', action: 'Get a knowledge document' },
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the Knowledge Hub documents built during onboarding',
				action: 'Get many knowledge documents',
			},
			{ name: 'Update', value: 'update', description: "Change a document's title or content", action: 'Update a knowledge document' },
		],
		default: 'getMany',
	},
	...get.description,
	...getMany.description,
	...update.description,
];
