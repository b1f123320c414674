import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { AGENT_STATUSES, FILTER_QUERY } from '../../../../src/vocabulary';
import { filters, output, returnAllAndLimit } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { compact, getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	filters([
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: [...AGENT_STATUSES],
			default: 'active',
			description: 'Only agents with this status. Other statuses the service uses can be given with an expression.',
		},
	]),
	...output('agent', 'getMany'),
];

export const description = updateDisplayOptions({ show: { resource: ['agent'], operation: ['getMany'] } }, properties);

/** What the Filters collection holds: a dropdown value, or whatever an expression produced. */
interface AgentFilters {
	status?: string;
}

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const { status } = this.getNodeParameter('filters', i, {}) as AgentFilters;
	const qs = compact({ [FILTER_QUERY.status]: status });
	const shape = getOutputShape(this, i, 'agent', 'getMany');
	return async (client) => (await client.list('agent.getMany', { qs, limit, itemIndex: i })).map(shape);
}
