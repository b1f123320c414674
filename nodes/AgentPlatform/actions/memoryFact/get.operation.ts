import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { factLocator } from '../../descriptions/rlc.description';
import { output } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getId } from '../../../parts/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [factLocator(), ...output('memoryFact', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['memoryFact'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const factId = getId(this, 'factId', i, 'Memory Fact');
	const shape = getOutputShape(this, i, 'memoryFact', 'get');
	return async (client) => shape(await client.call('memoryFact.get', { path: { factId }, itemIndex: i }));
}
