/**
 * What the memory never stores: secrets, in any form a turn can hold them.
 *
 * Known secrets are the credential's API key, the signing secrets this package handed out lately
 * (nodes/parts/recentSecrets.ts: Webhook Subscription → Create and the API Request operation), and
 * the values the turn itself names as secrets: fields named like one in a tool's arguments or
 * result (also inside a JSON string inside them), and `name: value`, `name=value` or
 * `name "value"` in any text of the turn (an error message, a URL's query, a form body). Those, and
 * anything shaped like an API key (`ctx_…`), are replaced by [redacted] wherever they appear, also
 * when the text holds them encoded as a URL, a form or a JSON string does: percent-encoded
 * (`%3Dctx_…`, `ctx%5F…`, twice encoded `%253D`), JSON-escaped (`\u0063tx_…`, `\"`), or both.
 *
 * How: the text is read through views, each one decoding one more layer (percent escapes and JSON
 * escapes, up to MAX_LAYERS), where every character remembers the span of the original text it came
 * from. A secret found in any view is replaced where it stands in the original.
 */
import type { Message } from '@n8n/ai-node-sdk';
import { isObject, REDACTED } from '../../src/client';
import { ID_PREFIX } from '../../src/vocabulary';
import { isSecretName, SECRET_VALUE } from '../parts/secretNames';
import { resultText } from './toolSummary';
import { parseJson } from './turnFact';

/** Encoded layers decoded: a JSON string holding a percent-encoded URL, or a URL encoded twice. */
const MAX_LAYERS = 3;
/** A JSON string is looked into when it is at most this long, and at most this deep. */
const MAX_NESTED_JSON = 100_000;
const MAX_DEPTH = 20;
/**
 * How much of one text is read for `name: value` (a tool result can be megabytes). Fields beyond it
 * are still learned when the text is JSON; what the turn keeps of any text lies well within it.
 */
const MAX_LEARNED_TEXT = 262_144;

const API_KEY_SHAPE = new RegExp(`(?<![A-Za-z0-9])${ID_PREFIX.apiKey}[A-Za-z0-9_-]{8,}`, 'g');
/**
 * A secret-named field in text: the name (bounded, so a long word costs little), then `:` or `=`
 * (optionally quoted, optionally `Bearer`), or a quoted value after a space. The value is one token.
 */
const SECRET_FIELD_IN_TEXT =
	/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{0,40}(?:secret|passw|token|api_?key|authori[sz]ation|credential|private_?key|signature|cookie)[A-Za-z0-9_-]{0,40}["']?\s{0,3}(?:[:=]\s{0,3}["']?(?:bearer\s+)?|\s["'])([^\s"'&,;<>{}[\]\\]{8,})/gi;

/** A text as read after some decoding: each character, and the span of the original it came from. */
interface View {
	text: string;
	start: number[];
	end: number[];
}

const JSON_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The view with one more layer of percent and JSON escapes decoded; undefined when there is none. */
function decoded(view: View): View | undefined {
	const { text } = view;
	const next: View = { text: '', start: [], end: [] };
	const chars: string[] = [];
	let changed = false;
	for (let i = 0; i < text.length; ) {
		let char = text[i];
		let length = 1;
		const percent = char === '%' ? /^%([0-9A-Fa-f]{2})/.exec(text.slice(i, i + 3)) : null;
		const unicode = char === '\\' ? /^\\u([0-9A-Fa-f]{4})/.exec(text.slice(i, i + 6)) : null;
		if (percent) [char, length] = [String.fromCharCode(parseInt(percent[1], 16)), 3];
		else if (unicode) [char, length] = [String.fromCharCode(parseInt(unicode[1], 16)), 6];
		else if (char === '\\' && i + 1 < text.length && JSON_ESCAPES[text[i + 1]] !== undefined) [char, length] = [JSON_ESCAPES[text[i + 1]], 2];
		changed ||= length > 1;
		chars.push(char);
		next.start.push(view.start[i]);
		next.end.push(view.end[i + length - 1]);
		i += length;
	}
	next.text = chars.join('');
	return changed ? next : undefined;
}

/** The text as written, then with each encoded layer decoded in turn. */
function viewsOf(text: string): View[] {
	const indexes = Array.from({ length: text.length }, (_, i) => i);
	const views: View[] = [{ text, start: indexes, end: indexes.map((i) => i + 1) }];
	if (!/[%\\]/.test(text)) return views;
	for (let layer = 0; layer < MAX_LAYERS; layer++) {
		const next = decoded(views[views.length - 1]);
		if (!next) break;
		views.push(next);
	}
	return views;
}

export class Redactor {
	private readonly secrets = new Set<string>();

	constructor(known: Array<string | undefined>) {
		for (const secret of known) this.add(secret);
	}

	/** Learns the secrets the messages name: secret-named fields of tool calls and results, and `name: value` in any text. */
	learn(messages: Message[]): void {
		for (const part of messages.flatMap((message) => message.content)) {
			if (part.type === 'text') this.learnText(part.text);
			if (part.type === 'tool-result') this.learnJsonText(resultText(part.result));
			if (part.type === 'tool-call') this.learnJsonText(part.input);
		}
	}

	/** The text with every known secret and anything shaped like an API key replaced, encoded or not. */
	text(value: string): string {
		const spans: Array<[number, number]> = [];
		for (const view of viewsOf(value)) {
			const at = (from: number, to: number) => spans.push([view.start[from], view.end[to - 1]]);
			for (const secret of this.secrets) {
				for (let i = view.text.indexOf(secret); i >= 0; i = view.text.indexOf(secret, i + 1)) at(i, i + secret.length);
			}
			for (const match of view.text.matchAll(API_KEY_SHAPE)) at(match.index, match.index + match[0].length);
		}
		return replaceSpans(value, spans);
	}

	private add(secret: string | undefined): void {
		if (secret && SECRET_VALUE.test(secret) && secret !== REDACTED) this.secrets.add(secret);
	}

	private learnJsonText(text: string): void {
		this.learnText(text);
		this.learnJson(parseJson(text), false, 0);
	}

	private learnText(text: string): void {
		for (const view of viewsOf(text.slice(0, MAX_LEARNED_TEXT))) for (const match of view.text.matchAll(SECRET_FIELD_IN_TEXT)) this.add(match[1]);
	}

	private learnJson(value: unknown, secret: boolean, depth: number): void {
		if (depth > MAX_DEPTH) return;
		if (typeof value === 'string') {
			if (secret) this.add(value);
			// A JSON document inside a string (a request body, an error's details): its fields count too.
			const nested = value.length <= MAX_NESTED_JSON && /^\s*[[{]/.test(value) ? parseJson(value) : undefined;
			if (nested !== undefined) this.learnJson(nested, secret, depth + 1);
		} else if (Array.isArray(value)) {
			for (const item of value) this.learnJson(item, secret, depth + 1);
		} else if (isObject(value)) {
			for (const [key, item] of Object.entries(value)) this.learnJson(item, secret || isSecretName(key), depth + 1);
		}
	}
}

/** `text` with each span (merged where they overlap or touch) replaced by REDACTED. */
function replaceSpans(text: string, spans: Array<[number, number]>): string {
	if (spans.length === 0) return text;
	spans.sort((a, b) => a[0] - b[0]);
	let out = '';
	let from = 0;
	let [start, end] = spans[0];
	for (const [s, e] of spans.slice(1)) {
		if (s <= end) end = Math.max(end, e);
		else {
			out += text.slice(from, start) + REDACTED;
			from = end;
			[start, end] = [s, e];
		}
	}
	return out + text.slice(from, start) + REDACTED + text.slice(end);
}
