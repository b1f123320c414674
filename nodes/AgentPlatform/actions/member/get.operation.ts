import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { memberLocator } from '../../descriptions/rlc.description';
import { output } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getId } from '../../../parts/parameters';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [memberLocator(), ...output('member', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const memberId = getId(this, 'memberId', i, 'Member');
	const shape = getOutputShape(this, i, 'member', 'get');
	return async (client) => shape(await client.call('member.get', { path: { memberId }, itemIndex: i }));
}
