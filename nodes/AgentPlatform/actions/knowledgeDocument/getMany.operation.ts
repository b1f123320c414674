import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { FILTER_QUERY } from '../../../../src/vocabulary';
import { returnAllAndLimit, simplify } from '../../descriptions/common.description';
import { compact, getListLimit } from '../../helpers/parameters';
import { simplifyDocument } from '../../helpers/simplify';
import type { OperationRun } from '../../helpers/types';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Section',
				name: 'section',
				type: 'string',
				default: '',
				placeholder: 'company_overview',
				description: 'Only documents of this onboarding section (for example company_overview, products_services, agent_persona_rules)',
			},
		],
	},
	simplify('the document content'),
];

export const description = updateDisplayOptions({ show: { resource: ['knowledgeDocument'], operation: ['getMany'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const limit = getListLimit(this, i);
	const filters = this.getNodeParameter('filters', i, {}) as { section?: string };
	const qs = compact({ [FILTER_QUERY.section]: filters.section });
	const simple = this.getNodeParameter('simplify', i, true) as boolean;
	return async (client) => {
		const docs = await client.list('knowledgeDocument.getMany', { qs, limit, itemIndex: i });
		return simple ? docs.map(simplifyDocument) : docs;
	};
}
