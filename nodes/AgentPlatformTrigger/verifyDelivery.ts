/**
 * Everything the trigger checks on an incoming delivery, in order, as one pure function:
 * size, signature (src/signing.ts, constant-time), JSON, timestamp header = body timestamp, age
 * within the tolerance. It answers what to do; the node only acts on the answer.
 */
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, TIMESTAMP_PATTERN, verifySignature } from '../../src/signing';

/** Larger bodies are refused before any hashing (events are small; this bounds the work). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface DeliveryEvent {
	event: string;
	org_id: string;
	timestamp: string;
	data: Record<string, unknown>;
}

export type Verdict =
	| { ok: true; event: DeliveryEvent; signature: string }
	| { ok: false; status: 400 | 401; reason: string };

type Headers = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * `parsedBody` is the JSON n8n already parsed from these raw bytes (req.body); using it avoids
 * parsing a large body twice. The signature is always checked over the raw bytes.
 */
export function verifyDelivery(
	rawBody: Buffer | undefined,
	headers: Headers,
	secret: string,
	toleranceSeconds: number,
	now = Date.now(),
	parsedBody?: unknown,
): Verdict {
	if (!rawBody || rawBody.length === 0) return { ok: false, status: 400, reason: 'empty body' };
	if (rawBody.length > MAX_BODY_BYTES) return { ok: false, status: 400, reason: `body larger than ${MAX_BODY_BYTES} bytes` };

	const signature = first(headers[SIGNATURE_HEADER]);
	const check = verifySignature(secret, rawBody, signature);
	if (!check.valid) return { ok: false, status: 401, reason: `signature ${check.reason}` };

	let body: unknown = parsedBody;
	if (body === null || typeof body !== 'object' || typeof (body as { event?: unknown }).event !== 'string') {
		try {
			body = JSON.parse(rawBody.toString('utf8'));
		} catch {
			return { ok: false, status: 400, reason: 'body is not JSON' };
		}
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
