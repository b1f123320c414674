/**
 * What a secret is called and what it looks like, for the parts of the package that must not keep
 * one: the action node remembers signing secrets it hands out (recentSecrets.ts), and the memory
 * leaves them out of what it stores.
 */
import { WEBHOOK_SECRET_FIELD } from '../../src/vocabulary';

/** Field names that hold a secret. */
const SECRET_NAME = /secret|passw|token|api_?key|authori[sz]ation|credential|private_?key|signature|cookie/i;

/** What a secret value looks like: one token, long enough not to be a common word. */
export const SECRET_VALUE = /^\S{8,}$/;

export const isSecretName = (key: string) => key === WEBHOOK_SECRET_FIELD || SECRET_NAME.test(key);

/** How deep into a response, and how many values, `secretValuesIn` looks (a response is untrusted). */
const MAX_DEPTH = 8;
const MAX_VALUES = 10_000;

/**
 * The string values of secret-named fields anywhere in `value` (objects and arrays, bounded), such
 * as the signing secret in an API Request's answer to `POST /webhooks`.
 */
export function secretValuesIn(value: unknown): string[] {
	const found: string[] = [];
	let visited = 0;
	const walk = (item: unknown, secret: boolean, depth: number): void => {
		visited += 1;
		if (visited > MAX_VALUES || depth > MAX_DEPTH) return;
		if (typeof item === 'string' && secret && SECRET_VALUE.test(item)) found.push(item);
		else if (Array.isArray(item)) for (const entry of item) walk(entry, secret, depth + 1);
		else if (item !== null && typeof item === 'object') for (const [key, entry] of Object.entries(item)) walk(entry, secret || isSecretName(key), depth + 1);
	};
	walk(value, false, 0);
	return found;
}
