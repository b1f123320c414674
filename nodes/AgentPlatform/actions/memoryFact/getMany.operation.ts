import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { FILTER_QUERY, MEMORY_SCOPES, MEMORY_TIERS } from '../../../../src/vocabulary';
import { chatTurnsOption } from '../../../parts/chatTurns';
import { filters } from '../../../parts/collections';
import { type FactFilters, scopeOption, tierOption } from '../../../parts/factFields';
import { agentFilterLocator } from '../../../parts/locators';
import { agentFilter, compact, getChoice } from '../../../parts/parameters';
import { output, returnAllAndLimit } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';
import { factsWithoutTurns } from './withoutChatTurns';

const ONLY_KNOWN = 'By expression, one of the values listed: the API refuses others when a fact is created, so a filter with one would match nothing.';

export const route = 'memoryFact.getMany' satisfies RouteName;

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	filters([
		agentFilterLocator('Only facts learned by this agent'),
		{ ...tierOption(), description: `Only facts in this tier. ${ONLY_KNOWN}` },
		{ ...scopeOption(), description: `Only facts with this scope. ${ONLY_KNOWN}` },
		{ displayName: 'Text', name: 'text', type: 'string', default: '', description: 'Only facts whose content contains this text' },
	]),
	// Version 1 listed chat turns with the rest and keeps doing so; from 1.1 they are left out unless asked for.
	...chatTurnsOption(
		'Whether the list includes the chat turns Agent Platform Memory saves (facts with source channel "n8n" ending in its "[n8n chat …]" line). Off: only what the agents learned, as a person listing, searching or cleaning up facts expects; a Limit still returns that many facts, reading past the turns.',
	),
	...output('memoryFact', 'getMany'),
];

export const description = updateDisplayOptions({ show: { resource: ['memoryFact'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const { agentId, tier, scope, text } = this.getNodeParameter('filters', i, {}) as FactFilters & { text?: string };
	const qs = compact({
		[FILTER_QUERY.agentId]: agentFilter(this.getNode(), agentId, 'Filters → Agent', i),
		// Checked as Create is: the API refuses a fact with another tier or scope.
		[FILTER_QUERY.tier]: getChoice(this, tier, i, 'Filters → Tier', MEMORY_TIERS, true),
		[FILTER_QUERY.scope]: getChoice(this, scope, i, 'Filters → Scope', MEMORY_SCOPES, true),
		[FILTER_QUERY.text]: text,
	});
	const shape = getOutputShape(this, i, 'memoryFact', 'getMany');
	// A node saved before the option existed (version 1) lists turns, as it did.
	if (this.getNodeParameter('includeChatTurns', i, true) !== false) return async (client) => (await client.list(route, { qs, limit, itemIndex: i })).map(shape);
	return async (client) => (await factsWithoutTurns(this, client, { qs, limit, itemIndex: i })).map(shape);
}
