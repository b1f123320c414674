/**
 * redaction.ts: a run of 8 or more characters of the key goes wherever it stands, however quoted; a
 * shorter run stays (it cannot stand for a key), and so does the text around it.
 */
import { redact, REDACTED, serverText } from '../../src/client/redaction';

const SAMPLE = 'ctx_Q7f3kZ9pL2mX8vR4tY6wB1nC5hJ0sD3g';
const SECRET = SAMPLE.slice(4);

describe('redact', () => {
	test.each<[string, string]>([
		['whole', `Bearer ${SAMPLE}!`],
		['the secret part alone', `token=${SECRET}`],
		['cut to its first 21 characters', `Authorization: Bearer ${SAMPLE.slice(0, 21)}`],
		['a middle run of 8', `… ${SECRET.slice(10, 18)} …`],
		['in capitals', `BEARER ${SAMPLE.toUpperCase()}`],
		['in lower case', SAMPLE.toLowerCase()],
		['URL-encoded, every character', Array.from(SAMPLE, (ch) => `%${ch.charCodeAt(0).toString(16)}`).join('')],
		['URL-encoded in part', `${SECRET.slice(0, 4)}%${SECRET.charCodeAt(4).toString(16).toUpperCase()}${SECRET.slice(5, 12)}`],
		['as HTML entities', Array.from(SECRET.slice(3, 20), (ch) => `&#${ch.charCodeAt(0)};`).join('')],
		['as hexadecimal entities', Array.from(SECRET.slice(3, 20), (ch) => `&#x${ch.charCodeAt(0).toString(16)};`).join('')],
		['as JSON escapes', Array.from(SECRET.slice(0, 12), (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')],
	])('%s: removed', (_name, text) => {
		const out = redact(text, SAMPLE);
		expect(out).toContain(REDACTED);
		for (let i = 0; i + 8 <= SECRET.length; i++) expect(out.toLowerCase()).not.toContain(SECRET.slice(i, i + 8).toLowerCase());
	});

	test('what is not the key stays, and a run of 7 is not a key', () => {
		expect(redact(`a ${SECRET.slice(0, 7)} b`, SAMPLE)).toBe(`a ${SECRET.slice(0, 7)} b`);
		expect(redact(`GET /agents 404 for Bearer ${SAMPLE}.`, SAMPLE)).toBe(`GET /agents 404 for Bearer ${REDACTED}.`);
		expect(redact('100% sure &amp; \\n done', SAMPLE)).toBe('100% sure &amp; \\n done');
	});

	test('a key shorter than a run goes only whole; a missing key changes nothing', () => {
		expect(redact('a ctx_ab1 b', 'ctx_ab1')).toBe(`a ${REDACTED} b`);
		expect(redact('a ctx_ab1 b', undefined)).toBe('a ctx_ab1 b');
	});
});

describe('serverText', () => {
	test('the key is removed before the text is cut: no run of it at the edge, however long the prefix', () => {
		for (let prefix = 480; prefix < 510; prefix++) {
			const out = serverText(`${'x'.repeat(prefix)}${SAMPLE}`, SAMPLE);
			for (let i = 0; i + 8 <= SECRET.length; i++) expect(out).not.toContain(SECRET.slice(i, i + 8));
		}
	});

	test('a body of megabytes: bounded, control characters gone', () => {
		const out = serverText(`\u001b[31m${'y'.repeat(5_000_000)}`, SAMPLE);
		expect(out.length).toBeLessThanOrEqual(501);
		expect(out).not.toContain('\u001b');
	});
});
