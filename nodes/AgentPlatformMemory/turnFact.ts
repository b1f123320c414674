/**
 * How one conversation turn is written into a memory fact's `content`, and read back.
 *
 * A turn is one fact, so a turn is saved by one request and is either wholly stored or not at all:
 *
 *     User: "What is the refund window?"
 *     Assistant: "30 days from delivery."
 *     [n8n chat n8nchat5f0c… 2026-11-23T20:01:02.345Z]
 *
 * Each message is one line, `<Role>: <JSON string>`: readable by people and by the platform's own
 * agents, and unambiguous to parse back. The JSON is written with every control character and every
 * character Unicode treats as a line break escaped (JSON.stringify leaves DEL, the C1 controls such
 * as NEL, U+2028 and U+2029 raw), so the line breaks between lines are the only ones in the
 * content, for this parser and any line-based reader: no message can forge another line. The last line is the trailer: the session tag and the time of
 * the turn.
 *
 * The session tag is `n8nchat` + the first 32 hex digits of the SHA-256 of the key's namespace and
 * the key (see sessionTag): one fixed-length token of letters and digits, so the API's text search
 * (`q`) finds a session's facts whatever the key contains (spaces, e-mail addresses, punctuation),
 * and an exact comparison of the trailer decides what belongs to the session. The key itself goes
 * in the fact's `source.conversation_id`, for people who read the fact on the platform.
 */
import { createHash } from 'crypto';

export type TurnRole = 'user' | 'assistant';

export interface TurnLine {
	role: TurnRole;
	text: string;
}

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

/** The only roles written, so the only ones read: a fact with any other line is not a turn of this node. */
const LABELS: Record<TurnRole, string> = { user: 'User', assistant: 'Assistant' };
const ROLES = new Map(Object.entries(LABELS).map(([role, label]) => [label, role as TurnRole]));
const TAG_PREFIX = 'n8nchat';
const NAMESPACES: Record<KeySource, string> = { chatTrigger: 'chat', defined: 'key' };
const TRAILER = /\n\[n8n chat (n8nchat[0-9a-f]{32}) (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\]$/;
/** `s`: the first release wrote U+2028 and U+2029 raw, and `.` does not match them otherwise. */
const LINE = /^(User|Assistant): (".*")$/s;
/**
 * What JSON.stringify leaves raw inside a string that a reader may take for a line break or a
 * control: DEL and the C1 controls (NEL, U+0085, among them), U+2028 and U+2029.
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

export function encodeTurn(lines: TurnLine[], tag: string, at: Date): string {
	const trailer = `[n8n chat ${tag} ${at.toISOString()}]`;
	const labels = lines.map((line) => `${LABELS[line.role]}: `);
	const fixed = trailer.length + labels.reduce((sum, label) => sum + label.length + 1, 0);
	const budgets = shareBudget(
		lines.map((line) => jsonString(line.text).length),
		MAX_FACT_CONTENT - fixed,
	);
	const body = lines.map((line, i) => labels[i] + fitJson(line.text, budgets[i]));
	return [...body, trailer].join('\n');
}

/** The turn a fact holds, or undefined when the fact is not a turn of this session. */
export function decodeTurn(content: unknown, tag: string): DecodedTurn | undefined {
	if (typeof content !== 'string') return undefined;
	const trailer = TRAILER.exec(content);
	if (!trailer || trailer[1] !== tag) return undefined;
	const lines: TurnLine[] = [];
	for (const raw of content.slice(0, trailer.index).split('\n')) {
		const match = LINE.exec(raw);
		const text = match ? parseJsonString(match[2]) : undefined;
		if (!match || text === undefined) return undefined;
		lines.push({ role: ROLES.get(match[1]) as TurnRole, text });
	}
	return lines.length > 0 ? { lines, at: trailer[2] } : undefined;
}

/** `text` as a JSON string literal with no raw line break of any kind. */
function jsonString(text: string): string {
	return JSON.stringify(text).replace(RAW_CONTROLS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function parseJsonString(literal: string): string | undefined {
	try {
		const value: unknown = JSON.parse(literal);
		return typeof value === 'string' ? value : undefined;
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
	const whole = jsonString(text);
	if (whole.length <= budget) return whole;
	const chars = Array.from(text);
	const note = (dropped: number) => ` …[${dropped} more characters not kept]`;
	// Room for the longest note this text can need, so the cut text plus its note always fits.
	const room = budget - 2 - note(chars.length).length;
	let used = 0;
	let kept = 0;
	while (kept < chars.length) {
		const cost = jsonString(chars[kept]).length - 2;
		if (used + cost > room) break;
		used += cost;
		kept += 1;
	}
	return jsonString(chars.slice(0, kept).join('') + note(chars.length - kept));
}
