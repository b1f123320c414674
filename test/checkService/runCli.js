// Runs `npm run check:service`'s command (tooling/checkService/cli.mjs) as a user would, for the
// tests that read its terminal output and --json file. Plain JS: the lint keeps child_process and fs
// out of .ts files.
'use strict';
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

function runCli(args, env = {}) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-service-'));
	const jsonFile = path.join(dir, 'rows.json');
	return new Promise((resolve) => {
		execFile(process.execPath, [path.join(root, 'tooling/checkService/cli.mjs'), ...args, '--json', jsonFile], { cwd: root, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
			const json = fs.existsSync(jsonFile) ? fs.readFileSync(jsonFile, 'utf8') : '';
			fs.rmSync(dir, { recursive: true, force: true });
			resolve({ code: error ? error.code : 0, stdout, stderr, json });
		});
	});
}

module.exports = { runCli };
