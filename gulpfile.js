// Package checks that run after `n8n-node build` (`npm run build` calls `node gulpfile.js check`).
// The tasks are gulp-compatible exports (`gulp check` works where gulp is installed), but nothing
// here needs gulp: `node gulpfile.js <task>` runs them with Node alone.
//
// - prune: `n8n-node build` copies every .png/.svg in the repository into dist (docs
//   screenshots included); only the icons ship (icons/: one brand icon, light and dark, that the
//   nodes and the credential use, as in n8n's own templates). Type declarations do not ship either.
// - check: the package ships what n8n loads and nothing else: every file in the `n8n` section
//   exists, each node's and credential's icons exist, no test code or sandbox in dist, no runtime
//   dependencies, the peer dependencies are exactly n8n-workflow "*" and the AI node SDK "*", the SDK
//   is an optional peer (n8n versions before 2.16 lack it; npm must not install a copy beside the
//   package) and n8n.aiNodeSdkVersion is declared with it, as the scanner's ai-node-package-json
//   rule requires. And the documentation holds together (tooling/docsCheck.js): README.md stays
//   within its size, every link and #anchor of README.md and docs/ resolves, README images and
//   links into the repository are absolute (the README is also the npm page, where docs/ is not),
//   the documentation links the nodes and the credential ship point at existing files of
//   `repository`, and every figure the documentation quotes is the saved result of the command
//   that measured it (bench/quoteInReadme.mjs --check).
// - release-check (the publish workflow, before `npm publish`): the tag is the package version,
//   `repository` is the GitHub repository publishing it (npm's provenance check refuses a
//   mismatch), and the author's email is a real address.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = __dirname;
const dist = path.join(root, 'dist');
const pkg = require('./package.json');
const { docsProblems, repositoryUrls, shippedLinkProblems } = require('./tooling/docsCheck');

function walk(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

async function prune() {
	const shipped = ['icons', 'nodes', 'credentials'].map((d) => path.join(dist, d) + path.sep);
	for (const file of walk(dist)) {
		if (/\.(png|svg)$/.test(file) && !shipped.some((prefix) => file.startsWith(prefix))) fs.rmSync(file);
	}
	for (const dir of ['docs', 'test', 'examples', 'bench']) fs.rmSync(path.join(dist, dir), { recursive: true, force: true });
	// tsc's incremental state: useful for rebuilding here, dead weight in the tarball.
	fs.rmSync(path.join(dist, 'tsconfig.tsbuildinfo'), { force: true });
	// Type declarations: n8n loads the .js, nothing imports the package's types, and the verification
	// scanner lints a credential's .d.ts with the rule that its file name must end in .credentials.ts.
	for (const file of walk(dist)) if (/\.d\.ts(\.map)?$/.test(file)) fs.rmSync(file);
}

/** Problems of the documentation and of the documentation links that ship. */
async function documentationProblems() {
	const shipped = walk(dist)
		.filter((file) => /\.(js|json)$/.test(file))
		.map((file) => ({ file: path.relative(root, file), text: fs.readFileSync(file, 'utf8') }));
	const problems = [...shippedLinkProblems(shipped, { root, pkg }), ...docsProblems({ root, pkg })];
	const { quoteAll } = await import('./bench/quoteInReadme.mjs');
	const { stale, unknown } = quoteAll(root, { write: false });
	for (const { file, source } of stale) problems.push(`${file} does not quote ${source} as saved: run \`node bench/quoteInReadme.mjs\` (figures are never typed by hand)`);
	for (const { file, source } of unknown) problems.push(`${file} has markers for ${source}, which is not a saved result`);
	return problems;
}

/**
 * The icon files a built node or credential shows, resolved from its own file as n8n's loader does
 * (n8n-core's DirectoryLoader.fixIconPaths): the nodes take their icon from nodes/parts/header.ts, so
 * only the loaded class says which path each one gives.
 */
function iconFiles(compiledFile) {
	const types = Object.values(require(compiledFile)).filter((value) => typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value)));
	const icons = types.map((Type) => {
		const instance = new Type();
		return (instance.description ?? instance).icon;
	});
	return icons
		.flatMap((icon) => (typeof icon === 'string' ? [icon] : icon ? [icon.light, icon.dark] : []))
		.filter((icon) => typeof icon === 'string' && icon.startsWith('file:'))
		.map((icon) => path.join(path.dirname(compiledFile), icon.slice('file:'.length)));
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
		const icons = iconFiles(full);
		if (icons.length === 0) problems.push(`${file} shows no icon file`);
		for (const icon of icons) if (!fs.existsSync(icon)) problems.push(`${path.relative(root, icon)} (icon of ${file}) is missing`);
	}
	for (const file of walk(dist)) {
		const rel = path.relative(root, file);
		if (/(^|\/)(test|sandbox|harness|bench|checkService)(\/|$)|\.test\.js$/.test(rel)) problems.push(`${rel} is test or tooling code and must not ship`);
		if (/\.d\.ts$/.test(rel)) problems.push(`${rel} is a type declaration: the scanner lints it as source, and nothing needs it`);
	}
	if (Object.keys(pkg.dependencies || {}).length > 0) problems.push('"dependencies" must be empty: a verified community node has none');
	const peers = pkg.peerDependencies || {};
	if (JSON.stringify(peers) !== JSON.stringify({ '@n8n/ai-node-sdk': '*', 'n8n-workflow': '*' })) {
		problems.push('"peerDependencies" must be exactly {"@n8n/ai-node-sdk": "*", "n8n-workflow": "*"}');
	}
	if (pkg.peerDependenciesMeta?.['@n8n/ai-node-sdk']?.optional !== true) problems.push('"@n8n/ai-node-sdk" must be an optional peer dependency (peerDependenciesMeta)');
	if (!Number.isInteger(pkg.n8n.aiNodeSdkVersion) || pkg.n8n.aiNodeSdkVersion < 1) problems.push('"n8n.aiNodeSdkVersion" must be a positive integer when the SDK is a peer dependency');
	if (JSON.stringify(pkg.files) !== JSON.stringify(['dist'])) problems.push('"files" must be ["dist"]');
	problems.push(...(await documentationProblems()));
	if (problems.length > 0) {
		throw new Error(`Package check failed:\n- ${problems.join('\n- ')}`);
	}
	process.stdout.write(`Package check passed: ${listed.length} entry points, icons present, dist holds only shipped code, the documentation's links resolve.\n`);
}

/** Run by the publish workflow on GitHub Actions, before `npm publish`. */
async function releaseCheck() {
	const problems = [];
	const tag = process.env.GITHUB_REF_NAME;
	if (tag !== pkg.version && tag !== `v${pkg.version}`) problems.push(`the tag "${tag}" is not the package version ${pkg.version}`);
	const running = `${process.env.GITHUB_SERVER_URL}/${process.env.GITHUB_REPOSITORY}`;
	const { web } = repositoryUrls(pkg);
	if (running.toLowerCase() !== web.toLowerCase()) {
		problems.push(`package.json "repository" is ${web} but this workflow runs in ${running}; npm refuses provenance that does not match (update repository, homepage, bugs and the documentation links; npm run build checks they agree)`);
	}
	const email = typeof pkg.author === 'string' ? /<([^>]*)>/.exec(pkg.author)?.[1] : pkg.author?.email;
	if (!email || /\.(invalid|example|test|localhost)$/i.test(email)) problems.push(`package.json "author" needs a real email address, got ${JSON.stringify(email)}`);
	if (problems.length > 0) throw new Error(`Release check failed:\n- ${problems.join('\n- ')}`);
	process.stdout.write(`Release check passed: ${pkg.name}@${pkg.version} from ${web}.\n`);
}

exports.prune = prune;
exports.check = async () => {
	await prune();
	await check();
};
exports['release-check'] = releaseCheck;
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
