/**
 * The credential test (`GET /agents?limit=1`), which both nodes name in `testedBy`.
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
import { normalizeBaseUrl } from './baseUrl';
import { describeBody, errorEnvelope, listEnvelope, parseJson } from './envelope';
import { API_KEY_PREFIX_HINT, API_KEY_PREFIX_MESSAGE, codeForStatus, CREDENTIAL_TEST_HINTS, redact } from './errors';
import { bodyText, failureCode } from './transport';

/** Shorter than a node run's 30 s: someone is waiting in the credential dialog. */
const TEST_TIMEOUT_MS = 15_000;

/** What n8n's request helper returns with `resolveWithFullResponse` and `simple: false`. */
interface FullResponse {
	statusCode: number;
	headers?: Record<string, string | string[] | undefined>;
	body?: unknown;
}


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
	// `request` is the only HTTP helper n8n gives a credential test (ICredentialTestFunctions has
	// no httpRequest, and no authentication helper, hence the header built here from the same
	// Bearer scheme as the credential's `authenticate`). It goes through n8n's outbound HTTP stack
	// (proxy, SSRF policy) as httpRequest does.
	const outcome = await send(this.helpers, baseUrl, apiKey);
	const message = 'response' in outcome ? judge(outcome.response) : unreachable(outcome.failure, baseUrl);
	return { status: message === undefined ? 'OK' : 'Error', message: redact(message ?? 'Connection successful: the API key can list agents', apiKey) };
}

async function send(helpers: ICredentialTestFunctions['helpers'], baseUrl: string, apiKey: string): Promise<{ response: FullResponse } | { failure: unknown }> {
	const { method, path } = ROUTES['agent.getMany'];
	return await (helpers.request({
		method,
		uri: `${baseUrl}${path}`,
		qs: { limit: 1 },
		headers: { Authorization: `Bearer ${apiKey}`, accept: 'application/json' },
		// Raw text and every status as a response, so the envelope is parsed here, as in the client.
		json: false,
		simple: false,
		resolveWithFullResponse: true,
		timeout: TEST_TIMEOUT_MS,
	}) as Promise<FullResponse>).then(
		(response) => ({ response }),
		(failure: unknown) => ({ failure }),
	);
}

/** Undefined when the API listed agents; otherwise what to show. */
function judge(response: FullResponse): string | undefined {
	const status = response.statusCode;
	const text = bodyText(response.body);
	const parsed = parseJson(text);
	const contentType = header(response.headers, 'content-type');
	if (status >= 200 && status < 300) {
		if (parsed.ok && listEnvelope.safeParse(parsed.value).success) return undefined;
		const what = parsed.ok ? 'JSON that is not the API list envelope' : describeBody(text, contentType);
		return `The Base URL answered HTTP ${status} with ${what}, not the Agent Platform API's list of agents. ${CREDENTIAL_TEST_HINTS.not_found}`;
	}
	const envelope = parsed.ok ? errorEnvelope.safeParse(parsed.value) : undefined;
	if (envelope?.success) {
		const { code, message } = envelope.data.error;
		return `${message} [${code}, HTTP ${status}]. ${CREDENTIAL_TEST_HINTS[code] ?? CREDENTIAL_TEST_HINTS[codeForStatus(status)] ?? ''}`.trim();
	}
	const hint = CREDENTIAL_TEST_HINTS[codeForStatus(status)] ?? CREDENTIAL_TEST_HINTS.not_found;
	return `The Base URL answered HTTP ${status} with ${describeBody(text, contentType)} instead of the API's error message. ${hint}`;
}

function unreachable(failure: unknown, baseUrl: string): string {
	const reason = failureCode(failure) ?? (failure as Error | undefined)?.message ?? 'request failed';
	return `Could not reach the Agent Platform API at ${baseUrl}: ${reason}. Check the Base URL and the network.`;
}

function header(headers: FullResponse['headers'], name: string): string | undefined {
	const value = headers?.[name];
	return Array.isArray(value) ? value[0] : value;
}
