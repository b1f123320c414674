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
import { options } from '../../parts/collections';
import { getWholeNumber } from '../../parts/parameters';
import { addHints, editorSaysLimitReached } from '../helpers/hints';
import { hiddenInToolMode } from '../helpers/toolMode';
import type { OperationModule, OperationRun, ResourceModule } from '../helpers/types';
import { whereItemsWrite, writesData } from '../helpers/writes';
import { resources } from './index';

/** Requests in flight at once for one node run. The rate budget, not this, limits the rate. */
const MAX_CONCURRENCY = 16;

const byName: Readonly<Record<string, ResourceModule>> = resources;

/** The node's Options: shown for operations that write (and API Request with a method other than GET). */
export const description: INodeProperties[] = whereItemsWrite(byName).map((displayOptions) => ({
	...options([
		{
			displayName: 'Parallel Writes',
			name: 'parallelWrites',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
			// Added, the option starts at its safest value (as without it); the user raises it knowingly.
			default: 1,
			description: `How many items to send at once (1 to ${MAX_CONCURRENCY}). At 1, as without this option, items are sent one at a time in input order, and when one fails nothing after it is sent. Faster with many items, but items reach the API in no set order, and when one fails (without Continue On Fail) items after it may already have been written, so running the workflow again writes them twice.`,
		},
	]),
	displayOptions: hiddenInToolMode(displayOptions),
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

/**
 * The chosen operation. Resource and Operation come from the workflow and can be any text, names
 * every object has (`constructor`, `toString`) included: only the indexes' own entries count.
 */
function findOperation(ctx: IExecuteFunctions, resource: string, operation: string): OperationModule {
	const operations = Object.hasOwn(byName, resource) ? byName[resource].operations : {};
	if (!Object.hasOwn(operations, operation)) {
		throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not known for the resource "${resource}"`);
	}
	return operations[operation];
}

type Outcome = { ok: true; data: IDataObject | IDataObject[] } | { ok: false; error: Error };

/** The items of one run: what each will send once all are valid, and each one's outcome when known. */
interface Batch {
	runs: Array<{ itemIndex: number; run: OperationRun }>;
	outcomes: Array<Outcome | undefined>;
}

/** Phase 1: every item's parameters read and checked; nothing is sent. */
function prepareAll(ctx: IExecuteFunctions, op: OperationModule, itemCount: number): Batch {
	const batch: Batch = { runs: [], outcomes: new Array(itemCount) };
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			batch.runs.push({ itemIndex, run: op.prepare.call(ctx, itemIndex) });
		} catch (error) {
			batch.outcomes[itemIndex] = { ok: false, error: error as Error };
		}
	}
	return batch;
}

/**
 * Phase 2: the requests, started in input order: reads up to MAX_CONCURRENCY at a time, writes as
 * chosen. After a failure, without Continue On Fail, no further item starts.
 */
async function sendAll(ctx: IExecuteFunctions, op: OperationModule, { runs, outcomes }: Batch, continueOnFail: boolean): Promise<AgentPlatformClient> {
	const writes = runs.some(({ itemIndex }) => writesData(ctx, op.route, itemIndex));
	const concurrency = writes ? writeConcurrency(ctx) : MAX_CONCURRENCY;
	const client = new AgentPlatformClient(ctx, { memoizeGets: true });
	let next = 0;
	let failed = false;
	const worker = async (budgeted: AgentPlatformClient) => {
		while (next < runs.length && !(failed && !continueOnFail)) {
			const { itemIndex, run } = runs[next++];
			try {
				outcomes[itemIndex] = { ok: true, data: await run(budgeted) };
			} catch (error) {
				outcomes[itemIndex] = { ok: false, error: error as Error };
				failed = true;
			}
		}
	};
	// Many items announce their requests, so the rate budget spreads them instead of bursting.
	const workers = Math.min(concurrency, runs.length);
	await client.withBudget(runs.length > 1 ? runs.length : 0, async (budgeted) => await Promise.all(Array.from({ length: workers }, async () => await worker(budgeted))));
	return client;
}

function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const { description } = error as { description?: string };
	return { json: { error: error.message, ...(description ? { description } : {}) }, pairedItem: { item: itemIndex } };
}

/** The output in input order, each item paired with its input; the first failure is thrown, or with Continue On Fail becomes an error item. */
function toOutput(outcomes: Array<Outcome | undefined>, continueOnFail: boolean): INodeExecutionData[] {
	const output: INodeExecutionData[] = [];
	for (const [itemIndex, outcome] of outcomes.entries()) {
		if (!outcome) continue; // not started because an earlier item failed (and that failure is thrown)
		if (!outcome.ok) {
			if (!continueOnFail) throw outcome.error;
			output.push(errorItem(outcome.error, itemIndex));
			continue;
		}
		const list = Array.isArray(outcome.data) ? outcome.data : [outcome.data];
		for (const json of list) output.push({ json, pairedItem: { item: itemIndex } });
	}
	return output;
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const op = findOperation(this, resource, operation);
	const continueOnFail = this.continueOnFail();
	const batch = prepareAll(this, op, this.getInputData().length);
	const invalid = batch.outcomes.find((outcome) => outcome?.ok === false);
	if (invalid?.ok === false && !continueOnFail) throw invalid.error;
	const client = await sendAll(this, op, batch, continueOnFail);
	let output: INodeExecutionData[] = [];
	try {
		output = toOutput(batch.outcomes, continueOnFail);
		return [output];
	} finally {
		addHints(this, ...client.hints({ limitSaidElsewhere: editorSaysLimitReached(this.getNode(), output.length) }));
	}
}
