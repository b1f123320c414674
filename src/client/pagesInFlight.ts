/**
 * The pages of one list scan that are out, each with its own abort signal. Every attempt of a
 * request listens to the signal it is given (transport.ts), so pages sharing one scan-wide signal
 * would put one listener per page on it, and Node warns about a leak above ten
 * (MaxListenersExceededWarning). Here the execution's signal has one listener per scan, and the
 * scan aborts its pages one by one when it ends or the execution is stopped.
 *
 * Pages are taken in the order they settle, from a queue each fills as it settles: a
 * `Promise.race` over the pages out, once per page, would hang a reaction on every page still out
 * each time, and each reaction keeps the page that won that race alive until the slow page settles.
 */
export class PagesInFlight<K, T> {
	private readonly pages = new Map<K, AbortController>();
	private readonly settled: T[] = [];
	private waiting?: () => void;
	private readonly stop = () => this.abortAll();

	constructor(private readonly execution?: AbortSignal) {
		execution?.addEventListener('abort', this.stop, { once: true });
	}

	/** Pages out or settled and not yet taken. */
	get size(): number {
		return this.pages.size + this.settled.length;
	}

	/** Starts `fetch` for `key` with a signal that aborts with the scan; `fetch` must not reject. */
	start(key: K, fetch: (signal: AbortSignal) => Promise<T>): void {
		const controller = new AbortController();
		if (this.execution?.aborted) controller.abort();
		this.pages.set(key, controller);
		void fetch(controller.signal).then((outcome) => {
			if (!this.pages.delete(key)) return; // the scan is over
			this.settled.push(outcome);
			this.waiting?.();
		});
	}

	/** The next page to settle (at once when one has), no longer out. Only while `size` > 0. */
	async next(): Promise<T> {
		while (this.settled.length === 0) await new Promise<void>((resolve) => (this.waiting = resolve));
		this.waiting = undefined;
		return this.settled.shift() as T;
	}

	/** Aborts every page still out (the scan has ended or the execution was stopped). */
	abortAll(): void {
		for (const controller of this.pages.values()) controller.abort();
	}

	/** The scan is over: what is still out is aborted and the execution's signal is let go. */
	close(): void {
		this.execution?.removeEventListener('abort', this.stop);
		this.abortAll();
		this.pages.clear();
		this.settled.length = 0;
	}
}
