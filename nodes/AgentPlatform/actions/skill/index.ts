import type { INodeProperties } from 'n8n-workflow';
import type { OperationModule } from '../../helpers/types';
import * as disable from './disable.operation';
import * as enable from './enable.operation';
import * as getMany from './getMany.operation';

/** The resource's operations by their Operation value. */
export const operations = { disable, enable, getMany } satisfies Record<string, OperationModule>;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['skill'] } },
		options: [
			{ name: 'Disable', value: 'disable', description: 'Turn a skill off for an agent', action: 'Disable a skill so the agent can no longer use it' },
			{ name: 'Enable', value: 'enable', description: 'Turn a skill on for an agent', action: 'Enable a skill' },
			{
				name: 'Get Many',
				value: 'getMany',
				description: "List an agent's skills, each with its enabled state",
				action: 'Get many skills',
			},
		],
		default: 'getMany',
	},
	...disable.description,
	...enable.description,
	...getMany.description,
];
