/**
 * An organization's memory facts: a Map (insertion = creation order) that also knows when the next
 * fact expires and serves the list in the platform's orders. Every change of the set bumps
 * `version`, which is what reshuffles facts that share a `created_at` (a database sorting on a
 * column that is not unique may answer such rows in another order after any write).
 */
import type { MemoryFact } from './model';
import type { FactOrder } from './options';

const expiryMs = (fact: MemoryFact) => (fact.expires_at === null ? Infinity : Date.parse(fact.expires_at));

/** FNV-1a over the id and the version: a tie order that is fixed between changes and new after each. */
function tieKey(id: string, version: number): number {
	let hash = (0x811c9dc5 ^ version) >>> 0;
	for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
	return hash;
}

/** A sorted list kept between changes, and the filtered views of it asked for since (a few). */
interface SortedCache {
	key: string;
	list: MemoryFact[];
	order: Exclude<FactOrder, 'unordered'>;
	stableTies: boolean;
	/** Two facts of the list share a `created_at` (their order must change with every write). */
	ties: boolean;
	views: Map<string, { keep: (fact: MemoryFact) => boolean; list: MemoryFact[] }>;
}

/** Filtered views kept per sorted list: the filters one test or benchmark run uses. */
const MAX_VIEWS = 16;

export class FactStore extends Map<string, MemoryFact> {
	/** Bumped on every change of a fact or of the set. */
	version = 0;
	private nextExpiry = Infinity;
	private cache: SortedCache | undefined;
	private matches: { version: number; sets: Map<string, ReadonlySet<MemoryFact>> } | undefined;

	set(id: string, fact: MemoryFact): this {
		const added = !this.has(id);
		super.set(id, fact);
		this.version += 1;
		this.nextExpiry = Math.min(this.nextExpiry, expiryMs(fact));
		if (added) this.appendToCache(fact);
		return this;
	}

	/**
	 * A new fact dated after every other goes to the newest end of the sorted list and its views,
	 * as a sort would put it, without sorting again: a chat appends to a session of 100,000 turns at
	 * the cost of a copy. Only while no two facts share a date (unless ties are stable): ties change
	 * order with every write, which only a new sort gives.
	 */
	private appendToCache(fact: MemoryFact): void {
		const cache = this.cache;
		this.cache = undefined;
		if (!cache || (cache.order !== 'oldest-first' && cache.order !== 'newest-first') || (cache.ties && !cache.stableTies)) return;
		const newestEnd = cache.order === 'oldest-first' ? cache.list[cache.list.length - 1] : cache.list[0];
		if (newestEnd !== undefined && !(Date.parse(fact.created_at) > Date.parse(newestEnd.created_at))) return;
		// In place: a list handed out is used before the next change (a page is a copy of its slice).
		const add = (list: MemoryFact[]) => (cache.order === 'oldest-first' ? list.push(fact) : list.unshift(fact));
		for (const view of cache.views.values()) if (view.keep(fact)) add(view.list);
		add(cache.list);
		this.cache = { ...cache, key: `${cache.order}|${cache.stableTies}|${this.version}` };
	}

	/** The facts in `order` that `keep` keeps, `viewKey` naming the filter: kept with the sorted list until the next change. */
	view(order: Exclude<FactOrder, 'unordered'>, stableTies: boolean, viewKey: string, keep: (fact: MemoryFact) => boolean): readonly MemoryFact[] {
		const list = this.ordered(order, stableTies);
		const cache = this.cache as SortedCache;
		const known = cache.views.get(viewKey);
		if (known) return known.list;
		if (cache.views.size >= MAX_VIEWS) cache.views.clear();
		const view = { keep, list: list.filter(keep) };
		cache.views.set(viewKey, view);
		return view.list;
	}

	/**
	 * The facts `keep` keeps, `viewKey` naming the filter, as a set kept until the next change: a list in
	 * no order is shuffled anew for every request, and filtering the shuffle by it is a lookup a fact
	 * rather than the filter's string tests (20,000 turns, over a thousand requests in realLists.test.ts).
	 */
	matching(viewKey: string, keep: (fact: MemoryFact) => boolean): ReadonlySet<MemoryFact> {
		if (this.matches?.version !== this.version) this.matches = { version: this.version, sets: new Map() };
		const known = this.matches.sets.get(viewKey);
		if (known) return known;
		if (this.matches.sets.size >= MAX_VIEWS) this.matches.sets.clear();
		const kept = new Set([...this.values()].filter(keep));
		this.matches.sets.set(viewKey, kept);
		return kept;
	}

	delete(id: string): boolean {
		const had = super.delete(id);
		if (had) this.version += 1;
		return had;
	}

	clear(): void {
		super.clear();
		this.version += 1;
	}

	/** Removes every fact whose `expires_at` is at or before `nowMs`, without an event; returns how many. */
	expire(nowMs: number): number {
		if (nowMs < this.nextExpiry) return 0;
		let next = Infinity;
		let removed = 0;
		for (const [id, fact] of this) {
			const at = expiryMs(fact);
			if (at <= nowMs) {
				super.delete(id);
				removed += 1;
			} else if (at < next) next = at;
		}
		this.nextExpiry = next;
		if (removed > 0) this.version += 1;
		return removed;
	}

	/**
	 * The facts in `order`. Dated orders sort by `created_at` (after `agent_id` for the agent-then
	 * orders); facts with equal dates keep creation order when `stableTies`, else an order that
	 * changes with `version`. 'scrambled' is by a hash of the id: fixed between requests, not by date,
	 * each new fact at a place of its own. Cached until the next change; callers must not mutate the result.
	 */
	ordered(order: Exclude<FactOrder, 'unordered'>, stableTies: boolean): readonly MemoryFact[] {
		const key = `${order}|${stableTies}|${this.version}`;
		if (this.cache?.key === key) return this.cache.list;
		const direction = order.endsWith('newest') || order === 'newest-first' ? -1 : 1;
		const byAgent = order.startsWith('agent-then');
		const rows = [...this.values()].map((fact, i) => ({
			fact,
			at: Date.parse(fact.created_at),
			tie: stableTies ? i : tieKey(fact.id, this.version),
		}));
		if (order === 'scrambled') for (const row of rows) row.at = tieKey(row.fact.id, 0);
		rows.sort((a, b) => {
			if (byAgent && a.fact.agent_id !== b.fact.agent_id) return a.fact.agent_id < b.fact.agent_id ? -1 : 1;
			return direction * (a.at - b.at || a.tie - b.tie);
		});
		const list = rows.map((row) => row.fact);
		const ties = rows.some((row, i) => i > 0 && row.at === rows[i - 1].at);
		this.cache = { key, list, order, stableTies, ties, views: new Map() };
		return list;
	}
}
