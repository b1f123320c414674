import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { documentLocator } from '../../descriptions/rlc.description';
import { output } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getId } from '../../../parts/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [documentLocator(), ...output('knowledgeDocument', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['knowledgeDocument'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const documentId = getId(this, 'documentId', i, 'Knowledge Document');
	const shape = getOutputShape(this, i, 'knowledgeDocument', 'get');
	return async (client) => shape(await client.call('knowledgeDocument.get', { path: { documentId }, itemIndex: i }));
}
