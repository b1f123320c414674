/**
 * Which items change data: the one place the node decides it. The router sends such items one at
 * a time in input order unless the user chose Parallel Writes; reads run concurrently.
 *
 * The HTTP method decides: every operation declares the route it sends (`route`, a name of
 * src/routes.ts, typed), and the route table's method says whether it writes. API Request
 * (`itemPath`) sends the Method its item chose.
 */
import type { IDisplayOptions, IExecuteFunctions } from 'n8n-workflow';
import { ROUTES } from '../../../src/routes';
import type { OperationRoute, ResourceModule } from './types';

/** Whether the request(s) of input item `itemIndex` may change data on the server. */
export function writesData(ctx: IExecuteFunctions, route: OperationRoute, itemIndex: number): boolean {
	if (route === 'itemPath') return String(ctx.getNodeParameter('method', itemIndex, 'GET')).toUpperCase() !== 'GET';
	return ROUTES[route].method !== 'GET';
}

/**
 * Where the editor shows options about writes: operations whose route is not a read, and API Request
 * unless its method is GET. Two display rules, because a hidden parameter still counts with its
 * default in n8n's display check (API Request's Method reads GET everywhere).
 */
export function whereItemsWrite(resources: Readonly<Record<string, ResourceModule>>): IDisplayOptions[] {
	const methods = new Map<string, Set<string>>();
	const routed = new Set<string>();
	const byItem = new Set<string>();
	for (const [resource, { operations }] of Object.entries(resources)) {
		for (const [operation, { route }] of Object.entries(operations)) {
			if (route === 'itemPath') {
				byItem.add(resource);
				continue;
			}
			routed.add(resource);
			methods.set(operation, (methods.get(operation) ?? new Set()).add(ROUTES[route].method));
		}
	}
	// Operation values that only read for every resource that has them (`get`, `getMany`).
	const reads = [...methods].filter(([, used]) => used.size === 1 && used.has('GET')).map(([operation]) => operation);
	return [
		{ show: { resource: [...routed] }, hide: { operation: reads } },
		{ show: { resource: [...byItem] }, hide: { method: ['GET'] } },
	];
}
