/**
 * A test-only root node with an AI Memory input, standing where n8n's AI Agent stands: it asks
 * n8n-core for its connected memory (`getInputConnectionData`, which runs the sub-node's real
 * `supplyData` in a real supply-data context) and hands what it gets to a scenario registered by
 * the test, which uses it the way the agent does (loadMemoryVariables, saveContext,
 * chatHistory.addMessages, clear).
 */
import { NodeConnectionTypes, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeType } from 'n8n-workflow';
import { registerScenario, registeredScenario } from './probeNode';

/** The memory exactly as an agent receives it (a LangChain memory, wrapped by n8n's logging). */
export type MemoryScenario = (memory: unknown, ctx: IExecuteFunctions) => Promise<unknown>;

/** Registers a scenario and returns the parameters that make the probe run it. */
export const memoryScenario = (run: MemoryScenario): { scenarioId: string } => registerScenario(run);

export class MemoryProbe implements INodeType {
	description = {
		displayName: 'Memory Probe',
		name: 'memoryProbe',
		group: ['transform'],
		version: 1,
		description: 'Runs a registered scenario against the connected memory',
		defaults: { name: 'Memory Probe' },
		inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiMemory, maxConnections: 1, required: true }],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Scenario', name: 'scenarioId', type: 'string', default: '' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const run = registeredScenario<MemoryScenario>(this);
		const items = this.getInputData();
		const out: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			const memory = await this.getInputConnectionData(NodeConnectionTypes.AiMemory, i);
			out.push({ json: { result: (await run(memory, this)) as IDataObject }, pairedItem: { item: i } });
		}
		return [out];
	}
}
