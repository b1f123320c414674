import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { documentLocator } from '../../descriptions/rlc.description';
import { getId } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [documentLocator()];

export const description = updateDisplayOptions({ show: { resource: ['knowledgeDocument'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const documentId = getId(this, 'documentId', i, 'Knowledge Document');
	return async (client) => await client.call('knowledgeDocument.get', { path: { documentId }, itemIndex: i });
}
