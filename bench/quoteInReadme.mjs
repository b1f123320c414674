// Puts a results table into README.md between its markers, so the README always quotes what the
// command last printed and no figure there is typed by hand. The markers name the results file:
//   <!-- begin bench/results/latest.md --> ... <!-- end bench/results/latest.md -->
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function quoteInReadme(root, resultsFile, markdown) {
	const file = path.join(root, 'README.md');
	const begin = `<!-- begin ${resultsFile} -->`;
	const end = `<!-- end ${resultsFile} -->`;
	const text = readFileSync(file, 'utf8');
	const from = text.indexOf(begin);
	const to = text.indexOf(end);
	if (from < 0 || to < from) {
		process.stderr.write(`README.md has no "${begin}" … "${end}" markers; ${resultsFile} not quoted there\n`);
		return;
	}
	const updated = `${text.slice(0, from + begin.length)}\n${markdown.trim()}\n${text.slice(to)}`;
	if (updated !== text) writeFileSync(file, updated);
	process.stderr.write(`README.md now quotes ${resultsFile}\n`);
}

/**
 * Saves a run's figures as bench/results/<name>.json and .md, quotes the table into README.md when
 * `quote` (a full run; a quick or partial one stays in the files) and prints it.
 */
export function saveResults(root, name, results, markdown, { quote = true } = {}) {
	const dir = path.join(root, 'bench/results');
	mkdirSync(dir, { recursive: true });
	writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(results, null, 2) + '\n');
	writeFileSync(path.join(dir, `${name}.md`), markdown + '\n');
	if (quote) quoteInReadme(root, `bench/results/${name}.md`, markdown);
	process.stdout.write(`\n${markdown}\n`);
}
