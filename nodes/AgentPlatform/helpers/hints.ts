import type { IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';

/**
 * Adds execution hints, which the editor shows in the output pane after a run. n8n 1.x runs a node
 * used as an AI Agent's tool in a context that has no `addExecutionHints` (its SupplyDataContext),
 * so there the hints are skipped rather than failing the tool call.
 */
export function addHints(ctx: IExecuteFunctions, ...hints: NodeExecutionHint[]): void {
	const add = (ctx as Partial<Pick<IExecuteFunctions, 'addExecutionHints'>>).addExecutionHints;
	if (hints.length > 0 && typeof add === 'function') add.call(ctx, ...hints);
}
