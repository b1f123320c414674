import type { IExecuteFunctions, INode, NodeExecutionHint } from 'n8n-workflow';

/**
 * Adds execution hints, which the editor shows in the output pane after a run. n8n 1.x runs a node
 * used as an AI Agent's tool in a context that has no `addExecutionHints` (its SupplyDataContext),
 * so there the hints are skipped rather than failing the tool call.
 */
export function addHints(ctx: IExecuteFunctions, ...hints: NodeExecutionHint[]): void {
	const add = (ctx as Partial<Pick<IExecuteFunctions, 'addExecutionHints'>>).addExecutionHints;
	if (hints.length > 0 && typeof add === 'function') add.call(ctx, ...hints);
}

/**
 * Whether n8n's editor shows its own notice for this run ("Limit of N items reached…"): it does
 * whenever the node's saved `limit` is a number and the output holds exactly that many items, and
 * a node cannot turn it off. The node's own notice, which says how many the API announced, is then
 * left out, so the run says it once.
 */
export const editorSaysLimitReached = (node: INode, outputCount: number): boolean =>
	typeof node.parameters.limit === 'number' && node.parameters.limit > 0 && outputCount === node.parameters.limit;
