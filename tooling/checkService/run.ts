/**
 * `npm run check:service`: which of the project's choices where the spec is silent
 * (docs/spec-choices.md) the service at a Base URL confirms. Reads only, unless asked to write; every
 * request through the package's own client. cli.mjs reads the arguments and prints; this runs the checks.
 */
import { AgentPlatformClient } from '../../src/client';
import { redact } from '../../src/client/redaction';
import { ROUTES, type RouteName } from '../../src/routes';
import { checkErrors } from './checks/errors';
import { checkFields } from './checks/fields';
import { checkFilters } from './checks/filters';
import { checkDateHeader, checkRateHeaders, checkResetUnit } from './checks/headers';
import { checkAgentOrder, checkFactOrder } from './checks/orders';
import { checkPagination } from './checks/pagination';
import { checkReads, itemsOf, routeId, routeWhere } from './checks/routes';
import { checkWrites } from './checks/writes';
import { Probe } from './probe';
import { type Finding, finding, type Report } from './rows';
import { locate } from './sourceLines';
import { createUndiciContext } from './undiciContext';

export interface CheckOptions {
	baseUrl: string;
	apiKey: string;
	/** Create, promote and delete one L1 fact. */
	write?: boolean;
	/** With `write`: create and delete one webhook subscription to this URL. */
	webhookUrl?: string;
}

/** Rows for the routes no check sent (writes), saying why. */
function unsentRoutes(findings: Finding[], options: CheckOptions): Finding[] {
	const seen = new Set(findings.map((f) => f.id));
	return (Object.keys(ROUTES) as RouteName[])
		.filter((name) => !seen.has(routeId(name)))
		.map((name) => {
			const why = !options.write
				? 'a write: --write checks the memory-fact writes, --webhook-url the webhook ones'
				: name.startsWith('webhookSubscription.') && !options.webhookUrl
					? 'give --webhook-url to check the webhook writes'
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
const GROUPS = ['route.', 'pagination.', 'filter.', 'order.', 'rateLimit.', 'clock.', 'error.', 'fields.', 'write.'];
function inReportOrder(findings: Finding[]): Finding[] {
	const routeIds = (Object.keys(ROUTES) as RouteName[]).map(routeId);
	const rank = (f: Finding) => {
		const group = GROUPS.findIndex((prefix) => f.id.startsWith(prefix));
		return (group < 0 ? GROUPS.length : group) * 1000 + Math.max(0, routeIds.indexOf(f.id));
	};
	return findings.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
}

export async function checkService(options: CheckOptions): Promise<Report> {
	const { context, exchanges, counter } = createUndiciContext({ baseUrl: options.baseUrl, apiKey: options.apiKey });
	const probe = new Probe(new AgentPlatformClient(context), exchanges, options.apiKey);
	const { findings, survey } = await checkReads(probe);
	findings.push(...(await checkPagination(probe, survey)), ...(await checkFilters(probe, survey)));
	findings.push(...(await checkFactOrder(probe)), checkAgentOrder(survey));
	findings.push(...(await checkErrors(probe)));
	if (options.write) {
		const agentId = itemsOf(survey, 'agent.getMany')[0]?.id;
		findings.push(...(await checkWrites(probe, typeof agentId === 'string' ? agentId : undefined, options.webhookUrl)));
	}
	findings.push(checkRateHeaders(probe.all), checkResetUnit(probe.all), checkDateHeader(probe.all), ...checkFields(survey));
	findings.push(...unsentRoutes(findings, options));
	const clean = (text: string) => redact(text, options.apiKey);
	const rows = inReportOrder(settled(findings)).map((f) => ({ id: f.id, status: f.status, expected: clean(f.expected), seen: clean(f.seen), where: locate(f.where) }));
	return { rows, requests: counter.sent };
}
