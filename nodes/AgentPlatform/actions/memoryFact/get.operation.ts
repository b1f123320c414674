import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { factLocator } from '../../descriptions/rlc.description';
import { getId } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [factLocator()];

export const description = updateDisplayOptions({ show: { resource: ['memoryFact'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const factId = getId(this, 'factId', i, 'Memory Fact');
	return async (client) => await client.call('memoryFact.get', { path: { factId }, itemIndex: i });
}
