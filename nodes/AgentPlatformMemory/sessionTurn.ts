/**
 * What a turn of this session is: the one place that decides it, for the load, Clear, and what the
 * model is given.
 *
 * A fact is a turn of a session when it is stored as this node stores that session's turns:
 * - identity (`storedAsTurn`): the session's agent, `source.channel` TURN_CHANNEL and
 *   `source.conversation_id` the key, scope TURN_SCOPE unless the fact was promoted since, any tier
 *   (Keep History may differ between workflows that continue one session, the platform graduates
 *   facts and people promote them);
 * - content (turnFact.ts, decodeTurn): only the lines the node writes, ending in a trailer with exactly
 *   the session's tag and a time that is a real date;
 * - clock: the trailer dated no more than MAX_CLOCK_LEAD_MS ahead of n8n's clock.
 * Such a turn is loaded and cleared. The model is given only those of them younger than Keep History
 * by the trailer's time (`withinKeepHistory`): a turn the platform kept longer is still the
 * session's, for Clear.
 *
 * A turn's date, which orders the session's list and its turns (`listDate`), is the fact's
 * `created_at` (the API's clock), or, when a fact has none or one that is not a date (a list that
 * names it otherwise, or leaves it out), the time the turn carries in its own last line (n8n's clock).
 *
 * Two looser questions are asked elsewhere, about any session, and named for it: whether a fact is a
 * turn the memory saved, of any session (parts/turnMark.ts, `isAnySessionTurn`: its trailer and
 * channel, for the triggers' Include Chat Turns), and whether a text holds or quotes a turn's mark
 * anywhere (turnFact.ts, `mentionsAnyTurn`: what long-term context leaves out).
 */
import type { IDataObject } from 'n8n-workflow';
import { FACT_TIME_FIELDS } from '../../src/vocabulary';
import { TURN_SOURCE_CHANNEL, TURN_TRAILER } from '../parts/turnMark';
import { decodeTurn, type DecodedTurn } from './turnFact';

/** The scope a turn is created in: a conversation is private to the agent. */
export const TURN_SCOPE = 'agent';
/** `source.channel` of every turn (one value, which the triggers' Include Chat Turns also reads). */
export const TURN_CHANNEL = TURN_SOURCE_CHANNEL;
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
	/** The turn's date in epoch ms (listDate): `created_at`, or the trailer's time when the fact has no readable one. */
	created: number;
}

/** The time in a fact's own last line, any session's (NaN when it has none). */
const trailerTime = (content: unknown) => (typeof content === 'string' ? Date.parse(TURN_TRAILER.exec(content)?.[2] ?? '') : Number.NaN);

/** A fact's date in the session's list, in epoch ms: its `created_at`, else its trailer's time, else NaN. */
export function listDate(fact: IDataObject): number {
	const created = Date.parse(String(fact[FACT_TIME_FIELDS.created] ?? ''));
	return Number.isFinite(created) ? created : trailerTime(fact.content);
}

/** Whether the fact is stored as this node stores this session's turns (identity, see the file comment). */
function storedAsTurn(fact: IDataObject, session: Session): boolean {
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
export function turnOfSession(fact: IDataObject, session: Session, nowMs: number): StoredTurn | undefined {
	const turn = storedAsTurn(fact, session) ? decodeTurn(fact.content, session.tag) : undefined;
	const at = turn ? Date.parse(turn.at) : Number.NaN;
	if (!turn || !Number.isFinite(at) || at > nowMs + MAX_CLOCK_LEAD_MS) return undefined;
	return { ...turn, factId: String(fact.id), chars: String(fact.content).length, created: listDate(fact) };
}

/** Whether a turn of the session is given to the model: younger than Keep History by its trailer (any age when it has no bound). */
export const withinKeepHistory = (turn: DecodedTurn, maxAgeMs: number | undefined, nowMs: number) => maxAgeMs === undefined || Date.parse(turn.at) >= nowMs - maxAgeMs;

/** By the turn's date, then the trailer's (n8n's clock), then the fact id. */
export const byTime = (a: StoredTurn, b: StoredTurn) => a.created - b.created || (a.at === b.at ? a.factId.localeCompare(b.factId) : a.at < b.at ? -1 : 1);
