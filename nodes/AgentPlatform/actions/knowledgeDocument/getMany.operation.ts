import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { RouteName } from '../../../../src/routes';
import { FILTER_QUERY } from '../../../../src/vocabulary';
import { filters } from '../../../parts/collections';
import { compact } from '../../../parts/parameters';
import { output, returnAllAndLimit } from '../../descriptions/common.description';
import { getOutputShape } from '../../helpers/output';
import { getListLimit } from '../../helpers/parameters';
import type { OperationRun } from '../../helpers/types';

export const route = 'knowledgeDocument.getMany' satisfies RouteName;

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	filters([
		{
			displayName: 'Section',
			name: 'section',
			type: 'string',
			default: '',
			placeholder: 'company_overview',
			description: 'Only documents of this onboarding section (for example company_overview, products_services, agent_persona_rules)',
		},
	]),
	...output('knowledgeDocument', 'getMany'),
];

export const description = updateDisplayOptions({ show: { resource: ['knowledgeDocument'], operation: ['getMany'] } }, properties);

interface DocumentFilters {
	section?: string;
}

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const { section } = this.getNodeParameter('filters', i, {}) as DocumentFilters;
	const qs = compact({ [FILTER_QUERY.section]: section });
	const shape = getOutputShape(this, i, 'knowledgeDocument', 'getMany');
	return async (client) => (await client.list(route, { qs, limit, itemIndex: i })).map(shape);
}
