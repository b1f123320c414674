import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { memberLocator } from '../../descriptions/rlc.description';
import { compact, getId, requireChanges } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';
import { memberBody, memberFields } from './shared';

const properties: INodeProperties[] = [
	memberLocator(),
	{ displayName: 'Update Fields', name: 'updateFields', type: 'collection', placeholder: 'Add Field', default: {}, options: memberFields() },
];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['update'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const memberId = getId(this, 'memberId', i, 'Member');
	const fields = this.getNodeParameter('updateFields', i, {}) as Record<string, unknown>;
	const body = compact(memberBody(fields) as Record<string, string>);
	requireChanges(this, body, i, 'Name, Role or Team');
	return async (client) => await client.call('member.update', { path: { memberId }, body, itemIndex: i });
}
