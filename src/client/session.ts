/**
 * What every request of one client needs from the credential, read once per client: the Base URL
 * (normalised and checked before anything is sent, baseUrl.ts), the API key (checked for its
 * prefix; kept only to redact it from server text) and the key's rate budget, which every client in
 * the process using the same key at the same URL shares (rateBudget.ts, `budgetFor`).
 */
import { ID_PREFIX } from '../vocabulary';
import { baseUrlProblem, normalizeBaseUrl } from './baseUrl';
import { invalidApiKeyError, invalidBaseUrlError } from './errors';
import { budgetFor, type RateBudget } from './rateBudget';
import { redact } from './redaction';
import { type ClientContext, CREDENTIAL_TYPE } from './transport';

export interface Session {
	baseUrl: string;
	apiKey: string;
	budget: RateBudget;
}

/** The session of `ctx`'s credential; fails, sending nothing, when the key or the Base URL cannot be right. */
export async function openSession(ctx: ClientContext): Promise<Session> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const apiKey = String(credentials.apiKey ?? '').trim();
	if (!apiKey.startsWith(ID_PREFIX.apiKey)) throw invalidApiKeyError(ctx.getNode());
	const baseUrl = normalizeBaseUrl(credentials.baseUrl as string | undefined);
	const problem = baseUrlProblem(baseUrl);
	if (problem) throw invalidBaseUrlError(ctx.getNode(), redact(problem, apiKey));
	return { baseUrl, apiKey, budget: budgetFor(baseUrl, apiKey) };
}
