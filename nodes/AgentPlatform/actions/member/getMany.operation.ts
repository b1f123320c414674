import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { FILTER_QUERY } from '../../../../src/vocabulary';
import { returnAllAndLimit } from '../../descriptions/common.description';
import { teamLocator } from '../../descriptions/rlc.description';
import { compact, getListLimit, locatorValue } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [teamLocator({ required: false, description: 'Only members of this team' })],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const filters = this.getNodeParameter('filters', i, {}) as { teamId?: unknown };
	const qs = compact({ [FILTER_QUERY.teamId]: locatorValue(filters.teamId) });
	return async (client) => await client.list('member.getMany', { qs, limit, itemIndex: i });
}
