/**
 * The node and credential types the harness knows: ours, loaded from source, plus one tiny
 * pass-through node that feeds the test's input items into the workflow (n8n's own test harness
 * does the same with a start node).
 */
import type {
	ICredentialType,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { AgentPlatformApi } from '../../../credentials/AgentPlatformApi.credentials';

export const INPUT_NODE_TYPE = 'harness.input';

class HarnessInput implements INodeType {
	description = {
		displayName: 'Harness Input',
		name: INPUT_NODE_TYPE,
		group: ['input'],
		version: 1,
		description: 'Passes the test input items on',
		defaults: { name: 'Input' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

export const credentialTypes = new Map<string, ICredentialType>([['agentPlatformApi', new AgentPlatformApi()]]);

export class HarnessNodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>([[INPUT_NODE_TYPE, new HarnessInput()]]);

	register(name: string, type: INodeType | IVersionedNodeType): void {
		this.types.set(name, type);
	}

	getByName(name: string): INodeType | IVersionedNodeType {
		const type = this.types.get(name);
		if (!type) throw new Error(`Unknown node type ${name}`);
		return type;
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(name), version);
	}

	getKnownTypes() {
		return {};
	}
}
