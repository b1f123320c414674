// n8n's own redaction of the output fields a node declares (`sensitiveOutputFields`): the strategy
// in n8n's redaction module (n8n/dist/modules/redaction/executions/strategies/
// node-defined-field-redaction.strategy.js), loaded from the n8n under test and run by its own Node
// on an execution that n8n saved, with the node descriptions that n8n serves. n8n 2.41 ships the
// strategy but does not yet call it when executions are read (its ExecutionRedactionService says
// why: partial runs replayed redacted data); this runs it the way that service would.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { paths } from '../harness/n8n-install.mjs';

const STRATEGY = 'node_modules/n8n/dist/modules/redaction/executions/strategies/node-defined-field-redaction.strategy.js';

/** Whether this n8n ships the strategy (2.41.1 does; 1.85.4 does not). */
export const n8nHasFieldRedaction = () => existsSync(path.join(paths().root, STRATEGY));

/** What the child runs: the strategy over { execution, descriptions } read from stdin, the result on stdout. */
const SCRIPT = `
const { NodeDefinedFieldRedactionStrategy } = require(process.argv[1]);
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
	const { execution, descriptions } = JSON.parse(input);
	const nodeTypes = {
		getByNameAndVersion(type) {
			if (!descriptions[type]) throw new Error('unknown node type ' + type);
			return { description: descriptions[type] };
		},
	};
	const logger = { warn: (message) => process.stderr.write(message + '\\n') };
	await new NodeDefinedFieldRedactionStrategy(logger, nodeTypes).apply(execution, { memo: new Map() });
	process.stdout.write(JSON.stringify(execution));
});
`;

/**
 * `execution` (with `data` and `workflowData`, as n8n's public API returns it with includeData) after
 * n8n's field redaction; `descriptions` maps node type names to the descriptions n8n serves.
 */
export function redactWithN8n(execution, descriptions) {
	const { nodeBin, root } = paths();
	const out = execFileSync(nodeBin, ['-e', SCRIPT, path.join(root, STRATEGY)], {
		input: JSON.stringify({ execution, descriptions }),
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	return JSON.parse(out);
}
