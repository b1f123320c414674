/**
 * The webhook signature scheme, in one module: the sandbox signs with it and the trigger node
 * verifies with it, so the two can never drift apart.
 *
 * `X-Service-Signature` is `sha256=` + lowercase hex HMAC-SHA256 of the raw, unmodified request
 * body, keyed by the subscription's signing secret, compared in constant time. The timestamp header
 * is not signed; the body's `timestamp` (which is signed) must equal it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const EVENT_HEADER = 'x-service-event';
export const SIGNATURE_HEADER = 'x-service-signature';
export const TIMESTAMP_HEADER = 'x-service-timestamp';

const SIGNATURE_PREFIX = 'sha256=';

const SIGNATURE_PATTERN = /^sha256=[0-9a-f]{64}$/;

/** `sha256=<lowercase hex HMAC-SHA256(secret, rawBody)>`. */
export function sign(secret: string, rawBody: Buffer | string): string {
	return SIGNATURE_PREFIX + createHmac('sha256', secret).update(rawBody).digest('hex');
}

type SignatureCheck =
	| { valid: true }
	| { valid: false; reason: 'missing' | 'malformed' | 'mismatch' };

const VALID: SignatureCheck = { valid: true };
const MISMATCH: SignatureCheck = { valid: false, reason: 'mismatch' };

/**
 * Checks a signature header against the raw body. The header must be exactly the spec's form
 * (lowercase hex); anything else is `malformed` rather than silently normalised.
 */
export function verifySignature(
	secret: string,
	rawBody: Buffer | string,
	header: string | string[] | undefined,
): SignatureCheck {
	const value = Array.isArray(header) ? header[0] : header;
	if (value === undefined || value === '') return { valid: false, reason: 'missing' };
	if (!SIGNATURE_PATTERN.test(value)) return { valid: false, reason: 'malformed' };
	// Both are 71 ASCII bytes here (the pattern admits exactly that), as timingSafeEqual requires.
	// A per-event fixed cost matters next to a 1 KB HMAC.
	const expected = Buffer.from(sign(secret, rawBody), 'latin1');
	const received = Buffer.from(value, 'latin1');
	return timingSafeEqual(expected, received) ? VALID : MISMATCH;
}

/** ISO 8601 UTC with milliseconds, the spec's form for `timestamp` and `X-Service-Timestamp`. */
export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
