import { NodeOperationError, updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { documentLocator } from '../../descriptions/rlc.description';
import { compact, getId } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [
	documentLocator(),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Title', name: 'title', type: 'string', default: '', description: 'New title of the document' },
			{
				displayName: 'Content',
				name: 'content',
				type: 'string',
				typeOptions: { rows: 6 },
				default: '',
				description: 'New full content of the document (Markdown). It replaces the old content; the version number goes up by one.',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['knowledgeDocument'], operation: ['update'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const documentId = getId(this, 'documentId', i, 'Knowledge Document');
	const body = compact(this.getNodeParameter('updateFields', i, {}) as Record<string, string>);
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(this.getNode(), 'The parameter "Update Fields" is empty', {
			itemIndex: i,
			description: 'Add the Title and/or the Content to change.',
		});
	}
	return async (client) => await client.call('knowledgeDocument.update', { path: { documentId }, body, itemIndex: i });
}
