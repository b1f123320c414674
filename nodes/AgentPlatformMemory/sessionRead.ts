/**
 * How a session's facts are read: its latest turns from the newest end of the list, at the cost of
 * the turns wanted whatever the session's length (src/client/listEnd.ts), and every fact of it,
 * for Clear and for a list whose order cannot be learned.
 *
 * The list is the agent's facts that the text search finds by the session's tag. Position only says
 * where to read: identity (agent, source, scope unless promoted, the trailer's tag) decides what is
 * a turn of this session, and the API's `created_at` which turns are the latest. A turn counts as
 * one of the latest only when no fact left unread can be dated after it: in a list kept in date
 * order, when it is dated after the innermost fact read (a turn sharing that date with a fact not
 * read waits for the next page). Turns of one date are ordered by their trailer's time (n8n's clock).
 *
 * A list whose order cannot be learned is read whole, page after page, paced by the rate budget,
 * and again over the pages until every fact its `total` counts has been seen: a server that answers
 * in a different order on every request may skip some facts in one pass. Past a bound that is an
 * error, never an answer that may not hold the latest turns. Why it is read whole is logged once.
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import type { AgentPlatformClient } from '../../src/client';
import { type EndPage, readFromNewestEnd } from '../../src/client/listEnd';
import { pageSizeFrom } from '../../src/client/pager';
import { FACT_TIME_FIELDS, FILTER_QUERY } from '../../src/vocabulary';
import { TURN_SOURCE_CHANNEL } from '../parts/turnMark';
import { decodeTurn, type DecodedTurn } from './turnFact';

/** The scope a turn is created in: a conversation is private to the agent. */
export const TURN_SCOPE = 'agent';
/** `source.channel` of every turn (one value, which the triggers' Include Chat Turns also reads). */
export const TURN_CHANNEL = TURN_SOURCE_CHANNEL;
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
/** A read of every fact stops, with an error, past this many requests (1,000,000 facts at 100 a page). */
const MAX_WHOLE_REQUESTS = 10_000;
/**
 * A turn dated further ahead of this n8n's clock than this was not written by a clock like it: it
 * is not this node's (a trailer dated 2999 would otherwise stay the newest turn for good). A day
 * leaves room for the clocks of several n8n processes sharing a session to disagree.
 */
const MAX_CLOCK_LEAD_MS = 24 * 3_600_000;

export interface Session {
	agentId: string;
	/** The session key exactly as given (chat trigger session id or the user's expression). */
	key: string;
	/** sessionTag(key source, key): what the text search looks for and the trailer must carry. */
	tag: string;
}

export interface StoredTurn extends DecodedTurn {
	factId: string;
	/** The fact's content length: what the turn costs to keep (roundCache.ts bounds it). */
	chars: number;
	/** The fact's `created_at` in epoch ms (NaN when the API gave none). */
	created: number;
}

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

const createdAt = (fact: IDataObject) => Date.parse(String(fact[FACT_TIME_FIELDS.created] ?? ''));
const timeOf = (turn: StoredTurn) => (Number.isFinite(turn.created) ? turn.created : Date.parse(turn.at));

/** By the API's date, then the trailer's (n8n's clock), then the fact id. */
export const byTime = (a: StoredTurn, b: StoredTurn) => timeOf(a) - timeOf(b) || (a.at === b.at ? a.factId.localeCompare(b.factId) : a.at < b.at ? -1 : 1);

/** The session's list: the agent's facts the text search finds by the tag, in any tier and scope. */
const listQuery = (session: Session): IDataObject => ({ [FILTER_QUERY.agentId]: session.agentId, [FILTER_QUERY.text]: session.tag });

/**
 * Whether the fact is stored as this node stores this session's turns: agent, source, and the
 * scope it is created in unless it was promoted since. Any tier: Keep History may differ between
 * workflows that continue one session, the platform graduates facts and people promote them.
 */
function wroteHere(fact: IDataObject, session: Session): boolean {
	const source = fact.source as IDataObject | undefined;
	const promoted = typeof fact[FACT_TIME_FIELDS.promoted] === 'string' && fact[FACT_TIME_FIELDS.promoted] !== '';
	return (
		fact.agent_id === session.agentId &&
		(fact.scope === TURN_SCOPE || promoted) &&
		typeof source === 'object' &&
		source !== null &&
		source.channel === TURN_CHANNEL &&
		source.conversation_id === session.key
	);
}

/** The turn of this session a fact holds, or undefined (the server's filters narrow the search; this decides). */
export function turnOf(fact: IDataObject, list: SessionList): StoredTurn | undefined {
	const turn = wroteHere(fact, list.session) ? decodeTurn(fact.content, list.session.tag) : undefined;
	if (!turn || Date.parse(turn.at) > list.now().getTime() + MAX_CLOCK_LEAD_MS) return undefined;
	return { ...turn, factId: String(fact.id), chars: String(fact.content).length, created: createdAt(fact) };
}

const turnsIn = (facts: IDataObject[], list: SessionList) => facts.flatMap((fact) => turnOf(fact, list) ?? []);

/** Turns no fact left unread can be dated after: all of a whole read, else those dated after the innermost fact read. */
const provenIn = (turns: StoredTurn[], innermostDate: number) => turns.filter((turn) => turn.created > innermostDate);

/** Reasons already logged, per session: each is said once in this process (bounded). */
const logged = new Set<string>();
function logOnce(list: SessionList, reason: string): void {
	const key = `${list.session.agentId} ${list.session.tag} ${reason}`;
	if (logged.has(key)) return;
	if (logged.size >= 1_000) logged.clear();
	logged.add(key);
	list.log?.(`Agent Platform Memory: ${reason}`);
}

async function pageAt(list: SessionList, offset: number, limit: number, client = list.client): Promise<EndPage> {
	const { data, pagination } = await client.pageAt('memoryFact.getMany', { qs: listQuery(list.session), offset, limit });
	return { offset, limit, items: data, total: pagination.total, reportedLimit: pagination.limit };
}

/** The session's latest `want` turns or more (at most MAX_HISTORY_TURNS), oldest first. */
export async function readLatestTurns(list: SessionList, want: number): Promise<LatestTurns> {
	const read = await readFromNewestEnd(async (offset, limit) => await pageAt(list, offset, limit), {
		limit: PAGE_LIMIT,
		dateOf: createdAt,
		maxRequests: MAX_END_REQUESTS,
		enough: (facts, innermostDate, whole) => whole || provenIn(turnsIn(facts, list), innermostDate).length >= want,
	});
	if ('unknown' in read) {
		logOnce(list, `the API lists this session's facts in no order the memory can learn (${read.unknown}), so each load reads the whole session`);
		let turns: StoredTurn[] = [];
		await eachFact(list, (fact) => {
			const turn = turnOf(fact, list);
			if (turn) turns.push(turn);
			// Trimmed now and then rather than on every turn: sorting is the cost, not the memory.
			if (turns.length >= 2 * MAX_HISTORY_TURNS) turns = turns.sort(byTime).slice(-MAX_HISTORY_TURNS);
		});
		return { turns: turns.sort(byTime).slice(-MAX_HISTORY_TURNS), whole: true };
	}
	const turns = provenIn(turnsIn(read.items, list), read.innermostDate).sort(byTime).slice(-MAX_HISTORY_TURNS);
	if (read.cut) logOnce(list, `found ${turns.length} of the ${want} latest turns asked for within ${MAX_END_REQUESTS} requests (the session's list holds many facts that are not its turns); the model gets those`);
	return { turns, whole: read.whole };
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
