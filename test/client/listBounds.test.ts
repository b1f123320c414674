/**
 * A list read whole has a bound on what it holds, not only on the requests it makes: a server that
 * sends thousands of new items (or huge ones) per page while announcing a huge `total` stops the
 * scan with an error naming the cap and the fix, instead of growing n8n's heap until the page cap.
 * A `total` that is not a count is refused on the first page.
 */
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { MAX_LIST_BYTES, MAX_LIST_ITEMS } from '../../src/client/listHold';
import { executeNode } from '../harness/n8n-core';
import { serving } from './helpers';
import type { HostileRequest, HostileResponse, HostileServer } from '../hostile/server.js';

/** A fake key, assembled so no literal looks like a credential. */
const KEY = ['ctx', 'bounds', 'probe', '2718'].join('_');


/** Every page: `perPage` items never seen before (ids from the offset asked), of `bytes` each, and a huge total. */
const flood = (perPage: number, bytes: number, total: number) => (req: HostileRequest, res: HostileResponse) => {
	const offset = Number(new URL(req.url, 'http://x').searchParams.get('offset') ?? 0);
	const filler = 'x'.repeat(bytes);
	const data = Array.from({ length: perPage }, (_, i) => ({ id: `item_${offset}_${i}`, filler }));
	res.writeHead(200, { 'content-type': 'application/json' });
	res.end(JSON.stringify({ data, pagination: { offset, limit: 1000, total } }));
};

const paginated = (server: HostileServer) =>
	executeNode({
		nodeType: new AgentPlatform(),
		parameters: { resource: 'apiRequest', operation: 'request', method: 'GET', path: '/things', query: '{}', paginate: true, returnAll: true },
		credentials: { apiKey: KEY, baseUrl: server.baseUrl },
	});

describe('API Request (Paginated) holds a bounded list', () => {
	test(`5,000 new items a page under a huge total: stopped at ${MAX_LIST_ITEMS} items, naming the cap and the fix`, async () => {
		await serving(flood(5_000, 0, 1e12), async (server) => {
			const result = await paginated(server);
			expect(result.error?.message).toBe('The list is too large to return at once: more than 250,000 items');
			expect(result.error?.description).toMatch(/holds at most 250,000 items or 128 MB.*Turn off Return All and set Limit, or narrow the list with filters \(with API Request, query parameters\)/);
			expect(server.received.length).toBeLessThanOrEqual(MAX_LIST_ITEMS / 5_000 + 8 + 1);
		});
	}, 60_000);

	test(`pages of huge items: stopped after ${MAX_LIST_BYTES / 1024 / 1024} MB of responses`, async () => {
		await serving(flood(4, 4 * 1024 * 1024, 1e12), async (server) => {
			const result = await paginated(server);
			expect(result.error?.message).toBe('The list is too large to return at once: more than 128 MB of responses');
			// 16 MB a page: the cap is passed on the 9th page, with a few more in flight.
			expect(server.received.length).toBeLessThanOrEqual(9 + 8);
		});
	}, 60_000);

	test('a total that is not a safe integer is refused on the first page', async () => {
		await serving(
			(_req, res) => {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(`{"data":[{"id":"a"}],"pagination":{"offset":0,"limit":1000,"total":1e300}}`);
			},
			async (server) => {
				const result = await paginated(server);
				expect(result.error?.message).toBe("The Agent Platform API's list could not be read to the end: the server announced a total of 1e+300 items, which is not a count");
				expect(server.received).toHaveLength(1);
			},
		);
	});
});
