// The shape the package's code keeps, measured on its syntax tree (TypeScript's own parser). `npm test`
// holds the code to it (test/shape/codeShape.test.ts); `node tooling/codeShape.js [N]` prints the N
// longest files and functions and every import from one node's folder into another's. Plain
// JavaScript: it reads files, which the strict lint forbids in TypeScript.
//
// - No file in src/, nodes/ or credentials/ is longer than MAX_FILE_LINES: a file is one job a reader
//   takes in whole, and one that grows past it holds two.
// - No function in src/, nodes/ or credentials/ is longer than MAX_FUNCTION_LINES, from its first
//   line to its last (the comment above it not counted; a function inside another counts in both):
//   a function a reader cannot take in at once is split by what its parts do.
// - No node folder imports from another node's folder: what several nodes use lives in a folder
//   under nodes/ that holds no node (nodes/parts/), and that folder imports from no node's folder.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.join(__dirname, '..');
const MAX_FUNCTION_LINES = 45;
const MAX_FILE_LINES = 400;

const PRODUCT_FOLDERS = ['src', 'nodes', 'credentials'];

const parse = (file, text) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

/** What a reader calls a function: its own name, or the name it is given (a variable, a property). */
function nameOf(node) {
	if (ts.isConstructorDeclaration(node)) return 'constructor';
	if (node.name && ts.isIdentifier(node.name)) return node.name.text;
	const { parent } = node;
	if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && ts.isIdentifier(parent.name)) {
		return parent.name.text;
	}
	return '(anonymous)';
}

/** Every function with a body in one file's text, with its first line and its length in lines. */
function functionsOf(file, text) {
	const source = parse(file, text);
	const found = [];
	const visit = (node) => {
		if (ts.isFunctionLike(node) && node.body) {
			const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
			found.push({ file, line: first + 1, name: nameOf(node), lines: last - first + 1 });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** One file's length in lines (a last line without a newline counts; the newline ending the file adds none). */
const linesOf = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The node folder (under nodes/) a repository path lies in, or undefined. */
function nodeFolderOf(file, nodeFolders) {
	const [top, folder] = file.split('/');
	return top === 'nodes' && nodeFolders.includes(folder) ? folder : undefined;
}

/** The imports and re-exports in one file's text that reach into a node folder other than the file's own. */
function crossNodeImportsOf(file, text, nodeFolders) {
	const own = nodeFolderOf(file, nodeFolders);
	const found = [];
	for (const statement of parse(file, text).statements) {
		const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
		if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
		const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.text));
		const other = nodeFolderOf(target, nodeFolders);
		if (other !== undefined && other !== own) found.push({ file, imports: specifier.text, from: other });
	}
	return found;
}

function walk(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** The package's TypeScript files, relative to `root` with `/` separators, and their text. */
function productFiles(root) {
	return PRODUCT_FOLDERS.flatMap((folder) => walk(path.join(root, folder)))
		.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
		.map((file) => ({ file: path.relative(root, file).split(path.sep).join('/'), text: fs.readFileSync(file, 'utf8') }))
		.sort((a, b) => a.file.localeCompare(b.file));
}

/** The folders under nodes/ that hold a node (`<Folder>/<Folder>.node.ts`). */
function nodeFolders(root) {
	const nodes = path.join(root, 'nodes');
	if (!fs.existsSync(nodes)) return [];
	return fs
		.readdirSync(nodes, { withFileTypes: true })
		.filter((e) => e.isDirectory() && fs.existsSync(path.join(nodes, e.name, `${e.name}.node.ts`)))
		.map((e) => e.name)
		.sort();
}

/** Every function of the package, longest first. */
const functionLengths = (root = ROOT) =>
	productFiles(root)
		.flatMap(({ file, text }) => functionsOf(file, text))
		.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);

/** Every file of the package with its length in lines, longest first. */
const fileLengths = (root = ROOT) =>
	productFiles(root)
		.map(({ file, text }) => ({ file, lines: linesOf(text) }))
		.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));

/** Every import of the package from one node's folder into another's. */
function crossNodeImports(root = ROOT) {
	const folders = nodeFolders(root);
	return productFiles(root)
		.filter(({ file }) => file.startsWith('nodes/'))
		.flatMap(({ file, text }) => crossNodeImportsOf(file, text, folders));
}

/** What breaks the shape, one line each. */
function problemsOf(functions, imports, files = []) {
	return [
		...files
			.filter((f) => f.lines > MAX_FILE_LINES)
			.map((f) => `${f.file} is ${f.lines} lines, more than ${MAX_FILE_LINES}: split it by the jobs it holds`),
		...functions
			.filter((f) => f.lines > MAX_FUNCTION_LINES)
			.map((f) => `${f.file}:${f.line} ${f.name} is ${f.lines} lines, more than ${MAX_FUNCTION_LINES}: split it by what its parts do`),
		...imports.map((i) => `${i.file} imports ${i.imports}, inside the node folder ${i.from}: what several nodes use belongs in nodes/parts/`),
	];
}

/** What breaks the shape in the repository at `root`; empty when the code keeps it. */
const shapeProblems = (root = ROOT) => problemsOf(functionLengths(root), crossNodeImports(root), fileLengths(root));

module.exports = { MAX_FILE_LINES, MAX_FUNCTION_LINES, crossNodeImports, crossNodeImportsOf, fileLengths, functionLengths, functionsOf, linesOf, problemsOf, shapeProblems };

if (require.main === module) {
	const count = Number(process.argv[2]) || 10;
	const functions = functionLengths();
	const imports = crossNodeImports();
	const files = fileLengths();
	process.stdout.write(`The ${count} longest of ${files.length} files in ${PRODUCT_FOLDERS.join('/, ')}/ (at most ${MAX_FILE_LINES} lines):\n`);
	for (const f of files.slice(0, count)) process.stdout.write(`  ${String(f.lines).padStart(3)}  ${f.file}\n`);
	process.stdout.write(`The ${count} longest of ${functions.length} functions in ${PRODUCT_FOLDERS.join('/, ')}/ (at most ${MAX_FUNCTION_LINES} lines):\n`);
	for (const f of functions.slice(0, count)) process.stdout.write(`  ${String(f.lines).padStart(3)}  ${f.file}:${f.line} ${f.name}\n`);
	process.stdout.write(`Imports from another node's folder: ${imports.length}\n`);
	for (const i of imports) process.stdout.write(`  ${i.file} -> ${i.imports}\n`);
	const problems = problemsOf(functions, imports, files);
	for (const problem of problems) process.stderr.write(`${problem}\n`);
	process.exitCode = problems.length > 0 ? 1 : 0;
}
