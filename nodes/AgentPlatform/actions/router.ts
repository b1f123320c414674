/**
 * Runs the chosen operation for every input item. Two phases: every item's parameters are read
 * and validated first (an invalid item fails before anything is sent), then the requests run.
 * Reads run with bounded concurrency: the client paces them by the rate-limit headers, so
 * concurrency fills the budget instead of idling on latency. Writes run one item at a time in
 * input order, so that when an item fails nothing after it has been written (a re-run after fixing
 * it writes nothing twice), unless the user trades that for speed with Parallel Writes. Output
 * order follows input order either way.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { AgentPlatformClient } from '../../../src/client';
import { addHints } from '../helpers/hints';
import { options } from '../../parts/collections';
import { getWholeNumber } from '../../parts/parameters';
import type { OperationModule, OperationRun } from '../helpers/types';
import { WHERE_ITEMS_WRITE, writesData } from '../helpers/writes';
import { resources } from './index';

/** Requests in flight at once for one node run. The rate budget, not this, limits the rate. */
export const MAX_CONCURRENCY = 16;

/** The node's Options: shown for operations that write (and API Request with a method other than GET). */
export const description: INodeProperties[] = WHERE_ITEMS_WRITE.map((displayOptions) => ({
	...options([
		{
			displayName: 'Parallel Writes',
			name: 'parallelWrites',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
			default: MAX_CONCURRENCY,
			description: `How many items to send at once (1 to ${MAX_CONCURRENCY}). Without this option items are sent one at a time in input order, and when one fails nothing after it is sent. Faster with many items, but items reach the API in no set order, and when one fails (without Continue On Fail) items after it may already have been written, so running the workflow again writes them twice.`,
		},
	]),
	displayOptions,
}));

/** Items sent at once for a write: 1 unless the user chose Parallel Writes. */
function writeConcurrency(ctx: IExecuteFunctions): number {
	return getWholeNumber(ctx, 'options.parallelWrites', 0, 'The option "Parallel Writes"', {
		min: 1,
		max: MAX_CONCURRENCY,
		fallback: 1,
		fix: 'Remove the option to send items one at a time, or choose how many to send at once.',
	});
}

function findOperation(ctx: IExecuteFunctions, resource: string, operation: string): OperationModule {
	const candidate = (resources as Record<string, Record<string, unknown>>)[resource]?.[operation] as OperationModule | undefined;
	if (!candidate || typeof candidate.prepare !== 'function') {
		throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not known for the resource "${resource}"`);
	}
	return candidate;
}

type Outcome = { ok: true; data: IDataObject | IDataObject[] } | { ok: false; error: Error };

function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const { description } = error as { description?: string };
	return { json: { error: error.message, ...(description ? { description } : {}) }, pairedItem: { item: itemIndex } };
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const op = findOperation(this, resource, operation);
	const continueOnFail = this.continueOnFail();

	// Phase 1: validate every item; nothing has been sent yet.
	const outcomes: Array<Outcome | undefined> = new Array(items.length);
	const runs: Array<OperationRun | undefined> = new Array(items.length);
	for (let i = 0; i < items.length; i++) {
		try {
			runs[i] = op.prepare.call(this, i);
		} catch (error) {
			outcomes[i] = { ok: false, error: error as Error };
		}
	}
	const invalid = outcomes.find((o) => o && !o.ok);
	if (invalid && !invalid.ok && !continueOnFail) throw invalid.error;

	// Phase 2: send, in input order: reads up to MAX_CONCURRENCY at a time, writes as chosen.
	const pending = runs.flatMap((run, i) => (run ? [i] : []));
	const writes = pending.some((i) => writesData(this, resource, operation, i));
	const concurrency = writes ? writeConcurrency(this) : MAX_CONCURRENCY;
	const client = new AgentPlatformClient(this, { memoizeGets: true });
	let next = 0;
	let failed = false;
	const worker = async () => {
		while (next < pending.length && !(failed && !continueOnFail)) {
			const i = pending[next++];
			try {
				outcomes[i] = { ok: true, data: await (runs[i] as OperationRun)(client) };
			} catch (error) {
				outcomes[i] = { ok: false, error: error as Error };
				failed = true;
			}
		}
	};
	// Many items announce their requests, so the rate budget spreads them instead of bursting.
	await client.withBudget(pending.length > 1 ? pending.length : 0, async () => await Promise.all(Array.from({ length: Math.min(concurrency, pending.length) }, worker)));
	addHints(this, ...client.hints());

	const output: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		const outcome = outcomes[i];
		if (!outcome) continue; // not started because an earlier item failed (and we throw below)
		if (!outcome.ok) {
			if (!continueOnFail) throw outcome.error;
			output.push(errorItem(outcome.error, i));
			continue;
		}
		const list = Array.isArray(outcome.data) ? outcome.data : [outcome.data];
		for (const json of list) output.push({ json, pairedItem: { item: i } });
	}
	return [output];
}
