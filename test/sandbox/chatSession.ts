/**
 * A long chat session for tests and benchmarks: `turns` turns of one Agent Platform Memory session,
 * stored exactly as the memory node stores them (content, trailer, source, scope; tier L4, kept until
 * deleted), one second apart and ending one second before the sandbox's now. Written at once, as a
 * session that grew over months stands when a chat message comes in.
 */
import { encodeTurn, sessionTag } from '../../nodes/AgentPlatformMemory/turnFact';
import type { MemoryFact, OrgData } from './model';

export interface ChatSessionSeed {
	/** The agent whose memory holds the session (default: the organization's first agent). */
	agentId?: string;
	/** The chat trigger's session id, as the memory reads it from the chat trigger (default `session-a`). */
	sessionId?: string;
	turns: number;
}

/** The most turns one seed writes. */
export const MAX_SEEDED_TURNS = 1_000_000;

let seeded = 0;

/** Adds the session's turns (see the file comment); returns the organization's fact total. */
export function seedChatSession(org: OrgData, seed: ChatSessionSeed, nowMs: number): number {
	const agentId = seed.agentId ?? org.agents.keys().next().value;
	const key = seed.sessionId ?? 'session-a';
	if (agentId === undefined) return org.facts.size;
	const tag = sessionTag('chatTrigger', key);
	seeded += 1;
	for (let i = 0; i < seed.turns; i++) {
		const at = new Date(nowMs - (seed.turns - i) * 1000);
		const content = encodeTurn([{ role: 'user', text: `question ${i}` }, { role: 'assistant', text: `answer ${i}` }], tag, at);
		const id = `fact_s${seeded}_${String(i).padStart(7, '0')}`;
		const iso = at.toISOString();
		const fact: MemoryFact = { id, agent_id: agentId, content, tier: 'L4', scope: 'agent', source: { conversation_id: key, channel: 'n8n' }, created_at: iso, updated_at: iso, expires_at: null, promoted_at: null };
		org.facts.set(id, fact);
	}
	return org.facts.size;
}
