/**
 * Base URL handling, shared by the credential test and the client. Users paste the
 * service address in many forms (`https://host`, `https://host/`, `https://host/v1/`); every form
 * ends up as `https://host/v1`, so route paths from src/routes.ts can simply be appended.
 */
export const DEFAULT_BASE_URL = 'https://api.launchcortex.ai/v1';

export const API_VERSION_SEGMENT = '/v1';

export function normalizeBaseUrl(raw: string | undefined): string {
	const trimmed = (raw ?? '').trim().replace(/\/+$/, '');
	if (trimmed === '') return DEFAULT_BASE_URL;
	return trimmed.endsWith(API_VERSION_SEGMENT) ? trimmed : `${trimmed}${API_VERSION_SEGMENT}`;
}
