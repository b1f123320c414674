/**
 * Everything the trigger checks on an incoming delivery, in order, as one pure function:
 * size, signature (src/signing.ts, constant-time), JSON, timestamp header = body timestamp, age
 * within the tolerance. It answers what to do; the node only acts on the answer.
 *
 * The event is parsed from exactly the raw bytes the signature covers, never from the body n8n
 * parsed: n8n picks its parser from the Content-Type header, which is not signed, so the same signed
 * bytes sent as a form would read as different fields.
 */
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, TIMESTAMP_PATTERN, verifySignature } from '../../src/signing';

/** Larger bodies are refused before any hashing (events are small; this bounds the work). */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

export const DEFAULT_TOLERANCE_SECONDS = 300;

interface DeliveryEvent {
	event: string;
	org_id: string;
	timestamp: string;
	data: Record<string, unknown>;
}

type Verdict =
	| { ok: true; event: DeliveryEvent; signature: string }
	| { ok: false; status: 400 | 401; reason: string };

type Headers = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function verifyDelivery(rawBody: unknown, headers: Headers, secret: string, toleranceSeconds: number, now = Date.now()): Verdict {
	if (!Buffer.isBuffer(rawBody)) return { ok: false, status: 400, reason: 'no raw body to verify (send the event as application/json)' };
	if (rawBody.length === 0) return { ok: false, status: 400, reason: 'empty body' };
	if (rawBody.length > MAX_BODY_BYTES) return { ok: false, status: 400, reason: `body larger than ${MAX_BODY_BYTES} bytes` };

	const signature = first(headers[SIGNATURE_HEADER]);
	const check = verifySignature(secret, rawBody, signature);
	if (!check.valid) return { ok: false, status: 401, reason: `signature ${check.reason}` };

	let body: unknown;
	try {
		body = JSON.parse(rawBody.toString('utf8'));
	} catch {
		return { ok: false, status: 400, reason: 'body is not JSON' };
	}
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ok: false, status: 400, reason: 'body is not a JSON object' };
	const event = body as Partial<DeliveryEvent>;
	if (typeof event.event !== 'string' || typeof event.timestamp !== 'string') {
		return { ok: false, status: 400, reason: 'body lacks event or timestamp' };
	}

	// The timestamp header is not signed; the body's is. They must agree, and be recent.
	const headerTimestamp = first(headers[TIMESTAMP_HEADER]);
	if (!headerTimestamp || !TIMESTAMP_PATTERN.test(headerTimestamp)) return { ok: false, status: 401, reason: 'timestamp header missing or malformed' };
	if (headerTimestamp !== event.timestamp) return { ok: false, status: 401, reason: 'timestamp header differs from the signed body' };
	const age = Math.abs(now - Date.parse(event.timestamp));
	if (!(age <= toleranceSeconds * 1000)) return { ok: false, status: 401, reason: 'timestamp outside the tolerance window (replayed or delayed)' };

	return { ok: true, event: { data: {}, org_id: '', ...event } as DeliveryEvent, signature: signature as string };
}
