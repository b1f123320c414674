/**
 * How one conversation turn is written into a memory fact's `content`, and read back.
 *
 * A turn is one fact, so a turn is saved by one request and is either wholly stored or not at all:
 *
 *     User: "Which fact mentions refunds?"
 *     Tool call: {"id":"call_1","name":"Search_facts","input":{"text":"refund"}}
 *     Tool result: {"id":"call_1","name":"Search_facts","summary":{"count":1,"items":[{"id":"fact_0012"}]}}
 *     Assistant: "fact_0012: 30 days from delivery."
 *     [n8n chat n8nchat5f0c… 2026-11-23T20:01:02.345Z]
 *
 * Each message is one line: `User:` / `Assistant:` and the text as a JSON string, or (with Remember
 * Tool Calls on) `Tool call:` / `Tool result:` and a JSON object. Readable by people and by the
 * platform's own agents, and unambiguous to parse back: the JSON is written with every control
 * character and every character Unicode treats as a line break escaped (JSON.stringify leaves DEL,
 * the C1 controls such as NEL, U+2028 and U+2029 raw), so the line breaks between lines are the
 * only ones in the content, for this parser and any line-based reader, and no message can forge
 * another line. The last line is the trailer: the session tag and the time of the turn.
 *
 * The session tag is `n8nchat` + the first 32 hex digits of the SHA-256 of the key's namespace and
 * the key (see sessionTag): one fixed-length token of letters and digits, so the API's text search
 * (`q`) finds a session's facts whatever the key contains (spaces, e-mail addresses, punctuation),
 * and an exact comparison of the trailer decides what belongs to the session. The key itself goes
 * in the fact's `source.conversation_id`, for people who read the fact on the platform.
 */
import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../../src/client';
import { TURN_TRAILER } from '../parts/turnMark';

type TextRole = 'user' | 'assistant';

/** A tool call as the model made it: its id, the tool's name and the arguments (bounded). */
interface ToolCallRecord {
	id: string;
	name: string;
	input: IDataObject;
}

/** What a tool call returned, as memory keeps it: a summary, never the whole result. */
interface ToolResultRecord {
	id: string;
	name: string;
	summary: unknown;
	/** Present (true) when the tool failed. */
	error?: true;
}

type TextLine = { role: TextRole; text: string };
export type ToolLine = { role: 'toolCall'; call: ToolCallRecord } | { role: 'toolResult'; result: ToolResultRecord };
export type TurnLine = TextLine | ToolLine;

export const isTextLine = (line: TurnLine): line is TextLine => line.role === 'user' || line.role === 'assistant';

export interface DecodedTurn {
	lines: TurnLine[];
	/** ISO time the turn was saved (n8n's clock); orders the turns of a session. */
	at: string;
}

/**
 * Where a session key came from. Each is its own namespace: a key a chat user sends as its
 * `sessionId` can never name a conversation a workflow keeps under a key defined below.
 */
export type KeySource = 'chatTrigger' | 'defined';

/**
 * The longest `content` written. The spec shows no limit; the sandbox's (10,000 characters) is
 * the one known. Longer turns keep the start of each message and say how much was left out.
 */
const MAX_FACT_CONTENT = 10_000;

/** The only lines written, so the only ones read: a fact with any other line is not a turn of this node. */
const LABELS: Record<TurnLine['role'], string> = { user: 'User', assistant: 'Assistant', toolCall: 'Tool call', toolResult: 'Tool result' };
const TEXT_LINE = /^(User|Assistant): (".*")$/s;
const TOOL_LINE = /^(Tool call|Tool result): (\{.*\})$/s;
const TAG_PREFIX = 'n8nchat';
const NAMESPACES: Record<KeySource, string> = { chatTrigger: 'chat', defined: 'key' };
const TRAILER = TURN_TRAILER;
/** A trailer's opening, anywhere: what marks a turn (or a quoted one), ignoring case and spacing. */
const TURN_MARK = /\[\s*n8n\s+chat\s+n8nchat[0-9a-f]{32}\b/i;
/**
 * What JSON.stringify leaves raw inside a string that a reader may take for a line break or a
 * control: DEL and the C1 controls (NEL, U+0085, among them), U+2028 and U+2029. (`s` on the line
 * patterns: a stored line that holds U+2028 or U+2029 raw, which this code never writes, still reads
 * as one line; `.` does not match them otherwise.)
 */
const RAW_CONTROLS = /[\p{Cc}\u2028\u2029]/gu;

/**
 * The key's namespace and the key, joined by a colon (no namespace holds one), hashed as UTF-8.
 * Keys reach here exactly as given and well-formed (settings.ts refuses lone surrogates, which
 * UTF-8 cannot hold), so two different keys are two different inputs.
 */
export function sessionTag(source: KeySource, key: string): string {
	return TAG_PREFIX + createHash('sha256').update(`${NAMESPACES[source]}:${key}`, 'utf8').digest('hex').slice(0, 32);
}

/** `value` as JSON with no raw line break or control character of any kind. */
export function safeJson(value: unknown): string {
	return JSON.stringify(value).replace(RAW_CONTROLS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The line a tool call or result is written as (they are never cut: the caller bounds them). */
export function toolLine(line: ToolLine): string {
	return `${LABELS[line.role]}: ${safeJson(line.role === 'toolCall' ? line.call : line.result)}`;
}

/**
 * The fact's content. Text lines share what the trailer and the tool lines leave (a message that
 * needs less than an even share keeps only what it needs); a text longer than its share keeps its
 * start and says how much was left out.
 */
export function encodeTurn(lines: TurnLine[], tag: string, at: Date): string {
	const trailer = `[n8n chat ${tag} ${at.toISOString()}]`;
	const written = lines.map((line) => (isTextLine(line) ? undefined : toolLine(line)));
	const texts = lines.flatMap((line, i) => (isTextLine(line) ? [{ i, label: `${LABELS[line.role]}: `, text: line.text }] : []));
	const fixed = trailer.length + lines.length + written.reduce((sum, line) => sum + (line?.length ?? 0), 0) + texts.reduce((sum, t) => sum + t.label.length, 0);
	const budgets = shareBudget(
		texts.map((t) => safeJson(t.text).length),
		MAX_FACT_CONTENT - fixed,
	);
	texts.forEach((t, k) => (written[t.i] = t.label + fitJson(t.text, budgets[k])));
	return [...(written as string[]), trailer].join('\n');
}

/**
 * Whether the content is, or quotes, a conversation turn of this node: a turn's mark anywhere in it,
 * any session's, whatever the fact's tier, scope or agent (the platform graduates facts, people
 * promote them). The loosest of the three questions sessionTurn.ts names. Long-term context leaves
 * such facts out: a conversation is not the organization's knowledge.
 */
export function mentionsAnyTurn(content: unknown): boolean {
	return typeof content === 'string' && TURN_MARK.test(content);
}

/** The turn a fact's content holds for the session `tag`, or undefined (sessionTurn.ts decides the rest). */
export function decodeTurn(content: unknown, tag: string): DecodedTurn | undefined {
	if (typeof content !== 'string') return undefined;
	const trailer = TRAILER.exec(content);
	if (!trailer || trailer[1] !== tag) return undefined;
	const lines: TurnLine[] = [];
	for (const raw of content.slice(0, trailer.index).split('\n')) {
		const line = decodeLine(raw);
		if (!line) return undefined;
		lines.push(line);
	}
	return lines.length > 0 && toolCallsAnswered(lines) ? { lines, at: trailer[2] } : undefined;
}

function decodeLine(raw: string): TurnLine | undefined {
	const text = TEXT_LINE.exec(raw);
	if (text) {
		const value = parseJson(text[2]);
		return typeof value === 'string' ? { role: text[1] === 'User' ? 'user' : 'assistant', text: value } : undefined;
	}
	const tool = TOOL_LINE.exec(raw);
	const value = tool ? parseJson(tool[2]) : undefined;
	if (!isObject(value) || typeof value.id !== 'string' || typeof value.name !== 'string') return undefined;
	if (tool?.[1] === 'Tool call') return isObject(value.input) ? { role: 'toolCall', call: { id: value.id, name: value.name, input: value.input } } : undefined;
	if (!('summary' in value) || (value.error !== undefined && value.error !== true)) return undefined;
	const result: ToolResultRecord = { id: value.id, name: value.name, summary: value.summary };
	if (value.error === true) result.error = true;
	return { role: 'toolResult', result };
}

/**
 * Whether every tool call has its result and every result its call, in order (chat models refuse
 * a call left unanswered or an answer to no call). The node writes only such turns.
 */
function toolCallsAnswered(lines: TurnLine[]): boolean {
	const open = new Set<string>();
	for (const line of lines) {
		if (line.role === 'toolCall') {
			if (open.has(line.call.id)) return false;
			open.add(line.call.id);
		} else if (line.role === 'toolResult') {
			if (!open.delete(line.result.id)) return false;
		} else if (open.size > 0) {
			return false;
		}
	}
	return open.size === 0;
}

/** The value a JSON text holds, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/**
 * Splits `total` among parts of the given sizes: a part that needs less than an even share keeps
 * only what it needs, and the rest goes to the larger parts.
 */
function shareBudget(sizes: number[], total: number): number[] {
	const budgets = new Array<number>(sizes.length).fill(0);
	let left = Math.max(total, 0);
	const order = sizes.map((size, i) => ({ size, i })).sort((a, b) => a.size - b.size);
	order.forEach(({ size, i }, k) => {
		budgets[i] = Math.min(size, Math.floor(left / (order.length - k)));
		left -= budgets[i];
	});
	return budgets;
}

/** `text` as a JSON string of at most `budget` characters, cut with a note when it is longer. */
function fitJson(text: string, budget: number): string {
	const whole = safeJson(text);
	if (whole.length <= budget) return whole;
	const chars = Array.from(text);
	const note = (dropped: number) => ` …[${dropped} more characters not kept]`;
	// Room for the longest note this text can need, so the cut text plus its note always fits.
	const room = budget - 2 - note(chars.length).length;
	let used = 0;
	let kept = 0;
	while (kept < chars.length) {
		const cost = safeJson(chars[kept]).length - 2;
		if (used + cost > room) break;
		used += cost;
		kept += 1;
	}
	return safeJson(chars.slice(0, kept).join('') + note(chars.length - kept));
}
