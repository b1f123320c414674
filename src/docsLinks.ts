/**
 * Links from the nodes' hints to the package's documentation, as it reads on its repository's
 * default branch. Hints say one thing in a sentence and link here for the figures; a test checks
 * that every link leads to a file and heading of this repository.
 */
const REPOSITORY_FILES = 'https://github.com/agent-platform/n8n-nodes-agent-platform/blob/HEAD';

/** `file` relative to the repository root; `heading` as GitHub anchors it (lower case, dashes). */
export function docsLink(file: string, heading: string, text: string): string {
	return `<a href="${REPOSITORY_FILES}/${file}#${heading}" target="_blank">${text}</a>`;
}

export const DOCS = {
	pollingCost: () => docsLink('docs/polling-trigger.md', 'what-it-costs-and-how-late-it-reports', 'what polling costs'),
	waits: () => docsLink('docs/rate-limits.md', 'waits-you-can-see', 'waits'),
	longTermContext: () => docsLink('docs/memory.md', 'long-term-context', 'long-term context'),
};
