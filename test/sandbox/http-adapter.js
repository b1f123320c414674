// The sandbox's only contact with sockets. Plain JS because the strict lint forbids `node:http` in
// .ts files; every decision (status, body, which fault) is made by the TypeScript core, which this
// file only acts out: write the response, drop the connection, or write the body slowly.
'use strict';
const http = require('node:http');

/** @param {(req: {method:string,url:string,headers:object,body:Buffer}) => Promise<{status:number,headers:object,body:string,transport?:{kind:string,chunks?:number,delayMs?:number}}>} handle */
function listen(handle, port = 0, host = '127.0.0.1') {
	const sockets = new Set();
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', async () => {
			let response;
			try {
				response = await handle({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
			} catch (error) {
				res.writeHead(500, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ error: { code: 'internal_error', message: 'Unexpected error', status: 500 } }));
				return;
			}
			const transport = response.transport;
			if (transport && transport.kind === 'reset') {
				req.socket.destroy();
				return;
			}
			const body = Buffer.from(response.body, 'utf8');
			res.writeHead(response.status, { ...response.headers, 'content-length': String(body.length) });
			if (!transport || transport.kind !== 'slow' || body.length === 0) {
				res.end(body);
				return;
			}
			const size = Math.ceil(body.length / transport.chunks);
			for (let offset = 0; offset < body.length; offset += size) {
				if (res.destroyed) return;
				res.write(body.subarray(offset, offset + size));
				await new Promise((resolve) => setTimeout(resolve, transport.delayMs));
			}
			res.end();
		});
	});
	server.keepAliveTimeout = 10_000;
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			resolve({
				port: server.address().port,
				close: () =>
					new Promise((done) => {
						for (const socket of sockets) socket.destroy();
						server.close(() => done());
					}),
			});
		});
	});
}

module.exports = { listen };
