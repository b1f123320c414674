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
//   rule requires. And the package's links
//   agree: homepage, bugs, every documentation link the nodes and the credential ship, and the
//   README's images all point at package.json's `repository`, each link's #anchor is a README
//   heading and each image exists in the repository (the README is also the npm page, where only
//   absolute image URLs work: docs/ is not in the tarball).
// - release-check (the publish workflow, before `npm publish`): the tag is the package version,
//   `repository` is the GitHub repository publishing it (npm's provenance check refuses a
//   mismatch), and the author's email is a real address.
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

/** `https://github.com/<owner>/<repo>` from package.json's `repository` (a GitHub repository). */
function repositoryWebUrl() {
	const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
	const match = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(\.git)?$/.exec(url || '');
	if (!match) throw new Error(`package.json "repository" must be a GitHub repository, got ${JSON.stringify(url)}`);
	return { web: `https://github.com/${match[1]}/${match[2]}`, raw: `https://raw.githubusercontent.com/${match[1]}/${match[2]}/HEAD/` };
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const headingAnchor = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

function linkProblems() {
	const problems = [];
	const { web, raw } = repositoryWebUrl();
	const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
	const anchors = new Set([...readme.matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingAnchor(m[1])));
	if (pkg.homepage !== `${web}#readme`) problems.push(`"homepage" must be ${web}#readme (from "repository"), got ${pkg.homepage}`);
	if (pkg.bugs?.url !== `${web}/issues`) problems.push(`"bugs.url" must be ${web}/issues (from "repository"), got ${pkg.bugs?.url}`);
	const shipped = walk(dist).filter((file) => /\.(js|json)$/.test(file));
	for (const file of shipped) {
		for (const [url] of fs.readFileSync(file, 'utf8').matchAll(/https:\/\/github\.com\/[^\s'"`)]+/g)) {
			const rel = path.relative(root, file);
			if (!url.startsWith(`${web}#`) && url !== web) problems.push(`${rel} links to ${url}, not to the repository's README (${web})`);
			else if (url.includes('#') && !anchors.has(url.split('#')[1])) problems.push(`${rel} links to #${url.split('#')[1]}, which is not a README heading`);
		}
	}
	for (const [, target] of readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)) {
		if (!target.startsWith(raw)) {
			problems.push(`README image ${target} must be an absolute URL under ${raw} (the npm page has no docs/ folder)`);
		} else if (!fs.existsSync(path.join(root, target.slice(raw.length)))) {
			problems.push(`README image ${target} names ${target.slice(raw.length)}, which is not in the repository`);
		}
	}
	return problems;
}

function iconFiles(compiledFile) {
	const source = fs.readFileSync(compiledFile, 'utf8');
	return [...source.matchAll(/file:([\w./-]+\.svg)/g)].map((m) => path.join(path.dirname(compiledFile), m[1]));
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
	problems.push(...linkProblems());
	if (problems.length > 0) {
		throw new Error(`Package check failed:\n- ${problems.join('\n- ')}`);
	}
	process.stdout.write(`Package check passed: ${listed.length} entry points, icons present, dist holds only shipped code, links point at the repository.\n`);
}

/** Run by the publish workflow on GitHub Actions, before `npm publish`. */
async function releaseCheck() {
	const problems = [];
	const tag = process.env.GITHUB_REF_NAME;
	if (tag !== pkg.version && tag !== `v${pkg.version}`) problems.push(`the tag "${tag}" is not the package version ${pkg.version}`);
	const running = `${process.env.GITHUB_SERVER_URL}/${process.env.GITHUB_REPOSITORY}`;
	const { web } = repositoryWebUrl();
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
