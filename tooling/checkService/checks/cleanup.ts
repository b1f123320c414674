/**
 * What `--write` leaves behind, told truly. A create may be carried out however it is answered (an
 * error, a lost connection: docs/rate-limits.md), so the ids the creates answered are not the whole
 * story: the cleanup lists what carries the run's marker, deletes it, and lists again. `write.cleanup`
 * is confirmed only when that last list shows nothing of the run; else it names the marker and the
 * ids to remove by hand.
 */
import { buildPath, PAGINATION_QUERY, ROUTES, type ListRouteName, type RouteName } from '../../../src/routes';
import { FILTER_QUERY } from '../../../src/vocabulary';
import { type Answer, BudgetSpent, dataOf, listOf, type Probe, unlessSpent } from '../probe';
import { type Finding, finding } from '../rows';

export type Kind = 'memoryFact' | 'webhookSubscription';

/** What the write checks made, or may have. */
export interface Made {
	/** Kinds whose create was sent. */
	attempted: Set<Kind>;
	/** Ids the creates answered that no delete has yet removed. */
	ids: Record<Kind, Set<string>>;
	/** Kinds whose create answered no id, with what it answered: carried out or not, nobody knows. */
	unsure: Map<Kind, string>;
}

export const newMade = (): Made => ({ attempted: new Set(), ids: { memoryFact: new Set(), webhookSubscription: new Set() }, unsure: new Map() });

const KINDS: Record<Kind, { label: string; list: ListRouteName; remove: RouteName; param: string; field: string; byText: boolean }> = {
	memoryFact: { label: 'memory fact', list: 'memoryFact.getMany', remove: 'memoryFact.delete', param: 'factId', field: 'content', byText: true },
	webhookSubscription: { label: 'webhook subscription', list: 'webhookSubscription.getMany', remove: 'webhookSubscription.delete', param: 'webhookId', field: 'description', byText: false },
};

/** Bounds: a run makes one item of each kind; a list of the marked that fills pages is a server misbehaving. */
const PAGE = 100;
const MAX_PAGES = 3;
const MAX_DELETES = 4;
/** Requests the cleanup may need at most: per kind, a delete, two listings and the deletes between. */
export const CLEANUP_REQUESTS = 2 * (1 + 2 * MAX_PAGES + MAX_DELETES);

const gone = (answer: Answer, id: string) => answer.status === 204 || answer.status === 404 || (dataOf(answer)?.id === id && dataOf(answer)?.deleted === true);

/** The ids of the items carrying `marker`; `readable` when each page was a list, `complete` once its end was read. */
async function marked(probe: Probe, kind: Kind, marker: string): Promise<{ ids: string[]; readable: boolean; complete: boolean; problem?: string }> {
	const { list, field, byText } = KINDS[kind];
	const ids: string[] = [];
	let offset = 0;
	for (let page = 0; page < MAX_PAGES; page++) {
		const answer = await probe.get(ROUTES[list].path, { ...(byText ? { [FILTER_QUERY.text]: marker } : {}), [PAGINATION_QUERY.offset]: offset, [PAGINATION_QUERY.limit]: PAGE });
		const read = listOf(answer);
		if (!read) return { ids, readable: false, complete: false, problem: `could not list them: ${ROUTES[list].path} answered ${answer.summary}` };
		for (const item of read.items) {
			const text = item[field];
			if (typeof text === 'string' && text.includes(marker) && typeof item.id === 'string' && !ids.includes(item.id)) ids.push(item.id);
		}
		if (read.items.length === 0 || read.items.length < (read.limit ?? PAGE)) return { ids, readable: true, complete: true };
		offset += read.items.length;
	}
	return { ids, readable: true, complete: false, problem: `read ${MAX_PAGES} pages of ${ROUTES[list].path} and not its end` };
}

async function remove(probe: Probe, kind: Kind, id: string): Promise<boolean> {
	const { remove: route, param } = KINDS[kind];
	return gone(await probe.send('DELETE', buildPath(ROUTES[route].path, { [param]: id })), id);
}

/**
 * One kind: the ids the creates answered deleted, then what carries the marker listed, deleted and
 * listed again. `left` is empty only when the last list was read and holds none of the run's, and,
 * when a create answered no id, was read to its end.
 */
async function cleanKind(probe: Probe, kind: Kind, made: Made, marker: string): Promise<{ deleted: string[]; left: string[] }> {
	const deleted: string[] = [];
	for (const id of made.ids[kind]) if (await remove(probe, kind, id)) deleted.push(id);
	const first = await marked(probe, kind, marker);
	const found = first.ids.filter((id) => !deleted.includes(id)).slice(0, MAX_DELETES);
	for (const id of found) if (await remove(probe, kind, id)) deleted.push(id);
	const last = found.length > 0 ? await marked(probe, kind, marker) : first;
	const left = [...new Set([...made.ids[kind], ...first.ids, ...last.ids])].filter((id) => !deleted.includes(id) || last.ids.includes(id));
	const unsure = made.unsure.get(kind);
	const proved = last.complete || (last.readable && unsure === undefined);
	if (proved && left.length === 0) return { deleted, left };
	const maybe = unsure === undefined ? [] : [`a ${KINDS[kind].label} whose create answered ${unsure}`];
	return { deleted, left: [...left, ...maybe, ...(last.problem ? [`(${last.problem})`] : [])] };
}

/** Deletes whatever carries the run's marker; the row says what was deleted, or what is left and how to find it. */
export async function cleanUp(probe: Probe, made: Made, marker: string, failure: string | undefined): Promise<Finding> {
	const row = finding('write.cleanup', { file: 'tooling/checkService/checks/cleanup.ts', find: 'export async function cleanUp' }, `nothing carrying the run's marker ("${marker}") is left, whatever a create or a step answered`);
	const deleted: string[] = [];
	const left: string[] = [];
	for (const kind of made.attempted) {
		const result = await unlessSpent(cleanKind(probe, kind, made, marker));
		if (result instanceof BudgetSpent) {
			left.push(...made.ids[kind], ...(made.unsure.has(kind) ? [`a ${KINDS[kind].label} whose create answered ${made.unsure.get(kind)}`] : []), `(${result.message})`);
			continue;
		}
		deleted.push(...result.deleted);
		left.push(...result.left);
	}
	const stopped = failure ? `; stopped early: ${failure}` : '';
	const kinds = [...made.attempted].map((kind) => `${KINDS[kind].label}s`).join(' and ');
	if (left.length > 0) return row.differs(`may be left: ${left.join(', ')}; delete by hand the ${kinds} carrying "${marker}"${stopped}`);
	if (made.attempted.size === 0) return row.confirmed(`nothing was made${stopped}`);
	return row.confirmed(`${deleted.length > 0 ? `deleted ${deleted.join(', ')}` : 'nothing to delete'}; no ${kinds} carry "${marker}" now${stopped}`);
}
