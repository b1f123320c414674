/**
 * n8n's SSRF guard (n8n 2.x, on with N8N_SSRF_PROTECTION_ENABLED=true; n8n 3 adds ranges to its
 * default blocklist) refuses a request before it is sent when the Base URL's host is a blocked
 * name or resolves to a blocked address (loopback, private, link-local, ...). It throws its own
 * errors (@n8n/backend-network's SsrfBlockedIpError and SsrfBlockedHostnameError), which n8n's
 * HTTP helper may wrap in a NodeApiError: recognised here by name, anywhere in the cause chain, so
 * the user reads that n8n's policy refused the address and which setting allows it, not a bare
 * network error. n8n 1.x has no guard; nothing here is reached there.
 */

/** Failure codes of the two refusals (ours: n8n's errors carry no code). */
export const SSRF_CODES = { ip: 'N8N_SSRF_BLOCKED_IP', hostname: 'N8N_SSRF_BLOCKED_HOSTNAME' } as const;

export type SsrfCode = (typeof SSRF_CODES)[keyof typeof SSRF_CODES];

export interface SsrfRefusal {
	code: SsrfCode;
	/** The refused IP address or host name, as n8n's error names it. */
	address: string;
}

interface GuardError {
	name?: unknown;
	ip?: unknown;
	hostname?: unknown;
	cause?: unknown;
}

/** n8n's refusal in `error` or its causes, or undefined when the failure is something else. */
export function ssrfRefusal(error: unknown): SsrfRefusal | undefined {
	const seen = new Set<unknown>();
	let current = error as GuardError | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		if (current.name === 'SsrfBlockedIpError' && typeof current.ip === 'string') return { code: SSRF_CODES.ip, address: current.ip };
		if (current.name === 'SsrfBlockedHostnameError' && typeof current.hostname === 'string') return { code: SSRF_CODES.hostname, address: current.hostname };
		current = current.cause as GuardError | undefined;
	}
	return undefined;
}

export const isSsrfCode = (code: string | undefined): code is SsrfCode => code === SSRF_CODES.ip || code === SSRF_CODES.hostname;

/** What happened and what to do, in the words the other network failures use (errors.ts, unreachable). */
export function ssrfWords(code: SsrfCode, address: string, host: string): { what: string; check: string } {
	const fix = 'or correct the Base URL if the API is not meant to be there.';
	if (code === SSRF_CODES.hostname) {
		return {
			what: `n8n's SSRF protection refused the host name "${address}"`,
			check: `The host is on n8n's blocked host names (N8N_SSRF_BLOCKED_HOSTNAMES). If the Agent Platform API is meant to be there, an n8n administrator can allow it with N8N_SSRF_ALLOWED_HOSTNAMES=${address} and a restart of n8n, ${fix}`,
		};
	}
	const range = address.includes(':') ? `${address}/128` : `${address}/32`;
	const where = address === host ? '' : ` (where the Base URL's host "${host}" leads)`;
	return {
		what: `n8n's SSRF protection refused the address ${address}${where}`,
		check:
			`n8n runs with N8N_SSRF_PROTECTION_ENABLED=true, which refuses loopback, private and link-local addresses. If the Agent Platform API is meant to be at ${host}, ` +
			`an n8n administrator can allow it with N8N_SSRF_ALLOWED_IP_RANGES=${range}` +
			(address === host ? '' : ` or N8N_SSRF_ALLOWED_HOSTNAMES=${host}`) +
			` and a restart of n8n, ${fix}`,
	};
}
