#!/usr/bin/env node
// `node bench/polling.mjs` (part of `npm run bench`): the polling trigger on 10k and 100k memory
// facts. For each size it times the baseline, a poll that finds nothing, and the polls that find
// a batch of changes (facts created, promoted and deleted while nothing polls), checks that every
// change was reported exactly once, and weighs the static data n8n stores for the trigger.
// Writes bench/results/polling.{json,md}; docs/benchmarks.md quotes the table, the README the idle-scan cost.
//
// The trigger runs as n8n runs it (n8n-core's PollContext and TriggersAndPollers, the harness the
// tests use), against the sandbox in its own process on loopback (20 ms latency, 6,000 requests a
// minute, 100 items a page), so the trigger's time is not the sandbox's.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandboxProcess } from '../test/harness/n8n-boot.mjs';
import { saveResults } from './quoteInReadme.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const quick = process.argv.includes('--quick');
const log = (msg) => process.stderr.write(`[bench:polling] ${msg}\n`);

log('compiling harness, sandbox and nodes');
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'bench/tsconfig.json')], { stdio: 'inherit' });
const out = path.join(root, '.cache/bench');
const { harnessWorkflow, pollContext } = require(path.join(out, 'test/harness/n8n-core/index.js'));
const { AgentPlatformPollingTrigger, POLL_BUDGET_MS } = require(path.join(out, 'nodes/AgentPlatformPollingTrigger/AgentPlatformPollingTrigger.node.js'));
const { MAX_SEEN } = require(path.join(out, 'nodes/AgentPlatformPollingTrigger/factChanges.js'));
const { TriggersAndPollers } = require('n8n-core');

const LATENCY_MS = 20;
const RATE_PER_MINUTE = 6000;
const CHANGES = 50; // of each kind: created, promoted, deleted
const PARAMETERS = { events: ['memory.fact_created', 'memory.fact_promoted'], filters: {} };
const engine = new TriggersAndPollers();
const trigger = new AgentPlatformPollingTrigger();

/** One polling trigger in one workflow; static data lives on the workflow as in n8n. */
function workflow(sandbox) {
	const credentials = { apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl };
	const { workflow: wf, node } = harnessWorkflow({ nodeType: trigger, parameters: PARAMETERS, credentials, staticData: {} });
	const context = pollContext(wf, node, { credentials, activation: 'activate' });
	const state = () => wf.staticData['node:Node Under Test']?.pollState;
	return {
		state,
		staticBytes: () => Buffer.byteLength(JSON.stringify(wf.staticData)),
		/** One poll: its time, its items, and whether a scan of the list is still under way. */
		async poll() {
			const started = performance.now();
			const result = await engine.runPollFunction(wf, node, context);
			return { ms: performance.now() - started, items: (result?.[0] ?? []).map((i) => i.json), scanning: state()?.facts?.scan !== undefined };
		},
	};
}

async function api(sandbox, method, pathname, body) {
	const res = await fetch(`${sandbox.baseUrl}${pathname}`, {
		method,
		headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`${method} ${pathname} → ${res.status}`);
	return (await res.json()).data;
}

const requestCount = async (sandbox) => (await (await fetch(`${sandbox.adminUrl}/requests`)).json()).data.filter((r) => r.path.startsWith('/v1/memory/facts')).length;

/** Polls until one whole scan of the list has ended; returns its polls, time, items and largest static data. */
async function wholeScan(trigger, sandbox) {
	const requestsBefore = await requestCount(sandbox);
	const polls = [];
	let largest = 0;
	do {
		polls.push(await trigger.poll());
		largest = Math.max(largest, trigger.staticBytes());
	} while (polls.at(-1).scanning && polls.length < 1000);
	return {
		polls: polls.length,
		ms: polls.reduce((sum, p) => sum + p.ms, 0),
		longestPollMs: Math.max(...polls.map((p) => p.ms)),
		requests: (await requestCount(sandbox)) - requestsBefore,
		items: polls.flatMap((p) => p.items),
		largestStaticBytes: largest,
	};
}

async function measure(facts) {
	log(`${facts} facts: starting the sandbox`);
	const sandbox = await startSandboxProcess(['--plan', 'enterprise', '--rate-limit', String(RATE_PER_MINUTE), '--latency', String(LATENCY_MS), '--facts', String(facts)]);
	try {
		const t = workflow(sandbox);
		log(`${facts} facts: baseline`);
		const baseline = await wholeScan(t, sandbox);
		const afterBaseline = t.staticBytes();
		log(`${facts} facts: a scan with nothing new`);
		const idle = await wholeScan(t, sandbox);

		log(`${facts} facts: ${CHANGES} created, ${CHANGES} promoted, ${CHANGES} deleted, then a scan`);
		// Spread over the whole list: generated facts are fact_g1_0000000 … in list order.
		const spread = (i, at) => `fact_g1_${String(Math.floor(((i + at) * facts) / CHANGES)).padStart(7, '0')}`;
		const created = [];
		for (let i = 0; i < CHANGES; i++) created.push((await api(sandbox, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: `bench fact ${i}` })).id);
		const promoted = [];
		for (let i = 0; i < CHANGES; i++) promoted.push((await api(sandbox, 'POST', `/memory/facts/${spread(i, 0.5)}/promote`, { tier: 'L4', scope: 'company' })).id);
		for (let i = 0; i < CHANGES; i++) await api(sandbox, 'DELETE', `/memory/facts/${spread(i, 0.25)}`);
		const changed = await wholeScan(t, sandbox);
		const reported = (event) => changed.items.filter((i) => i.event === event).map((i) => i.data.fact.id);
		const exactlyOnce = (expected, got) => ({
			missing: expected.filter((id) => !got.includes(id)).length,
			duplicated: got.length - new Set(got).size,
			unexpected: got.filter((id) => !expected.includes(id)).length,
		});
		const after = await wholeScan(t, sandbox);
		return {
			facts,
			baseline: { polls: baseline.polls, seconds: +(baseline.ms / 1000).toFixed(1), requests: baseline.requests, longestPollMs: Math.round(baseline.longestPollMs) },
			idleScan: { polls: idle.polls, seconds: +(idle.ms / 1000).toFixed(1), requests: idle.requests, items: idle.items.length, longestPollMs: Math.round(idle.longestPollMs) },
			changes: {
				polls: changed.polls,
				seconds: +(changed.ms / 1000).toFixed(1),
				created: exactlyOnce(created, reported('memory.fact_created')),
				promoted: exactlyOnce(promoted, reported('memory.fact_promoted')),
				reportedAgainNextScan: after.items.length,
			},
			staticDataBytes: { afterBaseline, largestDuringScans: Math.max(baseline.largestStaticBytes, idle.largestStaticBytes, changed.largestStaticBytes), afterChanges: t.staticBytes() },
			teamPlanMinutesPerScan: +(idle.requests / 120).toFixed(1),
		};
	} finally {
		await sandbox.stop();
	}
}

/**
 * The bound: more new facts at once than the trigger keeps keys for (a bulk import), created
 * through the API, 16 at a time, after the baseline of `facts`.
 */
async function bulk(facts, created) {
	log(`${facts} facts, then ${created} created at once`);
	const sandbox = await startSandboxProcess(['--plan', 'enterprise', '--rate-limit', '100000', '--latency', String(LATENCY_MS), '--facts', String(facts)]);
	try {
		const t = workflow(sandbox);
		await wholeScan(t, sandbox);
		const ids = [];
		let next = 0;
		await Promise.all(
			Array.from({ length: 16 }, async () => {
				while (next < created) {
					const i = next++;
					ids.push((await api(sandbox, 'POST', '/memory/facts', { agent_id: 'dep_sales02', content: `bulk fact ${i}` })).id);
				}
			}),
		);
		const scan = await wholeScan(t, sandbox);
		const got = scan.items.map((i) => i.data.fact.id);
		const after = await wholeScan(t, sandbox);
		return {
			facts,
			created,
			polls: scan.polls,
			seconds: +(scan.ms / 1000).toFixed(1),
			missing: ids.filter((id) => !got.includes(id)).length,
			duplicated: got.length - new Set(got).size,
			reportedAgainNextScan: after.items.length,
			largestStaticBytes: Math.max(scan.largestStaticBytes, after.largestStaticBytes),
			keysKept: Object.keys(t.state()?.facts?.cursor?.seen ?? {}).length,
		};
	} finally {
		await sandbox.stop();
	}
}

const started = performance.now();
const sizes = quick ? [2_000, 20_000] : [10_000, 100_000];
const results = { latencyMs: LATENCY_MS, ratePerMinute: RATE_PER_MINUTE, pageSize: 100, pollBudgetSeconds: POLL_BUDGET_MS / 1000, maxSeenKeys: MAX_SEEN, runs: [] };
for (const facts of sizes) results.runs.push(await measure(facts));
results.bulk = await bulk(sizes[0], quick ? 1_500 : MAX_SEEN + 1_000);
results.totalSeconds = +((performance.now() - started) / 1000).toFixed(1);

const k = (n) => (n >= 1000 ? `${n / 1000}k` : String(n));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const onceText = (r) => `missing ${r.missing}, twice ${r.duplicated}, wrong ${r.unexpected}`;
const md = [
	`Command: \`npm run bench\` → \`node bench/polling.mjs${quick ? ' --quick' : ''}\` (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${results.totalSeconds} s; sandbox in its own process, ${LATENCY_MS} ms latency, ${RATE_PER_MINUTE}/min, ${results.pageSize} facts a page; one poll works for at most ${results.pollBudgetSeconds} s; events: fact created and promoted, no filters)`,
	'',
	`| facts | baseline | a scan that finds nothing | ${CHANGES} created + ${CHANGES} promoted + ${CHANGES} deleted, then a scan | static data |`,
	'|---|---|---|---|---|',
	...results.runs.map(
		(r) =>
			`| ${k(r.facts)} | ${r.baseline.seconds} s, ${r.baseline.polls} poll(s), ${r.baseline.requests} requests | ${r.idleScan.seconds} s, ${r.idleScan.polls} poll(s) (longest ${r.idleScan.longestPollMs} ms), ${r.idleScan.requests} requests, ${r.idleScan.items} items; on the Team plan (120/min) at least ${r.teamPlanMinutesPerScan} min | ${r.changes.seconds} s, ${r.changes.polls} poll(s); created: ${onceText(r.changes.created)}; promoted: ${onceText(r.changes.promoted)}; reported again by the next scan: ${r.changes.reportedAgainNextScan} | ${kb(r.staticDataBytes.afterBaseline)} after the baseline, ${kb(r.staticDataBytes.largestDuringScans)} at most during scans, ${kb(r.staticDataBytes.afterChanges)} after the changes |`,
	),
	'',
	`Bulk: ${results.bulk.created} facts created at once after the baseline of ${k(results.bulk.facts)} (the trigger keeps at most ${MAX_SEEN} keys): reported in ${results.bulk.polls} polls (${results.bulk.seconds} s; a poll stops reading after the page on which it found 1,000 events), missing ${results.bulk.missing}, twice ${results.bulk.duplicated}, reported again by the next scan ${results.bulk.reportedAgainNextScan}; static data at most ${kb(results.bulk.largestStaticBytes)}, ${results.bulk.keysKept} keys kept afterwards.`,
].join('\n');

saveResults(root, 'polling', results, md, { quote: !quick });
process.exit(0);
