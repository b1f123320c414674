import { NodeOperationError, updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { FILTER_QUERY, ID_PREFIX } from '../../../../src/vocabulary';
import { returnAllAndLimit, simplify } from '../../descriptions/common.description';
import { agentLocator } from '../../descriptions/rlc.description';
import { compact, getListLimit, locatorValue } from '../../helpers/parameters';
import { simplifyFact } from '../../helpers/simplify';
import type { OperationRun } from '../../helpers/types';
import { scopeOption, tierOption } from './shared';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			agentLocator({ required: false, description: 'Only facts learned by this agent' }),
			tierOption(),
			scopeOption(),
			{ displayName: 'Text', name: 'text', type: 'string', default: '', description: 'Only facts whose content contains this text' },
		],
	},
	simplify('source details and timestamps other than creation'),
];

export const description = updateDisplayOptions({ show: { resource: ['memoryFact'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const filters = this.getNodeParameter('filters', i, {}) as Record<string, string>;
	const agentId = locatorValue(filters.agentId);
	if (agentId && !agentId.startsWith(ID_PREFIX.agent)) {
		throw new NodeOperationError(this.getNode(), `The filter "Agent" must start with "${ID_PREFIX.agent}", got "${agentId}"`, { itemIndex: i });
	}
	const qs = compact({
		[FILTER_QUERY.agentId]: agentId,
		[FILTER_QUERY.tier]: filters.tier,
		[FILTER_QUERY.scope]: filters.scope,
		[FILTER_QUERY.text]: filters.text,
	});
	const simple = this.getNodeParameter('simplify', i, true) as boolean;
	return async (client) => {
		const facts = await client.list('memoryFact.getMany', { qs, limit, itemIndex: i });
		return simple ? facts.map(simplifyFact) : facts;
	};
}
