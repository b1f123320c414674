import { startSandbox, type RunningSandbox } from '../sandbox';
import { useVirtualClock } from '../harness/virtualClock';
import { withClient } from './helpers';

/** Retries' backoff and Retry-After waits pass on this clock, not in real time. */
const clock = useVirtualClock();

/** Fake keys, assembled so no literal looks like a credential. */
const UNKNOWN_KEY = ['ctx', 'unknown', 'key', '123'].join('_');
const WRONG_PREFIX_KEY = ['sk', 'live', 'wrongprefix'].join('_');

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ now: clock.now })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const errorText = (error: unknown) => JSON.stringify(error, Object.getOwnPropertyNames(error)) + String(error);

describe('error mapping', () => {
	test('401 unauthorized: API message, code, status and a hint about the key', async () => {
		const { error } = await withClient(sb, (c) => c.call('agent.get', { path: { agentId: 'dep_support01' } }), { apiKey: UNKNOWN_KEY });
		expect(error?.message).toContain('Invalid API key');
		expect(error?.message).toContain('[unauthorized]');
		expect(error?.httpCode).toBe('401');
		expect(error?.description).toMatch(/API key/);
		expect(errorText(error)).not.toContain(UNKNOWN_KEY);
	});

	test('a key without the ctx_ prefix is refused before any request', async () => {
		const before = sb.admin.requests().length;
		const { error } = await withClient(sb, (c) => c.call('organization.get'), { apiKey: WRONG_PREFIX_KEY });
		expect(error?.message).toMatch(/must start with "ctx_"/);
		expect(sb.admin.requests().length).toBe(before);
		expect(errorText(error)).not.toContain(WRONG_PREFIX_KEY);
	});

	test('403 forbidden for a read-only key writing', async () => {
		const { error } = await withClient(
			sb,
			(c) => c.call('team.create', { body: { name: 'New team' } }),
			{ apiKey: sb.keys.readOnly },
		);
		expect(error?.message).toContain('[forbidden]');
		expect(error?.httpCode).toBe('403');
		expect(error?.description).toMatch(/permission/);
		expect(errorText(error)).not.toContain(sb.keys.readOnly);
	});

	test('404 not_found for another organization\'s resource, with an id hint', async () => {
		const { error } = await withClient(sb, (c) => c.call('agent.get', { path: { agentId: 'dep_globex01' } }));
		expect(error?.message).toContain('[not_found]');
		expect(error?.httpCode).toBe('404');
		expect(error?.description).toMatch(/another organization/);
		expect(errorText(error)).not.toContain('Globex Helper');
	});

	test('400 bad_request names the field', async () => {
		const { error } = await withClient(sb, (c) => c.call('memoryFact.create', { body: { agent_id: 'dep_support01' } }));
		expect(error?.message).toContain('"content"');
		expect(error?.message).toContain('[bad_request]');
		expect(error?.httpCode).toBe('400');
	});

	test('429 for longer than the retry time bound becomes rate_limit_exceeded with a plan hint', async () => {
		sb.admin.setFaults({ stormRate: 1, stormLength: 1000 });
		const { error } = await withClient(sb, (c) => c.call('organization.get'), { client: { retryLimits: { rateLimitedMs: 2500 } } });
		expect(error?.message).toContain('[rate_limit_exceeded]');
		expect(error?.httpCode).toBe('429');
		expect(error?.description).toMatch(/limit/);
	}, 30_000);

	test('500 internal_error after idempotent retries', async () => {
		sb.admin.setFaults({ serverErrorRate: 1 });
		const { error } = await withClient(sb, (c) => c.call('organization.get'));
		// The last answer decides the message: the sandbox's 500 envelope, its HTML 502 or its empty 503.
		const expected: Record<string, string> = {
			'500': 'Unexpected error (injected fault) [internal_error]',
			'502': 'The Agent Platform API returned an HTML page instead of JSON (HTTP 502)',
			'503': 'The Agent Platform API returned an empty body instead of JSON (HTTP 503)',
		};
		expect(error?.message).toBe(expected[String(error?.httpCode)]);
		// Sent once and retried six times (GET is safe to repeat).
		expect(sb.admin.requests().filter((r) => r.path === '/v1/organization')).toHaveLength(7);
	}, 60_000);

	test('a truncated JSON body on a POST is a clear error that says it may have succeeded', async () => {
		sb.admin.setFaults({ malformedRate: 1 });
		const { error } = await withClient(sb, (c) => c.call('team.create', { body: { name: 'Cut off' } }));
		expect(error?.message).toBe('The Agent Platform API returned JSON that was cut off before its end (HTTP 201)');
		expect(error?.description).toMatch(/may have been carried out/);
		sb.admin.setFaults({});
		const teams = await withClient(sb, (c) => c.list('team.getMany'));
		expect((teams.value as { name: string }[]).filter((t) => t.name === 'Cut off')).toHaveLength(1);
	});

	test('an HTML page from a wrong base URL is named as such', async () => {
		const { error } = await withClient(sb, (c) => c.call('organization.get'), { baseUrl: `${sb.origin}/website` });
		expect(error?.message).toBe('The Agent Platform API returned an HTML page instead of JSON (HTTP 404)');
		expect(error?.description).toMatch(/Base URL/);
	});
});
