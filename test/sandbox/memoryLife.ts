/**
 * How the platform's memory lives (its Active Memory page): a fact captured into L1 lasts 1 hour,
 * L2 24 hours, L3 7 days, L4 forever; a promotion, by a key or by the platform itself
 * (graduation), restarts the clock with the new tier's lifetime; facts that prove useful graduate
 * on their own. The sandbox models "prove useful" as "a list or search returned it".
 */
import { MEMORY_SCOPES, MEMORY_TIERS } from '../../src/vocabulary';
import type { MemoryFact, OrgData } from './model';
import type { Random } from './prng';

export const TIERS = MEMORY_TIERS.map((t) => t.value) as string[];
export const SCOPES = MEMORY_SCOPES.map((s) => s.value) as string[];

/** The published lifetimes; null: kept until deleted. */
export const TIER_LIFETIME_MS: Record<string, number | null> = { L1: 3_600_000, L2: 86_400_000, L3: 604_800_000, L4: null };

/** When a fact of `tier` that starts its life at `fromMs` expires (ISO), or null for never. */
export function expiryFor(tier: string, fromMs: number): string | null {
	const lifetime = TIER_LIFETIME_MS[tier];
	return lifetime === null || lifetime === undefined ? null : new Date(fromMs + lifetime).toISOString();
}

export interface PromotionTarget {
	tier?: string;
	scope?: string;
}

/** Moves a fact to its new tier and/or scope now; returns where it was. */
export function promote(fact: MemoryFact, target: PromotionTarget, nowMs: number): { tier: string; scope: string } {
	const previous = { tier: fact.tier, scope: fact.scope };
	const now = new Date(nowMs).toISOString();
	const tier = target.tier ?? fact.tier;
	Object.assign(fact, { tier, scope: target.scope ?? fact.scope, updated_at: now, promoted_at: now, expires_at: expiryFor(tier, nowMs) });
	return previous;
}

/** The tier above `tier`, or undefined at the top. */
export const nextTier = (tier: string): string | undefined => TIERS[TIERS.indexOf(tier) + 1];

/**
 * Picks, per organization and per minute of the sandbox's clock, up to `perMinute` of the facts
 * that lists returned in that minute (reservoir sampling: bounded memory, each returned fact
 * equally likely, the same picks for the same seed and requests).
 */
export class GraduationPicker {
	private readonly minutes = new Map<OrgData, { minute: number; seen: number; picks: string[] }>();

	constructor(
		readonly perMinute: number,
		private readonly random: Random,
	) {}

	noteReturned(org: OrgData, facts: readonly MemoryFact[], nowMs: number): void {
		if (this.perMinute === 0) return;
		const minute = Math.floor(nowMs / 60_000);
		let current = this.minutes.get(org);
		if (!current || current.minute !== minute) {
			// The app asks for due() before every request, so a minute that ended has been handed on.
			current = { minute, seen: 0, picks: [] };
			this.minutes.set(org, current);
		}
		for (const fact of facts) {
			if (nextTier(fact.tier) === undefined || current.picks.includes(fact.id)) continue;
			current.seen += 1;
			if (current.picks.length < this.perMinute) current.picks.push(fact.id);
			else {
				const slot = Math.floor(this.random() * current.seen);
				if (slot < this.perMinute) current.picks[slot] = fact.id;
			}
		}
	}

	/** The fact ids of minutes that have ended, per organization, forgotten once returned. */
	due(nowMs: number): Array<{ org: OrgData; ids: string[] }> {
		const minute = Math.floor(nowMs / 60_000);
		const out: Array<{ org: OrgData; ids: string[] }> = [];
		for (const [org, current] of this.minutes) {
			if (current.minute >= minute) continue;
			this.minutes.delete(org);
			if (current.picks.length > 0) out.push({ org, ids: current.picks });
		}
		return out;
	}
}
