/**
 * Why a request got no answer at all, in words about the Base URL rather than a socket's error code:
 * which host was not found, which port refused, whether the scheme is wrong for the port, whether
 * n8n's SSRF protection refused the address (ssrf.ts), what to check next. Shared by the client's
 * errors and the credential test, so both say the same.
 */
import { isSsrfCode, ssrfWords } from './ssrf';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_NONAME', 'EAI_FAIL', 'EAI_AGAIN']);
const CERTIFICATE_CODES = /CERT|UNABLE_TO_VERIFY|SELF_SIGNED|ALTNAME/;
const NO_TLS_CODES = /^EPROTO$|^ERR_SSL_|^ERR_TLS_/;

/**
 * Why nothing came back, in words, and which part of the Base URL to check: the user's next step,
 * not the socket's error code (`code` is " (error code: X)", to append). Shared by the client and
 * the credential test, so both say the same.
 */
export function unreachable(code: string | undefined, message: string, baseUrl: string): { what: string; check: string; code: string } {
	const words = unreachableWords(code, message, baseUrl);
	// n8n's SSRF refusal has no error code of its own; the one used for it here is not shown.
	const omitCode = code === undefined || words.what === message || isSsrfCode(code);
	return { ...words, code: omitCode ? '' : ` (error code: ${code})` };
}

function unreachableWords(code: string | undefined, message: string, baseUrl: string): { what: string; check: string } {
	let url: URL | undefined;
	try {
		url = new URL(baseUrl);
	} catch {
		url = undefined;
	}
	const host = url?.hostname ?? baseUrl;
	const port = url ? url.port || (url.protocol === 'https:' ? '443' : '80') : '';
	// `message` holds the refused address (ssrf.ts).
	if (isSsrfCode(code)) return ssrfWords(code, message, host.replace(/^\[|\]$/g, ''));
	if (code !== undefined && DNS_CODES.has(code)) {
		return {
			what: code === 'EAI_AGAIN' ? `the host name "${host}" could not be looked up just now` : `the host "${host}" was not found`,
			check: `Check the Base URL's host name (${host}) in the credential: it may be mistyped, or the network n8n runs in cannot look it up (DNS).`,
		};
	}
	if (code !== undefined && CERTIFICATE_CODES.test(code)) {
		return { what: `the server's TLS certificate for "${host}" was not accepted`, check: `Check the Base URL's host name (${host}): it must be the name on the server's certificate, and the certificate must be valid and trusted by n8n.` };
	}
	if (code !== undefined && NO_TLS_CODES.test(code)) {
		return {
			what: `no secure (https) connection could be made to ${host}:${port}`,
			check: `Check the Base URL's scheme and port: the server at ${host}:${port} does not speak https there. A local server that speaks only http needs a Base URL starting with http://; otherwise the port may be wrong.`,
		};
	}
	if (code === 'ECONNREFUSED') return { what: `${host}:${port} refused the connection`, check: `Check the Base URL's host and port (${host}:${port}), and that the service is running there.` };
	if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return { what: `there is no network route to ${host}`, check: `Check the Base URL's host (${host}) and the network or firewall between n8n and it.` };
	if (code === 'ECONNRESET') return { what: 'the connection was closed before the answer was complete', check: 'The server or a proxy between it and n8n dropped the connection. Try again; if it keeps happening, check the Base URL and the network.' };
	return { what: message, check: 'Check the Base URL and the network.' };
}
