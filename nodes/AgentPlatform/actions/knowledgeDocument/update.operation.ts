import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { compact, getId } from '../../../parts/parameters';
import { updateFields } from '../../descriptions/common.description';
import { documentLocator } from '../../descriptions/rlc.description';
import { requireChanges } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';
import { checkTextLimits, withLimit } from '../../../parts/textLimits';

export const route = 'knowledgeDocument.update' satisfies RouteName;

const properties: INodeProperties[] = [
	documentLocator(),
	updateFields([
		{ displayName: 'Title', name: 'title', type: 'string', default: '', description: withLimit(route, 'title', 'New title of the document') },
		{
			displayName: 'Content',
			name: 'content',
			type: 'string',
			typeOptions: { rows: 6 },
			default: '',
			description: withLimit(route, 'content', 'New full content of the document (Markdown). It replaces the old content; the version number goes up by one.'),
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['knowledgeDocument'], operation: ['update'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const documentId = getId(this, 'documentId', i, 'Knowledge Document');
	const { title, content } = this.getNodeParameter('updateFields', i, {}) as { title?: string; content?: string };
	const body = compact({ title, content });
	requireChanges(this, body, i, 'Title or Content');
	checkTextLimits(this.getNode(), route, body, i);
	return async (client) => await client.call(route, { path: { documentId }, body, itemIndex: i });
}
