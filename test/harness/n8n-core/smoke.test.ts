import type { IExecuteFunctions, INodeType } from 'n8n-workflow';
import { startSandbox } from '../../sandbox';
import { executeNode } from './executeNode';

class Probe implements INodeType {
	description = {
		displayName: 'Probe',
		name: 'probe',
		group: ['transform'],
		version: 1,
		description: 'probe',
		defaults: { name: 'Probe' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'agentPlatformApi', required: true }],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions) {
		const creds = await this.getCredentials('agentPlatformApi');
		const res = await this.helpers.httpRequestWithAuthentication.call(this, 'agentPlatformApi', {
			url: `${creds.baseUrl as string}/agents`,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			encoding: 'text',
			json: false,
		});
		return [[{ json: { status: res.statusCode, headers: res.headers, body: res.body } }]];
	}
}

test('a node runs through n8n-core against the sandbox', async () => {
	const sb = await startSandbox();
	try {
		const result = await executeNode({ nodeType: new Probe(), parameters: {}, credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl } });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.status).toBe(200);
		expect(typeof result.items[0].json.body).toBe('string');
		expect(result.items[0].json.headers).toHaveProperty('x-ratelimit-remaining');
	} finally {
		await sb.close();
	}
});
