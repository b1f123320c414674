/** Matches `/v1/...` paths against src/routes.ts, so the sandbox serves exactly the client's routes. */
import { ROUTES, type RouteName } from '../../src/routes';

export interface CompiledRoute {
	name: RouteName;
	method: string;
	pattern: RegExp;
	params: string[];
}

/**
 * The routes the sandbox serves: src/routes.ts, except those `paths` moves to another path or (null)
 * serves not at all, as a real service that chose other paths would (SandboxOptions.routePaths).
 */
export function compileRoutes(paths: Partial<Record<RouteName, string | null>> = {}): CompiledRoute[] {
	return (Object.keys(ROUTES) as RouteName[]).flatMap((name) => {
		const path = paths[name] === undefined ? ROUTES[name].path : paths[name];
		return path === null ? [] : [compileRoute(name, ROUTES[name].method, path)];
	});
}

function compileRoute(name: RouteName, method: string, path: string): CompiledRoute {
	const params: string[] = [];
	const source = path.replace(/\{(\w+)\}/g, (_m, param: string) => {
		params.push(param);
		return '([^/]+)';
	});
	return { name, method, pattern: new RegExp(`^${source}/?$`), params };
}

const compiled = compileRoutes();

export type RouteMatch =
	| { kind: 'route'; name: RouteName; params: Record<string, string> }
	| { kind: 'method-not-allowed' }
	| { kind: 'none' };

export function matchRoute(method: string, path: string, routes: readonly CompiledRoute[] = compiled): RouteMatch {
	let pathMatched = false;
	for (const route of routes) {
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
