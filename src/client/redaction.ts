/**
 * What a text from the server (or a reason built from one) must lose before anyone reads it. A
 * response may echo what was sent, the API key included, and may hold control characters or a
 * page of HTML: every string taken from the wire into an error, a log line or a hint passes here.
 * Nothing else in the client receives the key to remove it.
 */

/** The longest text taken from a server into an error. */
const MAX_SERVER_TEXT = 500;

/** What stands where a secret was. */
export const REDACTED = '[redacted]';

/** Removes every occurrence of `secret` from `text`. */
export function redact(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	return text.split(secret).join(REDACTED);
}

/** A string from the server, fit to show: key removed, control characters dropped, length bounded. */
export function serverText(text: string, secret: string | undefined): string {
	const redacted = redact(text, secret);
	const printable = Array.from(redacted.slice(0, MAX_SERVER_TEXT), (ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? ' ' : ch));
	return printable.join('').trim() + (redacted.length > MAX_SERVER_TEXT ? '…' : '');
}
