// Puts the figures a command measured into the documentation, between markers that name the saved
// results file, so no figure there is typed by hand:
//   <!-- begin bench/results/latest.md --> ... <!-- end bench/results/latest.md -->
// Every documentation file (README.md and the other top-level markdown, docs/**) holding a file's
// markers gets it: docs/benchmarks.md quotes every table. The README quotes only the one figure a
// user needs, rendered from the saved JSON by README_LINES (markers naming the .json file).
//
// `node bench/quoteInReadme.mjs` quotes every saved result again without re-running anything;
// `--check` only reports a quote that differs from its results file. The build's package check
// (gulpfile.js) makes the same comparison, so a figure edited by hand fails the build.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import docsCheck from '../tooling/docsCheck.js';

const { docFiles } = docsCheck;

const k = (n) => (n >= 1000 ? `${n / 1000}k` : String(n));
const thousands = (n) => n.toLocaleString('en-US');
const dayOf = (markdown) => /\((\d{4}-\d{2}-\d{2})/.exec(markdown)?.[1] ?? 'date unknown';

/**
 * One-line figures for the README, from a result's JSON (and the day its table was measured). Each
 * throws, naming itself, when the results no longer have the fields it reads.
 */
const README_LINES = {
	polling(results, markdown) {
		const runs = results.runs ?? [];
		const stable = runs.filter((r) => ['oldest-first', 'newest-first'].includes(r.order) && r.ties !== 'in a changing order' && r.idleScan?.requests !== undefined && r.changes?.pollsUntilAll !== undefined);
		if (stable.length === 0 || runs.some((r) => r.keyShareTeam === undefined)) {
			throw new Error('bench/results/polling.json has no runs[] with idleScan.requests, changes.pollsUntilAll and keyShareTeam: update README_LINES.polling in bench/quoteInReadme.mjs');
		}
		const sizes = [...new Set(stable.map((r) => r.facts))].sort((a, b) => a - b);
		const most = (facts, f) => Math.max(...stable.filter((r) => r.facts === facts).map(f));
		// The unit follows the first figure only ("1 request at 10k facts and 1 at 100k facts").
		const each = (f, one, many) => sizes.map((facts, i) => `${thousands(most(facts, f))}${i === 0 ? ` ${most(facts, f) === 1 ? one : many}` : ''} at ${k(facts)} facts`).join(' and ');
		return `Measured by \`npm run bench:polling\` (${dayOf(markdown)}), fact list in creation order, L1 facts expiring or not: a poll that finds no new fact costs at most ${each((r) => r.idleScan.requests, 'request', 'requests')} (with a safety read); every promotion was reported within ${each((r) => r.changes.pollsUntilAll, 'minute', 'minutes')} (a poll a minute, Team key); polling took at most ${Math.max(...runs.map((r) => r.keyShareTeam))} of a Team key in every list order.`;
	},
};

const markers = (source) => [`<!-- begin ${source} -->`, `<!-- end ${source} -->`];

/** `text` with `quoted` between the markers of `source`; undefined when it has none. */
function withQuote(text, source, quoted) {
	const [begin, end] = markers(source);
	const from = text.indexOf(begin);
	const to = text.indexOf(end);
	if (from < 0 || to < from) return undefined;
	return `${text.slice(0, from + begin.length)}\n${quoted.trim()}\n${text.slice(to)}`;
}

/** Every quote the saved results make: `{ source, text }`, source being the file the markers name. */
function savedQuotes(root) {
	const dir = path.join(root, 'bench/results');
	const quotes = [];
	for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
		const match = /^([\w-]+)\.md$/.exec(name);
		if (!match) continue;
		const markdown = readFileSync(path.join(dir, name), 'utf8');
		quotes.push({ source: `bench/results/${name}`, text: markdown });
		const line = README_LINES[match[1]];
		const json = path.join(dir, `${match[1]}.json`);
		if (line && existsSync(json)) quotes.push({ source: `bench/results/${match[1]}.json`, text: line(JSON.parse(readFileSync(json, 'utf8')), markdown) });
	}
	return quotes;
}

/**
 * Quotes the saved results into every documentation file that has their markers. With `write`
 * false nothing changes on disk. Returns what differed (`{ file, source }`), the markers that name
 * no saved result, and the results quoted nowhere.
 */
export function quoteAll(root, { write = true, only } = {}) {
	const quotes = savedQuotes(root).filter((q) => !only || only.includes(q.source));
	const stale = [];
	const quotedSomewhere = new Set();
	const unknown = [];
	for (const file of docFiles(root)) {
		const full = path.join(root, file);
		const original = readFileSync(full, 'utf8');
		let text = original;
		for (const quote of quotes) {
			const updated = withQuote(text, quote.source, quote.text);
			if (updated === undefined) continue;
			quotedSomewhere.add(quote.source);
			if (updated !== text) stale.push({ file, source: quote.source });
			text = updated;
		}
		if (write && text !== original) writeFileSync(full, text);
		if (!only) {
			for (const [, source] of original.matchAll(/<!-- begin (\S+) -->/g)) if (!quotes.some((q) => q.source === source)) unknown.push({ file, source });
		}
	}
	return { stale, unknown, unquoted: quotes.filter((q) => !quotedSomewhere.has(q.source)).map((q) => q.source) };
}

/**
 * Saves a run's figures as bench/results/<name>.json and .md, quotes them into the documentation
 * and prints the table. A quick or partial run (`quote: false`) is saved as <name>.partial.json and
 * .md instead (ignored by git), so it never replaces the figures the documentation quotes.
 */
export function saveResults(root, name, results, markdown, { quote = true } = {}) {
	const dir = path.join(root, 'bench/results');
	const base = quote ? name : `${name}.partial`;
	mkdirSync(dir, { recursive: true });
	writeFileSync(path.join(dir, `${base}.json`), JSON.stringify(results, null, 2) + '\n');
	writeFileSync(path.join(dir, `${base}.md`), markdown + '\n');
	if (quote) {
		const sources = [`bench/results/${name}.md`, `bench/results/${name}.json`];
		const { stale, unquoted } = quoteAll(root, { only: sources });
		for (const { file, source } of stale) process.stderr.write(`${file} now quotes ${source}\n`);
		for (const source of unquoted) process.stderr.write(`no documentation file has the markers of ${source}; it is saved but not quoted\n`);
	} else {
		process.stderr.write(`saved as bench/results/${base}.{json,md}; the documentation keeps quoting the last full run\n`);
	}
	process.stdout.write(`\n${markdown}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
	const check = process.argv.includes('--check');
	const { stale, unknown, unquoted } = quoteAll(root, { write: !check });
	for (const { file, source } of stale) process.stderr.write(check ? `${file} does not quote ${source} as saved\n` : `${file} now quotes ${source}\n`);
	for (const { file, source } of unknown) process.stderr.write(`${file} has markers for ${source}, which is not a saved result\n`);
	for (const source of unquoted) process.stderr.write(`${source} is quoted nowhere\n`);
	if (stale.length === 0) process.stderr.write('every quote matches the saved results\n');
	process.exit(unknown.length > 0 || (check && stale.length > 0) ? 1 : 0);
}
