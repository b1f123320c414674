import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { AGENT_STATUSES, FILTER_QUERY } from '../../../../src/vocabulary';
import { returnAllAndLimit } from '../../descriptions/common.description';
import { compact, getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [...AGENT_STATUSES],
				default: 'active',
				description: 'Only agents with this status. Other statuses the service uses can be given with an expression.',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['agent'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const filters = this.getNodeParameter('filters', i, {}) as { status?: string };
	const qs = compact({ [FILTER_QUERY.status]: filters.status });
	return async (client) => await client.list('agent.getMany', { qs, limit, itemIndex: i });
}
