/** Matches `/v1/...` paths against src/routes.ts, so the sandbox serves exactly the client's routes. */
import { ROUTES, type RouteName } from '../../src/routes';

interface CompiledRoute {
	name: RouteName;
	method: string;
	pattern: RegExp;
	params: string[];
}

const compiled: CompiledRoute[] = (Object.keys(ROUTES) as RouteName[]).map((name) => {
	const { method, path } = ROUTES[name];
	const params: string[] = [];
	const source = path.replace(/\{(\w+)\}/g, (_m, param: string) => {
		params.push(param);
		return '([^/]+)';
	});
	return { name, method, pattern: new RegExp(`^${source}/?$`), params };
});

export type RouteMatch =
	| { kind: 'route'; name: RouteName; params: Record<string, string> }
	| { kind: 'method-not-allowed' }
	| { kind: 'none' };

export function matchRoute(method: string, path: string): RouteMatch {
	let pathMatched = false;
	for (const route of compiled) {
		const match = route.pattern.exec(path);
		if (!match) continue;
		pathMatched = true;
		if (route.method !== method) continue;
		const params: Record<string, string> = {};
		route.params.forEach((param, i) => (params[param] = decodeURIComponent(match[i + 1])));
		return { kind: 'route', name: route.name, params };
	}
	return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'none' };
}
