/**
 * The polling trigger through n8n-core (PollContext, TriggersAndPollers) against the sandbox:
 * baseline, one item per change in the webhook trigger's shape, filters, restarts, lists that
 * move under a scan, polls that fail half-way, scans longer than a poll, and Fetch Test Event.
 */
import type { IDataObject } from 'n8n-workflow';
import { MAX_SEEN, STATE_KEY } from '../../nodes/AgentPlatformPollingTrigger/state';
import { executeNode } from '../harness/n8n-core';
import type { SandboxRequest, SandboxResponse } from '../sandbox/app';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { api, pollingTrigger, pollingWorkflow } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const ALL = { events: ['*'], filters: {} };
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const summary = (items: IDataObject[]) =>
	items
		.map((i) => {
			const data = i.data as IDataObject;
			const fact = data.fact as IDataObject | undefined;
			return `${String(i.event)} ${String(fact?.id ?? data.agent_id ?? data.deployment_id)}`;
		})
		.sort();

const factRequests = () => sb.admin.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/memory/facts'));

/** Runs `after` once the sandbox has answered the `n`-th memory-fact page request. */
function onFactPage(n: number, after: () => void | Promise<void>): () => void {
	const original = sb.app.handle.bind(sb.app);
	let seen = 0;
	sb.app.handle = async (req: SandboxRequest): Promise<SandboxResponse> => {
		const response = await original(req);
		if (req.method === 'GET' && req.url.startsWith('/v1/memory/facts?') && ++seen === n) await after();
		return response;
	};
	return () => (sb.app.handle = original);
}

/** Answers the memory-fact page requests `failing` picks (1 = the first) with a 403, which the client does not retry. */
function failFactPages(failing: (n: number) => boolean): () => void {
	const original = sb.app.handle.bind(sb.app);
	let seen = 0;
	sb.app.handle = async (req: SandboxRequest): Promise<SandboxResponse> => {
		if (req.method === 'GET' && req.url.startsWith('/v1/memory/facts?') && failing(++seen)) {
			return { status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { code: 'forbidden', message: 'Injected failure', status: 403 } }) };
		}
		return await original(req);
	};
	return () => (sb.app.handle = original);
}

/** A fresh sandbox serving five facts a page, and a trigger on promotions past its baseline. */
async function watchPromotionsOnSmallPages() {
	await sb.close();
	sb = await startSandbox({ plan: 'enterprise', maxPageSize: 5 });
	const wf = pollingWorkflow(sb, { events: ['memory.fact_promoted'], filters: {} });
	wf.activate();
	await wf.poll();
	return wf;
}

describe('polling trigger: changes become items', () => {
	test('a server that serves smaller pages than asked without saying so: new facts are still found', async () => {
		await sb.close();
		sb = await startSandbox({ plan: 'enterprise', maxPageSize: 10, oversizedLimit: 'clamp-silently' });
		sb.admin.seedFacts('org_acme', 300);
		const wf = pollingWorkflow(sb, { events: ['memory.fact_created'], filters: {} });
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const created = await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'Found past a silent clamp' });
		expect(summary(await wf.pollUntilItems(5))).toEqual([`memory.fact_created ${String(created.id)}`]);
		await sb.close();
		sb = await startSandbox({ plan: 'enterprise' });
	});

	test('the first poll records a baseline and starts nothing; each change then starts one item, in the webhook shape', async () => {
		const wf = pollingWorkflow(sb, ALL);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		expect(await wf.poll()).toEqual([]);
		// The service's own deliveries of the same changes, to compare the shape with.
		const hook = await api(sb, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/nowhere', events: ['*'] });

		const created = await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'Polled into n8n', tier: 'L2' });
		await api(sb, 'POST', '/memory/facts/fact_0003/promote', { tier: 'L4' });
		await api(sb, 'PATCH', '/agents/dep_ops03', { status: 'active' });
		await api(sb, 'PATCH', '/agents/dep_onboard04', { status: 'active' });
		const provisioned = sb.admin.provision('org_acme', 'Night Shift');

		const items = await wf.poll();
		expect(summary(items)).toEqual(
			[
				`memory.fact_created ${String(created.id)}`,
				'memory.fact_promoted fact_0003',
				'agent.status_changed dep_ops03',
				'agent.status_changed dep_onboard04',
				'deployment.provisioned dep_onboard04',
				`deployment.provisioned ${provisioned.id}`,
			].sort(),
		);
		for (const item of items) {
			expect(Object.keys(item).sort()).toEqual(['data', 'event', 'org_id', 'poll', 'timestamp']);
			expect(item.org_id).toBe('org_acme');
			expect(item.poll).toEqual({ seen_at: expect.stringMatching(/Z$/), timestamp_from: expect.stringMatching(/^(created_at|promoted_at|seen_at)$/) });
		}
		const of = (event: string) => items.find((i) => i.event === event) as IDataObject;
		expect(of('memory.fact_created').timestamp).toBe(created.created_at);
		expect(of('memory.fact_created').data).toEqual({ fact: await api(sb, 'GET', `/memory/facts/${String(created.id)}`) });
		expect(of('memory.fact_promoted').timestamp).toBe((await api(sb, 'GET', '/memory/facts/fact_0003')).promoted_at);

		// `data` is what the service's own events carry (a poll cannot know a promotion's `previous`).
		await sb.admin.settled();
		const delivered = sb.admin.deliveries().filter((d) => d.subscription_id === hook.id).map((d) => JSON.parse(d.body) as IDataObject);
		const webhookData = (event: string, match: (data: IDataObject) => boolean) =>
			delivered.find((d) => d.event === event && match(d.data as IDataObject))?.data as IDataObject;
		expect(of('memory.fact_created').data).toEqual(webhookData('memory.fact_created', () => true));
		const { previous, ...promotedData } = webhookData('memory.fact_promoted', () => true);
		expect(previous).toBeDefined();
		expect(of('memory.fact_promoted').data).toEqual(promotedData);
		const opsChange = items.find((i) => i.event === 'agent.status_changed' && (i.data as IDataObject).agent_id === 'dep_ops03') as IDataObject;
		expect(opsChange.data).toEqual(webhookData('agent.status_changed', (d) => d.agent_id === 'dep_ops03'));
		const newDeployment = items.find((i) => i.event === 'deployment.provisioned' && (i.data as IDataObject).deployment_id === provisioned.id) as IDataObject;
		expect(newDeployment.data).toEqual(webhookData('deployment.provisioned', () => true));

		// Once: the next polls find nothing new.
		expect(await wf.poll()).toEqual([]);
		expect(await wf.poll()).toEqual([]);
	});

	test('facts without a promoted_at field (a server that leaves out empty fields) are read as never promoted', async () => {
		const facts = () => [...sb.admin.org('org_acme').facts.values()] as unknown as IDataObject[];
		for (const fact of facts()) delete fact.promoted_at;
		const wf = pollingWorkflow(sb, ALL);
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const created = await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'No empty fields here' });
		for (const fact of facts()) if (fact.promoted_at === null) delete fact.promoted_at;
		expect(summary(await wf.poll())).toEqual([`memory.fact_created ${String(created.id)}`]);
	});

	test('events and filters: only the chosen events, agent, tier and scope; the filters go to the API', async () => {
		const wf = pollingWorkflow(sb, { events: ['memory.fact_created', 'memory.fact_promoted'], filters: { agentId: byId('dep_sales02'), tier: 'L3', scope: 'team' } });
		wf.activate();
		await wf.poll();
		await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'other agent', tier: 'L3', scope: 'team' });
		await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_sales02', content: 'other tier', tier: 'L1', scope: 'team' });
		const match = await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_sales02', content: 'match', tier: 'L3', scope: 'team' });
		await api(sb, 'PATCH', '/agents/dep_sales02', { status: 'inactive' });
		expect(summary(await wf.poll())).toEqual([`memory.fact_created ${String(match.id)}`]);
		const query = factRequests().at(-1)?.path ?? '';
		expect(query).toContain('agent_id=dep_sales02');
		expect(query).toContain('tier=L3');
		expect(query).toContain('scope=team');
		expect(sb.admin.requests().some((r) => r.method === 'GET' && r.path.startsWith('/v1/agents'))).toBe(false);
	});

	test('an agent filter without dep_ is refused naming the filter, before any request', async () => {
		const wf = pollingWorkflow(sb, { events: ['*'], filters: { agentId: byId('agent_7') } });
		wf.activate();
		await expect(wf.poll()).rejects.toThrow('The parameter "Filters → Agent" got "agent_7". An agent ID is dep_ followed by letters, digits, _ - . or :, with nothing else (no spaces or address parts).');
		expect(sb.admin.requests()).toHaveLength(0);
	});
});

describe('polling trigger: filters are checked as Get Many checks them', () => {
	test('an unknown tier or scope is refused naming the filter, before any request (it would watch nothing)', async () => {
		for (const [filters, message] of [
			[{ tier: 'L9' }, 'The parameter "Filters → Memory Tier" must be one of L1, L2, L3, L4, got "L9"'],
			[{ scope: 'Company' }, 'The parameter "Filters → Memory Scope" must be written "company", got "Company"'],
		] as const) {
			const wf = pollingWorkflow(sb, { events: ['memory.fact_created'], filters });
			wf.activate();
			await expect(wf.poll()).rejects.toThrow(message);
		}
		expect(sb.admin.requests()).toHaveLength(0);
	});
});

describe('polling trigger: state', () => {
	test('survives a restart: what changed while n8n was down is reported once, after what was saved', async () => {
		const wf = pollingWorkflow(sb, ALL);
		wf.activate();
		await wf.poll();
		expect(wf.savedStaticData()[STATE_KEY]).toEqual(expect.objectContaining({ agents: expect.any(Object), facts: expect.objectContaining({ created: expect.any(Object) }) }));
		const first = await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'before the restart' });
		expect(summary(await wf.poll())).toEqual([`memory.fact_created ${String(first.id)}`]);

		const second = await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'while n8n was down' });
		wf.restart();
		expect(summary(await wf.poll())).toEqual([`memory.fact_created ${String(second.id)}`]);
		expect(await wf.poll()).toEqual([]);
	});

	test('activating again starts a new baseline; changing a filter does too', async () => {
		const wf = pollingWorkflow(sb, ALL);
		wf.activate();
		await wf.poll();
		await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'made while deactivated' });
		wf.activate();
		expect(await wf.poll()).toEqual([]);
		const stored = wf.staticData()[STATE_KEY] as IDataObject;
		const other = pollingWorkflow(sb, { events: ['memory.fact_created'], filters: {} });
		other.activate();
		await other.poll();
		expect((other.staticData()[STATE_KEY] as IDataObject).fingerprint).not.toBe(stored.fingerprint);
	});

	test('static data stays bounded when many facts are new at once: at most MAX_SEEN keys', async () => {
		const wf = pollingWorkflow(sb, { events: ['memory.fact_created'], filters: {} });
		wf.activate();
		await wf.poll();
		// Created now, all in the window a new cursor keeps.
		const now = new Date(sb.admin.now()).toISOString();
		sb.admin.seedFacts('org_acme', MAX_SEEN + 500);
		for (const fact of sb.admin.org('org_acme').facts.values()) if (fact.id.startsWith('fact_g')) fact.created_at = now;
		let reported = 0;
		for (let i = 0; i < 10; i++) reported += (await wf.poll()).length;
		expect(reported).toBe(MAX_SEEN + 500);
		const state = wf.staticData()[STATE_KEY] as { facts: { created: { seen: object } } };
		expect(Object.keys(state.facts.created.seen).length).toBeLessThanOrEqual(MAX_SEEN);
		expect(await wf.poll()).toEqual([]);
	});
});

describe('polling trigger: lists that move, polls that fail', () => {
	test('facts deleted behind the scan shift the pages; the fact that crossed a page boundary is still seen', async () => {
		const wf = await watchPromotionsOnSmallPages();
		// While the next scan reads, delete two facts it has read and promote the one that then
		// moves across the page boundary (an offset-only scan would skip it).
		const restore = onFactPage(1, async () => {
			await api(sb, 'DELETE', '/memory/facts/fact_0002');
			await api(sb, 'DELETE', '/memory/facts/fact_0003');
			await api(sb, 'POST', '/memory/facts/fact_0006/promote', { scope: 'company' });
		});
		const items = await wf.poll();
		restore();
		expect(summary(items)).toEqual(['memory.fact_promoted fact_0006']);
		expect(await wf.poll()).toEqual([]);
	});

	test('when the scan loses its place (its anchors deleted too), the cursor stays and the next scan catches up, once', async () => {
		const wf = await watchPromotionsOnSmallPages();
		// The trigger has been watching for an hour (its promotions' cursor an hour back), and a fact
		// was promoted ten minutes ago (after the last sweep, say with a 15-minute poll interval): older
		// than the newest change the next sweep will see by more than its overlap.
		const promotions = (wf.staticData()[STATE_KEY] as { facts: { promoted: { since: number } } }).facts.promoted;
		promotions.since -= 3_600_000;
		await api(sb, 'POST', '/memory/facts/fact_0006/promote', { scope: 'company' });
		(sb.admin.org('org_acme').facts.get('fact_0006') as { promoted_at: string }).promoted_at = new Date(sb.admin.now() - 600_000).toISOString();
		// After the first page, the page it read is deleted (anchors included): fact_0006 moves to
		// offset 0, behind the scan, which cannot find its place and skips it.
		const restore = onFactPage(1, async () => {
			for (const id of ['fact_0001', 'fact_0002', 'fact_0003', 'fact_0004', 'fact_0005']) await api(sb, 'DELETE', `/memory/facts/${id}`);
			await api(sb, 'POST', '/memory/facts/fact_0012/promote', { tier: 'L4' });
		});
		const first = await wf.poll();
		restore();
		expect(summary(first)).toEqual(['memory.fact_promoted fact_0012']);
		expect(summary(await wf.poll())).toEqual(['memory.fact_promoted fact_0006']);
		expect(await wf.poll()).toEqual([]);
	});

	test('a poll that fails half-way hands over what it found, keeps its place, and the next poll goes on without repeats', async () => {
		const wf = await watchPromotionsOnSmallPages();
		await api(sb, 'POST', '/memory/facts/fact_0001/promote', { tier: 'L4' });
		await api(sb, 'POST', '/memory/facts/fact_0011/promote', { tier: 'L4' });
		// The third page request of the next scan fails.
		const restore = failFactPages((n) => n === 3);
		const partial = await wf.poll();
		restore();
		expect(summary(partial)).toEqual(['memory.fact_promoted fact_0001']);
		const rest = await wf.poll();
		expect(summary(rest)).toEqual(['memory.fact_promoted fact_0011']);
		expect(await wf.poll()).toEqual([]);
	});

	test('a poll that fails before finding anything throws, and the next one reports what changed', async () => {
		const wf = pollingWorkflow(sb, { events: ['memory.fact_created'], filters: {} });
		wf.activate();
		await wf.poll();
		const fact = await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_support01', content: 'after an outage' });
		const restore = failFactPages(() => true);
		await expect(wf.poll()).rejects.toThrow('Injected failure');
		restore();
		expect(summary(await wf.poll())).toEqual([`memory.fact_created ${String(fact.id)}`]);
	});
});

describe('polling trigger: long scans and the time budget', () => {
	test('a scan longer than one poll resumes at the next poll; every change is reported once', async () => {
		await sb.close();
		sb = await startSandbox({ plan: 'enterprise', maxPageSize: 10 });
		sb.admin.seedFacts('org_acme', 200);
		const wf = pollingWorkflow(sb, { events: ['memory.fact_created', 'memory.fact_promoted'], filters: {} }, { budgetMs: 1 });
		wf.activate();
		// The first sweep of the list (for promotions) takes a poll per page.
		const sweeping = () => ((wf.staticData()[STATE_KEY] as IDataObject | undefined)?.facts as IDataObject | undefined)?.sweep !== undefined;
		let polls = 0;
		do {
			expect(await wf.poll()).toEqual([]);
			polls += 1;
		} while (polls < 100 && sweeping());
		expect(polls).toBeGreaterThan(15); // about 23 pages of 10 (one of them re-read), one page per poll
		const fact = await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_sales02', content: 'found at the end of a long scan' });
		const early = [...sb.admin.org('org_acme').facts.keys()][20];
		expect((await api(sb, 'POST', `/memory/facts/${early}/promote`, { tier: 'L4' })).id).toBe(early);
		const seen: IDataObject[] = [];
		for (let i = 0; i < 60; i++) seen.push(...(await wf.poll()));
		expect(summary(seen)).toEqual([`memory.fact_created ${String(fact.id)}`, `memory.fact_promoted ${early}`]);
	});

	test('a tick that finds the previous poll still running is skipped', async () => {
		const wf = pollingWorkflow(sb, ALL);
		wf.activate();
		sb.admin.setLatency(200);
		const [a, b] = await Promise.all([wf.poll(), wf.poll()]);
		sb.admin.setLatency(0);
		expect([a, b]).toEqual([[], []]);
		expect(sb.admin.requests().filter((r) => r.path.startsWith('/v1/organization')).length).toBe(1);
	});
});

describe('polling trigger: Fetch Test Event', () => {
	const fetchTestEvent = async (parameters: IDataObject) =>
		await executeNode({ nodeType: pollingTrigger, parameters: parameters as never, credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl }, mode: 'manual' });

	test('returns the most recent matching change, shaped like a polled event, and stores nothing', async () => {
		await api(sb, 'POST', '/memory/facts/fact_0004/promote', { scope: 'company' });
		const latest = await api(sb, 'POST', '/memory/facts', { agent_id: 'dep_sales02', content: 'the newest fact' });
		const result = await fetchTestEvent({ events: ['memory.fact_created', 'memory.fact_promoted'], filters: {} });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toEqual({
			event: 'memory.fact_created',
			org_id: 'org_acme',
			timestamp: latest.created_at,
			data: { fact: latest },
			poll: { seen_at: expect.any(String), timestamp_from: 'created_at' },
		});
		const promoted = await fetchTestEvent({ events: ['memory.fact_promoted'], filters: {} });
		expect((promoted.items[0].json.data as IDataObject).fact).toEqual(expect.objectContaining({ id: 'fact_0004', scope: 'company' }));
	});

	test('says what to do when nothing matches yet', async () => {
		const result = await fetchTestEvent({ events: ['memory.fact_promoted'], filters: { agentId: byId('dep_ops03') } });
		expect(result.error?.message).toBe('Nothing matches the chosen events and filters yet');
	});
});
