/** Enable and Disable differ only in their operation value and the route they call. */
import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { AGENT_ID } from '../../../parts/idShapes';
import { agentLocator } from '../../../parts/locators';
import { getId, getRequiredString } from '../../../parts/parameters';
import type { OperationModule } from '../../helpers/types';

export function toggleOperation(operation: 'enable' | 'disable', route: 'skill.enable' | 'skill.disable'): Omit<OperationModule, 'route'> {
	const properties: INodeProperties[] = [
		agentLocator(),
		{
			displayName: 'Skill Name or ID',
			name: 'skillId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getSkills', loadOptionsDependsOn: ['agentId.value'] },
			default: '',
			required: true,
			description:
				'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		},
	];
	return {
		description: updateDisplayOptions({ show: { resource: ['skill'], operation: [operation] } }, properties),
		prepare(this: IExecuteFunctions, i: number) {
			const agentId = getId(this, 'agentId', i, 'Agent', AGENT_ID);
			const skillId = getRequiredString(this, 'skillId', i, 'Skill');
			return async (client) => await client.call(route, { path: { agentId, skillId }, itemIndex: i });
		},
	};
}
