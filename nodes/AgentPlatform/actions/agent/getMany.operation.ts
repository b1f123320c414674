import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { AGENT_STATUSES, FILTER_QUERY } from '../../../../src/vocabulary';
import { filters } from '../../../parts/collections';
import { compact, getChoice } from '../../../parts/parameters';
import { output, returnAllAndLimit } from '../../descriptions/common.description';
import { addHints } from '../../helpers/hints';
import { getOutputShape } from '../../helpers/output';
import { getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

export const route = 'agent.getMany' satisfies RouteName;

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	filters([
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: [...AGENT_STATUSES],
			default: 'active',
			description: 'Only agents with this status. Other statuses the service uses can be given with an expression; a status written in another case is refused.',
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
	const filters = this.getNodeParameter('filters', i, {}) as AgentFilters;
	// Statuses are open (the spec fixes only "active"): another is sent, and an empty answer says so.
	const status = getChoice(this, filters.status, i, 'Filters → Status', AGENT_STATUSES, false);
	const unlisted = status !== undefined && !AGENT_STATUSES.some((known) => known.value === status);
	const qs = compact({ [FILTER_QUERY.status]: status });
	const shape = getOutputShape(this, i, 'agent', 'getMany');
	return async (client) => {
		const agents = await client.list(route, { qs, limit, itemIndex: i });
		if (unlisted && agents.length === 0) {
			const known = AGENT_STATUSES.map((s) => s.value).join(', ');
			addHints(this, { message: `No agent has the status "${status}" (item ${i + 1}). It is not one of the statuses this node lists (${known}); check the spelling.`, type: 'warning', location: 'outputPane' });
		}
		return agents.map(shape);
	};
}
