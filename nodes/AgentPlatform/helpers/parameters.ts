/**
 * Parameters only the action node's operations read: Return All and Limit, Update Fields, API
 * Request's JSON. The readers every node uses are in
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

/** "Return All" and "Limit": undefined means all; a limit must be 1 or more (0 is not "none" or "all": it is refused). */
export function getListLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	return getWholeNumber(ctx, 'limit', itemIndex, 'The parameter "Limit"', { min: 1, fallback: 50, fix: 'Set Limit to how many items to return (1 or more), or turn on Return All to get every item.' });
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
