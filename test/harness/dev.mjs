#!/usr/bin/env node
// `npm run dev`: builds the package, starts the sandbox, a local fake chat model and a real n8n
// (pinned, on the Node it needs, both from the npm registry and cached after the first run) with
// the package installed the way n8n's community-package installer installs it, an owner, a
// credential pointing at the sandbox, one pointing at the model and the example workflows wired
// to them. Prints where to go and what to try, in an order where no example breaks another.
// Ctrl-C stops everything.
//
// The n8n user folder is kept in ~/.cache/n8n-nodes-agent-platform/n8n-dev (outside the repository,
// so `npm run lint`, which parses every .js file in the repository, never sees n8n's files) so the login, workflows and edits
// survive restarts; `--fresh` deletes it first. The sandbox starts fresh each time. Each start
// reinstalls the freshly built package, so restart after changing code.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CREDENTIAL_NAME, MCP_CREDENTIAL_NAME, MODEL_CREDENTIAL_NAME, OWNER, bootAll, lifecycle } from './n8n-boot.mjs';
import { tourFacts, tourSteps } from './examplesTour.mjs';
import { N8N_VERSION, cacheRoot } from './n8n-install.mjs';

const usage = `Usage: npm run dev -- [options]
  --port N          n8n's port on 127.0.0.1 (default 5678, or any free port if taken)
  --sandbox-port N  the sandbox's port (default 4010, or any free port if taken)
  --user-folder D   n8n user folder (default ~/.cache/n8n-nodes-agent-platform/n8n-dev), kept between runs
  --fresh           start over: delete the user folder first (workflows, edits, executions, login),
                    so n8n is new and the example workflows are as shipped
  --no-build        install the last build in dist/ instead of building
  --log-level L     n8n's log level (default info; the log goes to <user folder>/n8n.log)
  Sandbox options (see npm run sandbox -- --help) can follow after --sandbox, e.g.
  npm run dev -- --sandbox --plan individual --latency 200`;

const defaultUserFolder = path.join(cacheRoot(), 'n8n-dev');
const argv = process.argv.slice(2);
const split = argv.indexOf('--sandbox');
const { values } = parseArgs({
	args: split === -1 ? argv : argv.slice(0, split),
	options: {
		port: { type: 'string', default: '5678' },
		'sandbox-port': { type: 'string', default: '4010' },
		'user-folder': { type: 'string', default: defaultUserFolder },
		'no-build': { type: 'boolean', default: false },
		fresh: { type: 'boolean', default: false },
		'log-level': { type: 'string', default: 'info' },
		help: { type: 'boolean', default: false },
	},
});
if (values.help) {
	console.log(usage);
	process.exit(0);
}

const userFolder = path.resolve(values['user-folder']);
// Written into every user folder this command uses, so --fresh deletes no folder it did not make.
const marker = path.join(userFolder, '.agent-platform-dev');
if (values.fresh && existsSync(userFolder)) {
	if (userFolder !== defaultUserFolder && !existsSync(marker) && readdirSync(userFolder).length > 0) {
		console.error(`--fresh: ${userFolder} was not made by npm run dev (no ${path.basename(marker)} in it); not deleting it.`);
		process.exit(2);
	}
	rmSync(userFolder, { recursive: true, force: true });
	console.error(`--fresh: deleted ${userFolder}`);
}

const stack = await bootAll({
	userFolder,
	port: Number(values.port),
	sandboxPort: Number(values['sandbox-port']),
	sandboxArgs: split === -1 ? [] : argv.slice(split + 1),
	build: !values['no-build'],
	logLevel: values['log-level'],
	examples: true,
});

writeFileSync(marker, 'A user folder of `npm run dev`; `npm run dev -- --fresh` deletes it.\n');
const { n8n, sandbox } = stack;
const workflowUrl = (file) => {
	const found = stack.workflows.find((w) => w.file === file);
	return found ? `${n8n.url}/workflow/${found.id}` : '(example missing)';
};
const examples = stack.workflows.some((w) => w.kept)
	? 'kept from an earlier run, with any edits you made (npm run dev -- --fresh starts over)'
	: 'imported as shipped';
// The editor's label of the run button (n8n 1.x said "Test workflow" where 2.x says "Execute workflow").
const executeWorkflow = N8N_VERSION.startsWith('1.') ? 'Test workflow' : 'Execute workflow';
const steps = tourSteps(workflowUrl, await tourFacts(stack, { executeWorkflow }));
const needs2 = N8N_VERSION.startsWith('1.') ? '\n  (On n8n 1.x the memory, human review and MCP examples need n8n 2; they import but do not run.)' : '';

console.log(`
n8n with the Agent Platform nodes is running.

  Editor     ${n8n.url}
  Login      ${OWNER.email} / ${OWNER.password}
  Sandbox    ${sandbox.baseUrl}  (a local fake Agent Platform; admin surface ${sandbox.adminUrl})
  Model      ${stack.model.url}  (a local fake chat model with scripted answers, for the AI examples)
  Credentials "${CREDENTIAL_NAME}", "${MODEL_CREDENTIAL_NAME}" and "${MCP_CREDENTIAL_NAME}" are set on the examples
  Examples   ${examples}
  Log        ${stack.logFile}

What to try, in this order (none undoes another):
${steps.map(([title, url, lines], i) => `  ${i + 1}. ${title} (${url}):\n${lines.map((line) => `     ${line}`).join('\n')}`).join('\n')}${needs2}
  Then a workflow of your own: add "Agent Platform", choose Memory Fact > Get Many, and execute it.

Ctrl-C stops n8n, the sandbox and the model.`);

// Stay up until Ctrl-C (handled in n8n-boot.mjs) or until n8n itself stops.
n8n.process.once('exit', async (code) => {
	if (lifecycle.stopping) return;
	console.error(`n8n exited (${code}); see ${stack.logFile}. Stopping the sandbox and the model.`);
	await stack.stop();
	process.exit(1);
});
