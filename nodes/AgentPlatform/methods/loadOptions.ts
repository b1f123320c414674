import { NodeOperationError, type ILoadOptionsFunctions, type INodePropertyOptions } from 'n8n-workflow';
import { AgentPlatformClient } from '../../../src/client';
import { ID_PREFIX } from '../../../src/vocabulary';

/** The chosen agent's skills, for Enable/Disable; the state is shown so the choice is obvious. */
export async function getSkills(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const agentId = String(this.getCurrentNodeParameter('agentId', { extractValue: true }) ?? '');
	if (!agentId.startsWith(ID_PREFIX.agent)) {
		throw new NodeOperationError(this.getNode(), 'Choose an agent first', { description: 'The skills list depends on the agent.' });
	}
	const skills = await new AgentPlatformClient(this).list('skill.getMany', { path: { agentId } });
	return skills.map((s) => ({
		name: `${String(s.name ?? s.id)} (${s.enabled ? 'enabled' : 'disabled'})`,
		value: String(s.id),
		description: s.description as string | undefined,
	}));
}
