import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { AGENT_ID } from '../../../parts/idShapes';
import { AGENT_STATUSES } from '../../../../src/vocabulary';
import { agentLocator } from '../../../parts/locators';
import { compact, getId } from '../../../parts/parameters';
import { updateFields } from '../../descriptions/common.description';
import { requireChanges } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';
import { checkTextLimits, withLimit } from '../../../parts/textLimits';

export const route = 'agent.update' satisfies RouteName;

const properties: INodeProperties[] = [
	agentLocator(),
	updateFields([
		{ displayName: 'Agent Name', name: 'agent_name', type: 'string', default: '', description: withLimit(route, 'agent_name', 'New display name of the agent') },
		{ displayName: 'Description', name: 'description', type: 'string', default: '', description: withLimit(route, 'description', 'New description of the agent') },
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: [...AGENT_STATUSES],
			default: 'active',
			description: 'New deployment status. The API documents only "active"; the other values are common ones, and an expression can set any value the API accepts.',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['agent'], operation: ['update'] } }, properties);

/** The Update Fields collection: its option names are the API's field names. */
interface AgentChanges {
	agent_name?: string;
	description?: string;
	status?: string;
}

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const agentId = getId(this, 'agentId', i, 'Agent', AGENT_ID);
	const { agent_name, description, status } = this.getNodeParameter('updateFields', i, {}) as AgentChanges;
	const body = compact({ agent_name, description, status });
	requireChanges(this, body, i, 'Agent Name, Description or Status');
	checkTextLimits(this.getNode(), route, body, i);
	return async (client) => await client.call(route, { path: { agentId }, body, itemIndex: i });
}
