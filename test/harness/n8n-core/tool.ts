/**
 * The tool an AI Agent gets for a node connected to it as a tool ("Agent Platform Tool"), made the
 * way n8n-core's getInputConnectionData makes it: n8n-core's own createNodeAsTool (name,
 * description, the schema of the node's $fromAI() parameters) and makeHandleToolInvocation, which
 * runs the node's execute() in a SupplyDataContext whose ai_tool input holds the model's
 * arguments, where $fromAI() reads them. Only the agent around the tool is left out.
 */
import { SupplyDataContext } from 'n8n-core';
import { createNodeAsTool } from 'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool';
import { makeHandleToolInvocation } from 'n8n-core/dist/execution-engine/node-execution-context/utils/get-input-connection-data';
import { NodeConnectionTypes, type IExecuteData, type IRunExecutionData } from 'n8n-workflow';
import { harnessWorkflow, type ContextOptions } from './contexts';
import { buildAdditionalData } from './executeNode';

export function nodeAsTool(options: ContextOptions) {
	const { workflow, node } = harnessWorkflow(options);
	const additionalData = buildAdditionalData(options.credentials);
	const runExecutionData = {
		version: 1,
		startData: {},
		resultData: { runData: {} },
		executionData: { contextData: {}, metadata: {}, nodeExecutionStack: [], waitingExecution: {}, waitingExecutionSource: null },
	} as unknown as IRunExecutionData;
	const executeData: IExecuteData = { node, data: { main: [[{ json: {} }]] }, source: null };
	const contextFactory = (runIndex: number) =>
		new SupplyDataContext(workflow, node, additionalData, 'manual', runExecutionData, runIndex, [], {}, NodeConnectionTypes.AiTool, executeData, []);
	const { response: tool } = createNodeAsTool({
		node,
		nodeType: options.nodeType,
		handleToolInvocation: makeHandleToolInvocation(contextFactory, node, options.nodeType, runExecutionData),
		context: contextFactory(0),
		itemIndex: 0,
	});
	return { tool, runData: runExecutionData.resultData.runData };
}
