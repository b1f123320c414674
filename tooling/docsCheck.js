// The documentation check, part of the package check that `npm run build` runs (gulpfile.js) and
// tested by test/docs/docsCheck.test.ts. Plain JavaScript: it reads files, which the strict lint
// forbids in TypeScript.
//
// - README.md is the package's page on npm and in n8n's community-node listing, so it stays short
//   (README_MAX_BYTES) and points into the repository only by absolute URLs: npm shows the README
//   without the repository's other files.
// - Every link and #anchor in README.md, CHANGELOG.md and docs/**/*.md that points into this
//   repository resolves: relative paths to files that exist, anchors to headings of the file they
//   name, computed the way GitHub makes heading ids. A moved page or a renamed heading fails the
//   build instead of leaving a dead link.
// - The documentation links the package ships (the credential's documentationUrl, each node's codex
//   resources) point at an existing file of this repository.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

/** npm and n8n users read the README; contributor material belongs in docs/. */
const README_MAX_BYTES = 15_000;

/** The GitHub addresses of package.json's `repository`: the web page, and the bases for files and images. */
function repositoryUrls(pkg) {
	const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
	const match = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(\.git)?$/.exec(url || '');
	if (!match) throw new Error(`package.json "repository" must be a GitHub repository, got ${JSON.stringify(url)}`);
	const web = `https://github.com/${match[1]}/${match[2]}`;
	return { web, blob: `${web}/blob/HEAD/`, tree: `${web}/tree/HEAD/`, raw: `https://raw.githubusercontent.com/${match[1]}/${match[2]}/HEAD/` };
}

// GitHub's heading ids (github-slugger): lower case; letters, marks, decimal and letter numbers,
// connector punctuation (`_`), `-` and spaces are kept, everything else dropped; each space becomes
// `-`; a repeated id gets `-1`, `-2`, ….
const DROPPED = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\p{Alphabetic} -]/gu;

function githubSlug(text) {
	return text.toLowerCase().replace(DROPPED, '').replace(/ /g, '-');
}

/** The text GitHub renders for a heading's markdown (ids are made from the text, not the markup). */
function headingText(markdown) {
	return markdown
		.split(/(`+[^`]*`+)/)
		.map((part, i) =>
			i % 2 === 1
				? part.replace(/^`+|`+$/g, '')
				: part
						.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
						.replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
						.replace(/<[^>]*>/g, '')
						.replace(/(\*\*|__)(.+?)\1/g, '$2')
						.replace(/(^|[^\p{L}\p{N}])[*_]([^*_]+)[*_](?![\p{L}\p{N}])/gu, '$1$2'),
		)
		.join('')
		.trim();
}

/** Each line outside fenced code blocks, with its 1-based number. */
function proseLines(markdown) {
	const lines = [];
	let fence;
	markdown.split('\n').forEach((line, index) => {
		const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (fence) {
			if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
			return;
		}
		if (marker) {
			fence = marker;
			return;
		}
		lines.push({ text: line, number: index + 1 });
	});
	return lines;
}

/** The anchors a markdown file offers: its headings' ids, and `id`/`name` attributes of HTML in it. */
function anchorsOf(markdown) {
	const anchors = new Set();
	const occurrences = new Map();
	for (const { text } of proseLines(markdown)) {
		const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(text);
		if (heading) {
			const base = githubSlug(headingText(heading[1]));
			let slug = base;
			while (occurrences.has(slug)) {
				occurrences.set(base, occurrences.get(base) + 1);
				slug = `${base}-${occurrences.get(base)}`;
			}
			occurrences.set(slug, 0);
			anchors.add(slug);
		}
		for (const [, id] of text.matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) anchors.add(id);
	}
	return anchors;
}

const INLINE_LINK = /(!?)\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE_LINK = /(!?)\[((?:[^[\]]|\[[^\]]*\])+)\]\[([^\]]*)\]/g;
const DEFINITION = /^ {0,3}\[([^\]]+)\]:\s*<?([^\s>]+)>?/;
const HTML_LINK = /<(a|img)\s[^>]*?\b(?:href|src)="([^"]*)"/gi;

const label = (text) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Links and images of a markdown file (outside code), as `{ target, image, line }`, and the uses of
 * reference labels that no definition gives a target (they render as plain text: a silent break).
 */
function linksOf(markdown) {
	const links = [];
	const definitions = new Set();
	const uses = [];
	const scan = (text, number) => {
		for (const m of text.matchAll(INLINE_LINK)) {
			links.push({ target: m[3], image: m[1] === '!', line: number });
			scan(m[2], number);
		}
		for (const m of text.matchAll(REFERENCE_LINK)) uses.push({ label: label(m[3] || m[2]), line: number });
		for (const m of text.matchAll(HTML_LINK)) links.push({ target: m[2], image: m[1].toLowerCase() === 'img', line: number });
	};
	for (const { text, number } of proseLines(markdown)) {
		const prose = text.replace(/(`+)[^`]*?\1/g, (code) => ' '.repeat(code.length));
		const definition = DEFINITION.exec(prose);
		if (definition) {
			definitions.add(label(definition[1]));
			links.push({ target: definition[2], image: false, line: number });
			continue;
		}
		scan(prose, number);
	}
	return { links, undefinedReferences: uses.filter((use) => !definitions.has(use.label)) };
}

/** The documentation: README.md and the other top-level markdown files, and docs/**; relative to the root. */
function docFiles(root) {
	const top = fs.readdirSync(root).filter((name) => name.endsWith('.md'));
	const walk = (dir) =>
		fs.existsSync(path.join(root, dir))
			? fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : []))
			: [];
	return [...top, ...walk('docs')].sort();
}

/**
 * Reads files relative to the root, with in-memory changes: `replaced` texts stand for whole files,
 * `appended` texts are added to a file's own (tests change a file without writing it).
 */
function reader(root, replaced = {}, appended = {}) {
	const cache = new Map();
	const read = (rel) => {
		if (rel in replaced) return replaced[rel] + (appended[rel] ?? '');
		if (!cache.has(rel)) cache.set(rel, fs.readFileSync(path.join(root, rel), 'utf8') + (appended[rel] ?? ''));
		return cache.get(rel);
	};
	const exists = (rel) => rel in replaced || fs.existsSync(path.join(root, rel));
	const isFile = (rel) => rel in replaced || (fs.existsSync(path.join(root, rel)) && fs.statSync(path.join(root, rel)).isFile());
	return { read, exists, isFile };
}

function decode(text) {
	try {
		return decodeURIComponent(text);
	} catch {
		return undefined;
	}
}

/**
 * Why `rel` (a path relative to the root) with `anchor` does not resolve, or undefined.
 * `kind` says what must be there: a file, a directory, or either.
 */
function resolveProblem(files, rel, anchor, kind = 'either') {
	if (rel === undefined || rel.startsWith('..') || path.isAbsolute(rel)) return 'is outside the repository';
	const target = rel === '' ? '.' : rel;
	if (!files.exists(target)) return `names ${target}, which is not in the repository`;
	if (kind === 'file' && !files.isFile(target)) return `names ${target}, which is a folder (use a tree/HEAD/ address)`;
	if (kind === 'folder' && files.isFile(target)) return `names ${target}, which is a file (use a blob/HEAD/ address)`;
	if (anchor === undefined || anchor === '') return undefined;
	if (target.endsWith('.md')) {
		const decoded = decode(anchor);
		return anchorsOf(files.read(target)).has(decoded ?? anchor) ? undefined : `has the anchor #${anchor}, which is no heading of ${target}`;
	}
	return /^L\d+(-L\d+)?$/.test(anchor) ? undefined : `has the anchor #${anchor}, which ${target} (not markdown) cannot have`;
}

/**
 * A URL into this repository as a file path and anchor: `{ rel, anchor, kind }`; `{ other: true }`
 * for pages of the repository that are not files (issues, releases); undefined for any other site.
 */
function repositoryTarget(url, urls) {
	const lower = url.toLowerCase();
	const [base, anchor] = [url.split('#')[0], url.includes('#') ? url.slice(url.indexOf('#') + 1) : undefined];
	const under = (prefix) => lower.startsWith(prefix.toLowerCase());
	if (under(urls.raw)) return { rel: decode(base.slice(urls.raw.length)), anchor, kind: 'file' };
	if (under(urls.blob)) return { rel: decode(base.slice(urls.blob.length)), anchor, kind: 'file' };
	if (under(urls.tree)) return { rel: decode(base.slice(urls.tree.length).replace(/\/$/, '')), anchor, kind: 'folder' };
	const web = urls.web.toLowerCase();
	if (lower.split('#')[0].replace(/\/$/, '') === web) return anchor === undefined || anchor === 'readme' ? { rel: '', kind: 'either' } : { rel: 'README.md', anchor, kind: 'file' };
	if (/^\/(issues|pulls|releases|compare|actions|security|discussions)(\/|$|\?)/.test(lower.slice(web.length)) && under(`${urls.web}/`)) return { other: true };
	if (under(`${urls.web}/`)) return { unknown: true };
	return undefined;
}

/** Problems of one link target found in `file`. */
function targetProblem(files, urls, file, { target, image }) {
	if (target === '' || /^(mailto|tel):/i.test(target)) return undefined;
	const isReadme = file === 'README.md';
	if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
		const repo = repositoryTarget(target, urls);
		if (!repo || repo.other) return undefined;
		if (repo.unknown) return `links to ${target}: a page of the repository that is not a file; use ${urls.blob}<path>`;
		if (image && isReadme && !target.toLowerCase().startsWith(urls.raw.toLowerCase())) return `shows the image ${target}, which must be under ${urls.raw} to render on npm`;
		const problem = resolveProblem(files, repo.rel, repo.anchor, repo.kind);
		return problem && `links to ${target}, which ${problem}`;
	}
	if (target.startsWith('#')) {
		const anchor = target.slice(1);
		return anchorsOf(files.read(file)).has(decode(anchor) ?? anchor) ? undefined : `links to ${target}, which is no heading of ${file}`;
	}
	if (isReadme) {
		const base = image ? urls.raw : urls.blob;
		return `${image ? 'shows' : 'links to'} ${target} by a relative path: the README is also the npm page, which has no other files; use ${base}${target.replace(/^\.\//, '')}`;
	}
	if (target.startsWith('/')) return `links to ${target}, a path from the site root; use a path relative to ${file}`;
	const [pathPart, anchor] = target.includes('#') ? [target.slice(0, target.indexOf('#')), target.slice(target.indexOf('#') + 1)] : [target, undefined];
	const decoded = decode(pathPart);
	const rel = decoded === undefined ? undefined : path.posix.normalize(path.posix.join(path.posix.dirname(file), decoded)).replace(/\/$/, '');
	const problem = resolveProblem(files, rel === '.' ? '' : rel, anchor);
	return problem && `links to ${target}, which ${problem}`;
}

/**
 * Problems of README.md and the other documentation: size, links, anchors. `replaced` and
 * `appended` map paths (relative to the root) to text used instead of a file's, or added to it.
 */
function docsProblems({ root = ROOT, pkg = require(path.join(root, 'package.json')), replaced = {}, appended = {} } = {}) {
	const urls = repositoryUrls(pkg);
	const files = reader(root, replaced, appended);
	const problems = [];
	const readmeBytes = Buffer.byteLength(files.read('README.md'));
	if (readmeBytes > README_MAX_BYTES) {
		problems.push(`README.md is ${readmeBytes} bytes, more than ${README_MAX_BYTES}: it is what npm and n8n users read; move contributor material to docs/`);
	}
	const names = [...new Set([...docFiles(root), ...Object.keys(replaced).filter((rel) => rel.endsWith('.md'))])];
	for (const file of names) {
		const { links, undefinedReferences } = linksOf(files.read(file));
		for (const link of links) {
			const problem = targetProblem(files, urls, file, link);
			if (problem) problems.push(`${file}:${link.line} ${problem}`);
		}
		for (const use of undefinedReferences) problems.push(`${file}:${use.line} uses the link label [${use.label}], which no definition gives a target`);
	}
	return problems;
}

/**
 * Problems of the documentation links in shipped files (`{ file, text }`): every github.com address
 * must point into this repository, at a file that exists (and a heading of it, when it names one).
 */
function shippedLinkProblems(shipped, { root = ROOT, pkg = require(path.join(root, 'package.json')) } = {}) {
	const urls = repositoryUrls(pkg);
	const files = reader(root);
	const problems = [];
	if (pkg.homepage !== `${urls.web}#readme`) problems.push(`"homepage" must be ${urls.web}#readme (from "repository"), got ${pkg.homepage}`);
	if (pkg.bugs?.url !== `${urls.web}/issues`) problems.push(`"bugs.url" must be ${urls.web}/issues (from "repository"), got ${pkg.bugs?.url}`);
	for (const { file, text } of shipped) {
		for (const [url] of text.matchAll(/https:\/\/github\.com\/[^\s'"`)\\]+/g)) {
			const repo = repositoryTarget(url, urls);
			if (!repo || repo.other || repo.unknown) {
				problems.push(`${file} links to ${url}, which is not a file of the repository (${urls.blob}<path>)`);
				continue;
			}
			const problem = resolveProblem(files, repo.rel, repo.anchor, repo.kind);
			if (problem) problems.push(`${file} links to ${url}, which ${problem}`);
		}
	}
	return problems;
}

module.exports = { README_MAX_BYTES, repositoryUrls, githubSlug, anchorsOf, linksOf, docFiles, docsProblems, shippedLinkProblems };
