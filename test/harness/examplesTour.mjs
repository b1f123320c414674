// The examples in the order `npm run dev` suggests trying them, each with what to do. The order is
// one where nothing an example does breaks another: the clean-up deletes only the facts it creates,
// the trigger recipes use facts no example deletes (L4 facts, which never expire, or new ones), and
// the chats read and write only their own session's facts. test/e2e/examples.test.mjs runs them
// in this order, as shipped, in the stack `npm run dev` starts.

/** The example files in the order to try them. */
export const TOUR = [
	'knowledge-document-sync.json',
	'bulk-memory-cleanup.json',
	'skill-toggling.json',
	'notify-on-promoted-fact.json',
	'react-to-changes-by-polling.json',
	'ai-agent-with-agent-platform-tool.json',
	'chat-agent-with-platform-memory.json',
	'chat-agent-with-human-review.json',
	'mcp-server-for-agent-platform.json',
];

/** What the chat examples understand from the local fake model (test/fake-model/server.mjs). */
export const CHAT_RECIPES = {
	tool: 'use Agent_Platform: refund window',
	rememberFirst: 'My name is Ada',
	rememberSecond: 'What is my name?',
	/** A tool that deletes, so the chat asks a person first; the fact is one no other step needs. */
	review: (factId) => `use Delete_memory_fact: ${factId}`,
};

/**
 * The banner's steps. `url(file)` opens an example; `s` has the sandbox (baseUrl, apiKey), an L4
 * fact's ID to promote, a fact's ID for the human review to ask about (`reviewFact`), the MCP URL
 * and token, and the editor's button labels.
 */
export function tourSteps(url, s) {
	const curl = (method, route, body) => `curl -X ${method} ${s.sandbox.baseUrl}${route} -H 'Authorization: Bearer ${s.sandbox.apiKey}' -H 'Content-Type: application/json' -d '${JSON.stringify(body)}'`;
	return [
		['Knowledge document sync', url('knowledge-document-sync.json'), [`click "${s.executeWorkflow}": the company overview document gets a new version.`]],
		['Bulk memory clean-up', url('bulk-memory-cleanup.json'), [`click "${s.executeWorkflow}": it creates three facts marked [scratch], finds them by the marker and deletes exactly those.`]],
		['Skill toggling', url('skill-toggling.json'), [`click "${s.executeWorkflow}": before noon it enables web browsing for the Sales agent, after noon it disables it.`]],
		['The webhook trigger', url('notify-on-promoted-fact.json'), [
			`click "${s.executeStep}" on "When a fact is promoted" (or publish the workflow), then in a terminal:`,
			`  ${curl('POST', `/memory/facts/${s.promotable}/promote`, { tier: 'L4' })}`,
			'The signed event arrives, is verified, and "Format message" writes a line (add Slack or email after it).',
		]],
		['The polling trigger (no public URL needed)', url('react-to-changes-by-polling.json'), [
			'publish the workflow, then create a fact (or run the clean-up again). At the next poll (within a minute) one run starts,',
			'with one item per change found since the poll before; "Describe the change" writes a line for each:',
			`  ${curl('POST', '/memory/facts', { agent_id: 'dep_support01', content: 'Hello from the polling example' })}`,
			`Chat turns that Agent Platform Memory saves (step ${TOUR.indexOf('chat-agent-with-platform-memory.json') + 1}) are memory facts too, so they are memory.fact_created events:`,
			'both triggers leave them out unless "Include Chat Turns" is on (off in new trigger nodes).',
		]],
		['AI agent with the Agent Platform tool', url('ai-agent-with-agent-platform-tool.json'), [`click "Open chat" and write: ${CHAT_RECIPES.tool}`, 'The model calls the tool, which searches the memory facts, and answers with the facts it found.']],
		['Chat agent with Agent Platform Memory', url('chat-agent-with-platform-memory.json'), [`click "Open chat", write "${CHAT_RECIPES.rememberFirst}", then "${CHAT_RECIPES.rememberSecond}": the second answer quotes the first.`]],
		['Chat agent with human review', url('chat-agent-with-human-review.json'), [
			`click "Open chat" and write: ${CHAT_RECIPES.review(s.reviewFact)}`,
			'The model calls a tool that deletes, so the chat shows the call with Approve / Decline first: Decline keeps the fact,',
			'Approve deletes it. The list and search tools run without a review.',
		]],
		['MCP server', url('mcp-server-for-agent-platform.json'), [`publish it; an MCP client connects to ${s.mcpUrl} with the header "Authorization: Bearer ${s.mcpToken}".`]],
	];
}
