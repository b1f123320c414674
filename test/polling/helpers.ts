/**
 * A polling trigger in one workflow, run the way n8n runs it: n8n-core's PollContext (one per
 * activation, reused by every tick) and TriggersAndPollers. Static data is kept on the workflow
 * between polls and saved, as n8n 2.x saves it, after the activation poll and whenever a poll
 * returns items; `restart()` starts over from what was saved, as n8n does after a restart.
 *
 * Polls come one a minute as far as the trigger's key share knows (keyShare.ts, `shareClock`): its
 * account fills as it would between n8n's polls, without the test waiting for them.
 */
import { TriggersAndPollers } from 'n8n-core';
import type { IDataObject, INode, INodeParameters, Workflow, WorkflowActivateMode } from 'n8n-workflow';
import { AgentPlatformPollingTrigger } from '../../nodes/AgentPlatformPollingTrigger/AgentPlatformPollingTrigger.node';
import { shareClock } from '../../nodes/AgentPlatformPollingTrigger/keyShare';
import { harnessWorkflow, pollContext } from '../harness/n8n-core';
import type { RunningSandbox } from '../sandbox';

export const pollingTrigger = new AgentPlatformPollingTrigger();
const engine = new TriggersAndPollers();
const NODE_KEY = 'node:Node Under Test';

/** Minutes the key share's clock is ahead of the real one: one more at each poll. */
let minutesPassed = 0;
shareClock.now = () => Date.now() + minutesPassed * 60_000;

export function pollingWorkflow(sb: RunningSandbox, parameters: INodeParameters, options: { apiKey?: string; budgetMs?: number; minutesPerPoll?: number } = {}) {
	const credentials = { apiKey: options.apiKey ?? sb.apiKey, baseUrl: sb.baseUrl };
	/** What n8n's database holds. */
	let saved: IDataObject = {};
	let current: { workflow: Workflow; node: INode; context: ReturnType<typeof pollContext>; polls: number } | undefined;
	const save = () => (saved = JSON.parse(JSON.stringify(current?.workflow.staticData ?? {})) as IDataObject);

	function start(activation: WorkflowActivateMode) {
		const { workflow, node } = harnessWorkflow({ nodeType: pollingTrigger, parameters, credentials, staticData: JSON.parse(JSON.stringify(saved)) as IDataObject });
		current = { workflow, node, context: pollContext(workflow, node, { credentials, activation, budgetMs: options.budgetMs }), polls: 0 };
	}

	const wf = {
		/** The user activates the workflow: the next poll is the first of this activation. */
		activate: () => start('activate'),
		/** n8n restarts: the saved static data, a new context. */
		restart: () => start('init'),
		/** One tick; the items it hands to n8n (none: []). */
		async poll(): Promise<IDataObject[]> {
			if (!current) throw new Error('activate first');
			const run = current;
			run.polls += 1;
			minutesPassed += options.minutesPerPoll ?? 1;
			const result = await engine.runPollFunction(run.workflow, run.node, run.context);
			if (result !== null || run.polls === 1) save();
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
		/** The node's static data as n8n keeps it in memory. */
		staticData: () => (current?.workflow.staticData[NODE_KEY] ?? {}) as IDataObject,
		savedStaticData: () => (saved[NODE_KEY] ?? {}) as IDataObject,
		setBudget: (ms: number) => {
			options.budgetMs = ms;
			if (current) current.context = pollContext(current.workflow, current.node, { credentials, activation: 'update', budgetMs: ms });
		},
		/** The user edits the credential (same credential id) to another API key. */
		setApiKey: (apiKey: string) => {
			credentials.apiKey = apiKey;
			if (current) current.context = pollContext(current.workflow, current.node, { credentials, activation: 'update', budgetMs: options.budgetMs });
		},
		/** n8n's logger as the trigger sees it (one per process, like n8n's). */
		logger: () => {
			if (!current) throw new Error('activate first');
			return current.context.logger;
		},
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
