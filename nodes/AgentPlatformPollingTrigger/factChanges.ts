/**
 * Memory-fact events from scans of the fact list, without remembering every fact.
 *
 * A change is dated by the API's own clock: `created_at` for a new fact, `promoted_at` for a
 * promotion. The state holds a cursor, `since`, and the keys of the changes at or after it that
 * were already seen. A change is new when it is at or after `since` and its key is not known.
 *
 * After a whole scan, `since` moves up to the newest change seen minus the scan's own length and
 * a minute: a change made while the scan ran, behind its position, is then still at or after
 * `since` and the next scan reports it. A scan that may have skipped items (the list moved more
 * than its anchors could follow, see factPages.ts) does not move `since` at all: the next scan
 * covers the same ground and reports only what it had not seen. So a fact that disappears
 * mid-scan, or a poll that fails half-way, loses nothing and reports nothing twice.
 *
 * Bounds: at most MAX_SEEN keys are kept. When more changes than that fall in the window (a bulk
 * import), the oldest keys are dropped and `since` moves past them at the end of the scan; they
 * were reported, so only a change the scan did not see and that is older than the newest
 * MAX_SEEN could then be missed. Within a scan the anchors keep pages from being read twice, so
 * the dropped keys are not needed to avoid repeats. A scan spans as many polls as its length
 * needs, each poll stopping at its time budget or after MAX_EVENTS_PER_POLL events.
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import { type AgentPlatformClient, FIRST_PAGE_REQUEST } from '../../src/client';
import { FACT_TIME_FIELDS } from '../../src/vocabulary';
import { factEvent, type PolledEvent, timeOf } from './events';
import { anchorCount, nextPage, type PageStep } from './factPages';
import { factQuery, type PollSettings } from './settings';
import type { FactScan, FactStream, PollState, Seen } from './state';

/** Keys remembered at most (about 40 bytes each in static data). */
export const MAX_SEEN = 5_000;
/** How late a change may become visible in the list after its own timestamp. */
const LAG_MS = 60_000;
/** Events one poll hands to n8n at most; the scan goes on at the next poll. */
const MAX_EVENTS_PER_POLL = 1_000;
/** A timestamp further ahead than this is not trusted to move the cursor (a broken server clock would stop the trigger). */
const FUTURE_TOLERANCE_MS = 3_600_000;

type FactEventName = 'memory.fact_created' | 'memory.fact_promoted';

interface Tracked {
	event: FactEventName;
	field: string;
	key: (id: string, at: number) => string;
}

const TRACKED: Tracked[] = [
	{ event: 'memory.fact_created', field: FACT_TIME_FIELDS.created, key: (id) => `c:${id}` },
	{ event: 'memory.fact_promoted', field: FACT_TIME_FIELDS.promoted, key: (id, at) => `p:${id}:${at}` },
];


const newScan = (now: number): FactScan => ({
	startedAt: now,
	offset: 0,
	anchors: [],
	newest: 0,
	found: {},
	floor: 0,
	gaps: false,
	pages: 0,
	maxPages: 10,
});

/** The newest `max` entries at or after `since`, and the `since` that keeps them. */
function boundSeen(entries: Seen, since: number, max = MAX_SEEN): { seen: Seen; since: number } {
	let kept = Object.entries(entries).filter(([, at]) => at >= since);
	if (kept.length > max) {
		kept.sort((a, b) => b[1] - a[1]);
		since = kept[max][1] + 1;
		kept = kept.filter(([, at]) => at >= since);
	}
	return { seen: Object.fromEntries(kept), since };
}

/**
 * Every fact has a creation time; facts without one mean the API dates them differently, so say so
 * instead of seeing nothing. A missing promotion time is not checked: it is how a server that leaves
 * out empty fields says "never promoted", and refusing it would stop the trigger for good.
 */
function checkFields(node: INode, facts: IDataObject[], tracked: Tracked[]): void {
	const created = tracked.find((t) => t.event === 'memory.fact_created');
	if (!created || facts.length === 0 || facts.some((f) => timeOf(f[created.field]) !== undefined)) return;
	throw new NodeOperationError(node, `The API's memory facts have no "${created.field}" field, which the polling trigger needs for ${created.event}`, {
		description: 'New facts are told from old ones by their creation time. Use the Agent Platform Trigger (webhooks) for this event.',
	});
}

/** Closes a whole scan: moves the cursor (see the file comment) and forgets the scan. */
function finishScan(stream: FactStream, now: number): void {
	const scan = stream.scan;
	if (!scan) return;
	const baseline = stream.cursor === undefined;
	let since = Math.max(stream.cursor?.since ?? 0, scan.floor > 0 ? scan.floor + 1 : 0);
	if (baseline || !scan.gaps) since = Math.max(since, scan.newest - (now - scan.startedAt) - LAG_MS);
	stream.cursor = boundSeen({ ...stream.cursor?.seen, ...scan.found }, since);
	delete stream.scan;
}

export interface FactPollLimits {
	/** Local time after which no new page is requested. */
	deadline: number;
	/** Events already found by this poll (agent events count too). */
	eventsSoFar: number;
}

/**
 * Applies one page to the scan, whole: the changes it reports (new keys at or after the cursor;
 * none during the baseline), the scan's new position and, at the end of the list, the new cursor.
 */
function applyPage(node: INode, stream: FactStream, scan: FactScan, step: PageStep, tracked: Tracked[]): PolledEvent[] {
	checkFields(node, step.fresh, tracked);
	const cursor = stream.cursor;
	const trustedUntil = Date.now() + FUTURE_TOLERANCE_MS;
	const added: Seen = {};
	const events: PolledEvent[] = [];
	let newest = scan.newest;
	for (const fact of step.fresh) {
		if (typeof fact.id !== 'string') continue;
		for (const { event, field, key } of tracked) {
			const at = timeOf(fact[field]);
			if (at === undefined) continue;
			if (at <= trustedUntil) newest = Math.max(newest, at);
			const id = key(fact.id, at);
			if (cursor && at < cursor.since) continue;
			if (cursor?.seen[id] !== undefined || scan.found[id] !== undefined || added[id] !== undefined) continue;
			added[id] = at;
			if (cursor) events.push(factEvent(event, fact, at));
		}
	}

	const pageSize = step.pageSize || stream.pageSize;
	const bounded = boundSeen({ ...scan.found, ...added }, scan.floor + 1);
	const pages = scan.pages + 1;
	const maxPages = Math.max(scan.maxPages, 2 * Math.ceil(step.total / perPage(pageSize)) + 10);
	const endless = !step.done && pages >= maxPages;
	stream.pageSize = pageSize;
	stream.scan = {
		...scan,
		offset: step.offset,
		anchors: step.anchors,
		newest,
		found: bounded.seen,
		floor: bounded.since - 1,
		gaps: scan.gaps || step.lost || endless,
		pages,
		maxPages,
	};
	if (step.done || endless) finishScan(stream, Date.now());
	return events;
}

/** New items one request brings, once the page size is known (a guess before). */
const perPage = (pageSize: number) => Math.max(1, (pageSize || FIRST_PAGE_REQUEST) - anchorCount(pageSize || FIRST_PAGE_REQUEST));

/**
 * Continues the current scan (or starts one) until it ends, the time budget is spent or enough
 * events were found. Each page is applied whole; an error leaves the state after the last whole
 * page and is thrown after the events found so far were added to `events`.
 */
export async function pollFacts(
	node: INode,
	client: AgentPlatformClient,
	state: PollState,
	settings: PollSettings,
	events: PolledEvent[],
	limits: FactPollLimits,
): Promise<void> {
	const stream = (state.facts ??= { pageSize: 0 });
	const tracked = TRACKED.filter((t) => settings.events.has(t.event));
	const qs = factQuery(settings);
	let found = limits.eventsSoFar;
	// The pages still to read are announced to the key's rate budget, which spreads them with
	// everything else on the key instead of letting the scan spend the window in one burst.
	let release = () => {};
	try {
		for (let scan = stream.scan ?? newScan(Date.now()); ; ) {
			const step = await nextPage(client, qs, scan, stream.pageSize);
			const pageEvents = applyPage(node, stream, scan, step, tracked);
			events.push(...pageEvents);
			found += pageEvents.length;
			if (!stream.scan) return; // the scan reached the end of the list
			if (Date.now() >= limits.deadline || found >= MAX_EVENTS_PER_POLL) return;
			scan = stream.scan;
			release();
			release = await client.expect(Math.ceil(Math.max(0, step.total - step.offset) / perPage(stream.pageSize)));
		}
	} finally {
		release();
	}
}
