import { startSandbox, type RunningSandbox } from '../sandbox';
import { triggerWorkflow } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const subscriptions = () => [...sb.admin.org('org_acme').webhooks.values()];

async function createFact(content: string) {
	const response = await fetch(`${sb.baseUrl}/memory/facts`, {
		method: 'POST',
		headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
		body: JSON.stringify({ agent_id: 'dep_support01', content }),
	});
	return (await response.json()) as { data: { id: string } };
}

describe('trigger lifecycle against the sandbox', () => {
	test('activation subscribes, a delivered event becomes workflow data, deactivation unsubscribes', async () => {
		const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['memory.fact_created', 'memory.fact_promoted'], options: {} });
		const receiver = await wf.listen();
		try {
			await wf.activate(receiver.url);
			expect(subscriptions()).toEqual([expect.objectContaining({ url: receiver.url, events: ['memory.fact_created', 'memory.fact_promoted'] })]);
			const secret = sb.admin.org('org_acme').webhookSecrets.get(subscriptions()[0].id) as string;
			expect(wf.staticData['node:Node Under Test']).toEqual(expect.objectContaining({ subscriptionId: subscriptions()[0].id, secret }));
			expect(await wf.checkExists(receiver.url)).toBe(true);

			const fact = await createFact('Deliveries reach n8n');
			await sb.admin.settled();
			expect(wf.executions).toHaveLength(1);
			const [item] = wf.executions[0];
			expect(item).toEqual({
				event: 'memory.fact_created',
				org_id: 'org_acme',
				timestamp: expect.stringMatching(/Z$/),
				data: { fact: expect.objectContaining({ id: fact.data.id, content: 'Deliveries reach n8n' }) },
			});
			expect(sb.admin.deliveries().map((d) => d.status)).toEqual([200]);

			// Events not subscribed to are acknowledged (no retries) and start nothing.
			await fetch(`${sb.baseUrl}/agents/dep_ops03`, {
				method: 'PATCH',
				headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
				body: JSON.stringify({ status: 'active' }),
			});
			sb.admin.emit('org_acme', 'agent.status_changed', { agent_id: 'dep_ops03' });
			await sb.admin.settled();
			expect(wf.executions).toHaveLength(1);

			await wf.deactivate(receiver.url);
			expect(subscriptions()).toEqual([]);
			expect(wf.staticData['node:Node Under Test']).toEqual({});
			expect(JSON.stringify(wf.executions)).not.toContain(secret);
		} finally {
			await receiver.close();
		}
	});

	test("n8n answered 500 (it could not save or queue the execution): the service's retry of the same bytes starts it, once", async () => {
		const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['memory.fact_created'], options: {} });
		const receiver = await wf.listen({ unstartable: 1 });
		try {
			await wf.activate(receiver.url);
			const fact = await createFact('Kept through a failed start');
			await sb.admin.settled();
			const attempts = sb.admin.deliveries();
			expect(attempts.map((d) => d.status)).toEqual([500, 200]);
			expect(attempts[1].body).toBe(attempts[0].body);
			expect(attempts[1].headers).toEqual(attempts[0].headers);
			expect(wf.executions.map(([item]) => (item.data as { fact: { id: string } }).fact.id)).toEqual([fact.data.id]);

			// Once an execution started, the same bytes again are a duplicate.
			const again = await wf.deliver({ headers: attempts[0].headers, rawBody: Buffer.from(attempts[0].body), body: JSON.parse(attempts[0].body) });
			expect(again).toEqual(expect.objectContaining({ status: 200, started: false }));
			expect(wf.executions).toHaveLength(1);
			await wf.deactivate(receiver.url);
		} finally {
			await receiver.close();
		}
	});

	test('a subscription deleted remotely is re-created, and the new secret is the one kept', async () => {
		const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: {} });
		const stored = () => wf.staticData['node:Node Under Test'] as { subscriptionId?: string; secret?: string };
		const secretOf = (id: string) => sb.admin.org('org_acme').webhookSecrets.get(id);
		await wf.activate('http://127.0.0.1:9/hook');
		const first = { ...stored() };
		expect(first.secret).toBe(secretOf(first.subscriptionId as string));
		sb.admin.org('org_acme').webhooks.clear();
		expect(await wf.checkExists('http://127.0.0.1:9/hook')).toBe(false);
		await wf.activate('http://127.0.0.1:9/hook');
		expect(subscriptions().map((s) => s.id)).toEqual([stored().subscriptionId]);
		expect(stored().subscriptionId).not.toBe(first.subscriptionId);
		expect(stored().secret).toBe(secretOf(stored().subscriptionId as string));
		expect(stored().secret).not.toBe(first.secret);
	});

	test('changing the events replaces the subscription instead of leaving the old one behind', async () => {
		const before = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['memory.fact_created'], options: {} });
		await before.activate('http://127.0.0.1:9/hook');
		const changed = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['agent.status_changed'], options: {} });
		Object.assign(changed.staticData, before.staticData);
		await changed.activate('http://127.0.0.1:9/hook');
		expect(subscriptions().map((s) => s.events)).toEqual([['agent.status_changed']]);
	});

	test('testing in the editor (test URL) and production activation each clean up after themselves', async () => {
		const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: {} });
		await wf.activate('http://127.0.0.1:9/webhook-test/abc', 'manual');
		expect(subscriptions().map((s) => s.url)).toEqual(['http://127.0.0.1:9/webhook-test/abc']);
		await wf.deactivate('http://127.0.0.1:9/webhook-test/abc');
		await wf.activate('http://127.0.0.1:9/webhook/abc');
		expect(subscriptions().map((s) => s.url)).toEqual(['http://127.0.0.1:9/webhook/abc']);
		await wf.deactivate('http://127.0.0.1:9/webhook/abc');
		expect(subscriptions()).toEqual([]);
	});

	test('a create response without the signing secret fails activation clearly and leaves no subscription behind', async () => {
		const other = await startSandbox({ plan: 'enterprise', webhookSecretField: 'signing_key' });
		try {
			const wf = triggerWorkflow(other, { subscriptionMode: 'create', events: ['*'], options: {} });
			const failure = await wf.activate('http://127.0.0.1:9/hook').then(
				() => undefined,
				(error: Error & { description?: string }) => error,
			);
			expect(failure?.message).toBe('The API created the webhook subscription but sent no signing secret');
			expect(failure?.description).toMatch(/field "secret"/);
			expect(failure?.description).toMatch(/Use Existing Subscription/);
			expect([...other.admin.org('org_acme').webhooks.values()]).toEqual([]);
			expect(wf.staticData['node:Node Under Test'] ?? {}).toEqual({});
		} finally {
			await other.close();
		}
	});

	test('an existing subscription without a secret in the credential is refused at activation, naming the field', async () => {
		const wf = triggerWorkflow(sb, { subscriptionMode: 'existing', events: ['*'], options: {} });
		const failure = await wf.activate('http://127.0.0.1:9/hook').then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failure?.message).toBe('The credential has no Webhook Signing Secret');
		expect(failure?.description).toMatch(/"Webhook Signing Secret" field/);
		expect(subscriptions()).toEqual([]);
	});

	describe('no subscription is left behind when static data is not the whole story', () => {
		const URL_ = 'http://127.0.0.1:9/webhook/left-behind';
		const live = () => subscriptions().filter((s) => s.url === URL_);
		/** A subscription for the URL made outside this trigger's static data. */
		const madeElsewhere = async (description: string) =>
			await fetch(`${sb.baseUrl}/webhooks`, {
				method: 'POST',
				headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
				body: JSON.stringify({ url: URL_, events: ['*'], description }),
			});

		test('the create answered 502 after the API made it: the failed activation removes it, and re-activation then deactivation leave none', async () => {
			const handle = sb.app.handle.bind(sb.app);
			sb.app.handle = async (req) => {
				const response = await handle(req);
				if (req.method !== 'POST' || !req.url.startsWith('/v1/webhooks')) return response;
				return { status: 502, headers: { 'content-type': 'text/html' }, body: '<html><h1>502 Bad Gateway</h1></html>' };
			};
			const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: {} });
			try {
				const failure = await wf.activate(URL_).then(
					() => undefined,
					(error: Error & { description?: string }) => error,
				);
				expect(failure?.message).toMatch(/HTTP 502/);
				expect(failure?.description).toMatch(/may have been carried out/);
			} finally {
				sb.app.handle = handle;
			}
			expect(live()).toEqual([]);
			await wf.activate(URL_);
			expect(live().map((s) => s.id)).toEqual([(wf.staticData['node:Node Under Test'] as { subscriptionId: string }).subscriptionId]);
			await wf.deactivate(URL_);
			expect(live()).toEqual([]);
		});

		test('a subscription the failed activation could not clean up is removed by the next activation', async () => {
			// The API made one but n8n never learned of it (the create's answer was lost, and so was the cleanup).
			await madeElsewhere('n8n workflow "Harness" (harness-workflow)');
			const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: {} });
			await wf.activate(URL_);
			const kept = (wf.staticData['node:Node Under Test'] as { subscriptionId: string }).subscriptionId;
			expect(live().map((s) => s.id)).toEqual([kept]);
			await wf.deactivate(URL_);
			expect(live()).toEqual([]);
		});

		test('two activations at once: the next activation keeps only the stored one, deactivation removes every one', async () => {
			const first = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: {} });
			const second = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: {} });
			await Promise.all([first.activate(URL_), second.activate(URL_)]);
			// Each activation stored its own; n8n saves one of them (here the second's).
			expect(live().length).toBeGreaterThanOrEqual(1);
			await second.activate(URL_);
			const stored = second.staticData['node:Node Under Test'] as { subscriptionId: string; secret: string };
			expect(live().map((s) => s.id)).toEqual([stored.subscriptionId]);
			expect(sb.admin.org('org_acme').webhookSecrets.get(stored.subscriptionId)).toBe(stored.secret);

			await Promise.all([first.activate(URL_), second.activate(URL_)]);
			await second.deactivate(URL_);
			expect(live()).toEqual([]);
		});

		test('static data lost after an activation: re-activation replaces the unknown one, deactivation leaves none', async () => {
			const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: {} });
			await wf.activate(URL_);
			const before = live().map((s) => s.id);
			delete wf.staticData['node:Node Under Test'];
			await wf.activate(URL_);
			const now = live().map((s) => s.id);
			expect(now).toHaveLength(1);
			expect(now).not.toEqual(before);
			delete wf.staticData['node:Node Under Test'];
			await wf.deactivate(URL_);
			expect(live()).toEqual([]);
		});

		test('subscriptions for the URL that the package did not make are left alone', async () => {
			await madeElsewhere('made by hand');
			const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: {} });
			await wf.activate(URL_);
			await wf.deactivate(URL_);
			expect(live().map((s) => s.description)).toEqual(['made by hand']);
		});
	});

	test('deactivation succeeds and clears state when the subscription is already gone', async () => {
		const wf = triggerWorkflow(sb, { subscriptionMode: 'create', events: ['*'], options: {} });
		await wf.activate('http://127.0.0.1:9/hook');
		sb.admin.org('org_acme').webhooks.clear();
		await wf.deactivate('http://127.0.0.1:9/hook');
		expect(wf.staticData['node:Node Under Test']).toEqual({});
	});

	test('with an existing subscription, nothing is created and the supplied secret verifies events', async () => {
		const created = await fetch(`${sb.baseUrl}/webhooks`, {
			method: 'POST',
			headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ url: 'http://127.0.0.1:9/placeholder', events: ['*'] }),
		});
		const { data } = (await created.json()) as { data: { id: string; secret: string } };
		const wf = triggerWorkflow(sb, { subscriptionMode: 'existing', events: ['*'], options: {} }, { signingSecret: data.secret });
		const receiver = await wf.listen();
		try {
			await wf.activate(receiver.url);
			expect(subscriptions()).toHaveLength(1);
			await fetch(`${sb.baseUrl}/webhooks/${data.id}`, {
				method: 'PATCH',
				headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
				body: JSON.stringify({ url: receiver.url }),
			});
			sb.admin.provision('org_acme', 'Night Shift Agent');
			await sb.admin.settled();
			expect(wf.executions.map((e) => e[0].event)).toEqual(['deployment.provisioned']);
			await wf.deactivate(receiver.url);
			expect(subscriptions()).toHaveLength(1);
		} finally {
			await receiver.close();
		}
	});
});
