import { NodeOperationError, type ILoadOptionsFunctions, type INodePropertyOptions } from 'n8n-workflow';
import { AgentPlatformClient } from '../../../src/client';
import { AGENT_ID, idRule, isIdOfShape } from '../../parts/idShapes';

/** The chosen agent's skills, for Enable/Disable; the state is shown so the choice is obvious. */
export async function getSkills(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const agentId = String(this.getCurrentNodeParameter('agentId', { extractValue: true }) ?? '');
	if (agentId === '') throw new NodeOperationError(this.getNode(), 'Choose an agent first', { description: 'The skills list depends on the agent.' });
	if (!isIdOfShape(AGENT_ID, agentId)) {
		throw new NodeOperationError(this.getNode(), 'Choose an agent first: the Agent is not an agent ID', { description: `${idRule(AGENT_ID)} The skills list depends on the agent.` });
	}
	const skills = await new AgentPlatformClient(this).list('skill.getMany', { path: { agentId } });
	return skills.map((s) => ({
		name: `${String(s.name ?? s.id)} (${s.enabled ? 'enabled' : 'disabled'})`,
		value: String(s.id),
		description: s.description as string | undefined,
	}));
}
