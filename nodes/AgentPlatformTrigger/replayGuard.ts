/**
 * Remembers the signatures of deliveries a trigger node accepted, for as long as the timestamp
 * window would let the same bytes through again, so a retry or a replay starts no second execution.
 *
 * - One memory per workflow and trigger node: deliveries to other workflows never push this one's out.
 * - Each memory holds at most MAX_REMEMBERED deliveries. Entries leave only when their window has
 *   passed; a delivery still inside its window is never forgotten to make room. When the memory is
 *   full of live entries, `remember` refuses, and the trigger answers 503 so the sender retries later.
 * - Constant cost per delivery: entries are kept in arrival order, and expiry removes from the
 *   front. Windows differ in length (a sender's clock ahead of ours lengthens one), so an expired
 *   entry can wait behind a live one, for at most one tolerance window.
 *
 * A delivery is remembered when webhook() hands it to n8n, before n8n starts its execution. If n8n then
 * answers with an error (it could not save or queue the execution), the sender retries the same
 * bytes: the trigger forgets the delivery when that answer is sent, so the retry starts the run. A
 * sender that hangs up before n8n answers leaves it remembered: n8n has most likely started the run.
 *
 * The memory is per n8n process: in queue mode with several webhook processors, two copies of one
 * delivery reaching two processes within the window both run (the timestamp window still bounds
 * replays). Static data cannot record deliveries: n8n saves it after executions, not when a
 * webhook is refused.
 */

/** Deliveries remembered per trigger node within one tolerance window (about 100 bytes each). */
export const MAX_REMEMBERED = 50_000;

type Remembered = 'new' | 'duplicate' | 'full';

export class ReplayMemory {
	/** signature → time it may be forgotten, in arrival order. */
	private readonly entries = new Map<string, number>();

	constructor(private readonly capacity = MAX_REMEMBERED) {}

	get size(): number {
		return this.entries.size;
	}

	/** Records `key` until `until` unless it is already remembered ('duplicate') or there is no room ('full'). */
	remember(key: string, until: number, now: number): Remembered {
		const known = this.entries.get(key);
		if (known !== undefined && known > now) return 'duplicate';
		if (known !== undefined) this.entries.delete(key);
		for (const [oldest, expiresAt] of this.entries) {
			if (expiresAt > now) break;
			this.entries.delete(oldest);
		}
		if (this.entries.size >= this.capacity) return 'full';
		this.entries.set(key, until);
		return 'new';
	}

	/** Lets `key` in again: the delivery it recorded started no execution, so a retry of it is not a duplicate. */
	forget(key: string, until: number): void {
		if (this.entries.get(key) === until) this.entries.delete(key);
	}
}

const memories = new Map<string, ReplayMemory>();

/** The memory of one trigger node in one workflow. */
export function replayMemoryFor(workflowId: string, nodeId: string): ReplayMemory {
	const key = `${workflowId}\u0000${nodeId}`;
	let memory = memories.get(key);
	if (!memory) {
		memory = new ReplayMemory();
		memories.set(key, memory);
	}
	return memory;
}

/** The part of n8n's response the memory watches: the status n8n answered a delivery with, once sent. */
interface Answer {
	statusCode: number;
	once(event: 'finish', listener: () => void): unknown;
}

/**
 * Remembers a delivery a trigger node hands to n8n. n8n answers after it has saved or queued the
 * execution; an error answer means it started none, and the sender's retry of these bytes must
 * then not be taken as a duplicate, so the delivery is forgotten when that answer is sent.
 */
export function rememberDelivery(answer: Answer, memory: ReplayMemory, signature: string, until: number, now: number): Remembered {
	const remembered = memory.remember(signature, until, now);
	if (remembered === 'new') {
		answer.once('finish', () => {
			if (answer.statusCode >= 300) memory.forget(signature, until);
		});
	}
	return remembered;
}
