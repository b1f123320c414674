/**
 * How a session's facts are read: its latest turns from the newest end of the list, at the cost of
 * the turns wanted whatever the session's length (src/client/listEnd.ts), and every fact of it, for
 * Clear. What a turn of the session is, and its date, sessionTurn.ts decides.
 *
 * The list is the agent's facts that the text search finds by the session's tag. Position only says
 * where to read; the turns' dates (`created_at`, or the trailer's time where the list gives none)
 * say which turns are the latest. A turn counts as one of the latest only when no fact left unread
 * can be dated after it: in a list kept in date order, when it is dated after the innermost fact read
 * (a turn sharing that date with a fact not read waits for the next page). Turns of one date are
 * ordered by their trailer's time (n8n's clock).
 *
 * A list whose order cannot be learned is read within a message's budget (MAX_LOAD_REQUESTS), page
 * after page and over the pages again, until every fact its `total` counts has been seen (then the
 * latest turns are proven) or the budget is spent: then the model gets the latest turns of those
 * read, and n8n's log says once per session that newer turns may be missing, and why. Of what
 * earlier messages read or saved, only the latest turns' ids are kept (recentTurns.ts), and such a
 * load asks for each by id before it uses it: another worker may have cleared turns since.
 * The budget keeps a request for each.
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import type { AgentPlatformClient } from '../../src/client';
import { type EndPage, readFromNewestEnd } from '../../src/client/listEnd';
import { pageSizeFrom } from '../../src/client/pager';
import { FILTER_QUERY } from '../../src/vocabulary';
import { keepTurns, keptTurns } from './recentTurns';
import { byTime, listDate, type Session, type StoredTurn, turnOfSession } from './sessionTurn';

/** The most turns a session's read keeps: the longest Context Window Length. */
export const MAX_HISTORY_TURNS = 100;
/** The page size asked for: the largest page servers commonly give (the sandbox's 100). */
const PAGE_LIMIT = 100;
/**
 * The most requests one read of the latest turns makes from the newest end. Only facts that are
 * not turns of this session (quotes of its tag) make it read past the first pages; past this many it
 * answers with the latest turns it could prove, fewer than asked, and logs why.
 */
const MAX_END_REQUESTS = 20;
/**
 * The most list requests one load makes, so that a chat message (load and save) stays within 60
 * requests, whatever the list's order: what a 60-a-minute key can give one message.
 */
export const MAX_LOAD_REQUESTS = 56;
/** A read of every fact (Clear) stops, with an error, past this many requests (1,000,000 facts at 100 a page). */
const MAX_WHOLE_REQUESTS = 10_000;

/** The latest turns as read: oldest first; `whole` when they are every turn the session has. */
export interface LatestTurns {
	turns: StoredTurn[];
	whole: boolean;
}

/** What a read needs: the client, the node (for errors), the session, and n8n's log. */
export interface SessionList {
	client: AgentPlatformClient;
	node: INode;
	session: Session;
	now: () => Date;
	log?: (message: string) => void;
}

/** The session's list: the agent's facts the text search finds by the tag, in any tier and scope. */
const listQuery = (session: Session): IDataObject => ({ [FILTER_QUERY.agentId]: session.agentId, [FILTER_QUERY.text]: session.tag });

/** turnOfSession, on the list's session and clock. */
const sessionTurnOf = (fact: IDataObject, list: SessionList) => turnOfSession(fact, list.session, list.now().getTime());
const turnsIn = (facts: IDataObject[], list: SessionList) => facts.flatMap((fact) => sessionTurnOf(fact, list) ?? []);

/**
 * The turns no fact left unread can be dated after: those dated after the innermost fact read (every
 * turn read, when the read was whole: its innermost date is -Infinity). Dates are listDate's, as the
 * read's, so a turn of a list that gives no `created_at` counts by its trailer's time.
 */
const provenIn = (turns: StoredTurn[], innermostDate: number) => turns.filter((turn) => turn.created > innermostDate);

/** What was already logged, per session and kind: each is said once in this process (bounded). */
const logged = new Set<string>();
function logOnce(list: SessionList, kind: string, message: string): void {
	const key = `${list.session.agentId} ${list.session.tag} ${kind}`;
	if (logged.has(key)) return;
	if (logged.size >= 1_000) logged.clear();
	logged.add(key);
	list.log?.(`Agent Platform Memory: ${message}`);
}

async function pageAt(list: SessionList, offset: number, limit: number, client = list.client): Promise<EndPage> {
	const { data, pagination } = await client.pageAt('memoryFact.getMany', { qs: listQuery(list.session), offset, limit });
	return { offset, limit, items: data, total: pagination.total, reportedLimit: pagination.limit };
}

/** The session's latest `want` turns or more (at most MAX_HISTORY_TURNS), oldest first. */
export async function readLatestTurns(list: SessionList, want: number): Promise<LatestTurns> {
	// Every page the read from the newest end asks for, so that a list of no order is read on from them.
	const pages: EndPage[] = [];
	const keepPage = (page: EndPage) => (pages.push(page), page);
	const read = await readFromNewestEnd(async (offset, limit) => keepPage(await pageAt(list, offset, limit)), {
		limit: PAGE_LIMIT,
		dateOf: listDate,
		maxRequests: MAX_END_REQUESTS,
		enough: (facts, innermostDate, whole) => whole || provenIn(turnsIn(facts, list), innermostDate).length >= want,
	});
	if ('unknown' in read) return await readWithinBudget(list, read.unknown, pages);
	const found = turnsIn(read.items, list);
	noneFound(list, read.items.length, found.length);
	const turns = provenIn(found, read.innermostDate).sort(byTime).slice(-MAX_HISTORY_TURNS);
	keepTurns(list.session, turns);
	if (read.cut) logOnce(list, 'cut', `found ${turns.length} of the ${want} latest turns asked for within ${MAX_END_REQUESTS} requests (the session's list holds many facts that are not its turns); the model gets those`);
	return { turns, whole: read.whole };
}

/** A load that found facts by the session's tag but none of its turns says so: the model gets no history. */
function noneFound(list: SessionList, facts: number, turns: number): void {
	if (facts === 0 || turns > 0) return;
	logOnce(
		list,
		'none',
		`the API's search for this session's tag found ${facts} facts, none of them a turn of this session as this node stores one (agent, source channel "n8n" and conversation id, scope, and content ending in the session's line); the model gets no history from them`,
	);
}

/**
 * A list whose order cannot be learned, read on from the pages already read: over its pages, and
 * again, until every fact its `total` counts has been seen (then the latest turns are proven), or
 * MAX_LOAD_REQUESTS are spent: then the model gets the latest of the turns read (see the file comment).
 */
async function readWithinBudget(list: SessionList, reason: string, pages: EndPage[]): Promise<LatestTurns> {
	const seen = new Set<string>();
	let turns: StoredTurn[] = [];
	const hand = (page: EndPage) => {
		for (const fact of page.items) {
			if (seen.has(String(fact.id)) || !seen.add(String(fact.id))) continue;
			const turn = sessionTurnOf(fact, list);
			if (turn) turns.push(turn);
		}
		// Trimmed now and then rather than on every turn: sorting is the cost, not the memory.
		if (turns.length >= 2 * MAX_HISTORY_TURNS) turns = turns.sort(byTime).slice(-MAX_HISTORY_TURNS);
	};
	pages.forEach(hand);
	const first = pages[0];
	const size = pageSizeFrom({ offset: 0, limit: PAGE_LIMIT }, { data: first.items, pagination: { offset: 0, limit: first.reportedLimit, total: first.total } });
	let total = pages[pages.length - 1].total;
	let requests = pages.length;
	// A request is kept back for each turn kept from earlier messages, checked below.
	const listBudget = MAX_LOAD_REQUESTS - keptTurns(list.session).length;
	await list.client.withBudget(Math.max(0, Math.min(listBudget - requests, Math.ceil(total / size) - 1)), async (client) => {
		for (let offset = size; seen.size < total && requests < listBudget; offset = offset + size >= total ? 0 : offset + size) {
			const page = await pageAt(list, offset, size, client);
			requests += 1;
			total = page.total;
			hand(page);
		}
	});
	const whole = seen.size >= total;
	if (!whole) turns.push(...(await keptTurnsNow(list, seen)));
	turns = turns.sort(byTime).slice(-MAX_HISTORY_TURNS);
	keepTurns(list.session, turns);
	logOnce(
		list,
		'unordered',
		`the API lists this session's facts in no order the memory can learn (${reason}), so a load reads its pages, and again, until it has seen every fact the list counts, within ${MAX_LOAD_REQUESTS} requests: past that (a longer session, or a list in a new order on every request) the model gets the latest turns of those read (and of the latest this process read or saved, checked by id) and may miss newer ones (this load: ${seen.size} of ${total} facts seen)`,
	);
	noneFound(list, seen.size, turns.length);
	return { turns, whole };
}

/**
 * The latest turns this process read or saved before (recentTurns.ts) that a read did not show, each
 * as the API gives it now: one request each, and gone when another worker cleared it.
 */
async function keptTurnsNow(list: SessionList, seen: Set<string>): Promise<StoredTurn[]> {
	const turns: StoredTurn[] = [];
	for (const { factId } of keptTurns(list.session)) {
		if (seen.has(factId)) continue;
		const fact = await list.client.callIfFound('memoryFact.get', { path: { factId } });
		const turn = fact && sessionTurnOf(fact, list);
		if (turn) turns.push(turn);
	}
	return turns;
}

/**
 * Hands on every fact of the session's list once, paced by the rate budget, reading the pages again
 * until every fact the list's `total` counts has been seen (see the file comment).
 */
export async function eachFact(list: SessionList, take: (fact: IDataObject) => void): Promise<void> {
	const seen = new Set<string>();
	const first = await pageAt(list, 0, PAGE_LIMIT);
	const size = pageSizeFrom({ offset: 0, limit: PAGE_LIMIT }, { data: first.items, pagination: { offset: 0, limit: first.reportedLimit, total: first.total } });
	const hand = (page: EndPage) => {
		for (const fact of page.items) if (!seen.has(String(fact.id)) && seen.add(String(fact.id))) take(fact);
	};
	hand(first);
	let total = first.total;
	const pagesPerPass = Math.ceil(total / size);
	// A shuffled list shows all of n facts in about ln(n) passes; a few more leave room for chance.
	const bound = Math.min(MAX_WHOLE_REQUESTS, pagesPerPass * (Math.ceil(Math.log(total + 1)) + 4));
	let requests = 1;
	await list.client.withBudget(pagesPerPass - 1, async (client) => {
		for (let offset = size; seen.size < total; offset = offset + size >= total ? 0 : offset + size) {
			if (requests >= bound) throw incompleteError(list.node, seen.size, total, requests);
			const page = await pageAt(list, offset, size, client);
			requests += 1;
			total = page.total;
			hand(page);
		}
	});
}

function incompleteError(node: INode, seen: number, total: number, requests: number): NodeOperationError {
	return new NodeOperationError(node, "Could not read this session's memory whole", {
		description: `The API lists the session's facts in a different order on every request: after ${requests} requests, ${seen} of the ${total} facts it counts had been seen. Nothing was answered from part of the session. Try again, or ask the API's operator for a list kept in creation order.`,
	});
}
