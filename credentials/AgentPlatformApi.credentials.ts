import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { DEFAULT_BASE_URL } from '../src/client';

export class AgentPlatformApi implements ICredentialType {
	name = 'agentPlatformApi';

	displayName = 'Agent Platform API';

	icon: Icon = { light: 'file:../icons/agentPlatform.svg', dark: 'file:../icons/agentPlatform.dark.svg' };

	documentationUrl = 'https://github.com/agent-platform/n8n-nodes-agent-platform/blob/HEAD/README.md#credentials';

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
				'Address of the API, ending in /v1. Keep the default unless you use another deployment of the API. A missing /v1 or a trailing slash is fixed automatically.',
		},
		{
			displayName: 'Webhook Signing Secret',
			name: 'signingSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Only for an Agent Platform Trigger set to "Use Existing Subscription": the secret the API returned, once, when that subscription was created. Leave empty otherwise; subscriptions the trigger creates keep their own secret.',
		},
	];

	// No declarative `test` here: n8n would use it before the nodes' `testedBy`, and it cannot show
	// the API's own error message (src/client/credentialTest.ts).
	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};
}
