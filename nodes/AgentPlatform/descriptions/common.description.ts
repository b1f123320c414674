/**
 * Parameters many operations share, as factories: Return All and Limit, the optional-field
 * collections (Filters, Additional Fields, Update Fields) and the Output choice of read operations.
 */
import type { INodeProperties } from 'n8n-workflow';
import { OUTPUT_FIELDS, type OutputResource, type ReadOperation, simplifiedFields } from '../helpers/output';

export const returnAllAndLimit = (): INodeProperties[] => [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** A list operation's optional filters: only the ones the user adds are sent. */
export const filters = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options,
});

/** A node's optional settings (how it works, not what it sends). */
export const options = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options,
});

/** A create operation's optional fields: only the ones the user adds are sent. */
export const additionalFields = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options,
});

/** An Update operation's optional fields: only the ones the user adds are sent. */
export const updateFields = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Update Fields',
	name: 'updateFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options,
});

/**
 * The Output choice of every Get and Get Many (n8n's guideline for nodes an AI agent uses as a
 * tool): Simplified, the default, keeps a model's context small; Raw is everything the API sent;
 * Selected Fields is the user's pick. The field lists live in helpers/output.ts.
 */
export const output = (resource: OutputResource, operation: ReadOperation): INodeProperties[] => {
	const { known } = OUTPUT_FIELDS[resource];
	const simplified = simplifiedFields(resource, operation);
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'simple',
			options: [
				{ name: 'Raw', value: 'raw', description: 'Every field the API returns' },
				{ name: 'Selected Fields', value: 'fields', description: 'Only the fields chosen below, and the ID' },
				{ name: 'Simplified', value: 'simple', description: `Only ${simplified.join(', ')}` },
			],
			description: 'How much of each item to return. Simplified keeps the context of an AI agent small.',
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			options: known.map((field) => ({ name: field, value: field })),
			default: [],
			displayOptions: { show: { output: ['fields'] } },
			description: 'The fields to return; the ID is always included. An expression can name fields not listed here.',
		},
	];
};
