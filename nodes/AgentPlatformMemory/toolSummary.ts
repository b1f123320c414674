/**
 * What memory keeps of a tool call (Remember Tool Calls), and what it never keeps.
 *
 * A result is summarised to what the model needs to refer back to it: the identifiers, names,
 * counts and states in it (RESULT_KEYS), an array as its count and its first items, at most
 * SUMMARY_CHARS of JSON. A result that is not JSON keeps its first TEXT_CHARS characters. A call's
 * arguments keep their shape with long strings cut, at most INPUT_CHARS of JSON.
 *
 * Secrets are never kept. Fields named like a secret (the webhook-create response's signing
 * secret among them) are left out of summaries and arguments, and every string kept is redacted
 * first (redactor.ts), then cut, so a summary stays within its bounds and never keeps half a secret.
 */
import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../../src/client';
import { isSecretName } from '../parts/secretNames';
import { parseJson, safeJson } from './turnFact';

/** Fields a summary keeps: identifiers, names, counts, states, and a failed call's error. */
const RESULT_KEYS =
	/^(?:id|ids|name|title|email|status|state|tier|scope|role|type|section|version|enabled|active|deleted|success|count|total|error|errorType|message)$|_(?:id|ids|name|count)$|[a-z](?:Id|Ids|Name|Count)$/;

const SUMMARY_CHARS = 800;
const INPUT_CHARS = 600;
const TEXT_CHARS = 200;
const STRING_CHARS = 120;
const MAX_KEY_LENGTH = 64;
const MAX_DEPTH = 4;
/** Items kept per array, tried in turn until the summary fits. */
const ITEMS_TRIED = [20, 10, 5, 2, 1, 0];
/** String lengths kept in arguments, tried in turn until they fit. */
const ARGUMENT_STRINGS_TRIED = [200, 40];
/**
 * The most of a text that is redacted before it is cut to what is kept: far more than any cut
 * keeps, so a secret cut in half at this bound lies past what is kept, and the cost of redacting a
 * tool's whole result (megabytes, perhaps) is not paid.
 */
const REDACTED_PREFIX = 65_536;

/**
 * What a summary needs of redactor.ts's Redactor: the text with every secret replaced. Named here,
 * so the redactor (which reads tool results with resultText) is the only one of the two to import the other.
 */
export interface TextRedactor {
	text(value: string): string;
}

/** The text a tool result holds (a string, or content parts whose text is joined). */
export function resultText(result: unknown): string {
	if (typeof result === 'string') return result;
	if (Array.isArray(result)) return result.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
	return result === undefined ? '' : JSON.stringify(result);
}

/** A tool result as memory keeps it: bounded, redacted, the identifying parts only. */
export function summarizeResult(result: unknown, redactor: TextRedactor): unknown {
	const text = resultText(result);
	const parsed = parseJson(text);
	if (parsed === undefined) return redactedClip(redactor, text, TEXT_CHARS);
	for (const items of ITEMS_TRIED) {
		const summary = summarize(parsed, { items, redactor, keepValues: true }, 0) ?? {};
		if (safeJson(summary).length <= SUMMARY_CHARS) return summary;
	}
	return { left_out: `a summary longer than ${SUMMARY_CHARS} characters` };
}

/** A tool call's arguments (JSON text) as memory keeps them: the same fields, long strings cut, secrets out. */
export function boundInput(input: string, redactor: TextRedactor): IDataObject {
	const parsed = parseJson(input);
	if (!isObject(parsed)) return {};
	for (const strings of ARGUMENT_STRINGS_TRIED) {
		const bounded = clipArguments(parsed, strings, redactor, 0) as IDataObject;
		if (safeJson(bounded).length <= INPUT_CHARS) return bounded;
	}
	return {};
}

interface SummaryOptions {
	items: number;
	redactor: TextRedactor;
	/** Whether strings, numbers and booleans here are kept: under a kept field, or the result itself. */
	keepValues: boolean;
}

function summarize(value: unknown, options: SummaryOptions, depth: number): unknown {
	if (value === null || typeof value === 'number' || typeof value === 'boolean') return options.keepValues ? value : undefined;
	if (typeof value === 'string') return options.keepValues ? redactedClip(options.redactor, value, STRING_CHARS) : undefined;
	if (depth >= MAX_DEPTH) return undefined;
	if (Array.isArray(value)) {
		const items = value
			.slice(0, options.items)
			.map((item) => summarize(item, options, depth + 1))
			.filter((item) => item !== undefined);
		return items.length > 0 ? { count: value.length, items } : { count: value.length };
	}
	if (!isObject(value)) return undefined;
	const kept: IDataObject = {};
	for (const [key, item] of Object.entries(value)) {
		if (key.length > MAX_KEY_LENGTH || isSecretName(key)) continue;
		const summary = summarize(item, { ...options, keepValues: RESULT_KEYS.test(key) }, depth + 1);
		if (summary !== undefined) kept[key] = summary;
	}
	return Object.keys(kept).length > 0 ? kept : undefined;
}

function clipArguments(value: unknown, strings: number, redactor: TextRedactor, depth: number): unknown {
	if (typeof value === 'string') return redactedClip(redactor, value, strings);
	if (value === null || typeof value !== 'object') return value;
	if (depth >= MAX_DEPTH) return Array.isArray(value) ? [] : {};
	if (Array.isArray(value)) return value.slice(0, 10).map((item) => clipArguments(item, strings, redactor, depth + 1));
	const kept: IDataObject = {};
	for (const [key, item] of Object.entries(value)) {
		if (key.length <= MAX_KEY_LENGTH && !isSecretName(key)) kept[key] = clipArguments(item, strings, redactor, depth + 1) as IDataObject[string];
	}
	return kept;
}

/** `text` redacted, then cut to `max` characters. */
const redactedClip = (redactor: TextRedactor, text: string, max: number) => clip(redactor.text(text.slice(0, REDACTED_PREFIX)), max);

/** At most `max` characters (code points), with an ellipsis when cut. */
function clip(text: string, max: number): string {
	const chars = Array.from(text);
	return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}
