/**
 * Operations an AI agent should not run unreviewed: the one place the node decides it. Each one
 * deletes something or takes a capability away. Their actions, which n8n turns into the tool
 * descriptions a model reads ("<action> in Agent Platform"), say so, and the node's tool variant
 * shows a hint pointing at n8n's human review for tools.
 */
import type { NodeHint } from 'n8n-workflow';

export const DESTRUCTIVE_OPERATIONS = {
	memoryFact: ['delete'],
	member: ['remove'],
	team: ['delete'],
	webhookSubscription: ['delete'],
	skill: ['disable'],
} as const satisfies Record<string, readonly string[]>;

const destructive = Object.entries(DESTRUCTIVE_OPERATIONS).flatMap(([resource, operations]) =>
	operations.map((operation) => `${resource}.${operation}`),
);

/**
 * n8n gives every tool variant of a node with Resource and Operation a "Tool Description"
 * parameter (`descriptionType`), which the node itself lacks: the editor's only way to tell the two
 * apart in a hint. API Request counts unless its method is GET: it reaches every route (n8n's own
 * Custom API Call, which opens the HTTP Request node instead, does not). Raw values, so a method
 * the model fills with $fromAI() counts too (an expression is not 'GET').
 */
const shownFor =
	'$rawParameter.descriptionType !== undefined && (' +
	`${JSON.stringify(destructive)}.includes($rawParameter.resource + "." + $rawParameter.operation)` +
	' || ($rawParameter.resource === "apiRequest" && $rawParameter.operation === "request" && $rawParameter.method !== "GET"))';

/**
 * n8n evaluates a hint's condition on the node's own parameters only: the expression sees no
 * connections ($agentInfo lists an AI Agent's tools, for the agent node alone), so the hint cannot
 * know whether this tool already reaches the agent through a human review node. Its words are
 * right either way: a tool already gated, as in the shipped example, needs nothing more.
 */
export const HUMAN_REVIEW_HINT: NodeHint = {
	type: 'info',
	location: 'ndv',
	whenToDisplay: 'always',
	message:
		'Already behind a human review node, as in the human review example? Then nothing more is needed. ' +
		'If not: as a tool this can delete or disable data whenever the model calls it, so connect it to the AI Agent through one (tools panel: Human in the Loop), and keep it off an MCP Server Trigger, which cannot gate tools.',
	displayCondition: `={{ ${shownFor} }}`,
};
