/**
 * A misbehaving proxy in front of the sandbox, on 127.0.0.1: each test scripts what it does to a
 * request (pass it on, carry it out and answer 500, drop the connection, answer HTML, rewrite a body,
 * echo the key), as a gateway, a load balancer or a broken deployment would.
 */
import { startHostile, type HostileRequest, type HostileServer } from '../hostile/server.js';

export interface ProxiedAnswer {
	status: number;
	headers: Record<string, string>;
	body: string;
}

/** What to answer: an answer, or `drop` to close the connection without one. */
export type Script = (req: HostileRequest, forward: () => Promise<ProxiedAnswer>) => Promise<ProxiedAnswer | 'drop'>;

const HOP_BY_HOP = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding']);

/** Sends `req` on to `origin` as it came, and reads the whole answer. */
async function forwardTo(origin: string, req: HostileRequest): Promise<ProxiedAnswer> {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && !HOP_BY_HOP.has(name) && name !== 'host') headers[name] = value;
	const response = await fetch(`${origin}${req.url}`, { method: req.method, headers, body: req.body.length > 0 ? req.body.toString('utf8') : undefined, redirect: 'manual' });
	const answerHeaders: Record<string, string> = {};
	response.headers.forEach((value, name) => {
		if (!HOP_BY_HOP.has(name)) answerHeaders[name] = value;
	});
	return { status: response.status, headers: answerHeaders, body: await response.text() };
}

export async function startProxy(targetBaseUrl: string, script: Script): Promise<HostileServer> {
	const origin = new URL(targetBaseUrl).origin;
	return await startHostile(async (req, res) => {
		const answer = await script(req, async () => await forwardTo(origin, req));
		if (answer === 'drop') return res.destroy();
		res.writeHead(answer.status, answer.headers).end(answer.body);
	});
}

/** Passes everything on. */
export const passOn: Script = async (_req, forward) => await forward();

/** Answers `html` with status 200 in place of anything the sandbox would. */
export const htmlPage =
	(html: string): Script =>
	async (req, forward) => {
		const real = await forward();
		return { status: 200, headers: { ...real.headers, 'content-type': 'text/html; charset=utf-8' }, body: html.replace('{url}', req.url) };
	};
