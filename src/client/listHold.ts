/**
 * What a list read whole (Get Many with Return All, API Request with Paginate) may hold in memory.
 * The page cap (pager.ts, MAX_PAGES) bounds requests, not memory: a server that sends thousands of
 * large items per page while announcing a huge `total` would otherwise grow the heap by gigabytes
 * before the scan ends. A list passing either bound fails with an error naming it and the fix.
 * Lists read page by page (the memory node, the polling trigger) hold one page at a time and are
 * not bounded here.
 */
import { NodeApiError, type IDataObject, type JsonObject } from 'n8n-workflow';
import type { ErrorContext } from './errors';
import type { AttemptObserver } from './requester';

/** Items one list read whole may hold (n8n keeps each as an output item too). */
export const MAX_LIST_ITEMS = 250_000;

/** Response text one list read whole may take in (100,000 facts are about 37 MB). */
export const MAX_LIST_BYTES = 128 * 1024 * 1024;

export class ListHold implements AttemptObserver {
	readonly items: IDataObject[] = [];
	private bytes = 0;

	constructor(private readonly context: ErrorContext) {}

	/** A page's response body arrived (before its items are handed on). */
	received(bytes: number): void {
		this.bytes += bytes;
		if (this.bytes > MAX_LIST_BYTES) throw this.tooLarge(`more than ${MAX_LIST_BYTES / 1024 / 1024} MB of responses`);
	}

	add(page: IDataObject[]): void {
		if (this.items.length + page.length > MAX_LIST_ITEMS) throw this.tooLarge(`more than ${MAX_LIST_ITEMS.toLocaleString('en-US')} items`);
		for (const item of page) this.items.push(item);
	}

	private tooLarge(what: string): NodeApiError {
		const { node, method, path, itemIndex } = this.context;
		return new NodeApiError(node, { message: what } as JsonObject, {
			message: `The list is too large to return at once: ${what}`,
			description:
				`${method} ${path}. One list read whole holds at most ${MAX_LIST_ITEMS.toLocaleString('en-US')} items or ${MAX_LIST_BYTES / 1024 / 1024} MB, so the scan was stopped. ` +
				'Turn off Return All and set Limit, or narrow the list with filters (with API Request, query parameters).',
			itemIndex,
		});
	}
}
