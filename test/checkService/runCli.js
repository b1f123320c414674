// Runs `npm run check:service`'s command (tooling/checkService/cli.mjs) as a user would, for the
// tests that read its terminal output and --json file. Notes when each piece of output came, so a
// test can tell how long the command stayed silent. Plain JS: the lint keeps child_process and fs
// out of .ts files.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

function runCli(args, env = {}) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-service-'));
	const jsonFile = path.join(dir, 'rows.json');
	const started = Date.now();
	let last = started;
	let quietest = 0;
	const heard = () => {
		const now = Date.now();
		quietest = Math.max(quietest, now - last);
		last = now;
	};
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [path.join(root, 'tooling/checkService/cli.mjs'), ...args, '--json', jsonFile], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => {
			heard();
			stdout += chunk;
		});
		child.stderr.on('data', (chunk) => {
			heard();
			stderr += chunk;
		});
		child.on('close', (code) => {
			heard();
			const json = fs.existsSync(jsonFile) ? fs.readFileSync(jsonFile, 'utf8') : '';
			fs.rmSync(dir, { recursive: true, force: true });
			resolve({ code, stdout, stderr, json, quietestMs: quietest, tookMs: Date.now() - started });
		});
	});
}

module.exports = { runCli };
