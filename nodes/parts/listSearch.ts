/**
 * "From List" search: each call fetches one page; n8n asks for the next with the returned pagination
 * token (the next offset). Here: the search every locator uses, and the agents', which every node
 * offers; the action node's other searches are in nodes/AgentPlatform/methods/listSearch.ts. Facts
 * are searched by the server (`q`); the smaller lists are filtered here by name.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { AgentPlatformClient } from '../../src/client';
import type { ListRouteName } from '../../src/routes';

const PAGE = 100;

/** One page of `route` as list items; without `serverQuery`, the page is filtered here by `filter`. */
export async function search(
	ctx: ILoadOptionsFunctions,
	route: ListRouteName,
	toItem: (r: IDataObject) => INodeListSearchItems,
	filter: string | undefined,
	token: string | undefined,
	serverQuery?: IDataObject,
): Promise<INodeListSearchResult> {
	const offset = Number(token ?? 0) || 0;
	const page = await new AgentPlatformClient(ctx).pageAt(route, { qs: serverQuery, offset, limit: PAGE });
	const needle = filter?.trim().toLowerCase();
	const results = page.data
		.map(toItem)
		.filter((item) => !needle || serverQuery || `${item.name} ${String(item.value)}`.toLowerCase().includes(needle));
	const next = offset + page.data.length;
	return { results, paginationToken: page.data.length > 0 && next < page.pagination.total ? String(next) : undefined };
}

/** How a list shows an item: its name (or ID), and a detail in parentheses. */
export const itemName = (main: unknown, id: unknown, extra?: unknown) => `${String(main ?? id)}${extra ? ` (${String(extra)})` : ''}`;

export async function searchAgents(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, 'agent.getMany', (a) => ({ name: itemName(a.agent_name, a.id, a.status), value: String(a.id) }), filter, token);
}
