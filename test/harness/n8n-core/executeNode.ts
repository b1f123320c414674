/**
 * Runs one of our nodes through n8n-core's real workflow engine: `WorkflowExecute` runs a
 * two-node workflow (input → node under test) with real parameter resolution, real
 * `httpRequestWithAuthentication` (our credential's generic auth, applied by
 * TestCredentialsHelper), paired-item handling and continue-on-fail, as n8n does.
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type IRun,
	type IRunExecutionData,
	type IWorkflowExecuteAdditionalData,
	type IConnections,
	type NodeConnectionType,
	Workflow,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { TestCredentialsHelper } from './credentialsHelper';
import { credentialTypes, HarnessNodeTypes, INPUT_NODE_TYPE } from './nodeTypes';

export interface ExecuteNodeOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials?: { apiKey: string; baseUrl: string };
	/** JSON of each input item; default one empty item. */
	inputItems?: IDataObject[];
	continueOnFail?: boolean;
	mode?: WorkflowExecuteMode;
	/** Aborting it cancels the execution, as the Stop button does. */
	signal?: AbortSignal;
	/** Sub-nodes (memory, tools) connected to the node under test through an AI connection. */
	subNodes?: SubNode[];
	/** The node's version in the workflow; the newest when not given. */
	typeVersion?: number;
}

export interface SubNode {
	name: string;
	nodeType: INodeType;
	parameters: INodeParameters;
	connectionType: NodeConnectionType;
	/** The node's version in the workflow; the newest when not given. */
	typeVersion?: number;
}

export interface ExecuteNodeResult {
	/** Items of the node's first output. */
	items: INodeExecutionData[];
	/** Every output. */
	outputs: INodeExecutionData[][];
	/** The node's error when the execution failed. */
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
	/** Undefined when n8n refused to start the workflow. */
	run?: IRun;
}

export const NODE_NAME = 'Node Under Test';

let executions = 0;

export function buildAdditionalData(
	credentials: ExecuteNodeOptions['credentials'],
	hooks?: ExecutionLifecycleHooks,
	executionId = 'harness',
): IWorkflowExecuteAdditionalData {
	const data = new Map<string, ICredentialDataDecryptedObject>();
	if (credentials) data.set('agentPlatformApi', { ...credentials });
	const base = 'http://127.0.0.1:5678';
	return {
		credentialsHelper: new TestCredentialsHelper(credentialTypes, data),
		hooks,
		executionId,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: base,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export function buildNode(nodeType: INodeType, parameters: INodeParameters, extra: Partial<INode> = {}): INode {
	const version = nodeType.description.version;
	return {
		id: 'node-under-test',
		name: NODE_NAME,
		type: nodeType.description.name,
		typeVersion: Array.isArray(version) ? Math.max(...version) : version,
		position: [200, 0],
		parameters,
		credentials: { agentPlatformApi: { id: '1', name: 'Agent Platform account' } },
		...extra,
	};
}

export async function executeNode(options: ExecuteNodeOptions): Promise<ExecuteNodeResult> {
	const nodeTypes = new HarnessNodeTypes();
	nodeTypes.register(options.nodeType.description.name, options.nodeType);
	const input: INode = { id: 'input', name: 'Input', type: INPUT_NODE_TYPE, typeVersion: 1, position: [0, 0], parameters: {} };
	const node = buildNode(options.nodeType, options.parameters, {
		...(options.continueOnFail ? { onError: 'continueRegularOutput' } : {}),
		...(options.typeVersion === undefined ? {} : { typeVersion: options.typeVersion }),
	});
	const connections: IConnections = { Input: { main: [[{ node: NODE_NAME, type: 'main', index: 0 }]] } };
	const subNodes = (options.subNodes ?? []).map((sub, index) => {
		nodeTypes.register(sub.nodeType.description.name, sub.nodeType);
		connections[sub.name] = { [sub.connectionType]: [[{ node: NODE_NAME, type: sub.connectionType, index: 0 }]] };
		const version = sub.typeVersion === undefined ? {} : { typeVersion: sub.typeVersion };
		return buildNode(sub.nodeType, sub.parameters, { id: `sub-node-${index}`, name: sub.name, position: [200, 200], ...version });
	});
	const workflow = new Workflow({
		id: 'harness-workflow',
		name: 'Harness',
		nodes: [input, node, ...subNodes],
		connections,
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1' },
	});
	// Each call is an execution of its own, with its own id, as in n8n.
	executions += 1;
	const executionId = `harness-${executions}`;
	const hooks = new ExecutionLifecycleHooks(options.mode ?? 'manual', executionId, {
		id: 'harness-workflow',
		name: 'Harness',
		nodes: [input, node, ...subNodes],
		connections: {},
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	let resolveRun: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (resolveRun = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => resolveRun(run));

	const items = (options.inputItems ?? [{}]).map((json) => ({ json }));
	const runExecutionData = {
		version: 1,
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [{ node: input, data: { main: [items] }, source: null }],
		},
	} as unknown as IRunExecutionData;

	const execution = new WorkflowExecute(buildAdditionalData(options.credentials, hooks, executionId), options.mode ?? 'manual', runExecutionData);
	let running: ReturnType<WorkflowExecute['processRunExecutionData']>;
	try {
		running = execution.processRunExecutionData(workflow);
	} catch (error) {
		// n8n refuses to start a workflow whose parameters have issues (e.g. a locator's regex).
		return { items: [], outputs: [], error: error as ExecuteNodeResult['error'], run: undefined };
	}
	options.signal?.addEventListener('abort', () => running.cancel());
	await running.catch(() => undefined);
	const run = await finished;

	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	const outputs = (taskData?.data?.main ?? []).map((output) => output ?? []);
	return {
		items: outputs[0] ?? [],
		outputs,
		error: (taskData?.error ?? run.data.resultData.error) as ExecuteNodeResult['error'],
		run,
	};
}
