import { NodeConnectionTypes, type IDataObject, type IExecuteFunctions, type INodeParameters } from 'n8n-workflow';
import { AgentPlatformMemory } from '../../nodes/AgentPlatformMemory/AgentPlatformMemory.node';
import { AgentRoundsProbe, executeNode, HARNESS_TOOL_NAME, HarnessTool, MemoryProbe, memoryScenario, roundsScenario, type MemoryScenario } from '../harness/n8n-core';
import type { RunningSandbox } from '../sandbox';

/** What n8n's AI Agent uses of the memory it receives (a LangChain BaseChatMemory). */
export interface AgentMemory {
	loadMemoryVariables(values: IDataObject): Promise<{ chat_history: LcMessage[] }>;
	saveContext(input: IDataObject, output: IDataObject): Promise<void>;
	clear(): Promise<void>;
	chatHistory: { addMessages(messages: unknown[]): Promise<void>; getMessages(): Promise<LcMessage[]> };
}

export interface LcMessage {
	content: unknown;
	_getType(): string;
}

export const MEMORY_NODE_NAME = 'Agent Platform Memory';

/**
 * Runs the memory node as a sub-node of a probe root node through n8n-core's workflow engine;
 * `use` gets the memory as an agent would. One call is one execution (one chat message).
 */
export async function withMemory(
	sb: RunningSandbox,
	parameters: INodeParameters,
	use: (memory: AgentMemory, ctx: IExecuteFunctions) => Promise<unknown>,
	opts: { inputItems?: IDataObject[]; apiKey?: string; baseUrl?: string; typeVersion?: number } = {},
) {
	const run: MemoryScenario = async (memory, ctx) => await use(memory as AgentMemory, ctx);
	const result = await executeNode({
		nodeType: new MemoryProbe(),
		parameters: memoryScenario(run),
		credentials: { apiKey: opts.apiKey ?? sb.apiKey, baseUrl: opts.baseUrl ?? sb.baseUrl },
		inputItems: opts.inputItems ?? [{ sessionId: 'session-a', chatInput: 'hello' }],
		subNodes: [{ name: MEMORY_NODE_NAME, nodeType: new AgentPlatformMemory(), parameters, connectionType: NodeConnectionTypes.AiMemory, typeVersion: opts.typeVersion }],
	});
	return { ...result, result: result.items[0]?.json.result as unknown };
}

/**
 * One chat message of an agent that calls a tool in rounds, run as n8n 2.41's AI Agent runs it:
 * each round is a run of the root node in the same execution, which asks n8n-core for its memory
 * again (the memory's supplyData runs again). `use` gets the round's memory and number, and returns
 * CALL_TOOL for another round or what the turn's output should hold.
 */
export async function withRounds(
	sb: RunningSandbox,
	parameters: INodeParameters,
	use: (memory: AgentMemory, round: number, itemIndex: number) => Promise<unknown>,
	opts: { inputItems?: IDataObject[] } = {},
) {
	const result = await executeNode({
		nodeType: new AgentRoundsProbe(),
		parameters: roundsScenario(async (memory, round, itemIndex) => await use(memory as AgentMemory, round, itemIndex)),
		credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl },
		inputItems: opts.inputItems ?? [{ sessionId: 'session-a', chatInput: 'hello' }],
		subNodes: [
			{ name: MEMORY_NODE_NAME, nodeType: new AgentPlatformMemory(), parameters, connectionType: NodeConnectionTypes.AiMemory },
			{ name: HARNESS_TOOL_NAME, nodeType: new HarnessTool(), parameters: {}, connectionType: NodeConnectionTypes.AiTool },
		],
	});
	return { ...result, results: result.items.map((item) => item.json.result as unknown) };
}

/** The memory's parameters: an agent and the chat trigger's session id, plus overrides. */
export const memoryParameters = (overrides: INodeParameters = {}): INodeParameters => ({
	agentId: { __rl: true, mode: 'id', value: 'dep_support01' },
	sessionIdType: 'fromInput',
	contextWindowLength: 5,
	longTermContext: false,
	...overrides,
});

/** The memory's parameters with long-term context on: every durable tier and scope, 10 facts, 2,000 characters. */
export const longTermParameters = (overrides: INodeParameters = {}): INodeParameters =>
	memoryParameters({
		longTermContext: true,
		contextTiers: ['L2', 'L3', 'L4'],
		contextScopes: ['agent', 'team', 'company'],
		searchUserMessage: false,
		maxFacts: 10,
		maxCharacters: 2000,
		...overrides,
	});

/** A LangChain message as [type, text]. */
export function described(message: LcMessage): [string, string] {
	const { content } = message;
	const text = typeof content === 'string' ? content : (content as Array<{ text?: string }>).map((part) => part.text ?? '').join('');
	return [message._getType(), text];
}

export async function history(memory: AgentMemory): Promise<Array<[string, string]>> {
	return (await memory.loadMemoryVariables({})).chat_history.map(described);
}
