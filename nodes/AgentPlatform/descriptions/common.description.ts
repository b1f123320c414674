/**
 * Parameters many operations share, as factories: Return All and Limit, the optional-field
 * collections of create and update operations (Filters and Options are every node's:
 * nodes/parts/collections.ts) and the Output choice of read operations.
 */
import type { INodeProperties, NodeHint } from 'n8n-workflow';
import { collection } from '../../parts/collections';
import { hiddenInToolMode } from '../helpers/toolMode';
import { OUTPUT_FIELDS, type OutputResource, type ReadOperation, simplifiedFields } from '../helpers/output';

export const returnAllAndLimit = (): INodeProperties[] => [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: hiddenInToolMode(),
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		// No minValue: the editor would correct 0 or -1 to 1 as it is typed, with no word, and the run
		// would look as if the user had asked for 1. The node refuses a Limit below 1 instead, naming
		// the field (helpers/parameters.ts getListLimit), and the hint says the bound under the field.
		// (n8n's lint asks a Limit for typeOptions; empty, it changes nothing.)
		typeOptions: {},
		default: 50,
		description: 'Max number of results to return',
		hint: 'At least 1 (0 or less is refused when the node runs). To get every result, turn on Return All.',
		// Hidden when Return All is on, rather than shown when it is off: in tool mode Return All itself
		// is hidden (no value), and Limit must still show there.
		displayOptions: { hide: { returnAll: [true] } },
	},
];

/** A create operation's optional fields. */
export const additionalFields = collection('additionalFields', 'Additional Fields', 'Add Field');

/** An Update operation's optional fields. */
export const updateFields = collection('updateFields', 'Update Fields', 'Add Field');

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

/**
 * Selected Fields with no field chosen, flagged in the editor before a run (the run refuses it).
 * A hint rather than `required`: n8n counts a parameter as shown when a condition it depends on is
 * an expression, so a required Fields would also block an Output given by expression.
 */
export const NO_FIELDS_HINT: NodeHint = {
	type: 'warning',
	location: 'ndv',
	whenToDisplay: 'always',
	message: 'Output is Selected Fields, but no field is chosen: choose the fields to return under Fields, or set Output to Simplified or Raw.',
	displayCondition: '={{ $rawParameter.output === "fields" && Array.isArray($rawParameter.fields) && $rawParameter.fields.length === 0 }}',
};
