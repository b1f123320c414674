/**
 * How long the conversation lasts (the Keep History parameter), as the platform's tiers: each turn
 * is created in the tier whose lifetime is the one chosen (L1 1 hour, L2 24 hours, L3 7 days, L4
 * until deleted), so the platform itself deletes it when that time is up, in one request per turn
 * (a turn created in L1 and promoted afterwards would take two, and one that failed half way would
 * leave a turn that lasts an hour instead of the time chosen).
 *
 * The platform may keep a turn longer than chosen (it graduates facts that prove useful, and a
 * person may promote one); the history still gives the model only turns younger than the time
 * chosen (`maxAgeMs`, by the turn's own date), so what the model sees lasts as chosen.
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

export interface HistoryLifetime {
	/** The tier each turn is created in. */
	tier: string;
	/** The oldest turn the history gives the model; none for Until Deleted. */
	maxAgeMs?: number;
	/** The choice's name in the panel, for errors. */
	label: string;
}

const HOUR = 3_600_000;

export const LIFETIMES = {
	hour: { tier: 'L1', maxAgeMs: HOUR, label: 'An Hour' },
	day: { tier: 'L2', maxAgeMs: 24 * HOUR, label: 'A Day' },
	week: { tier: 'L3', maxAgeMs: 7 * 24 * HOUR, label: 'A Week' },
	untilDeleted: { tier: 'L4', label: 'Until Deleted' },
} as const satisfies Record<string, HistoryLifetime>;

export type LifetimeChoice = keyof typeof LIFETIMES;

/** Node version 1 kept every turn for an hour (L1); its workflows keep that. From 1.1 the default is Until Deleted. */
export const KEEP_HISTORY_DEFAULT = { v1: 'hour', current: 'untilDeleted' } as const satisfies Record<string, LifetimeChoice>;

/** The shorter choices than `choice`, longest first: what to suggest when the API refuses one. */
export function shorterThan(choice: LifetimeChoice): HistoryLifetime[] {
	const order = Object.keys(LIFETIMES) as LifetimeChoice[];
	return order
		.slice(0, order.indexOf(choice))
		.reverse()
		.map((name) => LIFETIMES[name]);
}

export const isLifetimeChoice = (value: unknown): value is LifetimeChoice => typeof value === 'string' && Object.hasOwn(LIFETIMES, value);

const WHO_READS = "Every API key of the organization and the platform's own agents can read it; the platform may keep a turn longer when it promotes it.";

/** What the panel says for each choice: how long the conversation lasts and who can read it. */
const NOTICES: Record<LifetimeChoice, string> = {
	hour: `Each turn of the conversation is kept on the Agent Platform for an hour (an L1 fact of the agent). ${WHO_READS}`,
	day: `Each turn of the conversation is kept on the Agent Platform for a day (an L2 fact of the agent). ${WHO_READS}`,
	week: `Each turn of the conversation is kept on the Agent Platform for a week (an L3 fact of the agent). ${WHO_READS}`,
	untilDeleted: `The conversation is kept on the Agent Platform until it is deleted (L4 facts of the agent; Chat Memory Manager → Delete Messages clears it). ${WHO_READS}`,
};

const OPTIONS = [
	{ name: 'An Hour', value: 'hour', description: 'Each turn lasts an hour (the L1 session tier)' },
	{ name: 'A Day', value: 'day', description: 'Each turn lasts 24 hours (the L2 working tier)' },
	{ name: 'A Week', value: 'week', description: 'Each turn lasts 7 days (the L3 durable tier)' },
	{ name: 'Until Deleted', value: 'untilDeleted', description: 'Turns last until the conversation is cleared or deleted (the L4 permanent tier)' },
];

const keepHistory = (defaultChoice: LifetimeChoice, versions: IDisplayOptions): INodeProperties => ({
	displayName: 'Keep History',
	name: 'keepHistory',
	type: 'options',
	options: OPTIONS,
	default: defaultChoice,
	description: 'How long the conversation is kept on the platform and given back to the model',
	displayOptions: versions,
});

const V1: IDisplayOptions['show'] = { '@version': [1] };

/** The parameter (its default depends on the node's version) and its notice (one per choice, so it names the time). */
export const keepHistoryProperties: INodeProperties[] = [
	keepHistory(KEEP_HISTORY_DEFAULT.v1, { show: V1 }),
	keepHistory(KEEP_HISTORY_DEFAULT.current, { hide: V1 }),
	...(Object.keys(NOTICES) as LifetimeChoice[]).map(
		(choice): INodeProperties => ({
			displayName: NOTICES[choice],
			name: `keepHistoryNotice_${choice}`,
			type: 'notice',
			default: '',
			displayOptions: { show: { keepHistory: [choice] } },
		}),
	),
];
