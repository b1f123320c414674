/**
 * The one check that a path stays under the base URL. The API Request operation takes its path
 * from the user or from an AI model's tool call, and route paths carry IDs that may come from
 * anywhere, so every path the client sends passes here: the operation calls it while validating
 * items (before anything is sent) and the client again before each request.
 *
 * A URL parser resolves `.` and `..` segments, also percent-encoded (`%2e%2e`), and some servers
 * and proxies decode `%2f` and treat `\` as `/`; any of them could move a request, key attached, to
 * another path of the API's host. So those are refused outright, not normalised.
 */

/** Why `path` cannot be sent under the base URL, or undefined when it can. */
export function apiPathProblem(path: string): string | undefined {
	if (!path.startsWith('/')) return 'must start with "/" (a path under the base URL, such as /agents); full URLs are refused';
	if (path.includes('\\')) return 'must not contain a backslash';
	if (/[\s?#]/.test(path) || Array.from(path).some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) {
		return 'must not contain spaces, control characters, "?" or "#" (put query parameters in their own field)';
	}
	const segments = path.split('/').slice(1);
	for (const [index, segment] of segments.entries()) {
		if (segment === '' && index < segments.length - 1) return 'must not contain empty segments ("//")';
		const decoded = decodeFully(segment);
		if (decoded === undefined) return `has a malformed percent-encoding in "${segment}"`;
		if (decoded === '.' || decoded === '..') return 'must not contain "." or ".." segments (plain or percent-encoded)';
		if (decoded.includes('/') || decoded.includes('\\')) return 'must not contain an encoded "/" or "\\" (%2F, %5C)';
	}
	return undefined;
}

/** Percent-decoding repeated until nothing changes (double encoding included); undefined if malformed. */
function decodeFully(segment: string): string | undefined {
	let current = segment;
	for (let round = 0; round < 4; round++) {
		let next: string;
		try {
			next = decodeURIComponent(current);
		} catch {
			return undefined;
		}
		if (next === current) return current;
		current = next;
	}
	return current.includes('%') ? undefined : current;
}

/** A checked path relative to a base URL that already ends in /v1 (a leading /v1 is accepted and dropped). */
export function underBaseUrl(path: string): string {
	return path.replace(/^\/v1(?=\/)/, '');
}
