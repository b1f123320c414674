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
 * agents, and unambiguous to parse back (a JSON string has no raw line break, so no message can
 * forge another line). The last line is the trailer: the session tag and the time of the turn.
 *
 * The session tag is `n8nchat` + the first 32 hex digits of the SHA-256 of the session key: one
 * fixed-length token of letters and digits, so the API's text search (`q`) finds a session's facts
 * whatever the key contains (spaces, e-mail addresses, punctuation), and an exact comparison of the
 * trailer decides what belongs to the session. The key itself goes in the fact's
 * `source.conversation_id`, for people who read the fact on the platform.
 */
import { createHash } from 'crypto';

export type TurnRole = 'user' | 'assistant' | 'system';

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
 * The longest `content` written. The spec shows no limit; the sandbox's (10,000 characters) is
 * the one known. Longer turns keep the start of each message and say how much was left out.
 */
const MAX_FACT_CONTENT = 10_000;

const LABELS: Record<TurnRole, string> = { user: 'User', assistant: 'Assistant', system: 'System' };
const ROLES = new Map(Object.entries(LABELS).map(([role, label]) => [label, role as TurnRole]));
const TAG_PREFIX = 'n8nchat';
const TRAILER = /\n\[n8n chat (n8nchat[0-9a-f]{32}) (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\]$/;
const LINE = /^(User|Assistant|System): (".*")$/;

export function sessionTag(sessionKey: string): string {
	return TAG_PREFIX + createHash('sha256').update(sessionKey, 'utf8').digest('hex').slice(0, 32);
}

export function encodeTurn(lines: TurnLine[], tag: string, at: Date): string {
	const trailer = `[n8n chat ${tag} ${at.toISOString()}]`;
	const labels = lines.map((line) => `${LABELS[line.role]}: `);
	const fixed = trailer.length + labels.reduce((sum, label) => sum + label.length + 1, 0);
	const budgets = shareBudget(
		lines.map((line) => JSON.stringify(line.text).length),
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
	const whole = JSON.stringify(text);
	if (whole.length <= budget) return whole;
	const chars = Array.from(text);
	const note = (dropped: number) => ` …[${dropped} more characters not kept]`;
	// Room for the longest note this text can need, so the cut text plus its note always fits.
	const room = budget - 2 - note(chars.length).length;
	let used = 0;
	let kept = 0;
	while (kept < chars.length) {
		const cost = JSON.stringify(chars[kept]).length - 2;
		if (used + cost > room) break;
		used += cost;
		kept += 1;
	}
	return JSON.stringify(chars.slice(0, kept).join('') + note(chars.length - kept));
}
