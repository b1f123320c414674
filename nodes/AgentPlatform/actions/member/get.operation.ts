import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { getId } from '../../../parts/parameters';
import { output } from '../../descriptions/common.description';
import { memberLocator } from '../../descriptions/rlc.description';
import { getOutputShape } from '../../helpers/output';
import type { OperationRun } from '../../helpers/types';

export const route = 'member.get' satisfies RouteName;

const properties: INodeProperties[] = [memberLocator(), ...output('member', 'get')];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['get'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const memberId = getId(this, 'memberId', i, 'Member');
	const shape = getOutputShape(this, i, 'member', 'get');
	return async (client) => shape(await client.call(route, { path: { memberId }, itemIndex: i }));
}
