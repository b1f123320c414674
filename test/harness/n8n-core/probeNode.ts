/**
 * A test-only node that hands the shared client, built on its real n8n-core execution context, to
 * a scenario function registered by the test. Client tests thus run exactly where the nodes run.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { AgentPlatformClient, type ClientOptions } from '../../../src/client';

export type Scenario = (client: AgentPlatformClient, ctx: IExecuteFunctions) => Promise<unknown>;

const scenarios = new Map<string, unknown>();
let counter = 0;

/** Keeps what a probe node will run (this client probe, the memory probe) under the returned parameters. */
export function registerScenario(entry: unknown): { scenarioId: string } {
	counter += 1;
	const scenarioId = `scenario-${counter}`;
	scenarios.set(scenarioId, entry);
	return { scenarioId };
}

/** What a probe node was given to run (its `scenarioId` parameter). */
export function registeredScenario<T>(ctx: IExecuteFunctions): T {
	const id = ctx.getNodeParameter('scenarioId', 0) as string;
	if (!scenarios.has(id)) throw new Error(`Unknown scenario ${id}`);
	return scenarios.get(id) as T;
}

/** Registers a scenario and returns the parameters that make the probe node run it. */
export function scenario(run: Scenario, options?: ClientOptions): { scenarioId: string } {
	return registerScenario({ run, options });
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
		const entry = registeredScenario<{ run: Scenario; options?: ClientOptions }>(this);
		const result = await entry.run(new AgentPlatformClient(this, entry.options), this);
		return [[{ json: { result } as IDataObject, pairedItem: { item: 0 } }]];
	}
}
