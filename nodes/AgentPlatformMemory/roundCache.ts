/**
 * What the loads of one execution share. n8n 2.x's AI Agent runs again after each round of tool
 * calls, and each run asks n8n-core for its memory anew, which calls this node's supplyData again:
 * a new memory that would read the session's history and the long-term context once more. Within
 * one execution nothing changes them but this node's own saves and clears, which update what is
 * kept here, so the second and later loads are answered from here, without a request.
 *
 * Kept in this n8n process only: an execution's rounds run in one process (in queue mode too, on
 * one worker); another process keeps nothing and reads, as before. Each value is kept under a hash
 * of everything that makes two loads the same (the execution, the node, the credential's Base URL
 * and API key, the session or the context's settings), so neither the key nor a session key is
 * held as such, and a different execution or session never finds another's value.
 */
import { createHash } from 'crypto';
import type { ISupplyDataFunctions } from 'n8n-workflow';
import { normalizeBaseUrl } from '../../src/client';
import { BoundedMap } from '../parts/boundedMap';

export interface RoundBounds {
	entries: number;
	ageMs: number;
	characters: number;
}

/**
 * - 500 entries: an execution keeps two (its session's history, its long-term context), so 250 chat
 *   messages under way at once in one process, more than n8n runs at a time.
 * - 5 minutes from the read: longer than the rounds of one chat message take (each a model call and
 *   its tool calls), short enough that a long execution's later rounds see a turn that another
 *   workflow saved to the session meanwhile.
 * - 5,000,000 characters of fact content (about 10 MB): a session's history is at most 100 turns of
 *   at most 10,000 characters and a context at most 50,000, so five of the largest still fit.
 * Past a bound the oldest reads go first; a load that finds nothing reads from the API.
 */
export const ROUND_BOUNDS: Readonly<RoundBounds> = { entries: 500, ageMs: 5 * 60_000, characters: 5_000_000 };

interface Entry {
	/** Undefined when only a write is recorded: the value is not known whole. */
	value?: unknown;
	chars: number;
	/** The write count at the slot's last write: a read that began before it may have missed it. */
	written: number;
}

/** The bounded store; one per process (below), others only in tests with their own bounds and clock. */
export class RoundStore {
	// In the order of the reads: a value's age counts from its read (or from the write recorded).
	private readonly entries: BoundedMap<string, Entry>;
	private writes = 0;

	constructor(
		private readonly bounds: Readonly<RoundBounds> = ROUND_BOUNDS,
		now: () => number = () => Date.now(),
	) {
		this.entries = new BoundedMap({ entries: bounds.entries, ageMs: bounds.ageMs, weight: bounds.characters, weigh: (entry) => entry.chars, clock: now });
	}

	get size(): number {
		return this.entries.size;
	}

	get(key: string): unknown {
		return this.entries.get(key)?.value;
	}

	/** Taken before a read, so that `keep` can tell whether a write overtook the read. */
	ticket(): number {
		return this.writes;
	}

	/** A read's value, unless the slot was written since `ticket` (the read may not hold that write). */
	keep(key: string, value: unknown, chars: number, ticket: number): void {
		// Even past its age: the entry still records a write that came after the read began.
		const written = this.entries.peek(key)?.written ?? 0;
		if (written > ticket) return;
		this.entries.delete(key);
		if (chars > this.bounds.characters) return;
		this.entries.set(key, { value, chars, written });
	}

	/** A write: `next` is the value now known whole, or undefined when it is not known (only the write is recorded). */
	write(key: string, next: { value: unknown; chars: number } | undefined): void {
		this.writes += 1;
		const entry = { value: next?.value, chars: next?.chars ?? 0, written: this.writes };
		// In place: the age still counts from the read the value grew from.
		if (!this.entries.update(key, entry)) this.entries.set(key, entry);
	}
}

const processStore = new RoundStore();

/** What every load of one memory node in one execution has in common. */
export type RoundScope = readonly string[];

let unnamed = 0;

const sha256 = (parts: readonly unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url');

export function roundScope(ctx: ISupplyDataFunctions, credentials: { baseUrl?: unknown; apiKey?: unknown }): RoundScope {
	// Without an execution id nothing says which loads are one execution's: each memory keeps its own.
	const execution = ctx.getExecutionId() || `unnamed ${(unnamed += 1)}`;
	// The credential counts by where its requests go and with which key; the key enters only hashed.
	const credential = sha256([normalizeBaseUrl(credentials.baseUrl as string | undefined), String(credentials.apiKey ?? '').trim()]);
	return [execution, ctx.getNode().id, credential];
}

/** One value of one execution: a session's history or a long-term context. */
export class RoundSlot<T> {
	private readonly key: string;

	constructor(
		identity: readonly unknown[],
		private readonly measure: (value: T) => number,
		private readonly store: RoundStore = processStore,
	) {
		// JSON keeps the parts apart whatever text they hold; the hash keeps session keys out of the map.
		this.key = sha256(identity);
	}

	get(): T | undefined {
		return this.store.get(this.key) as T | undefined;
	}

	/** The value kept (when `enough` of it), or `read`'s, which is kept for the execution's later loads. */
	async load(read: () => Promise<T>, enough: (kept: T) => boolean = () => true): Promise<T> {
		const kept = this.get();
		if (kept !== undefined && enough(kept)) return kept;
		const ticket = this.store.ticket();
		const value = await read();
		this.store.keep(this.key, value, this.measure(value), ticket);
		return value;
	}

	/** Records a write; `change` gives the value from the one kept (undefined when none), or undefined when it is not known. */
	write(change: (kept: T | undefined) => T | undefined): void {
		const next = change(this.get());
		this.store.write(this.key, next === undefined ? undefined : { value: next, chars: this.measure(next) });
	}
}
