/**
 * Every endpoint of the Agent Platform API, in one table: the only place that knows paths.
 *
 * The spec fixes only `GET /agents`; every other path is the project's documented choice for a
 * "not shown" part (docs/spec-choices.md). If the real service differs,
 * change it here and nowhere else: the client, the action node, the trigger and the sandbox all
 * read this table.
 *
 * Paths are relative to the base URL that ends in `/v1`. `{name}` segments are filled from the
 * call's path parameters and URL-encoded.
 */
import type { IHttpRequestMethods } from 'n8n-workflow';

type ResponseKind = 'list' | 'single';

interface RouteDefinition {
	method: IHttpRequestMethods;
	path: string;
	/**
	 * `list`: `{data: [], pagination}`; `single`: `{data: {}}` (deletes answer like the other
	 * action endpoints). A 204 with no body is accepted as `{}` for any route.
	 */
	kind: ResponseKind;
}

export const ROUTES = {
	'agent.getMany': { method: 'GET', path: '/agents', kind: 'list' },
	'agent.get': { method: 'GET', path: '/agents/{agentId}', kind: 'single' },
	'agent.update': { method: 'PATCH', path: '/agents/{agentId}', kind: 'single' },

	'memoryFact.getMany': { method: 'GET', path: '/memory/facts', kind: 'list' },
	'memoryFact.get': { method: 'GET', path: '/memory/facts/{factId}', kind: 'single' },
	'memoryFact.create': { method: 'POST', path: '/memory/facts', kind: 'single' },
	'memoryFact.promote': { method: 'POST', path: '/memory/facts/{factId}/promote', kind: 'single' },
	'memoryFact.delete': { method: 'DELETE', path: '/memory/facts/{factId}', kind: 'single' },

	'knowledgeDocument.getMany': { method: 'GET', path: '/knowledge/documents', kind: 'list' },
	'knowledgeDocument.get': { method: 'GET', path: '/knowledge/documents/{documentId}', kind: 'single' },
	'knowledgeDocument.update': {
		method: 'PATCH',
		path: '/knowledge/documents/{documentId}',
		kind: 'single',
	},

	'organization.get': { method: 'GET', path: '/organization', kind: 'single' },

	'team.getMany': { method: 'GET', path: '/organization/teams', kind: 'list' },
	'team.create': { method: 'POST', path: '/organization/teams', kind: 'single' },
	'team.get': { method: 'GET', path: '/organization/teams/{teamId}', kind: 'single' },
	'team.update': { method: 'PATCH', path: '/organization/teams/{teamId}', kind: 'single' },
	'team.delete': { method: 'DELETE', path: '/organization/teams/{teamId}', kind: 'single' },

	'member.getMany': { method: 'GET', path: '/organization/members', kind: 'list' },
	'member.add': { method: 'POST', path: '/organization/members', kind: 'single' },
	'member.get': { method: 'GET', path: '/organization/members/{memberId}', kind: 'single' },
	'member.update': { method: 'PATCH', path: '/organization/members/{memberId}', kind: 'single' },
	'member.remove': { method: 'DELETE', path: '/organization/members/{memberId}', kind: 'single' },

	'skill.getMany': { method: 'GET', path: '/agents/{agentId}/skills', kind: 'list' },
	'skill.enable': {
		method: 'POST',
		path: '/agents/{agentId}/skills/{skillId}/enable',
		kind: 'single',
	},
	'skill.disable': {
		method: 'POST',
		path: '/agents/{agentId}/skills/{skillId}/disable',
		kind: 'single',
	},

	'webhookSubscription.getMany': { method: 'GET', path: '/webhooks', kind: 'list' },
	'webhookSubscription.create': { method: 'POST', path: '/webhooks', kind: 'single' },
	'webhookSubscription.get': { method: 'GET', path: '/webhooks/{webhookId}', kind: 'single' },
	'webhookSubscription.update': { method: 'PATCH', path: '/webhooks/{webhookId}', kind: 'single' },
	'webhookSubscription.delete': { method: 'DELETE', path: '/webhooks/{webhookId}', kind: 'single' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof ROUTES;

/** Routes whose response is a list envelope; only these can be paginated. */
export type ListRouteName = {
	[K in RouteName]: (typeof ROUTES)[K]['kind'] extends 'list' ? K : never;
}[RouteName];

/**
 * Fills a route's `{param}` segments. A missing or empty parameter is a programming error in an
 * operation, never user input (operations validate ids before calling), so it throws plainly.
 */
export function buildPath(path: string, params: Record<string, string> = {}): string {
	return path.replace(/\{(\w+)\}/g, (_segment, name: string) => {
		const value = params[name];
		if (value === undefined || value === '') {
			throw new Error(`Path parameter "${name}" is required for ${path}`);
		}
		return encodeURIComponent(value);
	});
}

/** Query parameters of list endpoints (offset-based; the names are implied by `pagination`). */
export const PAGINATION_QUERY = { offset: 'offset', limit: 'limit' } as const;
