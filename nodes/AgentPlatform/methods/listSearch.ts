/** The action node's "From List" searches: the agents' (nodes/parts/listSearch.ts) and every other resource's. */
import type { ILoadOptionsFunctions } from 'n8n-workflow';
import { FILTER_QUERY } from '../../../src/vocabulary';
import { itemName, search } from '../../parts/listSearch';

export { searchAgents } from '../../parts/listSearch';

export async function searchFacts(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	const query = filter?.trim() ? { [FILTER_QUERY.text]: filter.trim() } : undefined;
	const truncate = (text: unknown) => (String(text ?? '').length > 80 ? `${String(text).slice(0, 77)}...` : String(text ?? ''));
	return await search(this, 'memoryFact.getMany', (f) => ({ name: `${truncate(f.content)} [${String(f.tier)}/${String(f.scope)}]`, value: String(f.id) }), filter, token, query);
}

export async function searchDocuments(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, 'knowledgeDocument.getMany', (d) => ({ name: itemName(d.title, d.id, d.section), value: String(d.id) }), filter, token);
}

export async function searchTeams(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, 'team.getMany', (t) => ({ name: itemName(t.name, t.id), value: String(t.id) }), filter, token);
}

export async function searchMembers(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, 'member.getMany', (m) => ({ name: itemName(m.name, m.id, m.email), value: String(m.id) }), filter, token);
}

export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, 'webhookSubscription.getMany', (w) => ({ name: itemName(w.description || w.url, w.id, (w.events as string[] | undefined)?.join(', ')), value: String(w.id) }), filter, token);
}
