/**
 * What the Output choice of a Get or Get Many returns. One table per resource: the Simplified
 * fields (documented in docs/operations.md) and the fields the editor offers under Selected Fields. The
 * field names are the API's as this package knows them; the spec shows few of them, so any other
 * field the API returns passes through Raw and can be named in Selected Fields by expression.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import { getStringList } from '../../parts/parameters';

interface FieldSets {
	/** Small on purpose: what a workflow or an AI agent usually needs, without long text. */
	simplified: string[];
	/** For Get, when one item's long text is what the Get is for. */
	simplifiedGet?: string[];
	/** Offered under Selected Fields, alphabetically. */
	known: string[];
}

export const OUTPUT_FIELDS = {
	agent: {
		simplified: ['id', 'agent_name', 'status', 'description'],
		known: ['agent_name', 'channels', 'created_at', 'description', 'id', 'status', 'team_id', 'updated_at'],
	},
	memoryFact: {
		simplified: ['id', 'agent_id', 'content', 'tier', 'scope', 'created_at'],
		known: ['agent_id', 'content', 'created_at', 'expires_at', 'id', 'promoted_at', 'scope', 'source', 'tier', 'updated_at'],
	},
	knowledgeDocument: {
		simplified: ['id', 'section', 'title', 'version', 'updated_at'],
		simplifiedGet: ['id', 'section', 'title', 'version', 'updated_at', 'content'],
		known: ['content', 'created_at', 'id', 'section', 'title', 'updated_at', 'version'],
	},
	organization: {
		simplified: ['id', 'name', 'plan'],
		known: ['agent_count', 'created_at', 'id', 'member_count', 'name', 'plan', 'team_count'],
	},
	team: {
		simplified: ['id', 'name', 'description'],
		known: ['created_at', 'description', 'id', 'name', 'updated_at'],
	},
	member: {
		simplified: ['id', 'name', 'email', 'role', 'team_id'],
		known: ['created_at', 'email', 'id', 'name', 'role', 'team_id', 'updated_at'],
	},
	skill: {
		simplified: ['id', 'name', 'enabled'],
		known: ['agent_id', 'description', 'enabled', 'id', 'name', 'updated_at'],
	},
	webhookSubscription: {
		simplified: ['id', 'url', 'events', 'active'],
		known: ['active', 'created_at', 'description', 'events', 'id', 'updated_at', 'url'],
	},
} satisfies Record<string, FieldSets>;

export type OutputResource = keyof typeof OUTPUT_FIELDS;

export type ReadOperation = 'get' | 'getMany';

/** The Simplified fields of a resource for one operation. */
export function simplifiedFields(resource: OutputResource, operation: ReadOperation): string[] {
	const sets: FieldSets = OUTPUT_FIELDS[resource];
	return (operation === 'get' && sets.simplifiedGet) || sets.simplified;
}

type Shape = (item: IDataObject) => IDataObject;

/**
 * The named fields the item has as its own: a name like `constructor` or `toString` (typed, or
 * given by an expression or an AI model) must not copy one of JavaScript's built-ins into the
 * output, and a field named `__proto__` is copied as data, never as the output's prototype. Only
 * that one name needs `defineProperty`: defining every field that way cost a list of 10,000 facts
 * about 25 ms, a tenth of its CPU, where assigning takes 5.
 */
const pick =
	(keys: string[]): Shape =>
	(item) => {
		const out: IDataObject = {};
		for (const key of keys) {
			if (!Object.hasOwn(item, key)) continue;
			const value = item[key];
			if (value === undefined) continue;
			if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
			else out[key] = value;
		}
		return out;
	};

/**
 * Reads one item's Output and Fields and returns what to do with each API object. Validated
 * with the other parameters, before any request.
 */
export function getOutputShape(ctx: IExecuteFunctions, itemIndex: number, resource: OutputResource, operation: ReadOperation): Shape {
	const choice = ctx.getNodeParameter('output', itemIndex, 'simple') as unknown;
	if (choice === 'raw') return (item) => item;
	if (choice === 'simple') return pick(simplifiedFields(resource, operation));
	if (choice !== 'fields') {
		throw new NodeOperationError(ctx.getNode(), `The parameter "Output" must be Simplified, Raw or Selected Fields, got "${String(choice)}"`, {
			itemIndex,
			description: 'By expression, give one of: simple, raw, fields.',
		});
	}
	const names = getStringList(ctx, 'fields', itemIndex);
	if (names.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'The parameter "Fields" is empty', {
			itemIndex,
			description: 'Choose the fields to return, or set Output to Simplified or Raw.',
		});
	}
	return pick(['id', ...names.filter((name) => name !== 'id')]);
}
