/**
 * The latest state of each polling trigger in this process, beside the copy in the workflow's static
 * data, because n8n does not always save static data after a poll that returned nothing:
 *
 * - n8n's own poller (its default in 1.x and 2.41) keeps one Workflow per activation, so the static
 *   data in memory carries every poll's changes; it is written to the database when a poll returns
 *   items.
 * - The durable scheduler (2.36+; in 2.41 behind N8N_SCHEDULER_ENABLED and
 *   N8N_SCHEDULER_POLL_TRIGGERS_ENABLED; n8n's default scheduler from 2.45) builds a new Workflow
 *   from the database for every tick and saves its static data only when the poll returns items;
 *   the changes of a poll that returned nothing are dropped. Without this copy every idle poll would
 *   start the sweep of the fact list again from the saved place (promotions further on than a
 *   minute's share of pages never reported) and fill the key share from the last saved account.
 * docs/polling-trigger.md has the file:line in n8n for each.
 * - With durable cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED) every poll is committed, but the poll
 *   that records the baseline at activation is not.
 *
 * Every state the trigger writes has a new revision (`rev`). The polls of one process make a line of
 * states, each grown from the last, that starts where the stored state was, or at a state handed to
 * n8n with items (n8n saves that one). The copy here is the newer state exactly when the stored state
 * is where its line started, or the one the last poll found stored: then nothing else wrote since,
 * and the polls after it were not saved. A stored state of the copy's own revision is the same state
 * and is used as stored (n8n kept it in memory, or saved it). Any other stored state was written since
 * by someone else (another main instance of n8n, this one before a restart) and is used instead, as
 * is the stored state when nothing is kept here (after a restart; an evicted entry). A new line at
 * each hand-over means that if n8n drops that poll (the workflow was deactivated or replaced during
 * it), the stored state is used and its changes are found again rather than lost.
 *
 * Bounded: at most MAX_KEPT_STATES triggers and MAX_KEPT_CHARS characters of JSON in all, the least
 * recently polled going first.
 */
import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { BoundedMap } from '../parts/boundedMap';
import type { PollState } from './state';

export const MAX_KEPT_STATES = 1_000;
/** Characters of JSON kept in all (one state is at most MAX_STATE_BYTES). */
const MAX_KEPT_CHARS = 16 * 1024 * 1024;

/** A new revision: 48 random bits. */
export const newRevision = (): string => randomBytes(6).toString('base64url');

/** The revision of a stored state ('' when it has none: nothing stored, or an older version's state). */
export function revisionOf(stored: unknown): string {
	const rev = stored !== null && typeof stored === 'object' ? (stored as IDataObject).rev : undefined;
	return typeof rev === 'string' ? rev : '';
}

interface Entry {
	json: string;
	rev: string;
	/** Where the line of polls began: the stored state may still be that one. */
	root: string;
	/** The stored state the last poll found: it may still be that one. */
	read: string;
}

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
		// An activation's hand-over leaves the state it found behind too: with durable cursors n8n does not commit the
		// activation's poll, so the next tick finds that state again (the cursor row as it was), not the one handed over.
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
