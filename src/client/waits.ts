/**
 * Every wait and retry the client makes, told to the people who run n8n. A user whose execution
 * sits for a minute must be able to learn why:
 * - each one is a line in n8n's log through the node's logger: retries and long waits at `info`
 *   (what a self-hosted n8n shows by default), short pacing waits and slow-start pauses at `debug`
 *   (`N8N_LOG_LEVEL=debug`); the line names the request (method and path), how long, and the
 *   reason (the header and its value, the status, the network failure);
 * - a node that can show execution hints gets one summary after its run (`hints()`), also for a
 *   list that Limit cut short.
 * Reasons quote what a server sent, so each passes through `serverText` with the key removed: no
 * line or hint ever holds the key.
 */
import type { Logger, NodeExecutionHint } from 'n8n-workflow';
import { DOCS } from '../docsLinks';
import { clock } from './clock';
import { duration } from './duration';
import { serverText } from './redaction';

type WaitKind = 'rateLimit' | 'slowStart' | 'retry';

export interface Wait {
	kind: WaitKind;
	/** Planned; a slow-start pause may end sooner, when the answer it waits for arrives. */
	ms: number;
	reason: string;
	method: string;
	path: string;
	/** For a retry: "retry 2 of 6", "refused 3 times". */
	attempt?: string;
}

/** A wait at least this long is logged at `info`; shorter ones (pacing) at `debug`. */
const NOTICE_WAIT_MS = 5_000;

/** Waits adding up to less than this are not worth a hint in the editor. */
const HINT_WAIT_MS = 1_000;

interface Total {
	count: number;
	ms: number;
	longest?: Wait;
	last?: Wait;
}

interface Cut {
	path: string;
	limit: number;
	total: number;
}

/** What the log needs of a node context: n8n's logger and who is logging. */
interface LogSource {
	logger?: Logger;
	nodeName: string;
	workflowId?: string;
	/**
	 * n8n's `sendMessageToUI`: during a manual run in the editor, a line in the browser's developer
	 * console while the run goes on (n8n 2.41 has no other way to show something before a node
	 * finishes); nothing in other runs.
	 */
	tell?: (message: string) => void;
}

export class WaitLog {
	private readonly totals: Record<WaitKind, Total> = { rateLimit: { count: 0, ms: 0 }, slowStart: { count: 0, ms: 0 }, retry: { count: 0, ms: 0 } };
	private readonly cuts: Cut[] = [];
	private cutCount = 0;
	/** Waits for the rate limit under way now, and since when one has been (so parallel waits count once). */
	private waiting = 0;
	private waitingSince = 0;
	private waitedMs = 0;

	constructor(private readonly source: () => LogSource) {}

	/** Logs a wait as it begins; the returned function records how long it really took. */
	begin(wait: Wait, secret: string | undefined): (sleptMs: number) => void {
		const told = { ...wait, reason: serverText(wait.reason, secret), path: serverText(wait.path, secret).slice(0, 200) };
		this.log(told);
		const paced = wait.kind !== 'retry';
		if (paced && this.waiting++ === 0) this.waitingSince = clock.now();
		return (sleptMs) => {
			if (paced && --this.waiting === 0) this.waitedMs += clock.now() - this.waitingSince;
			const total = this.totals[wait.kind];
			const slept = { ...told, ms: sleptMs };
			total.count += 1;
			total.ms += sleptMs;
			total.last = slept;
			if (!total.longest || sleptMs > total.longest.ms) total.longest = slept;
		};
	}

	/** A list stopped at the user's Limit while the server announced more. */
	limitCut(path: string, limit: number, total: number): void {
		this.cutCount += 1;
		if (this.cuts.length < 1) this.cuts.push({ path, limit, total });
	}

	/**
	 * One summary per kind, for the editor's output pane; none when nothing worth saying happened.
	 * `limitSaidElsewhere`: the editor already says the list stopped at Limit (nodes/AgentPlatform/
	 * helpers/hints.ts), so saying it again would show the same notice twice.
	 */
	hints({ limitSaidElsewhere = false }: { limitSaidElsewhere?: boolean } = {}): NodeExecutionHint[] {
		const hints: NodeExecutionHint[] = [];
		if (this.waitedMs >= HINT_WAIT_MS) {
			hints.push(info(`Waited ${duration(this.waitedMs)} for the API key's rate limit, which every workflow using the key shares; n8n's log names each wait and why (see ${DOCS.waits()}).`));
		}
		const retries = this.totals.retry;
		if (retries.count > 0 && retries.last) {
			hints.push(info(`Sent ${retries.count === 1 ? 'a request' : `${retries.count} requests`} again after a temporary failure (the last: ${retries.last.method} ${retries.last.path}, ${retries.last.reason}). n8n's log has each retry.`));
		}
		const [cut] = this.cuts;
		if (cut && !limitSaidElsewhere) {
			const more = this.cutCount - 1;
			const others = more > 0 ? ` (and ${more} more ${more === 1 ? 'list' : 'lists'})` : '';
			const stoppedAt = cut.limit === 1 ? '1 item' : `${cut.limit} items`;
			hints.push(info(`Limit stopped the list at ${stoppedAt} of the ${cut.total} the API announced${others}. Turn on Return All, or raise Limit, to get the rest.`));
		}
		return hints;
	}

	private log(wait: Wait): void {
		const { logger, nodeName, workflowId, tell } = this.source();
		if (!logger) return;
		const attempt = wait.attempt ? ` (${wait.attempt})` : '';
		const message =
			wait.kind === 'retry'
				? `Agent Platform API: sending ${wait.method} ${wait.path} again${wait.ms > 0 ? ` in ${duration(wait.ms)}` : ' when the rate limit allows'}${attempt}, after ${wait.reason}`
				: `Agent Platform API: ${wait.method} ${wait.path} waits ${wait.kind === 'slowStart' ? 'up to ' : ''}${duration(wait.ms)}: ${wait.reason}`;
		const level = wait.kind === 'retry' || wait.ms >= NOTICE_WAIT_MS ? 'info' : 'debug';
		logger[level](message, { nodeName, workflowId, waitMs: wait.ms, waitKind: wait.kind });
		if (wait.ms >= NOTICE_WAIT_MS) tell?.(`${nodeName}: ${message}, from ${new Date(clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z')}`);
	}
}

const info = (message: string): NodeExecutionHint => ({ message, type: 'info', location: 'outputPane' });

/** The context's `sendMessageToUI`, when it has one (action node and memory runs; not polls or hooks). */
export function uiTeller(ctx: object): ((message: string) => void) | undefined {
	const send = (ctx as { sendMessageToUI?: (message: unknown) => void }).sendMessageToUI;
	return typeof send === 'function' ? (message) => send.call(ctx, message) : undefined;
}
