import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { getId } from '../../../parts/parameters';
import { memberLocator } from '../../descriptions/rlc.description';
import type { OperationRun } from '../../helpers/types';

export const route = 'member.remove' satisfies RouteName;

const properties: INodeProperties[] = [memberLocator()];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['remove'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const memberId = getId(this, 'memberId', i, 'Member');
	return async (client) => {
		await client.call(route, { path: { memberId }, itemIndex: i });
		return { id: memberId, removed: true };
	};
}
