// The package's client outside n8n: a ClientContext (src/client/transport.ts) whose
// `httpRequestWithAuthentication` sends with undici, as n8n's helper does for the nodes. It applies
// the credential (Bearer key) itself, follows no redirect (a 3xx comes back as the answer it is, as
// the client asks with `disableFollowRedirect`), obeys the attempt's abort signal (the client's
// deadline) and stops reading a body past the client's bound. Everything else -- pacing by the
// rate-limit headers, retries, redirect and error handling -- is the client's own code.
//
// Every answer is kept in `exchanges` (method, path, status, headers, text) for the checks to read
// the headers the client does not hand on. The request's headers are never kept: they hold the key.
'use strict';
const { request } = require('undici');

/** One byte past the client's MAX_RESPONSE_BYTES: enough for the client to refuse the body as too large. */
const BODY_BOUND = 32 * 1024 * 1024 + 1;

/** The URL with n8n's `qs` appended (undefined values left out, as n8n's helper does). */
function urlWithQuery(url, qs) {
	const target = new URL(url);
	for (const [name, value] of Object.entries(qs ?? {})) {
		if (value !== undefined && value !== null) target.searchParams.append(name, String(value));
	}
	return target;
}

async function boundedText(body) {
	const chunks = [];
	let size = 0;
	for await (const chunk of body) {
		chunks.push(chunk);
		size += chunk.length;
		if (size >= BODY_BOUND) {
			body.destroy();
			break;
		}
	}
	return Buffer.concat(chunks).toString('utf8');
}

/**
 * A context for `new AgentPlatformClient(context)`, with the credential `{ baseUrl, apiKey }`.
 * `onWait` hears the client's notice of each long wait. `exchanges` grows by one entry per attempt that got an answer; `sent` counts every attempt, and
 * none is sent once `sent` reaches `cap` (a 429's repeat inside the client included): it fails, unsent,
 * and `refused` counts it.
 */
function createUndiciContext(credentials, onWait = () => {}) {
	const exchanges = [];
	const counter = { sent: 0, cap: Number.POSITIVE_INFINITY, refused: 0 };
	const node = { id: 'check-service', name: 'Check service', type: 'checkService', typeVersion: 1, position: [0, 0], parameters: {} };
	const quiet = () => {};
	async function httpRequestWithAuthentication(_type, options) {
		const url = urlWithQuery(options.url, options.qs);
		const headers = { ...options.headers, authorization: `Bearer ${credentials.apiKey}` };
		if (counter.sent >= counter.cap) {
			counter.refused += 1;
			throw Object.assign(new Error(`the run's budget of ${counter.cap} requests is spent`), { code: 'ECHECKBUDGET' });
		}
		counter.sent += 1;
		const response = await request(url, { method: options.method ?? 'GET', headers, body: options.body, signal: options.abortSignal });
		const text = await boundedText(response.body);
		exchanges.push({ method: options.method ?? 'GET', path: url.pathname + url.search, status: response.statusCode, headers: response.headers, text, at: Date.now() });
		return { statusCode: response.statusCode, headers: response.headers, body: text };
	}
	const context = {
		getCredentials: async () => ({ ...credentials }),
		getNode: () => node,
		getWorkflow: () => ({ id: 'check-service', name: 'check:service', active: false }),
		// The client logs each wait it makes (a rate-limit wait, a 429's repeat) at info: the command prints it.
		logger: { debug: quiet, info: (message) => onWait(message), warn: (message) => onWait(message), error: quiet },
		helpers: { httpRequestWithAuthentication },
	};
	return { context, exchanges, counter };
}

module.exports = { createUndiciContext };
