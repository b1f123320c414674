#!/usr/bin/env node
// `npm run scan`: n8n's own verification scanner (@n8n/scan-community-package) on this package, the
// two parts it lints when n8n verifies a community node: the source files (package.json, nodes/,
// credentials/) and every file of the packed tarball. The provenance step, which needs a publish
// from GitHub Actions, is left out; everything the scanner lints is checked here.
//
// The scanner pins its own eslint and TypeScript, so it is not a devDependency: it is installed
// once, with install scripts off, into the cache folder the real-n8n harness also uses.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCached, cacheRoot } from '../harness/n8n-install.mjs';
import { packPackage, repoRoot } from '../harness/n8n-boot.mjs';

const SCANNER_VERSION = '0.32.0';
const dir = path.join(cacheRoot(), `scanner-${SCANNER_VERSION}`);
const entry = path.join(dir, 'node_modules/@n8n/scan-community-package/scanner/scanner.mjs');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(path.join(dir, '.ready'))) {
	process.stderr.write(`[scan] installing @n8n/scan-community-package@${SCANNER_VERSION} into ${dir}\n`);
	await buildCached(dir, (staging) => {
		writeFileSync(path.join(staging, 'package.json'), '{"private":true}\n');
		execFileSync(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', `@n8n/scan-community-package@${SCANNER_VERSION}`], { cwd: staging, stdio: 'inherit' });
		return { scanner: SCANNER_VERSION, at: new Date().toISOString() };
	});
}
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(pathToFileURL(entry).href);

const work = mkdtempSync(path.join(os.tmpdir(), 'agent-platform-scan-'));
try {
	const tarball = packPackage(work);
	const unpacked = path.join(work, 'unpacked');
	mkdirSync(unpacked);
	execFileSync('tar', ['xzf', tarball, '-C', unpacked]);
	const results = [
		['source (package.json, nodes/, credentials/)', await analyzePackage(repoRoot, SOURCE_FILE_PATTERNS)],
		[`tarball (${readdirSync(path.join(unpacked, 'package')).join(', ')})`, await analyzePackage(path.join(unpacked, 'package'))],
	];
	let failed = false;
	for (const [what, result] of results) {
		process.stdout.write(`[scan] ${what}: ${result.passed ? 'passed' : `FAILED: ${result.message}`}\n`);
		if (!result.passed) {
			failed = true;
			if (result.details) process.stdout.write(`${result.details}\n`);
		}
	}
	process.exitCode = failed ? 1 : 0;
} finally {
	rmSync(work, { recursive: true, force: true });
}
