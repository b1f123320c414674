/**
 * Links from the nodes' hints to the package's documentation, as it reads on its repository's
 * default branch. Hints say one thing in a sentence and link here for the figures. Each address is
 * written out whole: `npm run build` checks every github.com address in dist against the
 * repository's files and headings.
 */
const link = (url: string, text: string) => `<a href="${url}" target="_blank">${text}</a>`;

export const DOCS = {
	pollingCost: () => link('https://github.com/agent-platform/n8n-nodes-agent-platform/blob/HEAD/docs/polling-trigger.md#what-it-costs-and-how-late-it-reports', 'what polling costs'),
	waits: () => link('https://github.com/agent-platform/n8n-nodes-agent-platform/blob/HEAD/docs/rate-limits.md#waits-you-can-see', 'waits'),
	longTermContext: () => link('https://github.com/agent-platform/n8n-nodes-agent-platform/blob/HEAD/docs/memory.md#long-term-context', 'long-term context'),
};
