/**
 * The page parameters (`offset`, `limit`), the default page, the largest page and what a larger
 * `limit` gets, on the longest list the survey found (a clamp only shows on a list longer than the page).
 */
import { type ListRouteName, PAGINATION_QUERY, ROUTES } from '../../../src/routes';
import { type Answer, listOf, type Probe } from '../probe';
import { type Finding, finding } from '../rows';
import { resolveOptions } from '../../../test/sandbox/options';
import type { Survey } from './routes';

/** The sandbox holds the project's choices for these (test/sandbox/options.ts): its defaults are what is expected. */
const OPTIONS = 'test/sandbox/options.ts';
const { defaultPageSize: EXPECTED_DEFAULT, maxPageSize: EXPECTED_MAX } = resolveOptions();
/** The client's first `limit` of a scan (src/client/pager.ts): far above any page, to learn the largest. */
const OVER = 1000;

const rows = {
	names: finding('pagination.names', { file: 'src/routes.ts', find: 'export const PAGINATION_QUERY' }, `?${PAGINATION_QUERY.offset}=1&${PAGINATION_QUERY.limit}=2 answers 2 items from offset 1 and says so in pagination`),
	defaultPage: finding('pagination.defaultPage', { file: OPTIONS, find: 'const DEFAULT_PAGE_SIZE' }, `${EXPECTED_DEFAULT} items when no limit is given`),
	maxPageSize: finding('pagination.maxPageSize', { file: OPTIONS, find: 'const MAX_PAGE_SIZE' }, `the largest page is ${EXPECTED_MAX}`),
	overLimit: finding('pagination.overLimit', { file: 'src/client/pager.ts', find: 'const FIRST_PAGE_REQUEST' }, `limit=${OVER} is clamped to the largest page, and pagination.limit says so (not a 400)`),
};

function longest(survey: Survey): { name: ListRouteName; total: number } | undefined {
	let best: { name: ListRouteName; total: number } | undefined;
	for (const [name, answer] of survey.lists) {
		if (ROUTES[name].path.includes('{')) continue;
		const total = listOf(answer)?.total;
		if (total !== undefined && total > (best?.total ?? -1)) best = { name, total };
	}
	return best;
}

export async function checkPagination(probe: Probe, survey: Survey): Promise<Finding[]> {
	const target = longest(survey);
	if (!target) return Object.values(rows).map((row) => row.unchecked('no list answered with pagination.total'));
	const path = ROUTES[target.name].path;
	const first = survey.lists.get(target.name) as Answer;
	return [await checkNames(probe, path, target.total), checkDefault(first, path), ...(await checkLargest(probe, path, target.total))];
}

async function checkNames(probe: Probe, path: string, total: number): Promise<Finding> {
	if (total < 3) return rows.names.unchecked(`${path} holds ${total} items; 3 are needed`);
	const answer = await probe.getOnce(path, { [PAGINATION_QUERY.offset]: 1, [PAGINATION_QUERY.limit]: 2 });
	const list = listOf(answer);
	if (!list) return rows.names.differs(`${path}: ${answer.summary}`);
	const ok = list.items.length === 2 && list.offset === 1 && list.limit === 2;
	return rows.names.judged(ok, `${path}: ${list.items.length} items, pagination offset ${String(list.offset)}, limit ${String(list.limit)}`);
}

function checkDefault(answer: Answer, path: string): Finding {
	const list = listOf(answer) as NonNullable<ReturnType<typeof listOf>>;
	const total = list.total as number;
	if (list.limit !== undefined) return rows.defaultPage.judged(list.limit === EXPECTED_DEFAULT, `${path}: pagination.limit ${list.limit} (${list.items.length} of ${total} items)`);
	if (total <= list.items.length) return rows.defaultPage.unchecked(`${path} holds ${total} items and the answer names no limit`);
	return rows.defaultPage.judged(list.items.length === EXPECTED_DEFAULT, `${path}: ${list.items.length} of ${total} items`);
}

async function checkLargest(probe: Probe, path: string, total: number): Promise<Finding[]> {
	const answer = await probe.getOnce(path, { [PAGINATION_QUERY.offset]: 0, [PAGINATION_QUERY.limit]: OVER });
	if (answer.status === 400) return [await largestAccepted(probe, path), rows.overLimit.differs(`refused: ${answer.summary}`)];
	const list = listOf(answer);
	if (!list) return [rows.maxPageSize.differs(`limit=${OVER}: ${answer.summary}`), rows.overLimit.differs(`limit=${OVER}: ${answer.summary}`)];
	const served = list.items.length;
	const reported = list.limit;
	if (reported !== undefined && reported < OVER) {
		const clampedRight = served === Math.min(total, reported);
		return [
			rows.maxPageSize.judged(reported === EXPECTED_MAX, `${reported} (limit=${OVER} answered ${served} of ${total} items, pagination.limit ${reported})`),
			rows.overLimit.judged(clampedRight, `clamped to ${reported}${clampedRight ? '' : `, but ${served} items came`}`),
		];
	}
	if (served < total) {
		return [
			rows.maxPageSize.judged(served === EXPECTED_MAX, `${served} (limit=${OVER} answered ${served} of ${total} items)`),
			rows.overLimit.differs(`clamped to ${served} items while pagination.limit says ${String(reported)}`),
		];
	}
	if (total > EXPECTED_MAX) return [rows.maxPageSize.differs(`above ${EXPECTED_MAX}: limit=${OVER} answered all ${total} items`), rows.overLimit.confirmed(`not refused: all ${total} items came`)];
	const why = `${path} holds ${total} items, no more than a page, and pagination.limit says ${String(reported)}`;
	return [rows.maxPageSize.unchecked(why), rows.overLimit.unchecked(why)];
}

/** After a refused limit=1000: is 100 the largest page the service accepts? */
async function largestAccepted(probe: Probe, path: string): Promise<Finding> {
	const at = await probe.getOnce(path, { [PAGINATION_QUERY.offset]: 0, [PAGINATION_QUERY.limit]: EXPECTED_MAX });
	if (!listOf(at)) return rows.maxPageSize.differs(`limit=${EXPECTED_MAX} refused too: ${at.summary}`);
	const above = await probe.getOnce(path, { [PAGINATION_QUERY.offset]: 0, [PAGINATION_QUERY.limit]: EXPECTED_MAX + 1 });
	if (above.status === 400) return rows.maxPageSize.confirmed(`${EXPECTED_MAX} (limit=${EXPECTED_MAX + 1} refused with 400)`);
	return rows.maxPageSize.differs(`above ${EXPECTED_MAX}: limit=${EXPECTED_MAX + 1} answered ${above.summary}, limit=${OVER} was refused`);
}
