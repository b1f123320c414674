// The checks themselves, in a child process of cli.mjs: loading them (transpiling TypeScript, then
// n8n-workflow and the client) holds a process's event loop for seconds at a time, and the command's
// own loop must stay free to print at least every few seconds. The job, key included, comes over
// the IPC channel (never argv, which other users can list); everything goes back as messages, which
// cli.mjs redacts before it prints or writes them.
'use strict';
const path = require('node:path');
const { prepare, root } = require('./loadTs.js');

const tell = (message) => new Promise((resolve) => process.send(message, () => resolve()));

process.once('message', async (job) => {
	try {
		const files = await prepare([path.join(root, 'tooling/checkService/run.ts'), path.join(root, 'tooling/checkService/table.ts')], (count) => tell({ kind: 'loading', count }), true);
		const { checkService, requestBudget } = require(path.join(root, 'tooling/checkService/run.ts'));
		const { renderTable } = require(path.join(root, 'tooling/checkService/table.ts'));
		await tell({ kind: 'loaded', files, budget: requestBudget(job.write) });
		const report = await checkService({
			...job,
			onAnswer: (sent, method, apiPath, status) => void tell({ kind: 'answer', sent, method, path: apiPath, status }),
			onRow: (row, sent) => void tell({ kind: 'row', row, sent }),
			onWait: (message) => void tell({ kind: 'wait', message }),
		});
		await tell({ kind: 'done', rows: report.rows, table: renderTable(report) });
	} catch (error) {
		await tell({ kind: 'failed', message: (error && error.message) || String(error) });
	}
	process.disconnect();
});
