/**
 * What n8n's AI workflow builder reads to use each node well (`builderHint` of a node description,
 * n8n 2.x; older n8n ignores the field): what the node is for, which node to pair it with, and the
 * choices a builder gets wrong most easily. `searchHint` is shown with the node in the builder's
 * search results; `relatedNodes` name node types by their full name.
 */
import type { IBuilderHint } from 'n8n-workflow';

/** n8n names a community node `<package name>.<node name>` (package.json "name"). */
const PACKAGE = 'n8n-nodes-agent-platform';

export const NODE_TYPE_NAMES = {
	action: `${PACKAGE}.agentPlatform`,
	trigger: `${PACKAGE}.agentPlatformTrigger`,
	pollingTrigger: `${PACKAGE}.agentPlatformPollingTrigger`,
	memory: `${PACKAGE}.agentPlatformMemory`,
	aiAgent: '@n8n/n8n-nodes-langchain.agent',
	chatTrigger: '@n8n/n8n-nodes-langchain.chatTrigger',
	mcpTrigger: '@n8n/n8n-nodes-langchain.mcpTrigger',
} as const;

export const ACTION_BUILDER_HINT: IBuilderHint = {
	searchHint:
		'Agent Platform API: deployed agents (IDs dep_...), their memory facts (fact_..., tiers L1 session to L4 company, scopes agent/team/company), Knowledge Hub documents (doc_...), teams, members, skills and webhook subscriptions. ' +
		"As a workflow step it runs once per input item. For an AI Agent, use its tool variant (Agent Platform Tool) on the agent's Tool input, with $fromAI() only in the parameters the model should choose (IDs, search text); in tool mode writes go one at a time, lists stop at Limit, and Get/Get Many default to Simplified output. " +
		'To start a workflow on platform events use Agent Platform Trigger, not Webhook Subscription → Create (whose output holds the signing secret). For an endpoint without an operation use Resource "API Request (Paced, Paginated)", not the HTTP Request node: it keeps the rate limit and sends the key only to the API.',
	relatedNodes: [
		{ nodeType: NODE_TYPE_NAMES.aiAgent, relationHint: "Connect the tool variant (Agent Platform Tool) to the agent's Tool input" },
		{ nodeType: NODE_TYPE_NAMES.mcpTrigger, relationHint: 'Serves the tool variant to MCP clients' },
		{ nodeType: NODE_TYPE_NAMES.trigger, relationHint: 'Starts a workflow on signed platform events; manages its own webhook subscription' },
		{ nodeType: NODE_TYPE_NAMES.memory, relationHint: "An AI Agent's memory kept in a platform agent's memory facts" },
	],
};

export const TRIGGER_BUILDER_HINT: IBuilderHint = {
	searchHint:
		'Starts a workflow when the Agent Platform sends a signed webhook event (memory facts created or promoted, agent status, deployments). ' +
		'Keep Subscription on "Create Automatically": activation registers a subscription for this workflow\'s production URL and keeps its signing secret inside n8n (never in the output); deactivation removes it. ' +
		'"Use Existing Subscription" needs that subscription\'s signing secret in the credential\'s Webhook Signing Secret field. The platform must reach n8n (WEBHOOK_URL); when it cannot, use Agent Platform Polling Trigger.',
	relatedNodes: [
		{ nodeType: NODE_TYPE_NAMES.action, relationHint: 'Acts on the event (read the fact, update the agent, ...)' },
		{ nodeType: NODE_TYPE_NAMES.pollingTrigger, relationHint: 'The same events by polling, for an n8n the platform cannot reach' },
	],
};

export const POLLING_TRIGGER_BUILDER_HINT: IBuilderHint = {
	searchHint:
		'Starts a workflow when agents or memory facts change, found by polling the Agent Platform API on a schedule: for an n8n the platform cannot send webhooks to. The first poll after activation only records what exists; later polls emit one item per change. ' +
		'It spends a share of the API key\'s rate limit; when the platform can reach n8n, Agent Platform Trigger (webhooks) is faster and lighter.',
	relatedNodes: [
		{ nodeType: NODE_TYPE_NAMES.trigger, relationHint: 'Webhook-based trigger: faster, when the platform can reach n8n' },
		{ nodeType: NODE_TYPE_NAMES.action, relationHint: 'Acts on the change' },
	],
};

export const MEMORY_BUILDER_HINT: IBuilderHint = {
	searchHint:
		"Memory for an AI Agent (connect it to the agent's Memory input; needs n8n 2.16 or later): keeps each turn as a memory fact of one platform agent for as long as Keep History says (an hour to until deleted, the default), and with Long-Term Context adds what the organization's agents learned (tiers L2-L4). " +
		'Session key: with a Chat Trigger keep Session ID on "Connected Chat Trigger Node" (one memory per chat). For one memory per user across chats and channels, set Session ID to "Define Below" with Key = an expression holding a stable user ID (for example {{ $json.userId }}), never text the user can choose.',
	relatedNodes: [
		{ nodeType: NODE_TYPE_NAMES.aiAgent, relationHint: 'The agent whose Memory input this node fills' },
		{ nodeType: NODE_TYPE_NAMES.chatTrigger, relationHint: 'Supplies the sessionId that keeps one memory per chat' },
		{ nodeType: NODE_TYPE_NAMES.action, relationHint: "Its tool variant lets the same agent search the platform's memory facts" },
	],
};
