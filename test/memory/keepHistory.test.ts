/**
 * Keep History: each choice creates the turns in the tier whose lifetime it names, node version 1
 * keeps its hour, a lifetime the API refuses is an error naming the parameter and what to choose
 * instead, and a turn is stored whole or not at all.
 */
import type { INodeParameters } from 'n8n-workflow';
import { startHostile, type HostileRequest, type HostileResponse } from '../hostile/server.js';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { history, memoryParameters, withMemory } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const turnFacts = () => [...sb.admin.org('org_acme').facts.values()].filter((f) => f.source.channel === 'n8n');
const turn = async (parameters: INodeParameters, opts: { typeVersion?: number; baseUrl?: string } = {}) =>
	await withMemory(sb, parameters, async (memory) => await memory.saveContext({ input: 'question' }, { output: 'answer' }), opts);

describe('Agent Platform Memory: Keep History', () => {
	test.each([
		['hour', 'L1'],
		['day', 'L2'],
		['week', 'L3'],
		['untilDeleted', 'L4'],
	])('%s: the turn is created in %s, in one request, and read back', async (keepHistory, tier) => {
		const { error } = await turn(memoryParameters({ keepHistory }));
		expect(error).toBeUndefined();
		expect(turnFacts().map((f) => [f.tier, f.scope])).toEqual([[tier, 'agent']]);
		expect(sb.admin.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
		const { result } = await withMemory(sb, memoryParameters({ keepHistory }), async (memory) => await history(memory));
		expect(result).toEqual([
			['human', 'question'],
			['ai', 'answer'],
		]);
	});

	test('a workflow of node version 1 keeps its hour (L1); a new node (1.1) keeps the conversation until it is deleted (L4)', async () => {
		await turn(memoryParameters(), { typeVersion: 1 });
		expect(turnFacts().map((f) => f.tier)).toEqual(['L1']);
		sb.admin.reset();
		await turn(memoryParameters(), { typeVersion: 1.1 });
		expect(turnFacts().map((f) => f.tier)).toEqual(['L4']);
	});

	test('a value from an expression that is not a choice is refused before any request, naming the parameter', async () => {
		const { error } = await turn(memoryParameters({ keepHistory: '={{ "forever" }}' }));
		// n8n reports an error of a sub-node's setup as "Error in sub-node …", with the node's message as its description.
		expect(error?.description).toBe('The parameter "Keep History" is not one of its choices');
		expect(sb.admin.requests()).toHaveLength(0);
	});

	test('a lifetime the API refuses: the error names Keep History and the shorter choices, and nothing is stored', async () => {
		// An API in front of the sandbox that does not let keys write L4 facts (a plan may not), as a real one may answer.
		const refusing = async (req: HostileRequest, res: HostileResponse) => {
			const body = req.body.length > 0 ? (JSON.parse(req.body.toString()) as { tier?: string }) : {};
			if (req.method === 'POST' && req.url === '/v1/memory/facts' && body.tier === 'L4') {
				res.writeHead(400, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ error: { code: 'bad_request', message: '"tier": L4 facts cannot be created with an API key' } }));
				return;
			}
			const forwarded = await fetch(`${sb.origin}${req.url}`, {
				method: req.method,
				headers: { authorization: String(req.headers.authorization), 'content-type': 'application/json' },
				body: req.method === 'GET' || req.method === 'DELETE' ? undefined : req.body.toString(),
			});
			const headers: Record<string, string> = {};
			forwarded.headers.forEach((value, name) => name.startsWith('x-ratelimit') && (headers[name] = value));
			res.writeHead(forwarded.status, { ...headers, 'content-type': 'application/json' });
			res.end(Buffer.from(await forwarded.arrayBuffer()));
		};
		const server = await startHostile(refusing);
		try {
			const { error } = await turn(memoryParameters({ keepHistory: 'untilDeleted' }), { baseUrl: server.baseUrl });
			expect(error?.message).toBe('The Agent Platform API refused to keep the conversation for "Until Deleted" (tier L4)');
			expect(error?.description).toContain('L4 facts cannot be created with an API key');
			expect(error?.description).toContain('Choose a shorter Keep History: "A Week" (L3), "A Day" (L2), "An Hour" (L1)');
			expect(turnFacts()).toEqual([]);
			// The shorter choice it names works through the same API.
			expect((await turn(memoryParameters({ keepHistory: 'week' }), { baseUrl: server.baseUrl })).error).toBeUndefined();
			expect(turnFacts().map((f) => f.tier)).toEqual(['L3']);
		} finally {
			await server.close();
		}
	});

	test('a turn is stored whole or not at all: a save the server fails leaves nothing, and the next one is whole', async () => {
		sb.admin.setFaults({ serverErrorRate: 1, methods: ['POST'] });
		const failed = await turn(memoryParameters());
		expect(failed.error).toBeDefined();
		expect(turnFacts()).toEqual([]);
		sb.admin.setFaults({});
		await turn(memoryParameters());
		const [fact] = turnFacts();
		expect(fact.content.split('\n').slice(0, 2)).toEqual(['User: "question"', 'Assistant: "answer"']);
	});
});
