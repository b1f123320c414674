import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { FILTER_QUERY } from '../../../../src/vocabulary';
import { filters, output, returnAllAndLimit } from '../../descriptions/common.description';
import { agentLocator } from '../../descriptions/rlc.description';
import { getOutputShape } from '../../helpers/output';
import { agentFilter, compact, getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';
import { type FactFilters, scopeOption, tierOption } from './shared';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	filters([
		agentLocator({ required: false, description: 'Only facts learned by this agent' }),
		tierOption(),
		scopeOption(),
		{ displayName: 'Text', name: 'text', type: 'string', default: '', description: 'Only facts whose content contains this text' },
	]),
	...output('memoryFact', 'getMany'),
];

export const description = updateDisplayOptions({ show: { resource: ['memoryFact'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const { agentId, tier, scope, text } = this.getNodeParameter('filters', i, {}) as FactFilters & { text?: string };
	const qs = compact({
		[FILTER_QUERY.agentId]: agentFilter(this.getNode(), agentId, 'Filters → Agent', i),
		[FILTER_QUERY.tier]: tier,
		[FILTER_QUERY.scope]: scope,
		[FILTER_QUERY.text]: text,
	});
	const shape = getOutputShape(this, i, 'memoryFact', 'getMany');
	return async (client) => (await client.list('memoryFact.getMany', { qs, limit, itemIndex: i })).map(shape);
}
