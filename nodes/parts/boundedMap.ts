/**
 * What this process keeps for later, bounded so that it cannot grow with the process's life: the
 * polling trigger's latest states, the memory's reads shared by one execution's rounds, the signing
 * secrets handed out lately. Each keeps its values in the order they were set and drops the oldest
 * first; why each bound is what it is stays with its user.
 *
 * A value's age counts from when it was set (the caller's time, or the clock's, which tests replace).
 * An update keeps the value's place and time: what grew from a read is as old as the read. Dropping
 * stops at the first value within every bound, so the times are expected to grow along the order.
 */

export interface MapBounds<V> {
	/** At most this many values. */
	entries?: number;
	/** At most this much weight in all, each value's given by `weigh`. */
	weight?: number;
	weigh?: (value: V) => number;
	/** A value older than this is not given, and leaves. */
	ageMs?: number;
	clock?: () => number;
}

interface Kept<V> {
	value: V;
	weight: number;
	at: number;
}

export class BoundedMap<K, V> {
	private readonly kept = new Map<K, Kept<V>>();
	private total = 0;

	constructor(private readonly bounds: Readonly<MapBounds<V>>) {}

	get size(): number {
		return this.kept.size;
	}

	get weight(): number {
		return this.total;
	}

	get(key: K, now = this.now()): V | undefined {
		const kept = this.kept.get(key);
		if (!kept || !this.expired(kept, now)) return kept?.value;
		this.delete(key);
		return undefined;
	}

	/** The value even past its age: it is still there until something drops it. */
	peek(key: K): V | undefined {
		return this.kept.get(key)?.value;
	}

	/** Keeps the value as the newest, from `now`. */
	set(key: K, value: V, now = this.now()): void {
		this.delete(key);
		const weight = this.weigh(value);
		this.kept.set(key, { value, weight, at: now });
		this.total += weight;
		this.prune(now);
	}

	/** Replaces the value in place (its place and time stay) and weighs it again; false when there is none. */
	update(key: K, value: V, now = this.now()): boolean {
		const kept = this.kept.get(key);
		if (!kept) return false;
		const weight = this.weigh(value);
		this.total += weight - kept.weight;
		Object.assign(kept, { value, weight });
		this.prune(now);
		return true;
	}

	delete(key: K): void {
		const kept = this.kept.get(key);
		if (!kept) return;
		this.kept.delete(key);
		this.total -= kept.weight;
	}

	/** The keys within every bound, oldest first. */
	keys(now = this.now()): IterableIterator<K> {
		this.prune(now);
		return this.kept.keys();
	}

	private prune(now: number): void {
		const { entries = Infinity, weight = Infinity } = this.bounds;
		for (const [key, kept] of this.kept) {
			const over = this.kept.size > entries || this.total > weight;
			if (!over && !this.expired(kept, now)) break;
			this.delete(key);
		}
	}

	private expired(kept: Kept<V>, now: number): boolean {
		return now - kept.at > (this.bounds.ageMs ?? Infinity);
	}

	private weigh(value: V): number {
		return this.bounds.weigh?.(value) ?? 0;
	}

	private now(): number {
		return (this.bounds.clock ?? Date.now)();
	}
}
