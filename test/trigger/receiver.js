// A small HTTP endpoint standing in for n8n's webhook server in trigger tests: it reads the raw
// body and hands the request, shaped as n8n's express layer shapes it (headers, rawBody, body),
// and an express-like response to a handler. Plain JS because the strict lint forbids node:http
// in .ts files.
'use strict';
const http = require('node:http');

function responseAdapter(res) {
	const onFinish = [];
	const adapter = {
		statusCode: 200,
		headers: {},
		ended: false,
		/** Like express: 'finish' runs once the answer has been handed to the connection. */
		once(event, listener) {
			if (event === 'finish') onFinish.push(listener);
			return adapter;
		},
		setHeader(name, value) {
			adapter.headers[name.toLowerCase()] = value;
			return adapter;
		},
		status(code) {
			adapter.statusCode = code;
			return adapter;
		},
		json(body) {
			return adapter.send(JSON.stringify(body), 'application/json');
		},
		send(text, type = 'text/plain') {
			if (adapter.ended) return adapter;
			adapter.ended = true;
			res.writeHead(adapter.statusCode, { ...adapter.headers, 'content-type': type });
			res.end(text);
			for (const listener of onFinish.splice(0)) listener();
			return adapter;
		},
		end() {
			return adapter.send('');
		},
	};
	return adapter;
}

/**
 * The body as n8n's webhook layer parses it: the parser is chosen by the (unsigned) Content-Type
 * header, JSON or form-urlencoded; rawBody keeps the bytes as received either way.
 */
function parseLikeN8n(rawBody, contentType = '') {
	const text = rawBody.toString('utf8');
	if (/application\/x-www-form-urlencoded/i.test(contentType)) return Object.fromEntries(new URLSearchParams(text));
	try {
		return JSON.parse(text);
	} catch {
		return {};
	}
}

/** @param {(req: object, res: object) => Promise<void>} handle */
function startReceiver(handle) {
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', async () => {
			const rawBody = Buffer.concat(chunks);
			const body = parseLikeN8n(rawBody, req.headers['content-type']);
			const adapter = responseAdapter(res);
			try {
				await handle({ method: req.method, url: req.url, headers: req.headers, rawBody, body }, adapter);
				if (!adapter.ended) adapter.status(200).json({ message: 'Workflow was started' });
			} catch (error) {
				if (!adapter.ended) adapter.status(500).json({ error: String(error && error.message) });
			}
		});
	});
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () => {
			resolve({
				url: `http://127.0.0.1:${server.address().port}/webhook/agent-platform`,
				close: () => new Promise((done) => server.close(() => done())),
			});
		});
	});
}

module.exports = { startReceiver, responseAdapter, parseLikeN8n };
