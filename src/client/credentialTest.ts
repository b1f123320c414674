/**
 * The credential test (`GET /agents?limit=1`), which every node names in `testedBy`.
 *
 * It is a function, not a declarative `test` on the credential, because n8n's declarative test
 * never reads the response body: it can show only the status text or one fixed text per status.
 * The API's own message ("Invalid API key: it is unknown or has been revoked") is what tells a
 * user what to fix, so this reads the error envelope with the client's parsers and adds the
 * client's hint. n8n uses a credential's own `test` before any `testedBy`, so the credential
 * must not have one.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { ROUTES } from '../routes';
import { ID_PREFIX } from '../vocabulary';
import { baseUrlProblem, normalizeBaseUrl } from './baseUrl';
import { describeBody, errorEnvelope, parseJson, parseListEnvelope } from './envelope';
import {
	API_KEY_PREFIX_HINT,
	API_KEY_PREFIX_MESSAGE,
	BASE_URL_HINT,
	codeForStatus,
	CREDENTIAL_TEST_HINTS,
	describeLocation,
	redact,
	serverText,
	trustedCode,
	unreachable as unreachableReason,
} from './errors';
import { abortableSleep } from './abortableSleep';
import { ssrfRefusal } from './ssrf';
import { failureCode, type FullResponse, header, responseText } from './transport';

/** Shorter than a node run's 30 s: someone is waiting in the credential dialog. */
const TEST_TIMEOUT_MS = 15_000;


export async function testAgentPlatformCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted<ICredentialDataDecryptedObject>,
): Promise<INodeCredentialTestResult> {
	const data: IDataObject = credential.data ?? {};
	const apiKey = String(data.apiKey ?? '').trim();
	// Checked before sending: a key without the prefix can only fail, and it is not sent anywhere.
	if (!apiKey.startsWith(ID_PREFIX.apiKey)) {
		return { status: 'Error', message: `${API_KEY_PREFIX_MESSAGE}. ${API_KEY_PREFIX_HINT}` };
	}
	const baseUrl = normalizeBaseUrl(data.baseUrl as string | undefined);
	const problem = baseUrlProblem(baseUrl);
	if (problem) return { status: 'Error', message: redact(`The Base URL ${problem}. ${BASE_URL_HINT}`, apiKey) };
	// `request` is the only HTTP helper n8n gives a credential test (ICredentialTestFunctions has
	// no httpRequest, and no authentication helper, hence the header built here from the same
	// Bearer scheme as the credential's `authenticate`). It goes through n8n's outbound HTTP stack
	// (proxy, SSRF policy) as httpRequest does.
	const outcome = await send(this.helpers, baseUrl, apiKey);
	const message = 'response' in outcome ? judge(outcome.response, apiKey) : unreachable(outcome.failure, baseUrl);
	if (message === undefined) return { status: 'OK', message: 'Connection successful: the API key can list agents' };
	return { status: 'Error', message: redact(`${message} ${calledUrl(data.baseUrl, baseUrl)}`, apiKey) };
}

/**
 * The address the test called, and whether /v1 was added to the Base URL as entered, so a user
 * sees what was tried, not only what the Base URL should be.
 */
function calledUrl(entered: unknown, baseUrl: string): string {
	const { method, path } = ROUTES['agent.getMany'];
	const typed = String(entered ?? '').trim().replace(/\/+$/, '');
	const added = typed === '' ? ' (the default Base URL)' : typed === baseUrl ? '' : ' (/v1 was added to the Base URL as entered)';
	return `Called: ${method} ${baseUrl}${path}?limit=1${added}.`;
}

async function send(helpers: ICredentialTestFunctions['helpers'], baseUrl: string, apiKey: string): Promise<{ response: FullResponse } | { failure: unknown }> {
	const { method, path } = ROUTES['agent.getMany'];
	const request = helpers.request({
		method,
		uri: `${baseUrl}${path}`,
		qs: { limit: 1 },
		headers: { Authorization: `Bearer ${apiKey}`, accept: 'application/json' },
		// Raw text and every status as a response, so the envelope is parsed here, as in the client.
		json: false,
		useStream: true,
		simple: false,
		resolveWithFullResponse: true,
		timeout: TEST_TIMEOUT_MS,
		// Never follow a redirect: n8n would send the Authorization header along, to any origin.
		followRedirect: false,
		followAllRedirects: false,
		maxRedirects: 0,
		sendCredentialsOnCrossOriginRedirect: false,
	}) as Promise<FullResponse>;
	// `timeout` only limits silence between bytes; this bounds the whole test, body included (read
	// here with the client's size bound). The request helper takes no abort signal, so a server that
	// never sends its headers is left to that idle timeout.
	const done = new AbortController();
	const deadline = abortableSleep(TEST_TIMEOUT_MS, done.signal).then((expired) => ({ failure: { code: expired ? 'ETIMEDOUT' : 'ERR_CANCELED' } }));
	const answer = request.then(
		async (response) => ({ response: { ...response, body: await responseText(response.body, done.signal) } }),
		(failure: unknown) => ({ failure }),
	);
	const outcome = await Promise.race([answer.catch((failure: unknown) => ({ failure })), deadline]);
	done.abort();
	return outcome;
}

/** Undefined when the API listed agents; otherwise what to show. */
function judge(response: FullResponse, apiKey: string): string | undefined {
	const status = response.statusCode;
	if (status >= 300 && status < 400) {
		const location = header(response.headers, 'location');
		const where = location === undefined ? 'without saying where' : `to ${describeLocation(location, apiKey)}`;
		return `The Base URL answered with a redirect (HTTP ${status}) ${where}. Redirects are not followed, so the API key is only ever sent to the Base URL's own origin. ${BASE_URL_HINT}`;
	}
	const text = response.body as string | undefined;
	if (text === undefined) return `The Base URL answered HTTP ${status} with a body larger than any API response. ${CREDENTIAL_TEST_HINTS.not_found}`;
	const parsed = parseJson(text);
	const contentType = header(response.headers, 'content-type');
	if (status >= 200 && status < 300) {
		if (parsed.ok && parseListEnvelope(parsed.value)) return undefined;
		const what = parsed.ok ? 'JSON that is not the API list envelope' : describeBody(text, contentType);
		return `The Base URL answered HTTP ${status} with ${what}, not the Agent Platform API's list of agents. ${CREDENTIAL_TEST_HINTS.not_found}`;
	}
	const envelope = parsed.ok ? errorEnvelope.safeParse(parsed.value) : undefined;
	if (envelope?.success) {
		const { code, note } = trustedCode(envelope.data.error.code, status);
		const message = serverText(envelope.data.error.message, apiKey);
		return `${message} [${code}, HTTP ${status}]. ${CREDENTIAL_TEST_HINTS[code] ?? CREDENTIAL_TEST_HINTS[codeForStatus(status)] ?? ''} ${note ?? ''}`.trim();
	}
	const hint = CREDENTIAL_TEST_HINTS[codeForStatus(status)] ?? CREDENTIAL_TEST_HINTS.not_found;
	return `The Base URL answered HTTP ${status} with ${describeBody(text, contentType)}, where the API sends a JSON error message. ${hint}`;
}

function unreachable(failure: unknown, baseUrl: string): string {
	const refusal = ssrfRefusal(failure);
	const code = refusal?.code ?? failureCode(failure);
	const reason = unreachableReason(code, refusal?.address ?? code ?? (failure as Error | undefined)?.message ?? 'request failed', baseUrl);
	return `Could not reach the Agent Platform API at ${baseUrl}: ${reason.what}${reason.code}. ${reason.check}`;
}
