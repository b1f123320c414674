/**
 * What the editor says to a person: one sentence and a link for the figures, and nothing that is
 * not true of the n8n it shows on. Every link to the documentation leads to a file and heading of
 * this repository.
 */
import type { INodeProperties } from 'n8n-workflow';
import { AgentPlatformMemory } from '../../nodes/AgentPlatformMemory/AgentPlatformMemory.node';
import { AgentPlatformPollingTrigger } from '../../nodes/AgentPlatformPollingTrigger/AgentPlatformPollingTrigger.node';
import { DOCS } from '../../src/docsLinks';
import { shippedLinkProblems } from '../../tooling/docsCheck';

const words = (text: string) => text.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;

test('every documentation link the nodes give leads to a file and a heading of this repository', () => {
	const links = Object.entries(DOCS).map(([name, link]) => ({ file: `DOCS.${name}`, text: link() }));
	expect(links.length).toBeGreaterThan(2);
	expect(shippedLinkProblems(links)).toEqual([]);
	// The check bites: a heading that is not there.
	expect(shippedLinkProblems([{ file: 'x', text: links[0].text.replace(/#[^"]+/, '#no-such-heading') }])).toHaveLength(1);
});

test('the memory node names no n8n version in the editor: its notice shows on every n8n, 2.41 included', () => {
	for (const property of new AgentPlatformMemory().description.properties) {
		expect(`${property.displayName} ${property.description ?? ''} ${property.hint ?? ''}`).not.toMatch(/n8n \d/);
	}
});

test("the polling trigger's Share of Rate Limit: a sentence, and a link for the figures", () => {
	const options = new AgentPlatformPollingTrigger().description.properties.find((p) => p.name === 'options')?.options as INodeProperties[];
	const share = options.find((o) => o.name === 'keyShare');
	expect(words(share?.description ?? '')).toBeLessThanOrEqual(30);
	expect(words(share?.hint ?? '')).toBeLessThanOrEqual(20);
	expect(share?.hint).toContain(DOCS.pollingCost());
	expect(`${share?.description} ${share?.hint}`).not.toMatch(/\d{2,}/);
});
