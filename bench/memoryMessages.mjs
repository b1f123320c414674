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

/** The rows of real lists (issue 45): a busy session, lists of no order, many messages at once. */
export const BUSY_ROW = 'memory message @ 5,000 turns (busy)';
export const NO_ORDER_TURNS = [5_000, 20_000];
export const noOrderRowName = (turns) => `memory message @ ${turns.toLocaleString('en-US')} turns (no order)`;
export const AT_ONCE_ROW = '20 messages at once @ 300 turns';
/** A message's budget in any list order (load and save), and a busy session's: a quiet one's. */
const BUDGET_TARGETS = [['requests', (v) => v <= 60, '≤ 60']];
const QUIET_TARGETS = [['requests', (v) => v <= 3, '≤ 3']];

/** Every row's targets, by row name (bench/run.mjs checks them too). */
export const MEMORY_ROW_TARGETS = {
	...Object.fromEntries(MEMORY_ORDERS.flatMap((order) => MEMORY_SESSION_TURNS.map((turns) => [memoryRowName(turns, order), MEMORY_TARGETS]))),
	[BUSY_ROW]: QUIET_TARGETS,
	...Object.fromEntries(NO_ORDER_TURNS.map((turns) => [noOrderRowName(turns), BUDGET_TARGETS])),
	[AT_ONCE_ROW]: QUIET_TARGETS,
};

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
	async function message(sb, n, sessionId = 'session-a') {
		const run = async (memory) => {
			await memory.loadMemoryVariables({});
			await memory.saveContext({ input: `question ${n}` }, { output: `answer ${n}` });
		};
		const result = await executeNode({
			nodeType: new MemoryProbe(),
			parameters: memoryScenario(run),
			credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl },
			inputItems: [{ sessionId, chatInput: `question ${n}` }],
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
	Object.assign(results, await measureRealLists({ message, startSandbox, messages, quick, log }));
	return { results, markdown: memoryTable(results, quick) };
}

/**
 * The rows of real lists, against the same sandbox: requests per message (load and save) and the
 * median time of a message (of the 20 together for AT_ONCE_ROW).
 */
async function measureRealLists({ message, startSandbox, messages, quick, log }) {
	const results = {};
	const options = { plan: 'enterprise', rateLimit: 1_000_000, lifetimes: false, stableTies: true };
	const row = (name, fields) => {
		results[name] = fields;
		log(`${name}: requests ${fields.requests}, ${fields.messageMs} ms`);
	};

	// Busy: two turns another writer saves land while each load reads (after its first and second list requests), each order in turn.
	const busy = [];
	try {
		for (const factOrder of MEMORY_ORDERS) {
			const sb = await startSandbox({ ...options, factOrder });
			busy.push(sb);
			sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', turns: 5_000 });
		}
		const times = [];
		let requests = 0;
		let landedTurns = 0;
		for (let i = 0; i < messages + 2; i++) {
			const sb = busy[i % busy.length];
			let landed = 0;
			sb.admin.afterRequest((entry) => {
				if (entry.method !== 'GET' || landed >= 2) return;
				landed += 1;
				landedTurns += 1;
				// A turn dated after every other (seeded turns end a second before the sandbox's now).
				sb.admin.advance(2_000);
				sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', turns: 1 });
			});
			const before = sb.admin.requests().length;
			const started = performance.now();
			await message(sb, 5_000 + i);
			sb.admin.afterRequest(undefined);
			// The first message of each sandbox warms the process up, as the other rows' first three do.
			if (i < busy.length) continue;
			times.push(performance.now() - started);
			requests += sb.admin.requests().length - before;
		}
		if (landedTurns !== 2 * (messages + 2)) throw new Error(`${BUSY_ROW}: ${landedTurns} turns landed during the loads, not two each`);
		row(BUSY_ROW, { turns: 5_000, order: MEMORY_ORDERS.join(' and '), requests: requests / messages, messageMs: +median(times).toFixed(2), messages });
	} finally {
		for (const sb of busy) await sb.close();
	}

	// No order: a new order on every request (the hardest list of no order: a fixed one is read as far, with fewer repeats).
	for (const turns of NO_ORDER_TURNS) {
		const sb = await startSandbox({ ...options, factOrder: 'unordered' });
		try {
			sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', turns });
			const times = [];
			let most = 0;
			let requests = 0;
			await message(sb, turns);
			for (let i = 1; i <= messages; i++) {
				const before = sb.admin.requests().length;
				const started = performance.now();
				await message(sb, turns + i);
				times.push(performance.now() - started);
				const sent = sb.admin.requests().length - before;
				requests += sent;
				most = Math.max(most, sent);
			}
			row(noOrderRowName(turns), { turns, order: 'unordered', requests: requests / messages, mostRequests: most, messageMs: +median(times).toFixed(2), messages });
		} finally {
			await sb.close();
		}
	}

	// 20 at once: answers take 0 to 15 ms each and the messages arrive 25 ms apart, so loads and saves interleave.
	const rounds = quick ? 2 : 5;
	const times = [];
	let requests = 0;
	for (let round = 0; round < rounds; round++) {
		const sb = await startSandbox({ ...options, stableTies: false });
		try {
			sb.admin.seedChatSession('org_acme', { agentId: 'dep_support01', turns: 300 });
			await message(sb, 0, 'warm-up');
			let jitter = 7;
			sb.admin.afterRequest(() => sb.admin.setLatency((jitter = (jitter * 37 + 11) % 16)));
			const before = sb.admin.requests().length;
			const started = performance.now();
			await Promise.all(Array.from({ length: 20 }, async (_, i) => {
				await new Promise((resolve) => setTimeout(resolve, i * 25));
				await message(sb, 300 + i);
			}));
			times.push(performance.now() - started);
			requests += sb.admin.requests().length - before;
		} finally {
			await sb.close();
		}
	}
	row(AT_ONCE_ROW, { turns: 300, order: 'oldest-first', requests: requests / (20 * rounds), messageMs: +median(times).toFixed(2), messages: 20 * rounds });
	return results;
}

/** The requests-per-message table, by session length and list order, with each row's targets. */
export function memoryTable(results, quick) {
	const rows = Object.entries(results).map(([name, r]) => {
		const targets = MEMORY_ROW_TARGETS[name];
		const missed = targets.filter(([key, test]) => !test(r[key], r)).map(([key]) => key);
		const met = missed.length === 0 ? 'met' : `missed: ${missed.join(', ')}`;
		return `| ${name} | ${r.requests}${r.mostRequests === undefined ? '' : ` (at most ${r.mostRequests})`} | ${r.messageMs} ms | ${r.timeRatio === undefined ? '—' : `${r.timeRatio}×`} | ${targets.map(([key, , target]) => `${key} ${target}`).join('; ')}: ${met} |`;
	});
	return [
		`Command: \`npm run bench:memory\`${quick ? ' -- --quick' : ''} (also part of \`npm run bench\`; ${new Date().toISOString().slice(0, 10)}, Node ${process.version}). One chat message = the AI Agent's load of the history (Context Window Length 5) and its save of the turn, each message its own execution; requests counted by the sandbox; time = median of ${Object.values(results)[0]?.messages ?? 0} messages, relative to the 10-turn row of the same order.`,
		'',
		`Real lists: *busy*, two turns another writer saves land while each load reads (after its first and second list requests), ${MEMORY_ORDERS.join(' and ')} in turn; *no order*, a list in a new order on every request; *${AT_ONCE_ROW}*, one session, answers taking 0–15 ms each, the messages 25 ms apart, requests per message of all of them and the time of the 20 together.`,
		'',
		'| row | requests per message (load + save) | time (median) | time vs 10 turns | targets |',
		'|---|---|---|---|---|',
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
