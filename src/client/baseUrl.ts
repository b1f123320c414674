/**
 * Base URL handling, shared by the credential test and the client. Users paste the
 * service address in many forms (`https://host`, `https://host/`, `https://host/v1/`); every form
 * ends up as `https://host/v1`, so route paths from src/routes.ts can simply be appended.
 */
export const DEFAULT_BASE_URL = 'https://api.launchcortex.ai/v1';

const API_VERSION_SEGMENT = '/v1';

export function normalizeBaseUrl(raw: string | undefined): string {
	const trimmed = (raw ?? '').trim().replace(/\/+$/, '');
	if (trimmed === '') return DEFAULT_BASE_URL;
	return trimmed.endsWith(API_VERSION_SEGMENT) ? trimmed : `${trimmed}${API_VERSION_SEGMENT}`;
}

/**
 * Why a (normalized) base URL cannot be used, or undefined. Checked before anything is sent, so a
 * typo is reported as such instead of as a network failure that "may have been carried out".
 */
export function baseUrlProblem(baseUrl: string): string | undefined {
	// "127.0.0.1:4010/v1" or "localhost:4010": no scheme, which URL reads as no URL, or as a scheme "localhost:".
	if (!/^[a-z][a-z\d+.-]*:\/\//i.test(baseUrl)) return `must start with https:// (or http:// for a local server): "${baseUrl.slice(0, 200)}" has neither`;
	let url: URL;
	try {
		url = new URL(baseUrl);
	} catch {
		return `is not a URL: "${baseUrl.slice(0, 200)}"`;
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return `must start with https:// (or http:// for a local server), got "${url.protocol}"`;
	if (url.username !== '' || url.password !== '') return 'must not contain a user name or password: the API key is the only credential';
	if (url.search !== '' || url.hash !== '') return 'must not contain a query string (?) or fragment (#)';
	return undefined;
}
