#!/usr/bin/env node
// The rows `memory message @ N turns (ORDER)` of `npm run bench`, and `npm run bench:memory` alone:
// what one chat message (the AI Agent's load of the history, then its save of the turn) costs the
// Agent Platform Memory in a session of N turns, the list in each order. Each message runs the
// memory node inside n8n-core's real execution path (as the tests do), against the sandbox seeded
// with a session stored as the node stores it. Figures: requests per message (from the sandbox's own
// request log) and the median time of a message relative to the 10-turn row of the same order, in
// one run. Saved as bench/results/memory.{json,md}, which docs/memory.md and docs/benchmarks.md quote.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const MEMORY_SESSION_TURNS = [10, 1_000, 100_000];
export const MEMORY_ORDERS = ['oldest-first', 'newest-first'];
/**
 * Targets of every row: at most 2 requests to load and 1 to save at any length, and a cost flat in
 * length: within 3 times the 10-turn row, whose whole session fits on one page (1 request to load
 * where longer sessions take 2).
 */
export const MEMORY_TARGETS = [
	['requests', (v) => v <= 3, '≤ 3'],
	['timeRatio', (v) => v <= 3, '≤ 3'],
];

export const memoryRowName = (turns, order) => `memory message @ ${turns.toLocaleString('en-US')} turns (${order})`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Measures every row; `compiled` is the benchmark's build (.cache/bench). Returns `{ results, markdown }`. */
export async function measureMemoryMessages({ compiled, quick = false, log = () => undefined }) {
	const require = createRequire(import.meta.url);
	const { NodeConnectionTypes } = require('n8n-workflow');
	const { startSandbox } = require(path.join(compiled, 'test/sandbox/index.js'));
	const { executeNode, MemoryProbe, memoryScenario } = require(path.join(compiled, 'test/harness/n8n-core/index.js'));
	const { AgentPlatformMemory } = require(path.join(compiled, 'nodes/AgentPlatformMemory/AgentPlatformMemory.node.js'));
	const parameters = { agentId: { __rl: true, mode: 'id', value: 'dep_support01' }, sessionIdType: 'fromInput', contextWindowLength: 5, longTermContext: false };
	const messages = quick ? 5 : 25;
	const results = {};

	/** One chat message in its own execution: the agent's load, then its save. */
	async function message(sb, n) {
		const run = async (memory) => {
			await memory.loadMemoryVariables({});
			await memory.saveContext({ input: `question ${n}` }, { output: `answer ${n}` });
		};
		const result = await executeNode({
			nodeType: new MemoryProbe(),
			parameters: memoryScenario(run),
			credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl },
			inputItems: [{ sessionId: 'session-a', chatInput: `question ${n}` }],
			subNodes: [{ name: 'Agent Platform Memory', nodeType: new AgentPlatformMemory(), parameters, connectionType: NodeConnectionTypes.AiMemory }],
		});
		if (result.error) throw result.error;
	}

	for (const order of MEMORY_ORDERS) {
		// One sandbox per length, the messages taken in turn across them: the machine's load then weighs
		// on every row alike. Stable ties: the sandbox keeps its sorted list as a new turn arrives instead
		// of sorting again (factStore.ts), as a database's index would.
		const rows = [];
		try {
			for (const turns of MEMORY_SESSION_TURNS) {
				const sb = await startSandbox({ plan: 'enterprise', rateLimit: 1_000_000, factOrder: order, lifetimes: false, stableTies: true });
				rows.push({ turns, sb, times: [], requests: 0 });
				sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', turns });
				for (let i = 0; i < 3; i++) await message(sb, turns + i);
			}
			for (let i = 0; i < messages; i++) {
				for (const row of rows) {
					const before = row.sb.admin.requests().length;
					const started = performance.now();
					await message(row.sb, row.turns + 3 + i);
					row.times.push(performance.now() - started);
					row.requests += row.sb.admin.requests().length - before;
				}
			}
		} finally {
			for (const row of rows) await row.sb.close();
		}
		for (const row of rows) results[memoryRowName(row.turns, order)] = { turns: row.turns, order, requests: row.requests / messages, messageMs: +median(row.times).toFixed(2), messages };
		const base = results[memoryRowName(MEMORY_SESSION_TURNS[0], order)].messageMs;
		for (const turns of MEMORY_SESSION_TURNS) {
			const row = results[memoryRowName(turns, order)];
			row.timeRatio = +(row.messageMs / base).toFixed(2);
			log(`${memoryRowName(turns, order)}: requests ${row.requests}, ${row.messageMs} ms, ${row.timeRatio}× the 10-turn row`);
		}
	}
	return { results, markdown: memoryTable(results, quick) };
}

/** The requests-per-message table, by session length and list order, with each row's targets. */
export function memoryTable(results, quick) {
	const rows = Object.entries(results).map(([name, r]) => {
		const missed = MEMORY_TARGETS.filter(([key, test]) => !test(r[key], r)).map(([key]) => key);
		return `| ${name} | ${r.requests} | ${r.timeRatio}× | ${missed.length === 0 ? 'met' : `missed: ${missed.join(', ')}`} |`;
	});
	return [
		`Command: \`npm run bench:memory\`${quick ? ' -- --quick' : ''} (also part of \`npm run bench\`; ${new Date().toISOString().slice(0, 10)}, Node ${process.version}). One chat message = the AI Agent's load of the history (Context Window Length 5) and its save of the turn, each message its own execution; requests counted by the sandbox; time = median of ${Object.values(results)[0]?.messages ?? 0} messages, relative to the 10-turn row of the same order.`,
		'',
		`| row | requests per message (load + save) | time vs 10 turns | targets (${MEMORY_TARGETS.map(([key, , target]) => `${key} ${target}`).join('; ')}) |`,
		'|---|---|---|---|',
		...rows,
	].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
	const require = createRequire(import.meta.url);
	const quick = process.argv.includes('--quick');
	process.stderr.write('[bench:memory] compiling harness, sandbox and nodes\n');
	execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'bench/tsconfig.json')], { stdio: 'inherit' });
	const { saveResults } = await import('./quoteInReadme.mjs');
	const { results, markdown } = await measureMemoryMessages({ compiled: path.join(root, '.cache/bench'), quick, log: (m) => process.stderr.write(`[bench:memory] ${m}\n`) });
	saveResults(root, 'memory', results, markdown, { quote: !quick });
	process.exit(0);
}
