/**
 * `--write`: one L1 memory fact created, read back, promoted and deleted; with a webhook URL, one
 * subscription created (its secret in that answer only) and deleted. Each carries the run's marker
 * (PROBE_MARKER and a run id) in its text, so that cleanup.ts finds it whatever its create answered.
 */
import type { IDataObject } from 'n8n-workflow';
import { buildPath, ROUTES, type RouteName } from '../../../src/routes';
import { FACT_TIME_FIELDS, WEBHOOK_SECRET_FIELD } from '../../../src/vocabulary';
import { type Answer, dataOf, listOf, type Probe } from '../probe';
import { type Finding, finding } from '../rows';
import { cleanUp, type Kind, type Made, newMade } from './cleanup';
import type { NewFact } from './headers';
import { routeId, routeWhere } from './routes';

const routeRow = (name: RouteName, expected: string) => finding(routeId(name), routeWhere(name), `${ROUTES[name].method} ${ROUTES[name].path} ${expected}`);
const path = (name: RouteName, params: Record<string, string> = {}) => buildPath(ROUTES[name].path, params);

/** A create that answered no id may still have been carried out: the cleanup must prove it was not. */
function markUnsure(made: Made, kind: Kind, created: Answer): void {
	made.unsure.set(kind, created.status === 0 ? 'nothing (no answer came)' : `HTTP ${created.status}`);
}

const deletedAnswer = (answer: Answer, id: string) => answer.status === 204 || (dataOf(answer)?.id === id && dataOf(answer)?.deleted === true);

/** The new fact's `created_at` and its create answer's `Date`, for clock.dateHeader. */
function newFactOf(id: string, fact: IDataObject, created: Answer): NewFact {
	const date = created.headers.date;
	return { id, createdAt: Date.parse(String(fact[FACT_TIME_FIELDS.created])), date: Date.parse(Array.isArray(date) ? date[0] : (date ?? '')) };
}

async function factSteps(probe: Probe, agentId: string, made: Made, marker: string): Promise<{ findings: Finding[]; newFact?: NewFact }> {
	const findings: Finding[] = [];
	made.attempted.add('memoryFact');
	const created = await probe.send('POST', path('memoryFact.create'), { body: { agent_id: agentId, content: `${marker} fact (safe to delete)`, tier: 'L1', scope: 'agent' } });
	const fact = dataOf(created);
	const id = typeof fact?.id === 'string' ? fact.id : undefined;
	findings.push(routeRow('memoryFact.create', 'answers the new fact, tier L1').judged(id !== undefined && fact?.tier === 'L1', id ? `${created.status}: ${id}, tier ${String(fact?.tier)}` : created.summary));
	if (!id || !fact) {
		markUnsure(made, 'memoryFact', created);
		return { findings };
	}
	made.ids.memoryFact.add(id);
	const read = dataOf(await probe.get(path('memoryFact.get', { factId: id })));
	findings.push(finding('write.memoryFacts.readBack', routeWhere('memoryFact.get'), 'the new fact reads back with its content').judged(read?.content === fact.content, read ? 'read back' : 'not found after create'));
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
	findings.push(await deleteRow(probe, 'memoryFact.delete', { factId: id }, made, 'memoryFact'));
	return { findings, newFact: newFactOf(id, fact, created) };
}

async function deleteRow(probe: Probe, name: RouteName, params: Record<string, string>, made: Made, kind: Kind): Promise<Finding> {
	const id = Object.values(params)[0];
	const answer = await probe.send('DELETE', path(name, params));
	const deleted = deletedAnswer(answer, id);
	const gone = deleted && (await probe.get(path(name, params))).status === 404;
	if (gone) made.ids[kind].delete(id);
	return routeRow(name, 'answers {data: {id, deleted: true}} (or 204), and the item is gone').judged(gone, deleted ? `deleted${gone ? ', then 404' : ', but still readable'}` : answer.summary);
}

async function webhookSteps(probe: Probe, url: string, made: Made, marker: string): Promise<Finding[]> {
	made.attempted.add('webhookSubscription');
	const created = await probe.send('POST', path('webhookSubscription.create'), { body: { url, events: ['memory.fact_created'], description: `${marker} (safe to delete)`, active: false } });
	const sub = dataOf(created);
	const id = typeof sub?.id === 'string' ? sub.id : undefined;
	const findings = [routeRow('webhookSubscription.create', 'answers the new subscription').judged(id !== undefined, id ? `${created.status}: ${id}` : created.summary)];
	if (!id || !sub) {
		markUnsure(made, 'webhookSubscription', created);
		return findings;
	}
	made.ids.webhookSubscription.add(id);
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
	findings.push(await deleteRow(probe, 'webhookSubscription.delete', { webhookId: id }, made, 'webhookSubscription'));
	return findings;
}

/**
 * The write checks, then the cleanup: the steps may send while fewer than `stepsCap` requests were
 * sent, the cleanup up to the run's whole budget, so it always has its share.
 */
export async function checkWrites(probe: Probe, options: { agentId?: string; webhookUrl?: string; marker: string; stepsCap: number; cleanupCap: number }): Promise<{ findings: Finding[]; newFact?: NewFact }> {
	const made = newMade();
	const findings: Finding[] = [];
	let newFact: NewFact | undefined;
	let failure: string | undefined;
	probe.cap = options.stepsCap;
	try {
		if (options.agentId) {
			const fact = await factSteps(probe, options.agentId, made, options.marker);
			findings.push(...fact.findings);
			newFact = fact.newFact;
		}
		if (options.webhookUrl) findings.push(...(await webhookSteps(probe, options.webhookUrl, made, options.marker)));
	} catch (error) {
		failure = (error as Error).message;
	} finally {
		probe.cap = options.cleanupCap;
		findings.push(await cleanUp(probe, made, options.marker, failure));
	}
	return { findings, newFact };
}
