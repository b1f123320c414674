import { NodeOperationError, updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { scopeOption, tierOption, type TierAndScope } from '../../../parts/factFields';
import { compact, getId } from '../../../parts/parameters';
import { factLocator } from '../../descriptions/rlc.description';
import type { OperationRun } from '../../helpers/types';

export const route = 'memoryFact.promote' satisfies RouteName;

const properties: INodeProperties[] = [
	factLocator(),
	{
		displayName: 'Promote To',
		name: 'promoteTo',
		type: 'collection',
		placeholder: 'Add Target',
		default: {},
		description: 'The new tier, the new scope, or both. At least one is required.',
		options: [tierOption('tier', 'Tier'), scopeOption('scope', 'Scope')],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['memoryFact'], operation: ['promote'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const factId = getId(this, 'factId', i, 'Memory Fact');
	const { tier, scope } = this.getNodeParameter('promoteTo', i, {}) as TierAndScope;
	const body = compact({ tier, scope });
	if (body.tier === undefined && body.scope === undefined) {
		throw new NodeOperationError(this.getNode(), 'The parameter "Promote To" needs a Tier, a Scope, or both', {
			itemIndex: i,
			description: 'Add the tier (for example L3 Durable) and/or the scope (for example Company) the fact should move to.',
		});
	}
	return async (client) => await client.call(route, { path: { factId }, body, itemIndex: i });
}
