import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { getId } from '../../../parts/parameters';
import { factLocator } from '../../descriptions/rlc.description';
import type { OperationRun } from '../../helpers/types';

export const route = 'memoryFact.delete' satisfies RouteName;

const properties: INodeProperties[] = [factLocator()];

export const description = updateDisplayOptions({ show: { resource: ['memoryFact'], operation: ['delete'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const factId = getId(this, 'factId', i, 'Memory Fact');
	return async (client) => {
		await client.call(route, { path: { factId }, itemIndex: i });
		return { id: factId, deleted: true };
	};
}
