/**
 * check:service within the budget it prints, and never silent: a proxy answering HTML with status 200
 * (a login page, a captive portal) is a finding on each route, sent once, not a fault retried; 429s
 * on every request stop at the budget; a total that is no count differs; and the command prints a
 * line at least every few seconds whatever the service does.
 */
import { sleep } from 'n8n-workflow';
import { useClock } from '../../src/client/clock';
import { ROUTES } from '../../src/routes';
import { checkService, requestBudget } from '../../tooling/checkService/run';
import type { Report, Row } from '../../tooling/checkService/rows';
import { virtualClock } from '../harness/virtualClock';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { htmlPage, passOn, type Script, startProxy } from './proxy';
import { runCli } from './runCli.js';

const row = (report: Report, id: string): Row => {
	const found = report.rows.find((r) => r.id === id);
	if (!found) throw new Error(`no row ${id}`);
	return found;
};

async function withProxy<T>(script: Script, run: (baseUrl: string, sb: RunningSandbox, received: () => number) => Promise<T>, options: Parameters<typeof startSandbox>[0] = {}): Promise<T> {
	const sb = await startSandbox({ lifetimes: false, ...options });
	const proxy = await startProxy(sb.baseUrl, script);
	try {
		return await run(proxy.baseUrl, sb, () => proxy.received.length);
	} finally {
		await Promise.all([proxy.close(), sb.close()]);
	}
}

const KNOWLEDGE = `/v1${ROUTES['knowledgeDocument.getMany'].path}`;
const LOGIN_PAGE = '<!doctype html><html><body><form action="/sso/login">Sign in to continue to {url}</form></body></html>';

describe('an unreadable answer is a finding, sent once', () => {
	test('HTML with status 200 on every route: each route asked once, rows say what came, within 60 requests', async () => {
		const report = await withProxy(htmlPage(LOGIN_PAGE), async (baseUrl, _sb, received) => {
			const result = await checkService({ baseUrl, apiKey: 'ctx_sandbox_acme_full' });
			expect(received()).toBe(result.requests);
			return result;
		});
		expect(report.requests).toBeLessThanOrEqual(report.budget);
		expect(report.budget).toBe(60);
		expect(row(report, 'route.agents.list')).toMatchObject({ status: 'differs', seen: expect.stringMatching(/^200, text\/html.*Sign in/) });
		expect(row(report, 'route.memoryFacts.list').status).toBe('differs');
	});

	test('HTML on one route only: that route is asked once, and the rest of the run is whole', async () => {
		const seen: string[] = [];
		const report = await withProxy(
			async (req, forward) => {
				seen.push(`${req.method} ${req.url}`);
				return req.url === KNOWLEDGE ? await htmlPage(LOGIN_PAGE)(req, forward) : await forward();
			},
			async (baseUrl) => await checkService({ baseUrl, apiKey: 'ctx_sandbox_acme_full' }),
		);
		expect(seen.filter((s) => s === `GET ${KNOWLEDGE}`)).toHaveLength(1);
		expect(row(report, 'route.knowledge.list').status).toBe('differs');
		expect(row(report, 'route.agents.list').status).toBe('confirmed');
	});
});

describe('a total that is not a count differs', () => {
	test.each<[string, unknown]>([
		['1e308', 1e308],
		['-1', -1],
		['2.5', 2.5],
		['a string', '12'],
		['fewer than the items served', 1],
	])('pagination.total %s', async (_name, total) => {
		const rewrite: Script = async (req, forward) => {
			const answer = await forward();
			if (req.url !== '/v1/agents') return answer;
			const body = JSON.parse(answer.body) as { pagination: { total: unknown } };
			body.pagination.total = total;
			return { ...answer, body: JSON.stringify(body) };
		};
		const report = await withProxy(rewrite, async (baseUrl) => await checkService({ baseUrl, apiKey: 'ctx_sandbox_acme_full' }));
		expect(row(report, 'route.agents.list')).toMatchObject({ status: 'differs', seen: expect.stringMatching(/pagination\.total (is|says)/) });
	});
});

describe('the budget holds when the key is refused with 429 on every request', () => {
	test('the run stops sending at the budget and names the checks that could not run', async () => {
		const clock = virtualClock();
		const restore = useClock(clock);
		const waits: string[] = [];
		let n = 0;
		const refuse: Script = async (_req, forward) => {
			n += 1;
			if (n <= 20) return await forward();
			const date = new Date(clock.now()).toUTCString();
			return { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1', date }, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests', status: 429 } }) };
		};
		try {
			const report = await withProxy(refuse, async (baseUrl, _sb, received) => {
				const result = await checkService({ baseUrl, apiKey: 'ctx_sandbox_acme_full', onWait: (message) => waits.push(message) });
				expect(received()).toBe(result.requests);
				return result;
			}, { now: clock.now });
			expect(waits[0]).toMatch(/^Agent Platform API: sending GET \/\S+ again when the rate limit allows/);
			expect(report.requests).toBe(report.budget);
			expect(row(report, 'run.budget')).toMatchObject({ status: 'unchecked', seen: expect.stringContaining('the budget was spent') });
		} finally {
			restore();
		}
	});
});

describe('the command prints its budget, keeps it, and is never silent for 5 s', () => {
	test('HTML with status 200 everywhere: exit 1, the budget printed first and kept, a line at least every 5 s', async () => {
		await withProxy(htmlPage(LOGIN_PAGE), async (baseUrl, _sb, received) => {
			const run = await runCli(['--base-url', baseUrl], { AGENT_PLATFORM_API_KEY: 'ctx_sandbox_acme_full' });
			expect(run.code).toBe(1);
			expect(run.stderr).toMatch(/^Loading the checks[^\n]*\n( {2}\.\.\. still [^\n]*\n)*Loaded \d+ files\. Checking [^\n]*: at most 60 requests, reading only\.\n/);
			expect(run.stderr).toMatch(/\[ ?\d+\/60\] route\.agents\.list differs/);
			const sent = Number(/; (\d+) requests \(at most 60\)/.exec(run.stdout)?.[1]);
			expect(sent).toBe(received());
			expect(sent).toBeLessThanOrEqual(60);
			expect(run.quietestMs).toBeLessThan(5000);
		});
	}, 60_000);

	test('--help names the budget the run keeps', async () => {
		const help = await runCli(['--help']);
		expect(help.stdout).toContain(`At most ${requestBudget(false)} requests (${requestBudget(true)} with --write)`);
	});

	test('an answer that takes long: the command says it is still waiting, and for what', async () => {
		const slow: Script = async (req, forward) => {
			if (req.url === '/v1/organization') await sleep(1500);
			return await forward();
		};
		await withProxy(slow, async (baseUrl) => {
			const run = await runCli(['--base-url', baseUrl], { AGENT_PLATFORM_API_KEY: 'ctx_sandbox_acme_full', CHECK_SERVICE_QUIET_MS: '300' });
			expect(run.code).toBe(0);
			expect(run.stderr).toMatch(/\.\.\. still waiting for the service \(\d+ of at most 60 requests sent; the last, GET \/[^ ]+, answered 200\)/);
		});
	}, 60_000);
});

test('passOn keeps the sandbox as it is', async () => {
	const report = await withProxy(passOn, async (baseUrl) => await checkService({ baseUrl, apiKey: 'ctx_sandbox_acme_full' }));
	expect(report.rows.filter((r) => r.status === 'differs')).toEqual([]);
});
