/**
 * Which items change data: the one place the node decides it. The router sends such items one at
 * a time in input order unless the user chose Parallel Writes; reads run concurrently.
 *
 * The HTTP method decides. Every operation sends the route of its own name in src/routes.ts
 * (`<resource>.<operation>`; a test holds every operation to that), so the route table's method
 * says whether it writes. API Request sends the Method its item chose. An operation without a
 * route counts as a write: the careful side.
 */
import type { IDisplayOptions, IExecuteFunctions } from 'n8n-workflow';
import { ROUTES, type RouteDefinition } from '../../../src/routes';

const routes: Readonly<Record<string, RouteDefinition>> = ROUTES;

/** Whether the request(s) of input item `itemIndex` may change data on the server. */
export function writesData(ctx: IExecuteFunctions, resource: string, operation: string, itemIndex: number): boolean {
	if (resource === 'apiRequest') return String(ctx.getNodeParameter('method', itemIndex, 'GET')).toUpperCase() !== 'GET';
	return routes[`${resource}.${operation}`]?.method !== 'GET';
}

/**
 * Where the editor shows options about writes: operations of the route table that are not reads,
 * and API Request unless its method is GET. Two display rules, because a hidden parameter still
 * counts with its default in n8n's display check (API Request's Method reads GET everywhere).
 */
export const WHERE_ITEMS_WRITE: IDisplayOptions[] = (() => {
	const methods = new Map<string, Set<string>>();
	const resources = new Set<string>();
	for (const [name, route] of Object.entries(routes)) {
		const [resource, operation] = name.split('.');
		resources.add(resource);
		methods.set(operation, (methods.get(operation) ?? new Set()).add(route.method));
	}
	// Operation values that only read for every resource that has them (`get`, `getMany`).
	const reads = [...methods].filter(([, used]) => used.size === 1 && used.has('GET')).map(([operation]) => operation);
	return [
		{ show: { resource: [...resources] }, hide: { operation: reads } },
		{ show: { resource: ['apiRequest'] }, hide: { method: ['GET'] } },
	];
})();
