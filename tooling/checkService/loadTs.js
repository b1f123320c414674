// Loads the checks (TypeScript, over the package's own client) for cli.mjs without a compile step
// that holds the terminal: each .ts file is transpiled alone (the project's files are written for
// isolatedModules; `npm run typecheck` checks their types) and kept in .cache/checkService under its
// content's hash, so a later run reads it back. The first run transpiles file by file with a turn of
// the event loop between them, so the command's heartbeat keeps printing meanwhile.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const cacheDir = path.join(root, '.cache/checkService');
/** Emit options of tsconfig.json that change the output (module system, target, imports). */
const EMIT = { module: 'commonjs', target: 'es2022', esModuleInterop: true, removeComments: true, preserveConstEnums: true };
const tsVersion = require('typescript/package.json').version;

let ts;
function transpile(source, filename) {
	ts ??= require('typescript');
	const compilerOptions = { ...EMIT, module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 };
	return ts.transpileModule(source, { compilerOptions, fileName: filename }).outputText;
}

function cached(filename) {
	const source = fs.readFileSync(filename, 'utf8');
	const hash = crypto.createHash('sha256').update(`${tsVersion}\0${JSON.stringify(EMIT)}\0${filename}\0${source}`).digest('hex');
	const file = path.join(cacheDir, `${hash.slice(0, 32)}.js`);
	let text;
	try {
		text = fs.readFileSync(file, 'utf8');
	} catch {
		// Not transpiled yet (or pruned by another run meanwhile).
	}
	return { source, file, text };
}

/** The file's JavaScript, from the cache or transpiled now (and kept). */
function javascriptOf(filename) {
	const entry = cached(filename);
	if (entry.text !== undefined) return { text: entry.text, fresh: false };
	const text = transpile(entry.source, filename);
	fs.mkdirSync(cacheDir, { recursive: true });
	// Written aside, then renamed: two runs at once never read half a file.
	const aside = `${entry.file}.${process.pid}.tmp`;
	fs.writeFileSync(aside, text);
	fs.renameSync(aside, entry.file);
	return { text, fresh: true };
}

/** The .ts file a relative import names, if it is one. */
function tsFileOf(from, specifier) {
	const base = path.resolve(path.dirname(from), specifier);
	return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
}

const RELATIVE_REQUIRE = /require\("(\.{1,2}\/[^"]+)"\)/g;

/**
 * Transpiles every .ts file the entries reach, one per turn of the event loop, then lets `require`
 * load .ts files from what was transpiled. `onFile(count)` is told after each file transpiled anew;
 * `prune`: the cache's stale files go (the run that loads the whole of the checks asks it).
 */
async function prepare(entries, onFile = () => {}, prune = false) {
	fs.mkdirSync(cacheDir, { recursive: true });
	const pending = [...entries];
	const seen = new Set();
	let fresh = 0;
	while (pending.length > 0) {
		const file = pending.pop();
		if (seen.has(file)) continue;
		seen.add(file);
		const js = javascriptOf(file);
		if (js.fresh) {
			fresh += 1;
			onFile(fresh);
			await new Promise((resolve) => setImmediate(resolve));
		}
		for (const [, specifier] of js.text.matchAll(RELATIVE_REQUIRE)) {
			const next = tsFileOf(file, specifier);
			if (next) pending.push(next);
		}
	}
	require.extensions['.ts'] = (module, filename) => module._compile(javascriptOf(filename).text, filename);
	if (prune) pruneCache([...seen].map((file) => cached(file).file));
	return seen.size;
}

/** Files of the cache this run did not use and nobody has written for a day: gone, so it does not grow with every edit. */
const STALE_MS = 24 * 60 * 60 * 1000;
function pruneCache(used) {
	const keep = new Set(used);
	for (const name of fs.readdirSync(cacheDir)) {
		const file = path.join(cacheDir, name);
		try {
			if (name.endsWith('.js') && !keep.has(file) && Date.now() - fs.statSync(file).mtimeMs > STALE_MS) fs.unlinkSync(file);
		} catch {
			// Another run removed it first.
		}
	}
}

module.exports = { prepare, root };
