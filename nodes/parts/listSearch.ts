/**
 * "From List" search for every resource locator. Each call fetches one page; n8n asks for the next
 * with the returned pagination token (the next offset). Facts are searched by the server (`q`);
 * the smaller lists are filtered here by name.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { AgentPlatformClient } from '../../src/client';
import type { ListRouteName } from '../../src/routes';
import { FILTER_QUERY } from '../../src/vocabulary';

const PAGE = 100;

async function search(
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

const label = (main: unknown, id: unknown, extra?: unknown) => `${String(main ?? id)}${extra ? ` (${String(extra)})` : ''}`;

export async function searchAgents(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, 'agent.getMany', (a) => ({ name: label(a.agent_name, a.id, a.status), value: String(a.id) }), filter, token);
}

export async function searchFacts(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	const query = filter?.trim() ? { [FILTER_QUERY.text]: filter.trim() } : undefined;
	const truncate = (text: unknown) => (String(text ?? '').length > 80 ? `${String(text).slice(0, 77)}...` : String(text ?? ''));
	return await search(this, 'memoryFact.getMany', (f) => ({ name: `${truncate(f.content)} [${String(f.tier)}/${String(f.scope)}]`, value: String(f.id) }), filter, token, query);
}

export async function searchDocuments(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, 'knowledgeDocument.getMany', (d) => ({ name: label(d.title, d.id, d.section), value: String(d.id) }), filter, token);
}

export async function searchTeams(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, 'team.getMany', (t) => ({ name: label(t.name, t.id), value: String(t.id) }), filter, token);
}

export async function searchMembers(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, 'member.getMany', (m) => ({ name: label(m.name, m.id, m.email), value: String(m.id) }), filter, token);
}

export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, 'webhookSubscription.getMany', (w) => ({ name: label(w.description || w.url, w.id, (w.events as string[] | undefined)?.join(', ')), value: String(w.id) }), filter, token);
}
