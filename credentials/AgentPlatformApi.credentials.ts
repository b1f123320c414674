import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { BASE_URL_EXPRESSION, DEFAULT_BASE_URL } from '../src/client/baseUrl';

export class AgentPlatformApi implements ICredentialType {
	name = 'agentPlatformApi';

	displayName = 'Agent Platform API';

	icon: Icon = { light: 'file:agentPlatform.svg', dark: 'file:agentPlatform.dark.svg' };

	documentationUrl = 'https://github.com/agent-platform/n8n-nodes-agent-platform#credential-setup';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			placeholder: 'ctx_...',
			description:
				"The organization's API key from the service dashboard. It starts with ctx_ and is sent as a Bearer token.",
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: DEFAULT_BASE_URL,
			required: true,
			description:
				'Address of the API, ending in /v1. A missing /v1 or a trailing slash is fixed automatically. Point it at the local sandbox (npm run sandbox) to try the nodes without an account.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/agents',
			qs: { limit: 1 },
			method: 'GET',
		},
		// Without rules n8n shows only the HTTP status text ("Unauthorized"); these say what to fix.
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The API key was refused (401): copy the full ctx_... key again from the dashboard; it may have been revoked',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The API key is valid but may not list agents (403): use a key with read access',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'No Agent Platform API answered at this Base URL (404): it should be the API address ending in /v1',
				},
			},
		],
	};
}
