/**
 * The one check that a path stays under the base URL. The API Request operation takes its path
 * from the user or from an AI model's tool call, and route paths carry IDs that may come from
 * anywhere, so every path the client sends passes here: the operation calls it while validating
 * items (before anything is sent) and the client again before each request.
 *
 * A URL parser resolves `.` and `..` segments, also percent-encoded (`%2e%2e`), and some servers
 * and proxies decode `%2f` and treat `\` as `/`; any of them could move a request, key attached, to
 * another path of the API's host. Servers also find `..` where a parser does not: Tomcat, Jetty
 * and Spring drop a `;parameter` (`..;`, `..;jsessionid=x`, `..%3b`), others cut at an encoded NUL
 * (`..%00`), trim spaces (`..%20`) or fold Unicode (fullwidth `．．`, the one-dot leader `․`). So a
 * segment is refused when any of those readings leaves only dots, and a segment carrying an encoded
 * control character is refused outright; nothing is normalised and sent.
 */

const hasControl = (text: string) => Array.from(text).some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127);

/**
 * What route segments and IDs are made of. Nothing in such a segment can be read as dots or a
 * separator, so it skips the decoding and Unicode folding below, which every request would
 * otherwise pay for each segment.
 */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]+$/;

/** Why `path` cannot be sent under the base URL, or undefined when it can. */
export function apiPathProblem(path: string): string | undefined {
	if (!path.startsWith('/')) return 'must start with "/" (a path under the base URL, such as /agents); full URLs are refused';
	if (path.includes('\\')) return 'must not contain a backslash';
	if (/[\s?#]/.test(path) || hasControl(path)) {
		return 'must not contain spaces, control characters, "?" or "#" (put query parameters in their own field)';
	}
	const segments = path.split('/').slice(1);
	for (const [index, segment] of segments.entries()) {
		if (segment === '' && index < segments.length - 1) return 'must not contain empty segments ("//")';
		if (PLAIN_SEGMENT.test(segment)) continue;
		const decoded = decodeFully(segment);
		if (decoded === undefined) return `has a malformed percent-encoding in "${segment}"`;
		if (hasControl(decoded)) return 'must not contain encoded control characters (such as %00)';
		if (onlyDots(decoded)) return 'must not contain "." or ".." segments (plain, percent-encoded, or as servers read them: "..;", "..%20", fullwidth dots)';
		if (/[/\\]/.test(decoded.normalize('NFKC'))) return 'must not contain an encoded "/" or "\\" (%2F, %5C, or their fullwidth forms)';
	}
	return undefined;
}

/**
 * Whether a server could read the segment as `.` or `..` (or more dots, which IDs never are): after
 * dropping a `;parameter`, trimming spaces and folding Unicode compatibility forms to ASCII.
 */
function onlyDots(segment: string): boolean {
	const readings = [segment, segment.split(';')[0]].map((text) => text.normalize('NFKC').trim());
	return readings.some((text) => /^\.+$/.test(text));
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
