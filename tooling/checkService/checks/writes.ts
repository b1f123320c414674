/**
 * `--write`: one L1 memory fact created, read back, promoted and deleted; with a webhook URL, one
 * subscription created (its secret in that answer only) and deleted. Whatever fails, everything made
 * is deleted before the checks end, and the report says what could not be.
 */
import type { IDataObject } from 'n8n-workflow';
import { buildPath, ROUTES, type RouteName } from '../../../src/routes';
import { FACT_TIME_FIELDS, WEBHOOK_SECRET_FIELD } from '../../../src/vocabulary';
import { type Answer, dataOf, listOf, type Probe } from '../probe';
import { type Finding, finding } from '../rows';
import { routeId, routeWhere } from './routes';

const routeRow = (name: RouteName, expected: string) => finding(routeId(name), routeWhere(name), `${ROUTES[name].method} ${ROUTES[name].path} ${expected}`);
const path = (name: RouteName, params: Record<string, string> = {}) => buildPath(ROUTES[name].path, params);

/** What the run made, to delete whatever happens; `id` undefined: a create got no answer, and may have been carried out. */
interface Made {
	kind: 'memoryFact' | 'webhookSubscription';
	id?: string;
	deleted: boolean;
}

/** What the probes carry, so one left behind can be found by hand. */
const PROBE_TEXT = 'check:service probe';

const deletedAnswer = (answer: Answer, id: string) => answer.status === 204 || (dataOf(answer)?.id === id && dataOf(answer)?.deleted === true);

async function factSteps(probe: Probe, agentId: string, made: Made[]): Promise<Finding[]> {
	const findings: Finding[] = [];
	const created = await probe.send('POST', path('memoryFact.create'), { body: { agent_id: agentId, content: `${PROBE_TEXT} fact (safe to delete)`, tier: 'L1', scope: 'agent' } });
	const fact = dataOf(created);
	const id = typeof fact?.id === 'string' ? fact.id : undefined;
	if (id || created.status === 0) made.push({ kind: 'memoryFact', id, deleted: false });
	findings.push(routeRow('memoryFact.create', 'answers the new fact, tier L1').judged(id !== undefined && fact?.tier === 'L1', id ? `${created.status}: ${id}, tier ${String(fact?.tier)}` : created.summary));
	if (!id) return findings;
	const read = dataOf(await probe.get(path('memoryFact.get', { factId: id })));
	findings.push(finding('write.memoryFacts.readBack', routeWhere('memoryFact.get'), 'the new fact reads back with its content').judged(read?.content === fact?.content, read ? 'read back' : 'not found after create'));
	const promoted = await probe.send('POST', path('memoryFact.promote', { factId: id }), { body: { tier: 'L2' } });
	const after = dataOf(promoted);
	findings.push(routeRow('memoryFact.promote', 'answers the fact at tier L2').judged(after?.tier === 'L2', after ? `tier ${String(after.tier)}` : promoted.summary));
	const promotedAt = after?.[FACT_TIME_FIELDS.promoted];
	findings.push(
		finding('write.memoryFacts.promotedAt', { file: 'src/vocabulary.ts', find: 'export const FACT_TIME_FIELDS' }, `a promotion sets ${FACT_TIME_FIELDS.promoted}, at or after ${FACT_TIME_FIELDS.created}`).judged(
			typeof promotedAt === 'string' && Date.parse(promotedAt) >= Date.parse(String(after?.[FACT_TIME_FIELDS.created])),
			`${FACT_TIME_FIELDS.promoted}: ${JSON.stringify(promotedAt ?? null)}`,
		),
	);
	findings.push(await deleteRow(probe, 'memoryFact.delete', { factId: id }, made[made.length - 1]));
	return findings;
}

async function deleteRow(probe: Probe, name: RouteName, params: Record<string, string>, item: Made): Promise<Finding> {
	const answer = await probe.send('DELETE', path(name, params));
	item.deleted = deletedAnswer(answer, item.id ?? '');
	const gone = item.deleted && (await probe.get(path(name, params))).status === 404;
	return routeRow(name, 'answers {data: {id, deleted: true}} (or 204), and the item is gone').judged(gone, item.deleted ? `deleted${gone ? ', then 404' : ', but still readable'}` : answer.summary);
}

async function webhookSteps(probe: Probe, url: string, made: Made[]): Promise<Finding[]> {
	const created = await probe.send('POST', path('webhookSubscription.create'), { body: { url, events: ['memory.fact_created'], description: `${PROBE_TEXT} (safe to delete)`, active: false } });
	const sub = dataOf(created);
	const id = typeof sub?.id === 'string' ? sub.id : undefined;
	if (id || created.status === 0) made.push({ kind: 'webhookSubscription', id, deleted: false });
	const findings = [routeRow('webhookSubscription.create', 'answers the new subscription').judged(id !== undefined, id ? `${created.status}: ${id}` : created.summary)];
	if (!id || !sub) return findings;
	const read = dataOf(await probe.get(path('webhookSubscription.get', { webhookId: id })));
	findings.push(routeRow('webhookSubscription.get', 'answers {data: {...}}').judged(read?.id === id, read ? `200: ${id} (the one made)` : 'the subscription just made was not found'));
	const listed = listOf(await probe.get(path('webhookSubscription.getMany')))?.items.find((item: IDataObject) => item.id === id);
	const onCreate = typeof sub[WEBHOOK_SECRET_FIELD] === 'string' && (sub[WEBHOOK_SECRET_FIELD] as string).length > 0;
	const later = [read, listed].filter((item) => item !== undefined && WEBHOOK_SECRET_FIELD in item).length;
	findings.push(
		finding('write.webhooks.secretOnce', { file: 'src/vocabulary.ts', find: 'export const WEBHOOK_SECRET_FIELD' }, `"${WEBHOOK_SECRET_FIELD}" in the create answer only, never read again`).judged(
			onCreate && later === 0 && read !== undefined,
			`${onCreate ? 'in the create answer' : `no "${WEBHOOK_SECRET_FIELD}" in the create answer (fields: ${Object.keys(sub).join(', ')})`}; ${later === 0 ? 'not in the read or the list' : `again in ${later} later reads`}`,
		),
	);
	findings.push(await deleteRow(probe, 'webhookSubscription.delete', { webhookId: id }, made[made.length - 1]));
	return findings;
}

/** Deletes what is still there; the row says what was made and what could not be deleted. */
async function cleanUp(probe: Probe, made: Made[], failure: string | undefined): Promise<Finding> {
	const route = { memoryFact: 'memoryFact.delete', webhookSubscription: 'webhookSubscription.delete' } as const;
	const param = { memoryFact: 'factId', webhookSubscription: 'webhookId' } as const;
	for (const item of made.filter((m) => !m.deleted && m.id !== undefined)) {
		const answer = await probe.send('DELETE', path(route[item.kind], { [param[item.kind]]: item.id as string }));
		item.deleted = deletedAnswer(answer, item.id as string) || answer.status === 404;
	}
	const left = made.filter((m) => !m.deleted).map((m) => m.id ?? `a ${m.kind} whose create got no answer (look for "${PROBE_TEXT}")`);
	const row = finding('write.cleanup', { file: 'tooling/checkService/checks/writes.ts', find: 'async function cleanUp' }, 'everything --write made is deleted, whatever failed');
	const stopped = failure ? `; stopped early: ${failure}` : '';
	if (left.length > 0) return row.differs(`could not delete ${left.join(', ')}: delete by hand${stopped}`);
	return row.confirmed(`${made.length === 0 ? 'nothing was made' : `deleted ${made.map((m) => m.id).join(', ')}`}${stopped}`);
}

export async function checkWrites(probe: Probe, agentId: string | undefined, webhookUrl: string | undefined): Promise<Finding[]> {
	const made: Made[] = [];
	const findings: Finding[] = [];
	let failure: string | undefined;
	try {
		if (agentId) findings.push(...(await factSteps(probe, agentId, made)));
		if (webhookUrl) findings.push(...(await webhookSteps(probe, webhookUrl, made)));
	} catch (error) {
		failure = (error as Error).message;
	} finally {
		findings.push(await cleanUp(probe, made, failure));
	}
	return findings;
}
