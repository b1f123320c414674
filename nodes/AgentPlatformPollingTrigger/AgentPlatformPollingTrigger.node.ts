import { NodeConnectionTypes, type IDataObject, type INodeExecutionData, type INodeType, type IPollFunctions } from 'n8n-workflow';
import { AgentPlatformClient } from '../../src/client';
import { DOCS } from '../../src/docsLinks';
import { ALL_EVENTS, EVENT_TYPES } from '../../src/vocabulary';
import { filters, options } from '../parts/collections';
import { scopeOption, tierOption } from '../parts/factFields';
import { POLLING_TRIGGER_BUILDER_HINT } from '../parts/builderHints';
import { chatTurnsProperties, keptEvents, leftOutFacts } from '../parts/chatTurns';
import { credentialTest, NODE_ICON, type NodeDescription } from '../parts/header';
import { searchAgents } from '../parts/listSearch';
import { agentFilterLocator } from '../parts/locators';
import { pollAgents } from './agents';
import { toItems, type PolledEvent } from './events';
import { type FactPollParts, pollFacts } from './factPoll';
import { DEFAULT_KEY_SHARE, KeyShare, MIN_KEY_SHARE } from './keyShare';
import { latestStates, newRevision, revisionOf } from './latestState';
import { readOrgId, sampleEvent } from './sample';
import { type PollSettings, readSettings, stateFingerprint, wantsAgents, wantsFacts } from './settings';
import { loadState, type PollState, STATE_KEY } from './state';

/** Time one poll spends at most (less when n8n gives a smaller budget): a longer scan goes on at the next poll. */
export const POLL_BUDGET_MS = 30_000;

/** Polls of one trigger under way in this process: a tick that finds one running is skipped. */
const running = new Set<string>();

/** Poll contexts already seen: n8n makes one per activation (and, in some modes, one per tick). */
const contexts = new WeakSet<object>();

/** The first poll after the user activated the workflow takes a new baseline (after a restart or a save, the stored state carries on). n8n runs it with the activation's context ('activate', 'create' in 1.x) and reuses that for later ticks, or, under its durable scheduler, makes a new one per tick, always as 'update'. */
function isFirstPollAfterActivation(ctx: IPollFunctions): boolean {
	if (contexts.has(ctx)) return false;
	contexts.add(ctx);
	const mode = ctx.getActivationMode();
	return mode === 'activate' || mode === 'create';
}

function budgetMs(ctx: IPollFunctions): number {
	// n8n 1.x has no poll budget; 2.x gives one (smaller when a poll may be abandoned).
	const given = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : POLL_BUDGET_MS;
	return Math.max(1, Math.min(POLL_BUDGET_MS, given));
}

export class AgentPlatformPollingTrigger implements INodeType {
	description: NodeDescription = {
		displayName: 'Agent Platform Polling Trigger',
		name: 'agentPlatformPollingTrigger',
		icon: NODE_ICON,
		group: ['trigger'],
		// 1.1: Include Chat Turns is off by default; version 1 nodes keep passing them on (parts/chatTurns.ts).
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description: 'Starts the workflow when agents or memory facts change, found by polling the API: for n8n instances the service cannot reach',
		defaults: { name: 'Agent Platform Polling Trigger' },
		polling: true,
		builderHint: POLLING_TRIGGER_BUILDER_HINT,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'agentPlatformApi', required: true, testedBy: 'agentPlatformApiTest' }],
		properties: [
			{
				displayName:
					'Checks the API on the schedule above. The first check after activation only records what exists; each later check that finds changes starts one run, with one item per change (oldest first). For an n8n the service can reach, the Agent Platform Trigger (webhooks) is faster and lighter.',
				name: 'pollingNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: [{ name: 'All Events', value: ALL_EVENTS, description: 'All four events below' }, ...EVENT_TYPES],
				default: [ALL_EVENTS],
				required: true,
				description: 'The changes that start the workflow. Memory fact events read the fact list; the filters below keep that read small.',
			},
			...chatTurnsProperties,
			filters([
				agentFilterLocator('Only changes of this agent and its memory facts'),
				{ ...scopeOption('scope', 'Memory Scope'), description: 'Only memory facts with this scope now (after a promotion, the new scope)' },
				{ ...tierOption('tier', 'Memory Tier'), description: 'Only memory facts in this tier now (after a promotion, the new tier)' },
			]),
			options([
				{
					displayName: 'Share of Rate Limit',
					name: 'keyShare',
					type: 'number',
					typeOptions: { minValue: MIN_KEY_SHARE, maxValue: 1, numberPrecision: 2 },
					default: DEFAULT_KEY_SHARE,
					description: "How much of the API key's requests per minute this trigger may use (0.2 = a fifth); the key's other workflows keep the rest",
					hint: `A smaller share makes promotions in a long fact list reported later: see ${DOCS.pollingCost()}.`,
				},
			]),
		],
	};

	methods = { listSearch: { searchAgents }, credentialTest };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings(this);
		const deadline = Date.now() + budgetMs(this);
		if (this.getMode() === 'manual') return await sampleEvent(this.getNode(), new AgentPlatformClient(this), settings, deadline, leftOutFacts(this));

		const workflowId = this.getWorkflow().id;
		const key = `${workflowId ?? ''}:${this.getNode().id}`;
		if (running.has(key)) return null;
		running.add(key);
		try {
			return await pollOnce(this, settings, deadline, workflowId ? key : undefined);
		} finally {
			running.delete(key);
		}
	}
}

/** The largest page the API serves (docs/spec-choices.md): the agents' read takes a request per this many agents known. */
const AGENTS_PER_PAGE = 100;
const agentPages = (state: PollState) => Math.max(1, Math.ceil((Object.keys(state.agents ?? {}).length + 1) / AGENTS_PER_PAGE));

/** One poll; `key` names the trigger for the state kept in this process (none without a workflow id). */
async function pollOnce(ctx: IPollFunctions, settings: PollSettings, deadline: number, key: string | undefined): Promise<INodeExecutionData[][] | null> {
	const staticData = ctx.getWorkflowStaticData('node');
	const restart = isFirstPollAfterActivation(ctx);
	const fingerprint = await stateFingerprint(ctx, settings);
	const stored = staticData[STATE_KEY];
	// The stored state, or the newer one this process kept when n8n did not save the polls since.
	const latest = restart ? { state: undefined, root: revisionOf(stored), read: revisionOf(stored), activation: true } : latestStates.resume(key, stored);
	const { state, dropped } = loadState(latest.state, fingerprint);
	// A state that could not be read whole carries on from what could (its cursors first): said once, here.
	if (dropped.length > 0) ctx.logger.warn(`Agent Platform Polling Trigger "${ctx.getNode().name}": the stored state could not be read whole (${dropped.join(', ')}); it carries on from the rest`, { node: ctx.getNode().name });
	// Every request below is paid for from the trigger's share of the key (keyShare.ts), told by the client's hook.
	const share = KeyShare.open(state.share, settings.keyShare);
	const dates: FactPollParts['dates'] = {};
	const hook = { sending: () => share.sending(), answered: (answer: { limit?: number; serverDate?: number }) => (share.answered(answer), (dates.last = answer.serverDate)) };
	const client = new AgentPlatformClient(ctx, { hook });
	const seenAt = Date.now();
	const events: PolledEvent[] = [];
	const failure = await (async () => {
		if (state.orgId === undefined) {
			if (share.available < 1) return;
			state.orgId = await readOrgId(client);
		}
		if (wantsAgents(settings) && share.available >= agentPages(state)) events.push(...(await pollAgents(ctx.getNode(), client, state, settings, seenAt)));
		if (!wantsFacts(settings)) return;
		const facts = await pollFacts({ node: ctx.getNode(), logger: ctx.logger, client, settings, share, dates, deadline }, state);
		events.push(...facts.events);
		if (facts.failure !== undefined) throw facts.failure;
	})().then(() => undefined, (error: unknown) => ({ error }));
	// The state after the last whole step, saved together with the events found up to it.
	state.share = share.toJSON();
	state.rev = newRevision();
	staticData[STATE_KEY] = state as unknown as IDataObject;
	// Chat turns are left out here, after the state has taken them in, so they are never found again; a poll whose events were all chat turns hands n8n nothing, so it is no hand-over (latestState.ts).
	const kept = keptEvents(ctx, events);
	latestStates.keep(key, state, latest, kept.length > 0);
	// A failure after some events hands those over (their keys are in the state); the next poll meets it again.
	if (failure && kept.length === 0) throw failure.error;
	return kept.length > 0 ? [toItems(kept, state.orgId, seenAt)] : null;
}
