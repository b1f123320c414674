/**
 * What the memory keeps of a session between chat messages: the ids and dates of the latest turns
 * this process read or saved, nothing of their content. Only a load of a list whose order cannot be
 * learned uses them, and only after asking the API for each by id (sessionRead.ts): a turn another
 * worker cleared since is gone from that answer, so what is kept never answers for the API. It is
 * what lets such a load give the model the turn this process saved last, which a sample of a long or
 * reshuffled list may not show. A queue-mode worker that did not save the last turn keeps nothing of
 * it, and answers from what it reads, as without this.
 */
import { BoundedMap } from '../parts/boundedMap';
import type { Session, StoredTurn } from './sessionTurn';

export type TurnRef = Pick<StoredTurn, 'factId' | 'created'>;

/** The latest turns kept per session: a Context Window Length's default, each checked by one request. */
export const KEPT_PER_SESSION = 5;
/** Sessions kept by the process (the oldest set go first). */
const MAX_SESSIONS = 1_000;

const kept = new BoundedMap<string, TurnRef[]>({ entries: MAX_SESSIONS });
const keyOf = (session: Session) => `${session.agentId} ${session.tag}`;

/** Adds turns read or saved to what is kept of the session: the latest KEPT_PER_SESSION by date. */
export function keepTurns(session: Session, turns: TurnRef[]): void {
	const byId = new Map((kept.peek(keyOf(session)) ?? []).map((turn) => [turn.factId, turn]));
	for (const { factId, created } of turns) if (Number.isFinite(created)) byId.set(factId, { factId, created });
	const latest = [...byId.values()].sort((a, b) => a.created - b.created).slice(-KEPT_PER_SESSION);
	kept.set(keyOf(session), latest);
}

/** The session's kept turns, oldest first. */
export const keptTurns = (session: Session): TurnRef[] => kept.peek(keyOf(session)) ?? [];

/** Forgets the session (a Clear deletes its turns). */
export const forgetTurns = (session: Session): void => kept.delete(keyOf(session));
