/**
 * Real n8n-core contexts for the parts of a node that run outside an execution: list search and
 * load options (LoadOptionsContext), webhook lifecycle (HookContext), incoming webhooks
 * (WebhookContext), polls of a polling trigger (PollContext), credential tests
 * (CredentialTestContext). Each is n8n-core's own class; all but the last over a one-node workflow.
 */
import { CredentialTestContext, HookContext, LoadOptionsContext, PollContext, WebhookContext } from 'n8n-core';
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeParameters,
	type INodeType,
	type IWebhookData,
	type IWorkflowExecuteAdditionalData,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { buildAdditionalData, buildNode } from './executeNode';
import { HarnessNodeTypes } from './nodeTypes';

export interface ContextOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: { apiKey: string; baseUrl: string };
	/** Shared across contexts of one "workflow", like n8n's saved static data. */
	staticData?: IDataObject;
	/** The node's version in the workflow; the newest when not given. */
	typeVersion?: number;
}

export function harnessWorkflow(options: ContextOptions): { workflow: Workflow; node: INode } {
	const nodeTypes = new HarnessNodeTypes();
	nodeTypes.register(options.nodeType.description.name, options.nodeType);
	const node = buildNode(options.nodeType, options.parameters, options.typeVersion === undefined ? {} : { typeVersion: options.typeVersion });
	const workflow = new Workflow({
		id: 'harness-workflow',
		name: 'Harness',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes,
		staticData: options.staticData,
		settings: { executionOrder: 'v1' },
	});
	return { workflow, node };
}

/** The node's `default` webhook as n8n registers it. */
function defaultWebhook(workflow: Workflow, node: INode, additionalData: IWorkflowExecuteAdditionalData): IWebhookData {
	return {
		httpMethod: 'POST',
		node: node.name,
		path: 'agent-platform',
		webhookDescription: { name: 'default', httpMethod: 'POST', path: 'agent-platform' },
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
	} as unknown as IWebhookData;
}

export function loadOptionsContext(options: ContextOptions): LoadOptionsContext {
	const { workflow, node } = harnessWorkflow(options);
	const additionalData = buildAdditionalData(options.credentials);
	// The editor sends the node's current parameters with every load-options request.
	additionalData.currentNodeParameters = options.parameters;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters');
}

export function hookContext(
	options: ContextOptions & { webhookUrl: string; mode?: WorkflowExecuteMode; activation?: WorkflowActivateMode },
): { context: HookContext; workflow: Workflow } {
	const { workflow, node } = harnessWorkflow(options);
	const additionalData = buildAdditionalData(options.credentials);
	const webhookData = defaultWebhook(workflow, node, additionalData);
	const context = new HookContext(workflow, node, additionalData, options.mode ?? 'trigger', options.activation ?? 'activate', webhookData);
	// n8n computes the URL from its own base URL; tests point it at their receiver.
	(context as unknown as { getNodeWebhookUrl: () => string }).getNodeWebhookUrl = () => options.webhookUrl;
	return { context, workflow };
}

/** A WebhookContext for one incoming request (the request object as n8n's express layer gives it). */
export function webhookContext(
	options: ContextOptions & { request: IDataObject; response?: IDataObject; mode?: WorkflowExecuteMode },
): WebhookContext {
	const { workflow, node } = harnessWorkflow(options);
	const additionalData = buildAdditionalData(options.credentials);
	(additionalData as unknown as IDataObject).httpRequest = options.request;
	(additionalData as unknown as IDataObject).httpResponse = options.response ?? {};
	const webhookData = defaultWebhook(workflow, node, additionalData);
	return new WebhookContext(workflow, node, additionalData, options.mode ?? 'webhook', webhookData, [], null);
}

/**
 * The PollContext n8n makes when it activates a polling trigger (one per activation, used for
 * every tick), over `workflow` so that static data lives on as it does in n8n between polls.
 * `budgetMs` is what n8n 2.x offers as `getPollBudgetMs()`.
 */
export function pollContext(
	workflow: Workflow,
	node: INode,
	options: { credentials: ContextOptions['credentials']; mode?: WorkflowExecuteMode; activation?: WorkflowActivateMode; budgetMs?: number },
): PollContext {
	const additionalData = buildAdditionalData(options.credentials);
	const fail = () => {
		throw new Error('a poll hands its items back as its result in these tests, not through __emit');
	};
	const budget = options.budgetMs === undefined ? undefined : () => options.budgetMs as number;
	return new PollContext(workflow, node, additionalData, options.mode ?? 'trigger', options.activation ?? 'activate', fail, fail, undefined, undefined, undefined, budget);
}

/**
 * What n8n's credentials tester calls a node's `credentialTest` function with: n8n-core's own
 * context (its `request` helper is n8n's outbound HTTP) and the credential as the dialog holds it.
 */
export function credentialTestContext(): CredentialTestContext {
	return new CredentialTestContext(buildAdditionalData(undefined));
}
