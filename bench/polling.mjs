#!/usr/bin/env node
// `npm run bench:polling` (part of `npm run bench`): the polling trigger on 10k and 100k memory
// facts, with the fact list in each order the sandbox keeps (oldest first, newest first, and no
// stable order). For each it measures:
//
// - idleScan: a poll that finds nothing, for new facts only (the events: fact created): its requests;
// - changes: a trigger for new and promoted facts, a poll a minute, meets 50 facts created, 50
//   promoted and 50 deleted (spread over the list); polled until every change was reported, then
//   for one more sweep of the list: each change reported exactly once (missing, duplicated,
//   unexpected), and the polls (minutes) it took;
// - keyShareTeam: that trigger's requests per minute over all its polls, from activation on,
//   divided by 120 (the Team plan): the share of the key polling took;
// - the static data n8n stores for it.
//
// And a bulk import of more new facts than the trigger keeps keys for, in both stable orders.
// Writes bench/results/polling.{json,md} (quoted whole in docs/benchmarks.md, and as one line of
// figures in the README's polling section) and polling-which-trigger.{json,md} (the README's "Which
// trigger" table, with these figures).
//
// The trigger runs as n8n runs it (n8n-core's PollContext and TriggersAndPollers, the harness the
// tests use), against the sandbox in its own process on loopback (20 ms latency, 100 facts a page).
// The sandbox names a limit of 120 requests (the Team plan's per minute) in its headers, in windows
// of a second, and the trigger's key-share account is told a minute passes between polls
// (keyShare.ts, shareClock): the minutes are counted, not waited for.
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
const { MAX_SEEN, MAX_STATE_BYTES } = require(path.join(out, 'nodes/AgentPlatformPollingTrigger/state.js'));
const { DEFAULT_KEY_SHARE, shareClock } = require(path.join(out, 'nodes/AgentPlatformPollingTrigger/keyShare.js'));
const { TriggersAndPollers } = require('n8n-core');

const LATENCY_MS = 20;
const TEAM_LIMIT = 120;
const PAGE_SIZE = 100;
const CHANGES = 50; // of each kind: created, promoted, deleted
const STABLE_ORDERS = ['oldest-first', 'newest-first'];
const ORDERS = [...STABLE_ORDERS, 'unordered'];
const CREATED_ONLY = { events: ['memory.fact_created'], filters: {} };
const FACT_EVENTS = { events: ['memory.fact_created', 'memory.fact_promoted'], filters: {} };
const engine = new TriggersAndPollers();
const trigger = new AgentPlatformPollingTrigger();

// The key share's clock: a minute further at every poll.
let minutes = 0;
shareClock.now = () => Date.now() + minutes * 60_000;

/** One polling trigger in one workflow; static data lives on the workflow as in n8n. */
function workflow(sandbox, parameters, apiKey) {
	const credentials = { apiKey, baseUrl: sandbox.baseUrl };
	const { workflow: wf, node } = harnessWorkflow({ nodeType: trigger, parameters, credentials, staticData: {} });
	const context = pollContext(wf, node, { credentials, activation: 'activate' });
	const state = () => wf.staticData['node:Node Under Test']?.pollState;
	let polls = 0;
	return {
		state,
		get polls() {
			return polls;
		},
		staticBytes: () => Buffer.byteLength(JSON.stringify(wf.staticData)),
		/** One poll, a minute after the last: its items. */
		async poll() {
			minutes += 1;
			polls += 1;
			const result = await engine.runPollFunction(wf, node, context);
			return (result?.[0] ?? []).map((i) => i.json);
		},
		sweeping: () => state()?.facts?.sweep !== undefined,
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

/** Requests the trigger on `key` sent (every GET with that key: the trigger only reads). */
const requestsOf = async (sandbox, key) => (await (await fetch(`${sandbox.adminUrl}/requests`)).json()).data.filter((r) => r.key === key && r.method === 'GET').length;

const startSandbox = async (facts, order, rateLimit = TEAM_LIMIT) =>
	await startSandboxProcess(['--plan', 'enterprise', '--rate-limit', String(rateLimit), '--window-ms', '1000', '--latency', String(LATENCY_MS), '--facts', String(facts), '--fact-order', order]);

/** The facts one poll reads in one sweep of a list of `facts`, at most (the pages its share pays for). */
const pollsPerSweep = (facts) => Math.ceil(Math.ceil(facts / (PAGE_SIZE - 5)) / (DEFAULT_KEY_SHARE * TEAM_LIMIT - 2)) + 1;

async function measure(facts, order) {
	log(`${facts} facts, ${order}: starting the sandbox`);
	const sandbox = await startSandbox(facts, order);
	try {
		// New facts only, on the read-only key (its own rate window and request count).
		const created = workflow(sandbox, CREATED_ONLY, sandbox.readOnlyKey);
		log(`${facts} facts, ${order}: new facts only, the baseline and an idle poll`);
		await created.poll();
		const beforeIdle = await requestsOf(sandbox, 'readOnly');
		const idleItems = await created.poll();
		const idleRequests = (await requestsOf(sandbox, 'readOnly')) - beforeIdle;

		// New and promoted facts, on the full key.
		const t = workflow(sandbox, FACT_EVENTS, sandbox.apiKey);
		log(`${facts} facts, ${order}: new and promoted facts, the baseline and its first sweep`);
		const started = performance.now();
		let largest = 0;
		const poll = async () => {
			const items = await t.poll();
			largest = Math.max(largest, t.staticBytes());
			return items;
		};
		await poll();
		const afterBaseline = t.staticBytes();
		while (t.sweeping() && t.polls < 5_000) await poll();
		const firstSweepPolls = t.polls;

		log(`${facts} facts, ${order}: ${CHANGES} created, ${CHANGES} promoted, ${CHANGES} deleted`);
		// Spread over the whole list: generated facts are fact_g1_0000000 … in creation order.
		const spread = (i, at) => `fact_g1_${String(Math.floor(((i + at) * facts) / CHANGES)).padStart(7, '0')}`;
		const made = [];
		for (let i = 0; i < CHANGES; i++) made.push((await api(sandbox, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: `bench fact ${i}` })).id);
		const promoted = [];
		for (let i = 0; i < CHANGES; i++) promoted.push((await api(sandbox, 'POST', `/memory/facts/${spread(i, 0.5)}/promote`, { tier: 'L4', scope: 'company' })).id);
		for (let i = 0; i < CHANGES; i++) await api(sandbox, 'DELETE', `/memory/facts/${spread(i, 0.25)}`);

		const items = [];
		const ids = (event) => items.filter((i) => i.event === event).map((i) => i.data.fact.id);
		const all = () => made.every((id) => ids('memory.fact_created').includes(id)) && promoted.every((id) => ids('memory.fact_promoted').includes(id));
		const changesFrom = t.polls;
		const cap = 40 * pollsPerSweep(facts);
		let createdPolls;
		let polls = 0;
		while (!all() && polls < cap) {
			items.push(...(await poll()));
			polls += 1;
			if (createdPolls === undefined && made.every((id) => ids('memory.fact_created').includes(id))) createdPolls = polls;
		}
		const allPolls = polls;
		log(`${facts} facts, ${order}: all reported after ${allPolls} polls; one more sweep to see nothing comes twice`);
		for (let i = 0; i < pollsPerSweep(facts) + 2; i++) items.push(...(await poll()));
		const exactlyOnce = (expected, got) => ({
			missing: expected.filter((id) => !got.includes(id)).length,
			duplicated: got.length - new Set(got).size,
			unexpected: got.filter((id) => !expected.includes(id)).length,
		});
		const requests = await requestsOf(sandbox, 'primary');
		return {
			facts,
			order,
			idleScan: { requests: idleRequests, items: idleItems.length },
			keyShareTeam: +(requests / t.polls / TEAM_LIMIT).toFixed(3),
			firstSweep: { polls: firstSweepPolls },
			changes: {
				polls: t.polls - changesFrom,
				pollsUntilCreated: createdPolls ?? null,
				pollsUntilAll: all() ? allPolls : null,
				created: exactlyOnce(made, ids('memory.fact_created')),
				promoted: exactlyOnce(promoted, ids('memory.fact_promoted')),
			},
			requests,
			polls: t.polls,
			seconds: +((performance.now() - started) / 1000).toFixed(1),
			staticDataBytes: { afterBaseline, largest, end: t.staticBytes() },
		};
	} finally {
		await sandbox.stop();
	}
}

/** More new facts at once than the trigger keeps keys for (a bulk import), created through the API, 16 at a time. */
async function bulk(facts, created, order) {
	log(`${facts} facts, ${order}, then ${created} created at once`);
	const sandbox = await startSandbox(facts, order, 100_000);
	try {
		const t = workflow(sandbox, CREATED_ONLY, sandbox.apiKey);
		await t.poll();
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
		const items = [];
		let largest = 0;
		let polls = 0;
		while (items.length < created && polls < 100) {
			items.push(...(await t.poll()));
			largest = Math.max(largest, t.staticBytes());
			polls += 1;
		}
		for (let i = 0; i < 3; i++) items.push(...(await t.poll()));
		const got = items.map((i) => i.data.fact.id);
		return {
			facts,
			order,
			created,
			polls,
			missing: ids.filter((id) => !got.includes(id)).length,
			duplicated: got.length - new Set(got).size,
			unexpected: got.filter((id) => !ids.includes(id)).length,
			largestStaticBytes: largest,
			keysKept: Object.keys(t.state()?.facts?.created?.seen ?? {}).length,
		};
	} finally {
		await sandbox.stop();
	}
}

const started = performance.now();
const sizes = quick ? [2_000, 20_000] : [10_000, 100_000];
const results = {
	latencyMs: LATENCY_MS,
	limitPerMinute: TEAM_LIMIT,
	pageSize: PAGE_SIZE,
	defaultKeyShare: DEFAULT_KEY_SHARE,
	pollBudgetSeconds: POLL_BUDGET_MS / 1000,
	maxSeenKeys: MAX_SEEN,
	maxStateBytes: MAX_STATE_BYTES,
	runs: [],
	bulk: [],
};
for (const facts of sizes) for (const order of ORDERS) results.runs.push(await measure(facts, order));
for (const order of STABLE_ORDERS) results.bulk.push(await bulk(sizes[0], quick ? 1_500 : MAX_SEEN + 1_000, order));
results.totalSeconds = +((performance.now() - started) / 1000).toFixed(1);

// The targets, checked here so a run says whether it met them.
const stable = (r) => r.order !== 'unordered';
results.targets = {
	idleScanRequestsInStableOrders: { target: '≤ 3', met: results.runs.filter(stable).every((r) => r.idleScan.requests <= 3) },
	keyShareTeam: { target: `≤ ${DEFAULT_KEY_SHARE} (the default share) and ≤ 0.25`, met: results.runs.every((r) => r.keyShareTeam <= Math.min(DEFAULT_KEY_SHARE, 0.25)) },
	exactlyOnce: {
		target: 'missing 0, duplicated 0, unexpected 0',
		met: [...results.runs.flatMap((r) => [r.changes.created, r.changes.promoted]), ...results.bulk].every((c) => c.missing === 0 && c.duplicated === 0 && c.unexpected === 0),
	},
};

const k = (n) => (n >= 1000 ? `${n / 1000}k` : String(n));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const once = (c) => `missing ${c.missing}, twice ${c.duplicated}, wrong ${c.unexpected}`;
const met = (t) => (t.met ? 'met' : '**not met**');
const md = [
	`Command: \`npm run bench:polling\`${quick ? ' (--quick)' : ''} (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${results.totalSeconds} s; sandbox in its own process, ${LATENCY_MS} ms latency, ${PAGE_SIZE} facts a page, a key of ${TEAM_LIMIT} requests a minute (the Team plan), a poll a minute, default share ${DEFAULT_KEY_SHARE})`,
	'',
	'| facts | list order | idle poll, new facts only | new and promoted facts: share of a Team key | 50 created: reported after | 50 promoted: all reported after | each change once | static data |',
	'|---|---|---|---|---|---|---|---|',
	...results.runs.map(
		(r) =>
			`| ${k(r.facts)} | ${r.order} | ${r.idleScan.requests} request(s) | ${r.keyShareTeam} (${r.requests} requests in ${r.polls} polls) | ${r.changes.pollsUntilCreated ?? '—'} poll(s) | ${r.changes.pollsUntilAll ?? '—'} polls (the first sweep took ${r.firstSweep.polls}) | created: ${once(r.changes.created)}; promoted: ${once(r.changes.promoted)} | ${kb(r.staticDataBytes.largest)} at most |`,
	),
	'',
	...results.bulk.map(
		(b) =>
			`Bulk, ${b.order}: ${b.created} facts created at once after the baseline of ${k(b.facts)} (the trigger keeps at most ${MAX_SEEN} keys per cursor): reported in ${b.polls} polls (one hands over at most 1,000), missing ${b.missing}, twice ${b.duplicated}, wrong ${b.unexpected}; static data at most ${kb(b.largestStaticBytes)} (bound ${kb(MAX_STATE_BYTES)}).`,
	),
	'',
	`Targets: idle poll ≤ 3 requests in both creation orders: ${met(results.targets.idleScanRequestsInStableOrders)}; share of the key ${results.targets.keyShareTeam.target}: ${met(results.targets.keyShareTeam)}; every change exactly once: ${met(results.targets.exactlyOnce)}.`,
].join('\n');

saveResults(root, 'polling', results, md, { quote: !quick });

// README's "Which trigger" table, with this run's figures in it.
const run = (facts, order) => results.runs.find((r) => r.facts === facts && r.order === order);
const [small, large] = sizes;
const stableRuns = results.runs.filter(stable);
const idle = Math.max(...stableRuns.map((r) => r.idleScan.requests));
const share = Math.max(...results.runs.map((r) => r.keyShareTeam));
const promotedAfter = (facts) => Math.max(...STABLE_ORDERS.map((o) => run(facts, o).changes.pollsUntilAll ?? Number.NaN));
const whichTrigger = [
	'| | Agent Platform Trigger (webhooks) | Agent Platform Polling Trigger |',
	'|---|---|---|',
	'| the service must reach n8n | yes, at its production URL | no; n8n calls the API |',
	`| delay | at once | new facts: the next poll when the fact list is in creation order; promotions: one read of the list at the trigger's share, measured ${promotedAfter(small)} minutes at ${k(small)} facts and ${promotedAfter(large)} at ${k(large)} (a poll a minute, Team key; twice as long on an Individual key); in a list without a stable order, new facts wait for that read too (measured ${run(small, 'unordered').changes.pollsUntilCreated} minutes at ${k(small)}) |`,
	`| API requests | none while idle | an idle poll: ${idle} for new facts (list in creation order, any size), one for the agents; at most its share of the key (default ${DEFAULT_KEY_SHARE}; measured ${share} of a Team key) |`,
	'| event data | exactly the service\'s event, signed (incl. a promotion\'s `previous`) | the same shape; agent events dated when seen; no `previous` |',
	'| short-lived changes | every one is delivered | a change undone before the next poll is not seen |',
].join('\n');
saveResults(root, 'polling-which-trigger', { from: 'bench/results/polling.json', idlePollRequests: idle, keyShareTeam: share, promotionMinutes: { [small]: promotedAfter(small), [large]: promotedAfter(large) } }, whichTrigger, { quote: !quick });
process.exit(0);
