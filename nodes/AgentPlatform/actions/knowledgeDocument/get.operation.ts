import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { getId } from '../../../parts/parameters';
import { output } from '../../descriptions/common.description';
import { documentLocator } from '../../descriptions/rlc.description';
import { getOutputShape } from '../../helpers/output';
import type { OperationRun } from '../../helpers/types';

export const route = 'knowledgeDocument.get' satisfies RouteName;

const properties: INodeProperties[] = [documentLocator(), ...output('knowledgeDocument', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['knowledgeDocument'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const documentId = getId(this, 'documentId', i, 'Knowledge Document');
	const shape = getOutputShape(this, i, 'knowledgeDocument', 'get');
	return async (client) => shape(await client.call(route, { path: { documentId }, itemIndex: i }));
}
