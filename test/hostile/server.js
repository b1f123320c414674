// A deliberately misbehaving HTTP server for tests of the package's trust boundary: each test
// scripts the answers (redirects, echoed secrets, endless pages, absurd rate-limit hints, bytes
// dripped one at a time, oversized bodies). It records every request it receives, headers included,
// so a test can prove what never reached it. Plain JS because the strict lint forbids node:http in
// .ts files.
'use strict';
const http = require('node:http');

/**
 * @param {(req: {method: string, url: string, headers: object, body: Buffer}, res: import('node:http').ServerResponse) => void | Promise<void>} handle
 */
function startHostile(handle) {
	const received = [];
	const sockets = new Set();
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', async () => {
			const request = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) };
			received.push(request);
			try {
				await handle(request, res);
			} catch {
				if (!res.headersSent) res.writeHead(500);
				res.end();
			}
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () => {
			const origin = `http://127.0.0.1:${server.address().port}`;
			resolve({
				origin,
				baseUrl: `${origin}/v1`,
				received,
				close: () =>
					new Promise((done) => {
						for (const socket of sockets) socket.destroy();
						server.close(() => done());
					}),
			});
		});
	});
}

module.exports = { startHostile };
