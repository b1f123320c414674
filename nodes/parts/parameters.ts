/**
 * Reading a parameter with validation that names it and the item, before any request: IDs, required
 * text, whole numbers, lists, locators inside collections. What only the action node's operations
 * read (Return All / Limit, Update Fields, JSON) is in
 * nodes/AgentPlatform/helpers/parameters.ts.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INode } from 'n8n-workflow';
import { AGENT_ID, idRule, opaqueId, whatIsWrong, type IdShape } from './idShapes';

/** What reading a parameter needs: an action node's context or a sub-node's supply-data context. */
type ParameterContext = Pick<IExecuteFunctions, 'getNodeParameter' | 'getNode'>;

/** The expression a top-level parameter holds (a locator's value included), or undefined when it holds plain text. */
function expressionOf(ctx: ParameterContext, name: string): string | undefined {
	const raw = ctx.getNode().parameters[name] as unknown;
	const value = raw !== null && typeof raw === 'object' && '__rl' in raw ? (raw as { value?: unknown }).value : raw;
	return typeof value === 'string' && value.startsWith('=') ? value.slice(1) : undefined;
}

/**
 * The error for a required parameter left empty. When an expression made it empty, that is what
 * the user needs to know: the expression ran and gave empty text, usually from a missing field.
 */
function emptyParameterError(ctx: ParameterContext, name: string, itemIndex: number, label: string, fix: string): NodeOperationError {
	const expression = expressionOf(ctx, name);
	if (expression === undefined) return new NodeOperationError(ctx.getNode(), `The parameter "${label}" is empty`, { itemIndex, description: fix });
	return new NodeOperationError(ctx.getNode(), `The parameter "${label}" is empty: its expression returned empty text`, {
		itemIndex,
		description: `The expression ${expression.trim().slice(0, 200)} gave empty text for item ${itemIndex + 1}. Check that the field it reads exists in that item and is not empty (a missing field gives empty text).`,
	});
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/**
 * The error for an ID that is not whole: the rule (idShapes.ts) in the message, so every surface
 * that shows only the message (an AI tool's answer, a log line) still says what an ID may hold.
 */
function notAnIdError(node: INode, label: string, value: string, shape: IdShape, itemIndex: number | undefined): NodeOperationError | undefined {
	const wrong = whatIsWrong(shape, value);
	if (wrong === undefined) return undefined;
	return new NodeOperationError(node, `The parameter "${label}" got "${value.slice(0, 100)}". ${idRule(shape)}`, {
		itemIndex,
		description: `${wrong} Choose it from the list, or check what was pasted or the expression that produces it.`,
	});
}

/** A resource locator's value (From list, By ID or By URL), checked to be a whole ID of its shape. */
export function getId(ctx: ParameterContext, name: string, itemIndex: number, label: string, shape: IdShape = opaqueId(`${label.toLowerCase()} ID`)): string {
	const raw = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
	if (value === '') throw emptyParameterError(ctx, name, itemIndex, label, `Choose ${withArticle(label.toLowerCase())} from the list or enter its ID.`);
	const error = notAnIdError(ctx.getNode(), label, value, shape, itemIndex);
	if (error) throw error;
	return value;
}

/**
 * A whole-number parameter from `min` to `max` (an expression can give anything), or an error naming
 * it. `label` is how the editor shows it, `fix` what to do instead.
 */
export function getWholeNumber(
	ctx: ParameterContext,
	name: string,
	itemIndex: number,
	label: string,
	range: { min: number; max?: number; fallback?: number; fix?: string },
): number {
	const value = ctx.getNodeParameter(name, itemIndex, range.fallback) as unknown;
	const max = range.max ?? Number.MAX_SAFE_INTEGER;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > max) {
		const bounds = range.max === undefined ? `of ${range.min} or more` : `from ${range.min} to ${range.max}`;
		throw new NodeOperationError(ctx.getNode(), `${label} must be a whole number ${bounds}, got ${JSON.stringify(value) ?? 'nothing'}`, {
			itemIndex,
			description: range.fix,
		});
	}
	return value;
}

/** A list parameter (multiple options, or comma-separated text from an expression): trimmed, empty and repeated entries dropped. */
export function getStringList(ctx: ParameterContext, name: string, itemIndex: number): string[] {
	const raw = ctx.getNodeParameter(name, itemIndex, []) as unknown;
	const values = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : []).map((value) => String(value).trim());
	return [...new Set(values.filter((value) => value !== ''))];
}

/** A non-empty string parameter. */
export function getRequiredString(ctx: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	if (value === '') throw emptyParameterError(ctx, name, itemIndex, label, `Enter the ${label.toLowerCase()}: it is required.`);
	return value;
}

/**
 * The value of a resource locator nested in a collection (filters, additional fields): n8n's
 * `extractValue` only unwraps top-level locators.
 */
export function locatorValue(value: unknown): string | undefined {
	const inner = value !== null && typeof value === 'object' && '__rl' in value ? (value as { value?: unknown }).value : value;
	const text = inner === undefined || inner === null ? '' : String(inner).trim();
	return text === '' ? undefined : text;
}

/**
 * An optional ID inside a collection (a locator, or a plain ID saved before it was one): undefined
 * when empty, refused when it is not a whole ID of its shape. `label` names the parameter.
 */
export function optionalId(node: INode, value: unknown, label: string, shape: IdShape, itemIndex?: number): string | undefined {
	const id = locatorValue(value);
	const error = id === undefined ? undefined : notAnIdError(node, label, id, shape, itemIndex);
	if (error) throw error;
	return id;
}

/** An optional agent filter (see optionalId). */
export const agentFilter = (node: INode, value: unknown, label: string, itemIndex?: number): string | undefined => optionalId(node, value, label, AGENT_ID, itemIndex);

/** Drops empty values from a collection of optional fields, so only what the user set is sent. */
export function compact(fields: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(fields)) {
		if (value === undefined || value === null || value === '') continue;
		out[key] = value;
	}
	return out;
}

/**
 * A dropdown value that may come from an expression, checked before any request. The API compares
 * values exactly, so a filter with a value it does not use matches nothing, in silence: a value that
 * differs from a known one only in case or spaces is refused naming the right spelling, and with
 * `onlyKnown` (values the API is known to refuse elsewhere, as Create refuses an unknown tier) any
 * other value is refused too. Empty means not set.
 */
export function getChoice(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	value: unknown,
	itemIndex: number,
	label: string,
	choices: ReadonlyArray<{ value: string }>,
	onlyKnown: boolean,
): string | undefined {
	const text = value === undefined || value === null ? '' : String(value).trim();
	if (text === '') return undefined;
	const known = choices.map((choice) => choice.value);
	if (known.includes(text)) return text;
	const spelled = known.find((choice) => choice.toLowerCase() === text.toLowerCase());
	if (spelled === undefined && !onlyKnown) return text;
	const list = known.join(', ');
	throw new NodeOperationError(ctx.getNode(), `The parameter "${label}" must be ${spelled === undefined ? `one of ${list}` : `written "${spelled}"`}, got "${text.slice(0, 100)}"`, {
		itemIndex,
		description: `The API compares it exactly, so this value would match nothing. Choose it from the list, or make the expression give ${spelled === undefined ? `one of ${list}` : `"${spelled}"`}.`,
	});
}
