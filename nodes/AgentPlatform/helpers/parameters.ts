/**
 * Parameters only the action node's operations read: Return All and Limit, a filter's dropdown value
 * given by expression, Update Fields, API Request's JSON. The readers every node uses are in
 * nodes/parts/parameters.ts.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import { getWholeNumber } from '../../parts/parameters';

/** A JSON parameter (object), parsed with an error naming the parameter and the item. */
export function getJsonObject(ctx: IExecuteFunctions, name: string, itemIndex: number, label: string): IDataObject {
	const raw = ctx.getNodeParameter(name, itemIndex, '{}') as unknown;
	if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) return raw as IDataObject;
	const text = typeof raw === 'string' ? raw.trim() : '';
	if (text === '') return {};
	let parsed: unknown;
	let problem: string | undefined;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		problem = (error as Error).message;
	}
	if (problem !== undefined || parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new NodeOperationError(ctx.getNode(), `The parameter "${label}" is not a valid JSON object`, {
			itemIndex,
			description: problem ? `JSON error: ${problem}. Example: {"key": "value"}` : 'Give a JSON object such as {"key": "value"}.',
		});
	}
	return parsed as IDataObject;
}

/** "Return All" and "Limit": undefined means all; a limit must be 1 or more. */
export function getListLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	return getWholeNumber(ctx, 'limit', itemIndex, 'The parameter "Limit"', { min: 1, fallback: 50, fix: 'Set Limit to how many items to return, or turn on Return All.' });
}

/**
 * A dropdown value that may come from an expression, checked before any request. The API compares
 * values exactly, so a filter with a value it does not use matches nothing, in silence: a value that
 * differs from a known one only in case or spaces is refused naming the right spelling, and with
 * `onlyKnown` (values the API is known to refuse elsewhere, as Create refuses an unknown tier) any
 * other value is refused too. Empty means not set.
 */
export function getChoice(
	ctx: IExecuteFunctions,
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

/** An update with nothing to change is refused before any request; `fields` names what can be set. */
export function requireChanges(ctx: IExecuteFunctions, body: IDataObject, itemIndex: number, fields: string): IDataObject {
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'The parameter "Update Fields" is empty', {
			itemIndex,
			description: `Add at least one field to change: ${fields}.`,
		});
	}
	return body;
}
