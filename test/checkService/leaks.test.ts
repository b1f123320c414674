/**
 * check:service and a server that quotes the key back: whole, in part, in capitals, URL-encoded or as
 * HTML entities, cut to a width, after long prefixes, in JSON errors, in HTML pages, in a header and in
 * field names. No run of 8 or more characters of the key's secret part may reach stdout, stderr, the
 * --json file, a row or a thrown error.
 */
import { checkService } from '../../tooling/checkService/run';
import { startHostile, type HostileRequest, type HostileResponse } from '../hostile/server.js';
import { runCli } from './runCli.js';

const SAMPLE = 'ctx_Q7f3kZ9pL2mX8vR4tY6wB1nC5hJ0sD3g';
const SECRET = SAMPLE.slice('ctx_'.length);

/** The text as a reader would decode it: escapes read, case folded. */
const decoded = (text: string) =>
	text
		.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
		.replace(/\\u([0-9a-f]{4})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
		.replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
		.replace(/&#([0-9]+);?/g, (_m, dec: string) => String.fromCharCode(parseInt(dec, 10)))
		.toLowerCase();

/** Every run of 8 characters of the secret part that `text` holds. */
function leaked(text: string): string[] {
	const plain = decoded(text);
	const runs: string[] = [];
	for (let i = 0; i + 8 <= SECRET.length; i++) if (plain.includes(SECRET.slice(i, i + 8).toLowerCase())) runs.push(SECRET.slice(i, i + 8));
	return runs;
}

const RATE = { 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '599', 'x-ratelimit-reset': '30' };
const percentEncoded = (text: string) => Array.from(text, (ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
const entities = (text: string) => Array.from(text, (ch) => `&#${ch.charCodeAt(0)};`).join('');

/** Each request gets the next way of quoting the header it was sent with. */
function echoing(status: number) {
	let n = 0;
	return (req: HostileRequest, res: HostileResponse) => {
		const auth = String(req.headers.authorization);
		const prefix = 'x'.repeat(20 + ((n * 7) % 60));
		const ways = [
			() => res.writeHead(status, { ...RATE, 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'not_found', message: `${prefix} header ${auth}`, status } })),
			() => res.writeHead(status, { ...RATE, 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'not_found', message: `${prefix} ${auth.toUpperCase().slice(0, 28)}` } })),
			() => res.writeHead(status, { ...RATE, 'content-type': 'text/html' }).end(`<html><body>${prefix}<pre>Authorization: ${auth}</pre></body></html>`),
			() => res.writeHead(status, { ...RATE, 'content-type': 'text/html' }).end(`<p>${prefix} ${percentEncoded(auth)}</p>`),
			() => res.writeHead(status, { ...RATE, 'content-type': 'text/html' }).end(`<p>${prefix} ${entities(auth.slice(7, 30))}</p>`),
			() => res.writeHead(status, { ...RATE, 'content-type': `text/plain; token=${auth.slice(7)}` }).end('nope'),
			() => res.writeHead(status, { ...RATE, 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: auth.slice(7, 19), message: `\\u0063${JSON.stringify(auth).slice(1, -1)}` } })),
			// A list whose items carry the key as a field name and a value.
			() =>
				res
					.writeHead(200, { ...RATE, 'content-type': 'application/json' })
					.end(JSON.stringify({ data: [{ id: `dep_${auth.slice(11, 25)}`, [auth.slice(7)]: 1, created_at: new Date().toISOString() }], pagination: { offset: 0, limit: 50, total: 1 } })),
		];
		ways[n++ % ways.length]();
	};
}

describe('check:service never shows a run of the key', () => {
	test('in-process: the report holds none, whatever the server quoted, and says where it removed one', async () => {
		const server = await startHostile(echoing(404));
		try {
			const report = await checkService({ baseUrl: server.baseUrl, apiKey: SAMPLE });
			expect(server.received.length).toBeGreaterThanOrEqual(8);
			expect(leaked(JSON.stringify(report))).toEqual([]);
			expect(JSON.stringify(report)).toContain('[redacted]');
		} finally {
			await server.close();
		}
	});

	test('in-process: a refused key thrown as an error holds none, in its message or its stack', async () => {
		for (const status of [401, 502]) {
			const server = await startHostile(echoing(status));
			try {
				const error = (await checkService({ baseUrl: server.baseUrl, apiKey: SAMPLE }).then(
					(report) => new Error(JSON.stringify(report)),
					(thrown: Error) => thrown,
				)) as Error;
				expect(leaked(`${error.message}\n${error.stack}`)).toEqual([]);
			} finally {
				await server.close();
			}
		}
	});

	test('the command: stdout, stderr and the --json file hold none', async () => {
		for (const status of [404, 401]) {
			const server = await startHostile(echoing(status));
			try {
				const run = await runCli(['--base-url', server.baseUrl, '--key', SAMPLE]);
				expect(server.received.length).toBeGreaterThan(0);
				expect(run.code).toBe(status === 401 ? 2 : 1);
				expect(leaked(run.stdout)).toEqual([]);
				expect(leaked(run.stderr)).toEqual([]);
				expect(leaked(run.json)).toEqual([]);
			} finally {
				await server.close();
			}
		}
	}, 60_000);
});
