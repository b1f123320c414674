/**
 * How Agent Platform Memory marks the facts it saves as chat turns (nodes/AgentPlatformMemory/
 * turnFact.ts writes the content, sessionHistory.ts the source; sessionTurn.ts decides what is a
 * turn of one session), for the memory, which reads its turns back, and for the triggers, which can
 * leave them out (chatTurns.ts).
 */
import { isObject } from '../../src/client';

/** `source.channel` of every turn the memory saves. */
export const TURN_SOURCE_CHANNEL = 'n8n';

/** A turn's last line: the session tag and the time of the turn. */
export const TURN_TRAILER = /\n\[n8n chat (n8nchat[0-9a-f]{32}) (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\]$/;

/**
 * Whether a fact is a turn the memory saved, of any session: its content ends with a turn's
 * trailer, and its `source.channel`, where the fact carries one, is the memory's. Looser than a turn
 * of one session (AgentPlatformMemory/sessionTurn.ts, which decides that), stricter than a text that
 * mentions a turn anywhere (turnFact.ts, mentionsAnyTurn).
 */
export function isAnySessionTurn(fact: unknown): boolean {
	if (!isObject(fact) || typeof fact.content !== 'string' || !TURN_TRAILER.test(fact.content)) return false;
	return !isObject(fact.source) || fact.source.channel === undefined || fact.source.channel === TURN_SOURCE_CHANNEL;
}
