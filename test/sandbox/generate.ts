/**
 * Bulk data for benchmarks and paging tests: many facts, generated fast and deterministically. One
 * call is one batch, written as one transaction would write it: every fact shares one `created_at`;
 * or (`Dating`) facts made over weeks, `gapMs` apart up to now, and facts dated `aheadMs` ahead of
 * the clock, as a broken one dates them (issue 38).
 */
import { MEMORY_SCOPES, MEMORY_TIERS } from '../../src/vocabulary';
import { expiryFor } from './memoryLife';
import type { MemoryFact, OrgData } from './model';

let generation = 0;

/** How a seeded batch is dated: its facts `gapMs` apart, the last at now (0: one `created_at`), all `aheadMs` ahead of the clock. */
export interface Dating {
	gapMs?: number;
	aheadMs?: number;
}

/** Adds `count` facts for `agentId` (default: the org's first agent), created at `nowMs`; returns the new total. */
export function generateFacts(org: OrgData, count: number, nowMs: number, agentId?: string, contentBytes = 120, dating: Dating = {}): number {
	const agent = agentId ?? org.agents.keys().next().value;
	if (agent === undefined) return org.facts.size;
	generation += 1;
	const filler = 'x'.repeat(Math.max(0, contentBytes - 40));
	for (let i = 0; i < count; i++) {
		const createdMs = nowMs + (dating.aheadMs ?? 0) - (count - 1 - i) * (dating.gapMs ?? 0);
		const createdAt = new Date(createdMs).toISOString();
		const id = `fact_g${generation}_${String(i).padStart(7, '0')}`;
		const tier = MEMORY_TIERS[i % MEMORY_TIERS.length].value;
		const fact: MemoryFact = {
			id,
			agent_id: agent,
			content: `Generated fact ${i} ${filler}`,
			tier,
			scope: MEMORY_SCOPES[i % MEMORY_SCOPES.length].value,
			source: { conversation_id: `conv_g${i}`, channel: 'slack' },
			created_at: createdAt,
			updated_at: createdAt,
			expires_at: expiryFor(tier, createdMs),
			promoted_at: null,
		};
		org.facts.set(id, fact);
	}
	return org.facts.size;
}
