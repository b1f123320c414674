/**
 * A test-only node that hands the shared client, built on its real n8n-core execution context, to
 * a scenario function registered by the test. Client tests thus run exactly where the nodes run.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { AgentPlatformClient, type ClientOptions } from '../../../src/client';

export type Scenario = (client: AgentPlatformClient, ctx: IExecuteFunctions) => Promise<unknown>;

const scenarios = new Map<string, { run: Scenario; options?: ClientOptions }>();
let counter = 0;

/** Registers a scenario and returns the parameters that make the probe node run it. */
export function scenario(run: Scenario, options?: ClientOptions): { scenarioId: string } {
	counter += 1;
	const scenarioId = `scenario-${counter}`;
	scenarios.set(scenarioId, { run, options });
	return { scenarioId };
}

export class ClientProbe implements INodeType {
	description = {
		displayName: 'Client Probe',
		name: 'clientProbe',
		group: ['transform'],
		version: 1,
		description: 'Runs a registered client scenario',
		defaults: { name: 'Client Probe' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'agentPlatformApi', required: true }],
		properties: [{ displayName: 'Scenario', name: 'scenarioId', type: 'string', default: '' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const id = this.getNodeParameter('scenarioId', 0) as string;
		const entry = scenarios.get(id);
		if (!entry) throw new Error(`Unknown scenario ${id}`);
		const result = await entry.run(new AgentPlatformClient(this, entry.options), this);
		return [[{ json: { result } as IDataObject, pairedItem: { item: 0 } }]];
	}
}
