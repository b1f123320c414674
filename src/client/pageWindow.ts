/**
 * How many pages of one list are asked for ahead of what has been handed on (pager.ts's window),
 * adapted to what the server and the key allow instead of a fixed number. Each page out waits a
 * round trip: with too few out, a list waits on latency; with more than the server (or this
 * process's CPU) answers at once, the answers only queue, and the pages out hold memory.
 *
 * - It starts at INITIAL_PAGES_IN_FLIGHT and grows by one for every page handed on while answers
 *   come as quickly as ever (within QUEUE_TOLERANCE times the quickest round trip): it doubles with
 *   every round trip (like TCP's slow start) up to MAX_PAGES_IN_FLIGHT, and stops growing once
 *   answers slow down, which shows a queue building up somewhere between here and the server.
 * - A page the server failed to answer (5xx, a dropped connection, a timeout) halves it: the server is
 *   struggling, and more requests at once would not help it.
 * - Large pages shrink it: the pages out stay within WINDOW_BYTES at the size of the largest page
 *   seen, however large the server makes them.
 * - It is never larger than the key's limit for one window: the rate budget would hold the rest.
 *
 * The window only says how many may be out; the rate budget (rateBudget.ts) still decides when each
 * one goes, so a list never sends more than the key allows. test/client/pageWindow.test.ts holds
 * the cases.
 */
import type { AttemptObserver } from './requester';

/**
 * Pages asked for at once before the server has shown it keeps up: as many as keep this process
 * busy through the round trip after the first page (about a millisecond of CPU each). With 8, a
 * list of 10,000 facts at 20 ms latency spent that round trip idle, about a tenth of its time.
 */
export const INITIAL_PAGES_IN_FLIGHT = 16;

/** The most pages one list has out beyond what it has handed on: its memory bound, in pages. */
export const MAX_PAGES_IN_FLIGHT = 32;

/** What the pages out at once may add up to, at the size of the largest page seen. */
export const WINDOW_BYTES = 16 * 1024 * 1024;

/** Round trips up to this many times the quickest (and QUEUE_SLACK_MS more) show no queue building up. */
const QUEUE_TOLERANCE = 2;

/** Round trips on loopback differ by a few milliseconds whatever the load. */
const QUEUE_SLACK_MS = 5;

export class PageWindow implements AttemptObserver {
	private pages = INITIAL_PAGES_IN_FLIGHT;
	private largestPage = 0;
	private quickest = Number.POSITIVE_INFINITY;
	private last = 0;

	/** An attempt took `ms` from sending to its answer. */
	answeredIn(ms: number): void {
		this.quickest = Math.min(this.quickest, ms);
		this.last = ms;
	}

	/** A page was handed on: while the answers come as quickly as ever, one more page may be out. */
	handedOn(): void {
		if (this.last > this.quickest * QUEUE_TOLERANCE + QUEUE_SLACK_MS) return;
		this.pages = Math.min(MAX_PAGES_IN_FLIGHT, this.pages + 1);
	}

	/** A page had to be asked again because the server failed to answer it. */
	struggled(): void {
		this.pages = Math.max(1, Math.floor(this.pages / 2));
	}

	/** A page's response body arrived, `bytes` long. */
	received(bytes: number): void {
		this.largestPage = Math.max(this.largestPage, bytes);
	}

	/** Pages that may be out now; `keyLimit` is the key's requests per window, when known. */
	size(keyLimit?: number): number {
		const byBytes = this.largestPage > 0 ? Math.floor(WINDOW_BYTES / this.largestPage) : MAX_PAGES_IN_FLIGHT;
		return Math.max(1, Math.min(this.pages, byBytes, keyLimit ?? MAX_PAGES_IN_FLIGHT));
	}
}
