/**
 * Waits people can see: every rate-limit wait, retry and slow-start pause is a line in n8n's log
 * (the node logger of the real n8n-core context) naming the request, how long and why, never the
 * key; and a run in the editor says in a hint that it waited, retried, or that Limit cut a list
 * short.
 */
import type { IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';
import { executeNode, NODE_NAME } from '../harness/n8n-core';
import { startHostile, type HostileRequest, type HostileResponse } from '../hostile/server.js';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { withClient } from './helpers';
import type { AgentPlatformClient } from '../../src/client';
import { useVirtualClock } from '../harness/virtualClock';

/** The waits logged here pass on this clock: the same waits, told the same way, in no real time. */
const clock = useVirtualClock();

/** A fake key, assembled so no literal looks like a credential. */
const KEY = ['ctx', 'waits', 'probe', '8812'].join('_');

interface Line {
	level: string;
	message: string;
	meta: unknown;
}

/** Runs `run` while recording what the client tells n8n's logger (the context's own logger, observed). */
function logged(run: (client: AgentPlatformClient) => Promise<unknown>) {
	const lines: Line[] = [];
	const scenario = async (client: AgentPlatformClient, ctx: IExecuteFunctions) => {
		const spies = (['info', 'debug', 'warn'] as const).map((level) =>
			jest.spyOn(ctx.logger, level).mockImplementation((message: string, meta?: unknown) => void lines.push({ level, message, meta })),
		);
		// What the editor's browser receives during a manual run (n8n-core's own method, observed).
		const ui = jest.spyOn(ctx, 'sendMessageToUI').mockImplementation((message: unknown) => void lines.push({ level: 'ui', message: String(message), meta: undefined }));
		spies.push(ui as never);
		try {
			return await run(client);
		} finally {
			for (const spy of spies) spy.mockRestore();
		}
	};
	return { lines, scenario };
}

const ours = (lines: Line[]) => lines.filter((l) => l.message.startsWith('Agent Platform API:'));

describe('waits and retries are logged with their reason, never the key', () => {
	test('a wait for the window to reset names the header, the wait and the request', async () => {
		const sb = await startSandbox({ rateLimit: 3, windowMs: 6_000, resetUnit: 'epoch-ms', now: clock.now });
		try {
			const { lines, scenario } = logged(async (client) => {
				for (let i = 0; i < 5; i++) await client.call('agent.get', { path: { agentId: 'dep_support01' } });
			});
			const { error } = await withClient(sb, scenario);
			expect(error).toBeUndefined();
			const wait = ours(lines).find((l) => /no requests remaining/.test(l.message));
			expect(wait?.message).toMatch(/^Agent Platform API: GET \/agents\/dep_support01 waits \d+(\.\d)? s: no requests remaining in this window \(limit 3\) until it resets at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(X-RateLimit-Reset\)$/);
			// A time a person reads, never the header's epoch number.
			expect(wait?.message).not.toMatch(/\d{10}/);
			expect(wait?.meta).toEqual(expect.objectContaining({ nodeName: NODE_NAME, waitKind: 'rateLimit' }));
			expect(JSON.stringify(lines)).not.toContain(sb.apiKey);
			// A wait that long is told to the editor while it happens (n8n shows it in the browser's console).
			const told = lines.filter((l) => l.level === 'ui');
			expect(told.length).toBeGreaterThan(0);
			expect(told[0].message).toMatch(new RegExp(`^${NODE_NAME}: Agent Platform API: GET /agents/dep_support01 waits .*, from \\d{4}-\\d\\d-\\d\\dT[\\d:]+Z$`));
		} finally {
			await sb.close();
		}
	}, 30_000);

	test('a retry after 503 and after 429 is logged at info, quoting the status and Retry-After; an echoed key is removed', async () => {
		let calls = 0;
		const server = await startHostile((_req: HostileRequest, res: HostileResponse) => {
			calls += 1;
			if (calls === 1) {
				res.writeHead(503, { 'content-type': 'text/html' });
				return res.end('<html>busy</html>');
			}
			if (calls === 2) {
				// A header a proxy filled with what it was sent: not a usable Retry-After, and never logged as is.
				res.writeHead(429, { 'content-type': 'application/json', 'retry-after': `${KEY}` });
				return res.end(JSON.stringify({ error: { code: 'rate_limit_exceeded', message: 'slow down', status: 429 } }));
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ data: { id: 'org_1' } }));
		});
		try {
			const { lines, scenario } = logged(async (client) => await client.call('organization.get'));
			const { error } = await withClient({} as RunningSandbox, scenario, { apiKey: KEY, baseUrl: server.baseUrl });
			expect(error).toBeUndefined();
			const retries = ours(lines).filter((l) => l.level === 'info');
			expect(retries.map((l) => l.message)).toEqual([
				expect.stringMatching(/^Agent Platform API: sending GET \/organization again in 0\.\d s \(retry 1 of at most 6\), after HTTP 503$/),
				'Agent Platform API: sending GET /organization again when the rate limit allows (refused once so far), after HTTP 429 with Retry-After: [redacted]',
			]);
			expect(ours(lines).some((l) => /waits .*backing off after HTTP 429 that named no time/.test(l.message))).toBe(true);
			expect(JSON.stringify(lines)).not.toContain(KEY);
		} finally {
			await server.close();
		}
	}, 30_000);

	test('the slow-start pause (budget not yet known) is logged at debug', async () => {
		const sb = await startSandbox({ rateLimit: 50, windowMs: 10_000, now: clock.now });
		try {
			const { lines, scenario } = logged(async (client) => await Promise.all([client.call('organization.get'), client.call('agent.get', { path: { agentId: 'dep_support01' } })]));
			await withClient(sb, scenario);
			expect(ours(lines).find((l) => /slow start/.test(l.message))).toEqual(
				expect.objectContaining({ level: 'debug', message: expect.stringMatching(/waits up to 1(\.0)? s: slow start: the key's rate limit is not known until the first answer/) }),
			);
		} finally {
			await sb.close();
		}
	});
});

describe('a run in the editor says that it waited, or that Limit cut a list short', () => {
	const hintsOf = (run: Awaited<ReturnType<typeof executeNode>>['run']) => (run?.data.resultData.runData[NODE_NAME]?.[0]?.hints ?? []) as NodeExecutionHint[];

	test('waits for the rate limit add up in one hint', async () => {
		const sb = await startSandbox({ rateLimit: 3, windowMs: 1_500, resetUnit: 'epoch-ms', now: clock.now });
		try {
			const org = sb.admin.org('org_acme');
			while (org.agents.size < 6) sb.admin.provision('org_acme', `Agent ${org.agents.size + 1}`);
			const result = await executeNode({
				nodeType: new AgentPlatform(),
				parameters: { resource: 'agent', operation: 'get', agentId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
				credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl },
				inputItems: [...org.agents.keys()].slice(0, 6).map((id) => ({ id })),
			});
			expect(result.error).toBeUndefined();
			const [hint] = hintsOf(result.run);
			expect(hint).toEqual({ type: 'info', location: 'outputPane', message: expect.stringMatching(/^Waited \d+(\.\d)? s for the API key's rate limit, which every workflow using the key shares; n8n's log names each wait and why \(see <a href="[^"]+rate-limits\.md#waits-you-can-see" target="_blank">waits<\/a>\)\.$/) });
			expect(JSON.stringify(hintsOf(result.run))).not.toContain(sb.apiKey);
		} finally {
			await sb.close();
		}
	}, 30_000);

	test('Limit cutting a list short says how many the API announced', async () => {
		const sb = await startSandbox({ plan: 'enterprise', now: clock.now });
		try {
			const agents = sb.admin.org('org_acme').agents.size;
			const result = await executeNode({
				nodeType: new AgentPlatform(),
				// By expression: with a typed 2, n8n's editor says it itself and the node leaves its own out (limitNotice.test.ts).
				parameters: { resource: 'agent', operation: 'getMany', returnAll: false, limit: '={{ 2 }}' },
				credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl },
			});
			expect(result.items).toHaveLength(2);
			expect(hintsOf(result.run).map((h) => h.message)).toEqual([`Limit stopped the list at 2 items of the ${agents} the API announced. Turn on Return All, or raise Limit, to get the rest.`]);

			const all = await executeNode({
				nodeType: new AgentPlatform(),
				parameters: { resource: 'agent', operation: 'getMany', returnAll: false, limit: agents },
				credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl },
			});
			expect(hintsOf(all.run)).toEqual([]);
		} finally {
			await sb.close();
		}
	});
});
