/**
 * Secrets never reach a stored turn, along the paths issue 32 measured on ad7d48a: a signing secret
 * handed out by the API Request operation (repeated by the model in a later round), an API key
 * encoded as a URL, a form or a JSON string encodes it, a token inside a JSON string inside a tool
 * result, and a token quoted in the text of a failed request. The tool results are the Agent
 * Platform node's own, run as a tool against the sandbox, where a real one can give them.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { nodeAsTool } from '../harness/n8n-core';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { memoryParameters, withMemory } from './helpers';
import { AIMessage, HumanMessage, ToolMessage } from './langchainMessages.js';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const remembering = memoryParameters({ rememberToolCalls: true });
const turnFacts = () => [...sb.admin.org('org_acme').facts.values()].filter((f) => f.source.channel === 'n8n');
const call = (id: string, name: string, args: IDataObject) => new AIMessage({ content: '', tool_calls: [{ id, name, args, type: 'tool_call' }] });
const result = (id: string, name: string, content: string) => new ToolMessage({ content, tool_call_id: id, name });

async function callTool(parameters: INodeParameters, args: IDataObject): Promise<string> {
	const { tool } = nodeAsTool({ nodeType: new AgentPlatform(), parameters, credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl } });
	return String(await tool.invoke(args));
}

/** Saves one turn made of `messages` with these parameters; returns the stored fact's content. */
async function stored(parameters: INodeParameters, messages: unknown[]): Promise<string> {
	const { error } = await withMemory(sb, parameters, async (memory) => await memory.chatHistory.addMessages(messages));
	expect(error).toBeUndefined();
	const facts = turnFacts();
	expect(facts).toHaveLength(1);
	return facts[0].content;
}

/** Every way a URL, a form or a JSON string can write the key (each still names the same key). */
const encodings = (key: string): Array<[string, string]> => {
	const percentAll = Array.from(key, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');
	const jsonAll = Array.from(key, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
	return [
		['after %3D in a query', `https://api.example.com/v1?key%3D${key}`],
		['after = in a form body', `grant=client&api_key=${key}&x=1`],
		['percent-encoded whole', `https://api.example.com/v1?k=${percentAll}`],
		['percent-encoded twice', `https://api.example.com/v1?k=${percentAll.replace(/%/g, '%25')}`],
		['first letters percent-encoded', `Bearer%20%63%74%78%5F${key.slice(4)}`],
		['JSON-escaped whole', `{"k":"${jsonAll}"}`],
		['JSON-escaped first letter', `"\\u0063${key.slice(1)}"`],
		['JSON-escaped, then percent-encoded', `q=%5Cu0063${key.slice(1)}`],
	];
};

/** Shaped like an API key, made up for these tests. */
const KEY_SHAPED = `ctx_live_${'0123456789abcdef'}`;

describe('Agent Platform Memory: no secret is stored, by any path', () => {
	test.each([
		['on', remembering],
		['off', memoryParameters()],
	])('Remember Tool Calls %s: a signing secret the API Request operation handed out in an earlier round is not stored when the model repeats it', async (_how, parameters) => {
		const created = await callTool(
			{ resource: 'apiRequest', operation: 'request', method: 'POST', path: '/webhooks', body: '={{ JSON.stringify({ url: $fromAI("url", "Where to deliver", "string"), events: ["deployment.provisioned"] }) }}' },
			{ url: 'https://hooks.example.com/api-request' },
		);
		const secret = String((JSON.parse(created) as IDataObject[])[0].secret ?? (JSON.parse(created) as Array<{ data: IDataObject }>)[0].data?.secret);
		expect(secret).toMatch(/^whsec_/);
		// n8n hands the memory only the last round: the webhook was created in an earlier one.
		const content = await stored(parameters, [
			new HumanMessage('Subscribe me'),
			call('call_1', 'Search_facts', { search_text: 'refund' }),
			result('call_1', 'Search_facts', '[]'),
			new AIMessage(`Subscribed. Your signing secret is ${secret}; I saved it as secret%3D${secret} too.`),
		]);
		expect(content).not.toContain(secret);
		expect(content).toContain('Your signing secret is [redacted]');
	});

	test.each(encodings(KEY_SHAPED))('an API key %s, in a message, an answer and a tool result, is not stored', async (_how, text) => {
		const key = KEY_SHAPED;
		const content = await stored(remembering, [
			new HumanMessage(`Call ${text} for me`),
			call('call_1', 'HTTP_Request', { url: text }),
			result('call_1', 'HTTP_Request', JSON.stringify({ message: `Sent to ${text}`, status: 'ok' })),
			new AIMessage(`I called ${text}`),
		]);
		expect(content).not.toContain(key.slice(4));
		expect(content).toContain('[redacted]');
	});

	test('the credential’s own key is not stored in any of those encodings either', async () => {
		const key = sb.apiKey;
		for (const [, text] of encodings(key)) {
			sb.admin.reset();
			const content = await stored(memoryParameters(), [new HumanMessage(`Use ${text}`), new AIMessage(`Used ${text}`)]);
			expect(content).not.toContain(key.slice(4));
		}
	});

	test('a token inside a JSON string inside a tool result, and a token quoted in the text of a failed request, are not stored', async () => {
		const nested = 'tok_nested_a1b2c3d4e5f6';
		const quoted = 'sess_quoted_9z8y7x6w5v';
		const inQuery = 'qs_token_0011223344';
		const bearer = 'brr_5566778899aabb';
		const content = await stored(remembering, [
			new HumanMessage('Fetch the profile, then the report'),
			call('call_1', 'HTTP_Request', { url: 'https://api.example.com/profile' }),
			result('call_1', 'HTTP_Request', JSON.stringify({ id: 'prof_1', message: JSON.stringify({ user: 'ada', access_token: nested }) })),
			call('call_2', 'HTTP_Request', { url: 'https://api.example.com/report' }),
			new ToolMessage({
				content: JSON.stringify({ error: `Request failed with status 401: token "${quoted}" expired (GET /report?access_token=${inQuery}, Authorization: Bearer ${bearer})` }),
				tool_call_id: 'call_2',
				status: 'error',
			}),
			new AIMessage(`The report failed: token ${quoted} expired. The profile token was ${nested}.`),
		]);
		for (const secret of [nested, quoted, inQuery, bearer]) expect(content).not.toContain(secret);
		expect(content).toContain('prof_1');
		expect(content).toContain('Request failed with status 401');
	});

	test('a real failed request: the Agent Platform node’s error quotes a token it was given; the turn keeps the failure, not the token', async () => {
		const secret = `whsec_${'0123456789abcdefABCDEF'}`;
		const parameters = { resource: 'memoryFact', operation: 'get', factId: { __rl: true, mode: 'id', value: "={{ $fromAI('factId', 'The fact', 'string') }}" } };
		// n8n hands a failed tool on to the model and the memory as the JSON of its error.
		const failed = await callTool(parameters, { factId: `token=${secret}` }).then(
			() => 'succeeded',
			(error: Error) => JSON.stringify({ error: `${error.message} ${(error as Error & { description?: string }).description ?? ''}`, errorType: error.name }),
		);
		expect(failed).toContain(secret);
		const content = await stored(remembering, [
			new HumanMessage('Get it'),
			call('call_1', 'Get_fact', { factId: 'the one I gave you' }),
			new ToolMessage({ content: failed, tool_call_id: 'call_1', status: 'error' }),
			new AIMessage('It was not found.'),
		]);
		expect(content).not.toContain(secret);
		expect(content).toContain('was not found');
		expect(content).toContain('"error":true');
	});

	test('the kept summary stays bounded whatever the result holds: huge, deeply nested, full of encoded secrets', async () => {
		const key = KEY_SHAPED;
		const deep = Array.from({ length: 8 }).reduce<unknown>((inner) => ({ message: JSON.stringify(inner) }), { token: `tok_deep_${'0123456789'}` });
		const big = JSON.stringify({ id: 'x', message: `${'%63%74%78%5F'}${key.slice(4)} `.repeat(20_000), deep });
		const content = await stored(remembering, [new HumanMessage('Go'), call('call_1', 'Tool', { q: key }), result('call_1', 'Tool', big), new AIMessage('Done')]);
		const resultLine = content.split('\n').find((line) => line.startsWith('Tool result:')) ?? '';
		expect(resultLine.length).toBeLessThanOrEqual(1_000);
		expect(content).not.toContain(key.slice(4));
		expect(content).not.toContain('tok_deep');
	});
});
