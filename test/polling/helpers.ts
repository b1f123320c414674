/**
 * A polling trigger in one workflow, run the way n8n runs it: n8n-core's PollContext and
 * TriggersAndPollers, with static data saved when n8n saves it. `scheduler` picks which of n8n's
 * ways of running polls (n8n 2.41.1, the file:line in docs/polling-trigger.md):
 *
 * - 'poller' (n8n's in-process poller, the default): one Workflow and one PollContext per activation,
 *   reused by every tick, so static data lives on in memory between polls; saved after the
 *   activation poll and whenever a poll returns items.
 * - 'durable' (the durable scheduler: N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED):
 *   the activation poll as above, then a new Workflow from the saved static data and a new
 *   PollContext ('update') for every tick; saved only when the poll returns items.
 * - 'durable-cursors' (also N8N_POLLER_DURABLE_CURSORS_ENABLED): the node's static data is a copy
 *   of a cursor row (made from the static data the first time), committed after every tick, but
 *   not after the activation poll.
 *
 * `restart()` starts over from what was saved, with this process's memory gone, as after an n8n
 * restart. Polls come one a minute as far as the trigger's key share knows (keyShare.ts,
 * `shareClock`): its account fills as it would between n8n's polls, without the test waiting for them.
 */
import { PollContext, TriggersAndPollers } from 'n8n-core';
import type { IDataObject, INode, INodeParameters, Workflow, WorkflowActivateMode } from 'n8n-workflow';
import { AgentPlatformPollingTrigger } from '../../nodes/AgentPlatformPollingTrigger/AgentPlatformPollingTrigger.node';
import { shareClock } from '../../nodes/AgentPlatformPollingTrigger/keyShare';
import { latestStates } from '../../nodes/AgentPlatformPollingTrigger/latestState';
import { buildAdditionalData, harnessWorkflow } from '../harness/n8n-core';
import type { RunningSandbox } from '../sandbox';

export const pollingTrigger = new AgentPlatformPollingTrigger();
const engine = new TriggersAndPollers();
const NODE_KEY = 'node:Node Under Test';

export type Scheduler = 'poller' | 'durable' | 'durable-cursors';

/** Minutes the key share's clock is ahead of the real one: one more at each poll. */
let minutesPassed = 0;
shareClock.now = () => Date.now() + minutesPassed * 60_000;

/** Each workflow its own id, as in n8n (the process keeps the latest state by workflow and node). */
let workflows = 0;

const copy = (value: IDataObject): IDataObject => JSON.parse(JSON.stringify(value)) as IDataObject;

export function pollingWorkflow(
	sb: RunningSandbox,
	parameters: INodeParameters,
	options: { apiKey?: string; budgetMs?: number; minutesPerPoll?: number; scheduler?: Scheduler } = {},
) {
	const scheduler = options.scheduler ?? 'poller';
	const credentials = { apiKey: options.apiKey ?? sb.apiKey, baseUrl: sb.baseUrl };
	const workflowId = `harness-workflow-${++workflows}`;
	/** What n8n's database holds: the workflow's static data and, with durable cursors, the cursor row. */
	let saved: IDataObject = {};
	let cursor: IDataObject | undefined;
	/** Durable cursors: whether a tick has committed the row since it was made (a tick that throws commits nothing). */
	let committed = false;
	type Run = { workflow: Workflow; node: INode; context: PollContext; nodeData?: IDataObject; activation: boolean };
	/** The poller's one run per activation; for the durable scheduler, the activation poll's until it ran. */
	let current: Run | undefined;
	/** The node's static data as the last poll left it. */
	let lastNodeData: IDataObject = {};

	function contextFor(workflow: Workflow, node: INode, activation: WorkflowActivateMode, nodeData?: IDataObject): PollContext {
		const fail = () => {
			throw new Error('a poll hands its items back as its result in these tests, not through __emit');
		};
		const budget = options.budgetMs === undefined ? undefined : () => options.budgetMs as number;
		return new PollContext(workflow, node, buildAdditionalData(credentials), 'trigger', activation, fail, fail, undefined, undefined, nodeData && (() => nodeData), budget);
	}

	/** A Workflow built from the saved static data, with its poll context. */
	function build(activation: WorkflowActivateMode, isActivation: boolean): Run {
		const { workflow, node } = harnessWorkflow({ nodeType: pollingTrigger, parameters, credentials, staticData: copy(saved) });
		workflow.id = workflowId;
		// Durable cursors: the row is made from the node's static data the first time (getOrCreateCursor).
		if (scheduler === 'durable-cursors') cursor ??= copy((saved[NODE_KEY] ?? {}) as IDataObject);
		const nodeData = scheduler === 'durable-cursors' ? copy(cursor as IDataObject) : undefined;
		return { workflow, node, context: contextFor(workflow, node, activation, nodeData), nodeData, activation: isActivation };
	}

	const save = (run: Run) => (saved = copy(run.workflow.staticData));

	const wf = {
		/** The user activates the workflow: the next poll is the activation poll. */
		activate: () => {
			current = build('activate', true);
		},
		/** n8n restarts: this process's memory is gone; the poller activates again ('init'), the durable scheduler's jobs carry on. */
		restart: () => {
			latestStates.forget(`${workflowId}:node-under-test`);
			current = scheduler === 'poller' ? build('init', true) : undefined;
		},
		/** One tick; the items it hands to n8n (none: []). */
		async poll(): Promise<IDataObject[]> {
			if (!current && scheduler === 'poller') throw new Error('activate first');
			const run = current ?? build('update', false);
			if (scheduler !== 'poller') current = undefined;
			else if (run.activation) current = { ...run, activation: false };
			minutesPassed += options.minutesPerPoll ?? 1;
			const result = await engine.runPollFunction(run.workflow, run.node, run.context);
			lastNodeData = run.nodeData ?? ((run.workflow.staticData[NODE_KEY] ?? {}) as IDataObject);
			// n8n saves the static data after an activation (active-workflow-manager.js) and with items.
			if (result !== null || run.activation) save(run);
			// Durable cursors: every tick is committed (with its execution, or alone), the activation poll is not.
			if (scheduler === 'durable-cursors' && !run.activation) [cursor, committed] = [copy(run.nodeData as IDataObject), true];
			return (result?.[0] ?? []).map((item) => item.json);
		},
		/** Polls until one returns items or `max` polls have passed; returns every item seen. */
		async pollUntilItems(max = 50): Promise<IDataObject[]> {
			for (let i = 0; i < max; i++) {
				const items = await wf.poll();
				if (items.length > 0) return items;
			}
			return [];
		},
		/** The node's static data as the last poll left it in memory. */
		staticData: () => lastNodeData,
		savedStaticData: () => (saved[NODE_KEY] ?? {}) as IDataObject,
		/** Durable cursors: whether any tick has committed the cursor row (until one has, it is as it was before activation). */
		cursorCommitted: () => committed,
		setBudget: (ms: number) => {
			options.budgetMs = ms;
			if (current) current.context = contextFor(current.workflow, current.node, 'update', current.nodeData);
		},
		/** The user edits the credential (same credential id) to another API key. */
		setApiKey: (apiKey: string) => {
			credentials.apiKey = apiKey;
			if (current) current.context = contextFor(current.workflow, current.node, 'update', current.nodeData);
		},
		/** n8n's logger as the trigger sees it (one per process, like n8n's). */
		logger: () => (current ?? build('update', false)).context.logger,
	};
	return wf;
}

/** The sandbox's own API, as another client changing things would call it. */
export async function api(sb: RunningSandbox, method: string, path: string, body?: object): Promise<IDataObject> {
	const response = await fetch(`${sb.baseUrl}${path}`, {
		method,
		headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return ((await response.json()) as { data: IDataObject }).data;
}

/** Runs `scenario` with Date.now shifted so that it begins `ms` into a second (some cases show only there). */
export async function beginningAt(ms: number, scenario: () => Promise<unknown>): Promise<void> {
	const realNow = Date.now.bind(Date);
	const shift = (1_000 + ms - (realNow() % 1_000)) % 1_000;
	const now = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + shift);
	try {
		await scenario();
	} finally {
		now.mockRestore();
	}
}
