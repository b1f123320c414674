/**
 * What the polling trigger remembers between polls, in the workflow's static data (n8n saves it
 * with the workflow, so it survives restarts). Its size does not grow with the number of facts:
 *
 * - agents: each agent's last status (grows with the number of agents, capped);
 * - facts: a cursor on the API's own change times plus the keys of the changes at or after it
 *   (capped), and the position of a scan that has not finished yet.
 *
 * A poll works on a copy and writes it back whole, so what is stored is always the state after a
 * whole page: never half a page, and never events that were not handed to n8n.
 */
import type { IDataObject } from 'n8n-workflow';

export const STATE_KEY = 'pollState';
const FORMAT = 1;

/** Change key → the change's time (server clock, epoch ms). */
export type Seen = Record<string, number>;

export interface FactCursor {
	/** Changes older than this (server time, epoch ms) are old. */
	since: number;
	/** Changes at or after `since` already seen: emitted, or part of the baseline. */
	seen: Seen;
}

export interface FactScan {
	/** Local time the scan started: its length widens the overlap of the next cursor. */
	startedAt: number;
	/** Offset of the next page. */
	offset: number;
	/** IDs at the end of the last page read, to find the place again when the list has shifted. */
	anchors: string[];
	/** Newest change time seen in this scan (0: none). */
	newest: number;
	/** Changes at or after the cursor seen in this scan. */
	found: Seen;
	/** Changes at or before this time were dropped from `found` to keep it bounded (0: none). */
	floor: number;
	/** The list moved more than the anchors could follow: the scan may have skipped items. */
	gaps: boolean;
	/** Pages read, bounded by `maxPages`. */
	pages: number;
	maxPages: number;
}

export interface FactStream {
	/** Absent until the first scan (the baseline) has finished. */
	cursor?: FactCursor;
	scan?: FactScan;
	/** The largest page the server serves, once learned (0: not known). */
	pageSize: number;
}

export interface PollState {
	format: typeof FORMAT;
	fingerprint: string;
	/** The organization's `org_` id; null when the key may not read it. */
	orgId?: string | null;
	/** Agent id → last seen status; absent until the agents' baseline. */
	agents?: Record<string, string>;
	facts?: FactStream;
}

export const newState = (fingerprint: string): PollState => ({ format: FORMAT, fingerprint });

const isObject = (value: unknown): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isSeen = (value: unknown): value is Seen => isObject(value) && Object.values(value).every(isNumber);
const isStringMap = (value: unknown): value is Record<string, string> => isObject(value) && Object.values(value).every((v) => typeof v === 'string');

function isScan(value: unknown): value is FactScan {
	if (!isObject(value)) return false;
	return (
		[value.startedAt, value.offset, value.newest, value.floor, value.pages, value.maxPages].every(isNumber) &&
		Array.isArray(value.anchors) &&
		value.anchors.every((a) => typeof a === 'string') &&
		isSeen(value.found) &&
		typeof value.gaps === 'boolean'
	);
}

function isStream(value: unknown): value is FactStream {
	if (!isObject(value) || !isNumber(value.pageSize)) return false;
	if (value.cursor !== undefined && !(isObject(value.cursor) && isNumber(value.cursor.since) && isSeen(value.cursor.seen))) return false;
	return value.scan === undefined || isScan(value.scan);
}

/**
 * The stored state for these settings, as a plain copy, or undefined when there is none, it was
 * recorded under other settings, or it is not what this version writes (then a new baseline).
 */
export function loadState(stored: unknown, fingerprint: string): PollState | undefined {
	if (!isObject(stored) || stored.format !== FORMAT || stored.fingerprint !== fingerprint) return undefined;
	const copy = JSON.parse(JSON.stringify(stored)) as IDataObject;
	if (copy.orgId !== undefined && copy.orgId !== null && typeof copy.orgId !== 'string') return undefined;
	if (copy.agents !== undefined && !isStringMap(copy.agents)) return undefined;
	if (copy.facts !== undefined && !isStream(copy.facts)) return undefined;
	return copy as unknown as PollState;
}
