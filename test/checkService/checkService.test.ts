/**
 * `npm run check:service` against the sandbox: its defaults are the project's choices, so nothing may
 * differ there; a sandbox started as another service would be tells each difference, on the row of
 * that choice, pointing at the line that holds it. Read-only runs stay within about 60 requests;
 * --write deletes what it made even when a step fails; the key appears nowhere.
 */
import { checkService } from '../../tooling/checkService/run';
import type { Report, Row } from '../../tooling/checkService/rows';
import { startHostile } from '../hostile/server.js';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../sandbox';
import { runCli } from './runCli.js';

async function against(options: SandboxOptions, run: (sb: RunningSandbox) => Promise<Report> = (sb) => checkService({ baseUrl: sb.baseUrl, apiKey: sb.apiKey })) {
	const sb = await startSandbox({ ...options, lifetimes: false });
	try {
		const report = await run(sb);
		return { report, sb, served: sb.app.requests.length };
	} finally {
		await sb.close();
	}
}

const row = (report: Report, id: string): Row => {
	const found = report.rows.find((r) => r.id === id);
	if (!found) throw new Error(`no row ${id}`);
	return found;
};
const differing = (report: Report) => report.rows.filter((r) => r.status === 'differs').map((r) => r.id);

describe('check:service against the sandbox', () => {
	test("its defaults: every row confirmed or unchecked, stable ids, at most 60 requests", async () => {
		const { report, served } = await against({});
		expect(differing(report)).toEqual([]);
		const ids = report.rows.map((r) => r.id);
		expect(new Set(ids).size).toBe(ids.length);
		for (const id of ['pagination.maxPageSize', 'pagination.overLimit', 'order.memoryFacts', 'order.agents', 'rateLimit.resetUnit', 'filter.memoryFacts.tier', 'route.knowledge.list']) {
			expect(ids).toContain(id);
		}
		for (const id of ['pagination.maxPageSize', 'order.memoryFacts', 'rateLimit.resetUnit', 'filter.memoryFacts.tier', 'route.knowledge.list', 'clock.dateHeader', 'error.missingRoute']) {
			expect(row(report, id).status).toBe('confirmed');
		}
		expect(row(report, 'route.teams.create')).toMatchObject({ status: 'unchecked', seen: expect.stringContaining('--write') });
		expect(served).toBe(report.requests);
		expect(served).toBeLessThanOrEqual(60);
	});

	test.each<[string, SandboxOptions, string, RegExp, RegExp]>([
		['--fact-order unordered', { factOrder: 'unordered' }, 'order.memoryFacts', /no order/, /^src\/client\/listEnd\.ts:\d+$/],
		['--max-page-size 50', { maxPageSize: 50 }, 'pagination.maxPageSize', /^50 /, /^test\/sandbox\/options\.ts:\d+$/],
		['--reset-unit seconds-until-reset', { resetUnit: 'seconds-until-reset' }, 'rateLimit.resetUnit', /seconds until the reset/, /^src\/client\/rateHeaders\.ts:\d+$/],
		['--reset-unit epoch-ms', { resetUnit: 'epoch-ms' }, 'rateLimit.resetUnit', /epoch milliseconds/, /^src\/client\/rateHeaders\.ts:\d+$/],
		['the knowledge list served elsewhere', { routePaths: { 'knowledgeDocument.getMany': '/kb/documents' } }, 'route.knowledge.list', /^404 .*not_found/, /^src\/routes\.ts:\d+$/],
		['the team read not served at all', { routePaths: { 'team.get': null } }, 'route.teams.get', /^404 /, /^src\/routes\.ts:\d+$/],
		['a limit above the largest page refused', { oversizedLimit: 'reject' }, 'pagination.overLimit', /^refused: 400/, /^src\/client\/pager\.ts:\d+$/],
		['the clock 10 minutes ahead of its Date header', { dateHeaderOffsetMs: -600_000 }, 'clock.dateHeader', /after its answer's Date/, /^src\/client\/rateHeaders\.ts:\d+$/],
	])('%s: that choice differs, naming what was seen and where the choice is held', async (_name, options, id, seen, where) => {
		const { report, served } = await against(options);
		expect(row(report, id)).toMatchObject({ status: 'differs', seen: expect.stringMatching(seen), where: expect.stringMatching(where) });
		expect(served).toBeLessThanOrEqual(60);
	});

	test('a route served elsewhere differs on its own row only among the routes', async () => {
		const { report } = await against({ routePaths: { 'knowledgeDocument.getMany': '/kb/documents' } });
		expect(differing(report).filter((id) => id.startsWith('route.'))).toEqual(['route.knowledge.list']);
	});

	test('a limit refused above the page: the largest page is found by asking 100 and 101', async () => {
		const { report } = await against({ oversizedLimit: 'reject' });
		expect(row(report, 'pagination.maxPageSize')).toMatchObject({ status: 'confirmed', seen: expect.stringContaining('101 refused') });
	});

	test('ties that change order between reads differ; ties that keep it are confirmed', async () => {
		const seedTies = (sb: RunningSandbox) => {
			sb.admin.seedFacts('org_acme', 30);
			return checkService({ baseUrl: sb.baseUrl, apiKey: sb.apiKey });
		};
		const unordered = await against({ factOrder: 'unordered' }, seedTies);
		expect(row(unordered.report, 'order.memoryFacts.ties').status).toBe('differs');
		const stable = await against({ stableTies: true }, seedTies);
		expect(row(stable.report, 'order.memoryFacts.ties').status).toBe('confirmed');
	});
});

describe('check:service --write', () => {
	test('creates, reads, promotes and deletes one L1 fact and one webhook subscription; the secret comes once', async () => {
		const { report, sb } = await against({}, async (sb) => {
			const facts = [...(sb.app.orgs.get('org_acme')?.facts.keys() ?? [])];
			const result = await checkService({ baseUrl: sb.baseUrl, apiKey: sb.apiKey, write: true, webhookUrl: 'https://hooks.example.com/agent-platform' });
			expect([...(sb.app.orgs.get('org_acme')?.facts.keys() ?? [])]).toEqual(facts);
			return result;
		});
		expect(sb.app.orgs.get('org_acme')?.webhooks.size).toBe(0);
		for (const id of ['route.memoryFacts.create', 'route.memoryFacts.promote', 'route.memoryFacts.delete', 'write.memoryFacts.readBack', 'write.memoryFacts.promotedAt', 'route.webhooks.create', 'route.webhooks.get', 'route.webhooks.delete', 'write.webhooks.secretOnce', 'write.cleanup']) {
			expect(row(report, id).status).toBe('confirmed');
		}
		expect(differing(report)).toEqual([]);
		expect(JSON.stringify(report)).not.toMatch(/whsec_/);
	});

	test('a step that fails still leaves nothing behind', async () => {
		const { report } = await against({ routePaths: { 'memoryFact.promote': null }, webhookSecretField: 'signing_secret' }, async (sb) => {
			const result = await checkService({ baseUrl: sb.baseUrl, apiKey: sb.apiKey, write: true, webhookUrl: 'https://hooks.example.com/x' });
			expect(sb.app.orgs.get('org_acme')?.facts.size).toBe(12);
			expect(sb.app.orgs.get('org_acme')?.webhooks.size).toBe(0);
			return result;
		});
		expect(differing(report)).toEqual(expect.arrayContaining(['route.memoryFacts.promote', 'write.webhooks.secretOnce']));
		expect(row(report, 'write.cleanup').status).toBe('confirmed');
	});
});

describe('check:service keeps the key to itself and goes where the Base URL says only', () => {
	test('a server that echoes the key in every answer: no row holds it', async () => {
		const echoed = 'ctx_echoed_by_the_server_123';
		const server = await startHostile((req, res) => {
			res.writeHead(404, { 'content-type': 'application/json', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '30' });
			res.end(JSON.stringify({ error: { code: 'not_found', message: `no ${req.url} for ${String(req.headers.authorization)}`, status: 404 } }));
		});
		try {
			const report = await checkService({ baseUrl: server.baseUrl, apiKey: echoed });
			expect(server.received.length).toBeGreaterThan(0);
			expect(JSON.stringify(report)).not.toContain(echoed);
			expect(row(report, 'route.agents.list').status).toBe('differs');
		} finally {
			await server.close();
		}
	});

	test('a redirect is not followed: the key never reaches the other origin', async () => {
		const elsewhere = await startHostile((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'));
		const server = await startHostile((req, res) => res.writeHead(302, { location: `${elsewhere.origin}${req.url}` }).end());
		try {
			const report = await checkService({ baseUrl: server.baseUrl, apiKey: 'ctx_redirect_test' });
			expect(elsewhere.received).toEqual([]);
			expect(row(report, 'route.agents.list').status).toBe('differs');
		} finally {
			await Promise.all([server.close(), elsewhere.close()]);
		}
	});

	test('the command: key from the environment or --key, table on the terminal, rows in --json, the key in neither', async () => {
		const sb = await startSandbox({ maxPageSize: 50, factOrder: 'unordered', resetUnit: 'seconds-until-reset' });
		try {
			const fromEnv = await runCli(['--base-url', sb.baseUrl], { AGENT_PLATFORM_API_KEY: sb.apiKey });
			const fromFlag = await runCli(['--base-url', sb.baseUrl, '--key', sb.apiKey]);
			for (const run of [fromEnv, fromFlag]) {
				expect(run.code).toBe(1);
				expect(run.stdout).toMatch(/pagination\.maxPageSize\s+differs/);
				const rows = JSON.parse(run.json) as Row[];
				expect(rows.find((r) => r.id === 'order.memoryFacts')).toMatchObject({ status: 'differs', where: expect.stringMatching(/listEnd\.ts:\d+/) });
				expect(Object.keys(rows[0]).sort()).toEqual(['expected', 'id', 'seen', 'status', 'where']);
				expect(`${run.stdout}${run.stderr}${run.json}`).not.toContain(sb.apiKey);
			}
			const none = await runCli(['--base-url', sb.baseUrl], { AGENT_PLATFORM_API_KEY: '' });
			expect(none.code).toBe(2);
			expect(none.stderr).toMatch(/AGENT_PLATFORM_API_KEY/);
		} finally {
			await sb.close();
		}
	}, 60_000);
});
