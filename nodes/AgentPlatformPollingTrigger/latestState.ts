/**
 * The latest state of each polling trigger in this process, beside the copy in the workflow's static data,
 * because n8n does not always save static data after a poll that returned nothing (its durable scheduler
 * drops it; with durable cursors, the activation's poll is not committed). docs/polling-trigger.md
 * (Whichever way n8n runs the polls) has each case, with the file:line in n8n.
 *
 * Every state the trigger writes has a new revision (`rev`). The polls of one process make a line of
 * states, each grown from the last, that starts where the stored state was, or at a state handed to n8n
 * with items (n8n saves that one). The copy here is the newer state exactly when the stored state is where
 * its line started, or the one the last poll found stored: then nothing else wrote since, and the polls
 * after it were not saved. A stored state of the copy's own revision is the same state, used as stored.
 * Any other stored state was written by someone else (another main instance of n8n, this one before a
 * restart) and is used instead. A new line at each hand-over means that if n8n drops that poll (the
 * workflow was deactivated or replaced during it), its changes are found again rather than lost.
 *
 * Bounded: MAX_KEPT_STATES triggers and MAX_KEPT_CHARS characters of JSON, the least recently polled going first.
 */
import { randomBytes } from 'node:crypto';
import { isObject } from '../../src/client';
import { BoundedMap } from '../parts/boundedMap';
import type { PollState } from './state';

export const MAX_KEPT_STATES = 1_000;
/** Characters of JSON kept in all (one state is at most MAX_STATE_BYTES). */
const MAX_KEPT_CHARS = 16 * 1024 * 1024;

/** A new revision: 48 random bits. */
export const newRevision = (): string => randomBytes(6).toString('base64url');

/** The revision of a stored state ('' when it has none: nothing stored, or an older version's state). */
export const revisionOf = (stored: unknown): string => (isObject(stored) && typeof stored.rev === 'string' ? stored.rev : '');

/** A state kept (`json`, of revision `rev`), with `root` and `read` of its line: the stored state may still be either. */
interface Entry { json: string; rev: string; root: string; read: string }

/** Where a poll starts. */
export interface Resumed {
	/** The state to poll from, as stored (loadState checks it). */
	state: unknown;
	/** Where its line began. */
	root: string;
	/** The revision of the stored state this poll found. */
	read: string;
	/** An activation's poll: the state it found is replaced, whatever it hands over. */
	activation?: boolean;
}

export class LatestStates {
	// Each poll sets its trigger's state anew, so the first entries are the least recently polled.
	private readonly entries = new BoundedMap<string, Entry>({ entries: MAX_KEPT_STATES, weight: MAX_KEPT_CHARS, weigh: (entry) => entry.json.length });

	/** What a poll of trigger `key` starts from, given the state its static data holds. */
	resume(key: string | undefined, stored: unknown): Resumed {
		const read = revisionOf(stored);
		const entry = key === undefined ? undefined : this.entries.get(key);
		if (!entry || ![entry.rev, entry.root, entry.read].includes(read)) return { state: stored, root: read, read };
		// The stored state is this copy (n8n kept or saved it): it is used, the line goes on.
		if (read === entry.rev) return { state: stored, root: entry.root, read };
		return { state: JSON.parse(entry.json) as unknown, root: entry.root, read };
	}

	/** Keeps the state a poll wrote; `handedOver` when the poll returned items (n8n saves it with them: a new line). */
	keep(key: string | undefined, state: PollState, from: Resumed, handedOver: boolean): void {
		if (key === undefined || state.rev === undefined) return;
		// An activation's hand-over leaves the state it found behind too: with durable cursors n8n does not commit the activation's poll, so the next tick finds that state again (the cursor row as it was), not the one handed over.
		const { root, read } = handedOver ? { root: state.rev, read: from.activation ? from.read : state.rev } : from;
		this.entries.set(key, { json: JSON.stringify(state), rev: state.rev, root, read });
	}

	forget(key: string): void {
		this.entries.delete(key);
	}

	/** What is kept: triggers and characters of JSON. */
	size(): { states: number; chars: number } {
		return { states: this.entries.size, chars: this.entries.weight };
	}
}

/** The process's one store (n8n loads the node once per process). */
export const latestStates = new LatestStates();
