/**
 * Work announced to the rate budget (rateBudget.ts, rule 4): a job that knows, or learns, how many
 * requests it will send, so the budget can spread them over the window instead of letting them
 * burst. What is left of each job is what it adds to the budget's `expected`.
 */

/** Announcements are capped: a server's `total` must not inflate the budget for every other execution. */
export const MAX_EXPECTED = 10_000;

/** Work announced to the budget, as its owner sees it. */
export interface Announcement {
	/** The job sends `requests` in all, those already admitted under it included (a list learns its size as it reads). */
	resize(requests: number): void;
	/** The job has ended: what it had not sent is no longer expected. */
	withdraw(): void;
}

/** One announcement, as the budget sees it: what is left of it is what it adds to `expected`. */
export class Job implements Announcement {
	private left = 0;
	private taken = 0;
	private ended = false;

	constructor(
		requests: number,
		/** Told how much what is left changed. */
		private readonly changed: (delta: number) => void,
	) {
		this.resize(requests);
	}

	resize(requests: number): void {
		if (!this.ended) this.setLeft(Math.min(MAX_EXPECTED, Math.max(0, Math.floor(requests) - this.taken)));
	}

	withdraw(): void {
		this.setLeft(0);
		this.ended = true;
	}

	/** One of its requests was admitted. */
	took(): void {
		this.taken += 1;
		if (this.left > 0) this.setLeft(this.left - 1);
	}

	private setLeft(left: number): void {
		this.changed(left - this.left);
		this.left = left;
	}
}
