/**
 * check:service --write against the sandbox behind a proxy that carries a create out but answers 500,
 * or drops the connection, or will not delete: write.cleanup is confirmed only when nothing carrying
 * the run's marker is left, and otherwise names the marker and the ids to remove by hand. And
 * clock.dateHeader: a new fact's created_at against its answer's Date, both ways.
 */
import { checkService } from '../../tooling/checkService/run';
import type { Report, Row } from '../../tooling/checkService/rows';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../sandbox';
import { passOn, type ProxiedAnswer, type Script, startProxy } from './proxy';

const WEBHOOK_URL = 'https://hooks.example.com/agent-platform';

const row = (report: Report, id: string): Row => {
	const found = report.rows.find((r) => r.id === id);
	if (!found) throw new Error(`no row ${id}`);
	return found;
};

/** What the sandbox holds that a run wrote: facts and subscriptions carrying the probes' marker. */
function probesLeft(sb: RunningSandbox): string[] {
	const org = sb.app.orgs.get('org_acme');
	const facts = [...(org?.facts.values() ?? [])].filter((f) => f.content.includes('check:service probe')).map((f) => f.id);
	const hooks = [...(org?.webhooks.values() ?? [])].map((w) => w.id);
	return [...facts, ...hooks];
}

async function behind(script: Script, options: SandboxOptions = {}): Promise<{ report: Report; left: string[]; sb: RunningSandbox }> {
	const sb = await startSandbox({ lifetimes: false, ...options });
	const proxy = await startProxy(sb.baseUrl, script);
	try {
		const report = await checkService({ baseUrl: proxy.baseUrl, apiKey: sb.apiKey, write: true, webhookUrl: WEBHOOK_URL });
		return { report, left: probesLeft(sb), sb };
	} finally {
		await Promise.all([proxy.close(), sb.close()]);
	}
}

const serverError: ProxiedAnswer = { status: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { code: 'internal_error', message: 'Something went wrong', status: 500 } }) };
const isCreate = (method: string, url: string) => method === 'POST' && /^\/v1\/(memory\/facts|webhooks)(\?|$)/.test(url);

describe('write.cleanup tells the truth', () => {
	test('creates carried out but answered 500: found by the marker and deleted, then confirmed', async () => {
		const created: string[] = [];
		const { report, left } = await behind(async (req, forward) => {
			const answer = await forward();
			if (!isCreate(req.method, req.url)) return answer;
			created.push((JSON.parse(answer.body) as { data: { id: string } }).data.id);
			return serverError;
		});
		expect(created).toHaveLength(2);
		expect(left).toEqual([]);
		expect(row(report, 'route.memoryFacts.create').status).toBe('differs');
		expect(row(report, 'route.webhooks.create').status).toBe('differs');
		expect(row(report, 'write.cleanup')).toMatchObject({ status: 'confirmed', seen: expect.stringContaining(`deleted ${created.join(', ')}`) });
	});

	test('a create whose connection was lost after it was carried out: found and deleted', async () => {
		const { report, left } = await behind(async (req, forward) => {
			const answer = await forward();
			return req.method === 'POST' && req.url.startsWith('/v1/memory/facts') && !req.url.includes('promote') ? 'drop' : answer;
		});
		expect(left).toEqual([]);
		expect(row(report, 'route.memoryFacts.create')).toMatchObject({ status: 'differs', seen: expect.stringMatching(/^no answer/) });
		expect(row(report, 'write.cleanup')).toMatchObject({ status: 'confirmed', seen: expect.stringMatching(/^deleted fact_/) });
	});

	test('when the list of what carries the marker cannot be read: differs, naming the marker and what may be left', async () => {
		const { report, left } = await behind(async (req, forward) => {
			if (req.method === 'GET' && req.url.includes('q=check')) return { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Sign in</html>' };
			const answer = await forward();
			return isCreate(req.method, req.url) && req.url.includes('memory') ? serverError : answer;
		});
		expect(left).toHaveLength(1);
		const cleanup = row(report, 'write.cleanup');
		expect(cleanup.status).toBe('differs');
		expect(cleanup.seen).toMatch(/a memory fact whose create answered HTTP 500/);
		expect(cleanup.seen).toMatch(/"check:service probe [a-z0-9]{8}"/);
	});

	test('a delete that is refused: differs, naming the id and the marker', async () => {
		const { report, left } = await behind(async (req, forward) => (req.method === 'DELETE' && req.url.includes('/memory/facts/') ? serverError : await forward()));
		expect(left).toHaveLength(1);
		expect(row(report, 'write.cleanup')).toMatchObject({ status: 'differs', seen: expect.stringContaining(left[0]) });
		expect(row(report, 'write.cleanup').seen).toMatch(/delete by hand the memory facts and webhook subscriptions carrying "check:service probe [a-z0-9]{8}"/);
	});

	test('nothing went wrong: what was made is gone, and the run stays within its budget', async () => {
		const { report, left, sb } = await behind(passOn);
		expect(left).toEqual([]);
		expect(row(report, 'write.cleanup').status).toBe('confirmed');
		expect(report.requests).toBeLessThanOrEqual(report.budget);
		expect(sb.app.requests.length).toBe(report.requests);
	});
});

describe('clock.dateHeader with --write: a new fact against its answer\'s Date', () => {
	test.each<[string, SandboxOptions, 'confirmed' | 'differs', RegExp]>([
		['one clock', {}, 'confirmed', /created_at within the second of its answer's Date/],
		['the API 10 minutes ahead of this machine, Date with it', { clockOffsetMs: 600_000 }, 'confirmed', /created_at within the second of its answer's Date.*Date (599|600) s from this machine's clock/],
		['a gateway\'s Date 5 s ahead of the facts', { dateHeaderOffsetMs: 5_000 }, 'differs', /created_at [45]\.\d s before its answer's Date/],
		['a gateway\'s Date 3 s behind the facts', { dateHeaderOffsetMs: -3_000 }, 'differs', /created_at [34]\.\d s after its answer's Date/],
	])('%s: %s', async (_name, options, status, seen) => {
		const { report } = await behind(passOn, options);
		expect(row(report, 'clock.dateHeader')).toMatchObject({ status, seen: expect.stringMatching(seen) });
	});
});
