/**
 * What a text from the server (or a reason built from one) must lose before anyone reads it. A
 * response may echo what was sent, the API key included, and may hold control characters or a
 * page of HTML: every string taken from the wire into an error, a log line or a hint passes here.
 * Nothing else in the client receives the key to remove it.
 *
 * A server rarely echoes the key whole: it quotes the header cut to a width, in capitals, or
 * URL-encoded. So any run of SECRET_RUN or more characters of the key goes, in any case, and read
 * through `%XX`, `\uXXXX`, `\xXX` and `&#NN;` escapes; a run shorter than that cannot stand for a key.
 */

/** The longest text taken from a server into an error. */
const MAX_SERVER_TEXT = 500;

/** What stands where a secret was. */
export const REDACTED = '[redacted]';

/** The shortest run of a key's characters that is removed wherever it stands. */
export const SECRET_RUN = 8;

/** One character of a text as read (an escape decoded), and where it stands in the text. */
interface Unit {
	start: number;
	end: number;
	char: string;
}

const ESCAPES: Array<[RegExp, (match: RegExpExecArray) => number]> = [
	[/%([0-9a-f]{2})/iy, (m) => parseInt(m[1], 16)],
	[/\\u([0-9a-f]{4})/iy, (m) => parseInt(m[1], 16)],
	[/\\x([0-9a-f]{2})/iy, (m) => parseInt(m[1], 16)],
	[/&#x([0-9a-f]{1,6});?/iy, (m) => parseInt(m[1], 16)],
	[/&#([0-9]{1,7});?/y, (m) => parseInt(m[1], 10)],
];

/** The text's characters, each escape read as the character it stands for. */
function unitsOf(text: string): Unit[] {
	const units: Unit[] = [];
	for (let at = 0; at < text.length; ) {
		let unit: Unit | undefined;
		if (text[at] === '%' || text[at] === '\\' || text[at] === '&') {
			for (const [pattern, code] of ESCAPES) {
				pattern.lastIndex = at;
				const match = pattern.exec(text);
				const value = match ? code(match) : Number.NaN;
				if (match && value <= 0x10ffff) {
					unit = { start: at, end: at + match[0].length, char: String.fromCodePoint(value) };
					break;
				}
			}
		}
		unit ??= { start: at, end: at + 1, char: text[at] };
		units.push(unit);
		at = unit.end;
	}
	return units;
}

/** Removes every run of SECRET_RUN or more characters of `secret` from `text` (a shorter secret: every occurrence). */
export function redact(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	if (secret.length < SECRET_RUN) return text.split(secret).join(REDACTED);
	const runs = new Set<string>();
	const lower = secret.toLowerCase();
	for (let i = 0; i + SECRET_RUN <= lower.length; i++) runs.add(lower.slice(i, i + SECRET_RUN));
	const units = unitsOf(text);
	const chars = units.map((unit) => unit.char.toLowerCase());
	const covered = new Uint8Array(units.length);
	for (let i = 0; i + SECRET_RUN <= units.length; i++) {
		if (runs.has(chars.slice(i, i + SECRET_RUN).join(''))) covered.fill(1, i, i + SECRET_RUN);
	}
	let out = '';
	for (let i = 0; i < units.length; i++) {
		if (!covered[i]) out += text.slice(units[i].start, units[i].end);
		else if (i === 0 || !covered[i - 1]) out += REDACTED;
	}
	return out;
}

/**
 * A string from the server, fit to show: key removed, control characters dropped, length bounded.
 * Cut to a few times the bound before the key is looked for (a body may be megabytes): a run of the
 * key that reaches into what is shown lies whole enough within the cut to be found.
 */
export function serverText(text: string, secret: string | undefined): string {
	const redacted = redact(text.slice(0, MAX_SERVER_TEXT * 4), secret);
	return printable(redacted.slice(0, MAX_SERVER_TEXT)).trim() + (redacted.length > MAX_SERVER_TEXT || text.length > MAX_SERVER_TEXT * 4 ? '…' : '');
}

/** Control characters (a terminal's escape sequences among them) as spaces. */
export function printable(text: string): string {
	return Array.from(text, (ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? ' ' : ch)).join('');
}
