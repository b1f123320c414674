/**
 * What a new user meets first in the README: how to start (the two commands, what opens, the login)
 * before installation and reference, with the login and the address `npm run dev` really uses; and no
 * benchmark figures, which live in docs/benchmarks.md (the README links there).
 */
import { readRepoFile as read } from './repoFile.js';

const readme = read('README.md');
const sections = readme.split(/^## /m).slice(1);

describe('README: starting comes first', () => {
	test('"Try it in two minutes" is the first section, before Installation', () => {
		expect(sections[0].split('\n')[0]).toBe('Try it in two minutes');
		expect(readme.indexOf('## Try it in two minutes')).toBeLessThan(readme.indexOf('## Installation'));
	});

	test('it gives the two commands, where n8n opens and the login dev creates', () => {
		const start = sections[0];
		expect(start).toContain('```sh\nnpm ci\nnpm run dev\n```');
		const owner = /export const OWNER = \{ email: '([^']+)'.*password: '([^']+)' \}/.exec(read('test/harness/n8n-boot.mjs'));
		expect(owner).not.toBeNull();
		expect(start).toContain(`\`${owner![1]}\` / \`${owner![2]}\``);
		const port = /port: \{ type: 'string', default: '(\d+)' \}/.exec(read('test/harness/dev.mjs'));
		expect(start).toContain(`http://localhost:${port![1]}`);
	});

	test('benchmark figures are in docs/benchmarks.md, not the README, which links there', () => {
		expect(readme).not.toMatch(/<!-- begin bench\//);
		expect(readme).not.toMatch(/Measured by `npm run bench/);
		expect(readme).toMatch(/docs\/benchmarks\.md#polling-trigger/);
		const benchmarks = read('docs/benchmarks.md');
		for (const source of ['bench/results/polling.json', 'bench/results/polling-which-trigger.md']) expect(benchmarks).toContain(`<!-- begin ${source} -->`);
		expect(benchmarks).toContain('### Which trigger, side by side');
	});
});
