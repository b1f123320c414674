import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { getId } from '../../../parts/parameters';
import { output } from '../../descriptions/common.description';
import { factLocator } from '../../descriptions/rlc.description';
import { getOutputShape } from '../../helpers/output';
import type { OperationRun } from '../../helpers/types';

export const route = 'memoryFact.get' satisfies RouteName;

const properties: INodeProperties[] = [factLocator(), ...output('memoryFact', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['memoryFact'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const factId = getId(this, 'factId', i, 'Memory Fact');
	const shape = getOutputShape(this, i, 'memoryFact', 'get');
	return async (client) => shape(await client.call(route, { path: { factId }, itemIndex: i }));
}
