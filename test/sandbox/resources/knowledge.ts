import { z } from 'zod/v4';
import type { RouteName } from '../../../src/routes';
import { FILTER_QUERY } from '../../../src/vocabulary';
import { badRequest } from '../errors';
import { type Handler, listPage, nowIso, parseBody, queryFilter, requireFound, single } from '../context';

const documentUpdate = z.strictObject({
	title: z.string().trim().min(1, 'must not be empty').max(300).optional(),
	content: z.string().max(200_000).optional(),
});

export const knowledgeHandlers: Partial<Record<RouteName, Handler>> = {
	'knowledgeDocument.getMany': (ctx) => {
		const section = queryFilter(ctx, FILTER_QUERY.section);
		const docs = [...ctx.org.documents.values()];
		return listPage(ctx, section ? docs.filter((d) => d.section === section) : docs);
	},
	'knowledgeDocument.get': (ctx) =>
		single(requireFound(ctx.org.documents.get(ctx.params.documentId), 'Knowledge document', ctx.params.documentId)),
	'knowledgeDocument.update': (ctx) => {
		const doc = requireFound(ctx.org.documents.get(ctx.params.documentId), 'Knowledge document', ctx.params.documentId);
		const changes = parseBody(documentUpdate, ctx.body);
		if (changes.title === undefined && changes.content === undefined) {
			throw badRequest('body', 'give "title" and/or "content" to update');
		}
		Object.assign(doc, changes, { version: doc.version + 1, updated_at: nowIso(ctx) });
		return single(doc);
	},
};
