import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { memberLocator } from '../../descriptions/rlc.description';
import { getId } from '../../../parts/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [memberLocator()];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['remove'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const memberId = getId(this, 'memberId', i, 'Member');
	return async (client) => {
		await client.call('member.remove', { path: { memberId }, itemIndex: i });
		return { id: memberId, removed: true };
	};
}
