// Package checks that run after `n8n-node build` (`npm run build` calls `node gulpfile.js check`).
// The tasks are gulp-compatible exports (`gulp check` works where gulp is installed), but nothing
// here needs gulp: `node gulpfile.js <task>` runs them with Node alone.
//
// - prune: `n8n-node build` copies every .png/.svg in the repository into dist (docs
//   screenshots included); only the icons of the nodes and credentials ship.
// - check: the package ships what n8n loads and nothing else: every file in the `n8n` section
//   exists, each node's and credential's icons exist, no test code or sandbox in dist, no runtime
//   dependencies, the peer dependencies are exactly n8n-workflow "*" and the AI node SDK "*", the SDK
//   is an optional peer (n8n versions before 2.16 lack it; npm must not install a copy beside the
//   package) and n8n.aiNodeSdkVersion is declared with it, as the scanner's ai-node-package-json
//   rule requires.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = __dirname;
const dist = path.join(root, 'dist');
const pkg = require('./package.json');

function walk(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

async function prune() {
	const shipped = ['nodes', 'credentials'].map((d) => path.join(dist, d) + path.sep);
	for (const file of walk(dist)) {
		if (/\.(png|svg)$/.test(file) && !shipped.some((prefix) => file.startsWith(prefix))) fs.rmSync(file);
	}
	for (const dir of ['docs', 'test', 'examples', 'bench']) fs.rmSync(path.join(dist, dir), { recursive: true, force: true });
	// tsc's incremental state: useful for rebuilding here, dead weight in the tarball.
	fs.rmSync(path.join(dist, 'tsconfig.tsbuildinfo'), { force: true });
}

function iconFiles(compiledFile) {
	const source = fs.readFileSync(compiledFile, 'utf8');
	return [...source.matchAll(/file:([\w.-]+\.svg)/g)].map((m) => path.join(path.dirname(compiledFile), m[1]));
}

async function check() {
	const problems = [];
	const listed = [...(pkg.n8n.nodes || []), ...(pkg.n8n.credentials || [])];
	for (const file of listed) {
		const full = path.join(root, file);
		if (!fs.existsSync(full)) {
			problems.push(`${file} is listed in package.json "n8n" but was not built`);
			continue;
		}
		for (const icon of iconFiles(full)) if (!fs.existsSync(icon)) problems.push(`${path.relative(root, icon)} (icon of ${file}) is missing`);
	}
	for (const file of walk(dist)) {
		const rel = path.relative(root, file);
		if (/(^|\/)(test|sandbox|harness|bench)(\/|$)|\.test\.js$/.test(rel)) problems.push(`${rel} is test or tooling code and must not ship`);
	}
	if (Object.keys(pkg.dependencies || {}).length > 0) problems.push('"dependencies" must be empty: a verified community node has none');
	const peers = pkg.peerDependencies || {};
	if (JSON.stringify(peers) !== JSON.stringify({ '@n8n/ai-node-sdk': '*', 'n8n-workflow': '*' })) {
		problems.push('"peerDependencies" must be exactly {"@n8n/ai-node-sdk": "*", "n8n-workflow": "*"}');
	}
	if (pkg.peerDependenciesMeta?.['@n8n/ai-node-sdk']?.optional !== true) problems.push('"@n8n/ai-node-sdk" must be an optional peer dependency (peerDependenciesMeta)');
	if (!Number.isInteger(pkg.n8n.aiNodeSdkVersion) || pkg.n8n.aiNodeSdkVersion < 1) problems.push('"n8n.aiNodeSdkVersion" must be a positive integer when the SDK is a peer dependency');
	if (JSON.stringify(pkg.files) !== JSON.stringify(['dist'])) problems.push('"files" must be ["dist"]');
	if (problems.length > 0) {
		throw new Error(`Package check failed:\n- ${problems.join('\n- ')}`);
	}
	process.stdout.write(`Package check passed: ${listed.length} entry points, icons present, dist holds only shipped code.\n`);
}

exports.prune = prune;
exports.check = async () => {
	await prune();
	await check();
};
exports.default = exports.check;

if (require.main === module) {
	const task = exports[process.argv[2] || 'default'];
	if (!task) {
		process.stderr.write(`Unknown task "${process.argv[2]}". Tasks: ${Object.keys(exports).join(', ')}\n`);
		process.exit(2);
	}
	task().catch((error) => {
		process.stderr.write(`${error.message}\n`);
		process.exit(1);
	});
}
