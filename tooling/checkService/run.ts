/**
 * `npm run check:service`: which of the project's choices where the spec is silent
 * (docs/spec-choices.md) the service at a Base URL confirms. Reads only, unless asked to write; every
 * request through the package's own client, each sent once, within a budget of requests the run
 * never passes. cli.mjs reads the arguments and prints; this runs the checks.
 */
import { AgentPlatformClient } from '../../src/client';
import { printable, redact } from '../../src/client/redaction';
import { ROUTES, type RouteName } from '../../src/routes';
import { CLEANUP_REQUESTS } from './checks/cleanup';
import { checkErrors } from './checks/errors';
import { checkFields } from './checks/fields';
import { checkFilters } from './checks/filters';
import { checkDateHeader, checkRateHeaders, checkResetUnit, type NewFact } from './checks/headers';
import { checkAgentOrder, checkFactOrder } from './checks/orders';
import { checkPagination } from './checks/pagination';
import { checkReads, itemsOf, routeId, routeWhere, type Survey } from './checks/routes';
import { checkWrites } from './checks/writes';
import { BudgetSpent, Probe, unlessSpent } from './probe';
import { type Finding, finding, type Report, type Row } from './rows';
import { locate } from './sourceLines';
import { createUndiciContext } from './undiciContext';

export interface CheckOptions {
	baseUrl: string;
	apiKey: string;
	/** Create, promote and delete one L1 fact. */
	write?: boolean;
	/** With `write`: create and delete one webhook subscription to this URL. */
	webhookUrl?: string;
	/** Told of each row as its check ends (the command prints it, so a run is never silent for long). */
	onRow?: (row: Row, sent: number) => void;
	/** Told of each answer as it comes. */
	onAnswer?: (sent: number, method: string, path: string, status: number) => void;
	/** Told when the client waits long before a request (the key's rate limit), in its words. */
	onWait?: (message: string) => void;
}

/** The reads send at most this many requests (a 429's repeat counts). */
const READ_BUDGET = 60;
/** The write steps: a fact's create, read, promote, delete and read; a subscription's create, read, list, delete and read. */
const WRITE_STEPS = 10;

/** What a run may send at most, all told: the command prints it before the first request. */
export const requestBudget = (write: boolean | undefined): number => READ_BUDGET + (write ? WRITE_STEPS + CLEANUP_REQUESTS : 0);

/** What each probe a run writes carries in its text (the run's id follows it): docs/spec-choices.md names it. */
export const PROBE_MARKER = 'check:service probe';

/** The routes --write sends on the item it made: unsent when its create answered none. */
const AFTER_CREATE = new Set<RouteName>(['memoryFact.promote', 'memoryFact.delete', 'webhookSubscription.get', 'webhookSubscription.delete']);

/** Rows for the routes no check sent (writes), saying why. */
function unsentRoutes(findings: Finding[], options: CheckOptions): Finding[] {
	const seen = new Set(findings.map((f) => f.id));
	return (Object.keys(ROUTES) as RouteName[])
		.filter((name) => !seen.has(routeId(name)))
		.map((name) => {
			const webhook = name.startsWith('webhookSubscription.');
			const why = !options.write
				? 'a write: --write checks the memory-fact writes, --webhook-url the webhook ones'
				: webhook && !options.webhookUrl
					? 'give --webhook-url to check the webhook writes'
					: AFTER_CREATE.has(name)
						? `not sent: the ${webhook ? 'subscription' : 'fact'} it acts on was not made (see the create's row)`
						: '--write changes only one memory fact and one webhook subscription of a real organization';
			return finding(routeId(name), routeWhere(name), `${ROUTES[name].method} ${ROUTES[name].path}`).unchecked(why);
		});
}

/** One finding per id: a later one that could tell (a write that read the webhook it made) replaces an `unchecked` one. */
function settled(findings: Finding[]): Finding[] {
	const byId = new Map<string, Finding>();
	for (const f of findings) if (!byId.has(f.id) || (byId.get(f.id)?.status === 'unchecked' && f.status !== 'unchecked')) byId.set(f.id, f);
	return [...byId.values()];
}

/** The report's order: the routes as src/routes.ts lists them, then each group of choices. */
const GROUPS = ['route.', 'pagination.', 'filter.', 'order.', 'rateLimit.', 'clock.', 'error.', 'fields.', 'write.', 'run.'];
function inReportOrder(findings: Finding[]): Finding[] {
	const routeIds = (Object.keys(ROUTES) as RouteName[]).map(routeId);
	const rank = (f: Finding) => {
		const group = GROUPS.findIndex((prefix) => f.id.startsWith(prefix));
		return (group < 0 ? GROUPS.length : group) * 1000 + Math.max(0, routeIds.indexOf(f.id));
	};
	return findings.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
}

/** A run's id in its marker: tells this run's probes from another's (not a secret). */
const runId = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');

export async function checkService(options: CheckOptions): Promise<Report> {
	// Every text leaves here without the key, printable: a thrown error included.
	const clean = (text: string) => printable(redact(text, options.apiKey));
	return await run(options, clean).catch(async (error: Error) => await Promise.reject(new CheckFailed(clean(error?.message ?? String(error)))));
}

/** Why a run could not end: its message rid of the key (the stack of a new error holds only that). */
export class CheckFailed extends Error {}

async function run(options: CheckOptions, clean: (text: string) => string): Promise<Report> {
	const { context, exchanges, counter } = createUndiciContext({ baseUrl: options.baseUrl, apiKey: options.apiKey }, (message) => options.onWait?.(clean(message)));
	// Each request once: an unreadable answer or a 5xx is a finding, not a fault to retry (a 429 still waits and goes again).
	const client = new AgentPlatformClient(context, { retryLimits: { transient: 0 } });
	const probe = new Probe(client, exchanges, counter, options.apiKey, options.onAnswer);
	const toRow = (f: Finding): Row => ({ id: f.id, status: f.status, expected: clean(f.expected), seen: clean(f.seen), where: locate(f.where) });
	const findings: Finding[] = [];
	const tell = (f: Finding) => options.onRow?.(toRow(f), probe.sent);
	const found = (...more: Finding[]) => {
		findings.push(...more);
		more.forEach(tell);
	};
	const notRun: string[] = [];
	/** A check that finds the budget spent sends nothing more; the run says which did not run. */
	const step = async (name: string, check: () => Promise<Finding[]>) => {
		const result = await unlessSpent(check());
		if (result instanceof BudgetSpent) notRun.push(name);
		else found(...result);
	};
	probe.cap = READ_BUDGET;
	const { findings: reads, survey } = await checkReads(probe, tell);
	findings.push(...reads);
	await step('pagination', async () => await checkPagination(probe, survey));
	await step('filters', async () => await checkFilters(probe, survey));
	await step('fact order', async () => [...(await checkFactOrder(probe)), checkAgentOrder(survey)]);
	await step('errors', async () => await checkErrors(probe));
	const newFact = options.write ? await writes(probe, survey, options, found) : undefined;
	found(checkRateHeaders(probe.all), checkResetUnit(probe.all), checkDateHeader(probe.all, newFact ?? (options.write ? 'no new fact was made to compare' : "a new fact's created_at is compared with --write")), ...checkFields(survey));
	if (notRun.length > 0) {
		found(finding('run.budget', { file: 'tooling/checkService/run.ts', find: 'const READ_BUDGET' }, `the checks within ${requestBudget(options.write)} requests`).unchecked(`the budget was spent (429s repeated) before these ran: ${notRun.join(', ')}`));
	}
	findings.push(...unsentRoutes(findings, options));
	return { rows: inReportOrder(settled(findings)).map(toRow), requests: counter.sent, budget: requestBudget(options.write) };
}

async function writes(probe: Probe, survey: Survey, options: CheckOptions, found: (...more: Finding[]) => void): Promise<NewFact | undefined> {
	const agentId = itemsOf(survey, 'agent.getMany')[0]?.id;
	const result = await checkWrites(probe, {
		agentId: typeof agentId === 'string' ? agentId : undefined,
		webhookUrl: options.webhookUrl,
		marker: `${PROBE_MARKER} ${runId()}`,
		stepsCap: probe.sent + WRITE_STEPS,
		cleanupCap: requestBudget(true),
	});
	found(...result.findings);
	return result.newFact;
}
