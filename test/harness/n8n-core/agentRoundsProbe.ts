/**
 * A test-only root node that stands where n8n 2.41's AI Agent (Tools Agent V3) stands during one
 * chat message with tool calls. Each run of the node asks n8n-core for its memory, as the agent's
 * buildExecutionContext does (`getInputConnectionData(ai_memory, …)`, which runs the memory's
 * supplyData anew), and hands it to the test's scenario with the round's number. When the scenario
 * answers CALL_TOOL, the node returns an engine request for the connected tool, as the agent does
 * when the model calls tools: n8n-core's engine runs the tool node, then runs this node again in
 * the same execution with the tool's result. Otherwise the node outputs what the scenario returned.
 */
import {
	NodeConnectionTypes,
	type EngineRequest,
	type EngineResponse,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type NodeOutput,
} from 'n8n-workflow';
import { registerScenario, registeredScenario } from './probeNode';

export const CALL_TOOL = 'call the tool';
export const HARNESS_TOOL_NAME = 'Harness Tool';

/** One round of the agent on one input item: `memory` is the memory as the agent receives it this round. */
export type RoundsScenario = (memory: unknown, round: number, itemIndex: number) => Promise<unknown>;

export const roundsScenario = (run: RoundsScenario): { scenarioId: string } => registerScenario(run);

interface RoundMetadata {
	round?: number;
}

export class AgentRoundsProbe implements INodeType {
	description = {
		displayName: 'Agent Rounds Probe',
		name: 'agentRoundsProbe',
		group: ['transform'],
		version: 1,
		description: 'Runs a registered scenario against the connected memory in each round of tool calls',
		defaults: { name: 'Agent Rounds Probe' },
		inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiMemory, maxConnections: 1, required: true }, { type: NodeConnectionTypes.AiTool, required: true }],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Scenario', name: 'scenarioId', type: 'string', default: '' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions, response?: EngineResponse<RoundMetadata>): Promise<NodeOutput> {
		const run = registeredScenario<RoundsScenario>(this);
		// The first run gets an empty engine response; a run after the tool gets the round it asked for.
		const round = response?.metadata?.round ?? 0;
		const outcomes: unknown[] = [];
		for (let i = 0; i < this.getInputData().length; i++) {
			// n8n's agent asks for the memory of item 0 only; one per item lets a test give each item its own session.
			const memory = await this.getInputConnectionData(NodeConnectionTypes.AiMemory, i);
			outcomes.push(await run(memory, round, i));
		}
		if (outcomes.includes(CALL_TOOL)) {
			const request: EngineRequest<RoundMetadata> = {
				actions: [{ actionType: 'ExecutionNodeAction', nodeName: HARNESS_TOOL_NAME, input: { round }, type: NodeConnectionTypes.AiTool, id: `call_${round}`, metadata: {} }],
				metadata: { round: round + 1 },
			};
			return request as EngineRequest;
		}
		return [outcomes.map((result, i): INodeExecutionData => ({ json: { result } as IDataObject, pairedItem: { item: i } }))];
	}
}

/** The tool the probe calls: it answers without a request, so the requests a test counts are the memory's. */
export class HarnessTool implements INodeType {
	description = {
		displayName: 'Harness Tool',
		name: 'harnessTool',
		group: ['transform'],
		version: 1,
		description: 'Answers a tool call',
		defaults: { name: HARNESS_TOOL_NAME },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.AiTool],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [[{ json: { answered: this.getInputData()[0]?.json.round ?? null } }]];
	}
}
