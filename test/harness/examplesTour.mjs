// The examples in the order `npm run dev` suggests trying them, each with what to do. The order is
// one where nothing an example does breaks another: the clean-up deletes only the facts it creates,
// the trigger recipes promote an L3 fact (it lasts a week, and no example deletes it) or make new
// ones, the human review deletes an L2 fact no other step needs, and the chats read and write only
// their own session's facts. test/e2e/examples.test.mjs runs them in this order, as shipped, in the
// stack `npm run dev` starts.

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
 * The banner's steps. `url(file)` opens an example; `s` has the sandbox (baseUrl, apiKey), n8n's
 * timezone (`timezone`, which the skill example's "before noon" and schedule follow), a fact below L4
 * to promote (`promotable`: { id, tier }), a fact's ID for the human review to ask about
 * (`reviewFact`), the MCP URL and token, and the editor's button labels. test/e2e/examples.test.mjs
 * does what each step says, as it says it (its curl lines included), and checks what it promises.
 */
export function tourSteps(url, s) {
	const curl = (method, route, body) => `curl -X ${method} ${s.sandbox.baseUrl}${route} -H 'Authorization: Bearer ${s.sandbox.apiKey}' -H 'Content-Type: application/json' -d '${JSON.stringify(body)}'`;
	const promotedTo = nextTier(s.promotable.tier);
	// The editor keeps its chat panel open from one workflow to the next, so it may be open already.
	const inTheChat = 'in the chat at the bottom of the editor (click "Open chat" if it is closed)';
	return [
		['Knowledge document sync', url('knowledge-document-sync.json'), [`click "${s.executeWorkflow}": the company overview document gets a new version.`]],
		['Bulk memory clean-up', url('bulk-memory-cleanup.json'), [`click "${s.executeWorkflow}": it creates three facts marked [scratch], finds them by the marker and deletes exactly those.`]],
		['Skill toggling', url('skill-toggling.json'), [
			`click "${s.executeWorkflow}": before noon it enables web browsing for the Sales agent, from noon on it disables it,`,
			`in n8n's timezone, ${s.timezone} (the workflow's settings can give it its own; its schedule follows the same one).`,
		]],
		['The webhook trigger', url('notify-on-promoted-fact.json'), [
			`click "${s.executeWorkflow}": the trigger subscribes and waits for one event. Then, in a terminal, promote a fact from ${s.promotable.tier} to ${promotedTo}:`,
			`  ${curl('POST', `/memory/facts/${s.promotable.id}/promote`, { tier: promotedTo })}`,
			`The signed event arrives, is verified, and the whole workflow runs: "Format message" writes "Memory fact ${s.promotable.id} promoted ${s.promotable.tier} → ${promotedTo} (…): …"`,
			'(add Slack or email after it). Published, the workflow does the same for every promotion, without a click.',
		]],
		['The polling trigger (no public URL needed)', url('react-to-changes-by-polling.json'), [
			'publish the workflow, then create a fact. At the next poll (within a minute) one run starts,',
			'with one item per change found since the poll before (new facts, agents whose status changed); "Describe the change" writes a line for each:',
			`  ${curl('POST', '/memory/facts', { agent_id: 'dep_support01', content: 'Hello from the polling example' })}`,
			'The run shows under "Executions" (a published workflow\'s runs do not show on the canvas). Deleting a fact is no event, so it starts no run.',
			`Chat turns that Agent Platform Memory saves (step ${TOUR.indexOf('chat-agent-with-platform-memory.json') + 1}) are memory facts too, so they are memory.fact_created events:`,
			'both triggers leave them out unless "Include Chat Turns" is on (off in new trigger nodes).',
		]],
		['AI agent with the Agent Platform tool', url('ai-agent-with-agent-platform-tool.json'), [`${inTheChat}, write: ${CHAT_RECIPES.tool}`, 'The model calls the tool, which searches the memory facts, and answers with the facts it found.']],
		['Chat agent with Agent Platform Memory', url('chat-agent-with-platform-memory.json'), [`${inTheChat}, write "${CHAT_RECIPES.rememberFirst}", then "${CHAT_RECIPES.rememberSecond}": the second answer quotes the first.`]],
		['Chat agent with human review', url('chat-agent-with-human-review.json'), [
			`${inTheChat}, write: ${CHAT_RECIPES.review(s.reviewFact)}`,
			`The model calls a tool that deletes, so the chat first asks: "The agent asks to Delete memory fact with fact ID ${s.reviewFact}", with Approve / Decline.`,
			'Decline: the agent says it did not run it, and the fact stays. Write the message again and Approve: the agent says it deleted the fact.',
			'The list and search tools run without a review.',
		]],
		['MCP server', url('mcp-server-for-agent-platform.json'), [
			`publish it (its credentials are set); an MCP client connects to ${s.mcpUrl} with the header "Authorization: Bearer ${s.mcpToken}".`,
		]],
	];
}

/** The tier a promotion moves a fact of `tier` to (L4 stays L4: it is the top). */
export const nextTier = (tier) => ({ L1: 'L2', L2: 'L3', L3: 'L4' })[tier] ?? 'L4';

/**
 * What the tour's steps name in a running stack (see tourSteps): n8n's timezone, an L3 fact to
 * promote (it lasts a week, and no example deletes it), an L2 fact for the human review (no other
 * step needs it), the MCP URL and token. `labels` has the editor's button labels.
 */
export async function tourFacts(stack, labels) {
	const { sandbox, n8n } = stack;
	const first = async (tier) => {
		const res = await fetch(`${sandbox.baseUrl}/memory/facts?tier=${tier}&limit=1`, { headers: { authorization: `Bearer ${sandbox.apiKey}` } });
		const [fact] = (await res.json()).data ?? [];
		if (!fact) throw new Error(`the sandbox has no ${tier} fact for the tour`);
		return fact;
	};
	const { timezone } = await stack.api.rest('GET', '/settings');
	return {
		sandbox,
		timezone,
		promotable: await first('L3'),
		reviewFact: (await first('L2')).id,
		mcpUrl: `${n8n.url}/mcp/agent-platform`,
		mcpToken: stack.mcpToken,
		...labels,
	};
}
