import { updateDisplayOptions, type IExecuteFunctions, type INodeParameterResourceLocator, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { FILTER_QUERY } from '../../../../src/vocabulary';
import { filters } from '../../../parts/collections';
import { opaqueId } from '../../../parts/idShapes';
import { inCollection } from '../../../parts/locators';
import { compact, optionalId } from '../../../parts/parameters';
import { output, returnAllAndLimit } from '../../descriptions/common.description';
import { teamLocator } from '../../descriptions/rlc.description';
import { getOutputShape } from '../../helpers/output';
import { getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

export const route = 'member.getMany' satisfies RouteName;

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	filters([inCollection(teamLocator({ description: 'Only members of this team' }))]),
	...output('member', 'getMany'),
];

export const description = updateDisplayOptions({ show: { resource: ['member'], operation: ['getMany'] } }, properties);

interface MemberFilters {
	/** A locator in a collection is not unwrapped by n8n; an expression may give a plain ID. */
	teamId?: INodeParameterResourceLocator | string;
}

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const { teamId } = this.getNodeParameter('filters', i, {}) as MemberFilters;
	const qs = compact({ [FILTER_QUERY.teamId]: optionalId(this.getNode(), teamId, 'Filters → Team', opaqueId('team ID'), i) });
	const shape = getOutputShape(this, i, 'member', 'getMany');
	return async (client) => (await client.list(route, { qs, limit, itemIndex: i })).map(shape);
}
