import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
} from 'n8n-workflow';
import { ACTION_BUILDER_HINT } from '../parts/builderHints';
import { credentialTest, NODE_ICON, type NodeDescription } from '../parts/header';
import { WEBHOOK_SECRET_FIELD } from '../../src/vocabulary';
import { resources } from './actions';
import { description as nodeOptions, router } from './actions/router';
import { HUMAN_REVIEW_HINT } from './helpers/humanReview';
import { NO_FIELDS_HINT } from './descriptions/common.description';
import { listSearch, loadOptions } from './methods';

/**
 * The node file only wires things together: the description is assembled from each resource's
 * operations (actions/<resource>/index.ts), execution goes to the router, list search and load
 * options live in methods/.
 */
export class AgentPlatform implements INodeType {
	description: NodeDescription = {
		displayName: 'Agent Platform',
		name: 'agentPlatform',
		icon: NODE_ICON,
		group: ['transform'],
		// 1.1: Memory Fact → Get Many leaves chat turns out unless Include Chat Turns is on; version 1
		// nodes keep listing them (parts/chatTurns.ts).
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Manage deployed agents, their memory facts, Knowledge Hub documents, teams, members, skills and webhook subscriptions on the Agent Platform API',
		defaults: { name: 'Agent Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'agentPlatformApi', required: true, testedBy: 'agentPlatformApiTest' }],
		hints: [HUMAN_REVIEW_HINT, NO_FIELDS_HINT],
		builderHint: ACTION_BUILDER_HINT,
		// Webhook Subscription → Create (the subscription) and an API Request that creates one (the API's
		// envelope around it) output the signing secret, which the API shows only then. n8n redacts the
		// paths named here in execution data where it applies node-declared redaction (not yet in
		// n8n 2.41: docs/webhook-trigger.md, "Keeping the signing secret out of execution history").
		sensitiveOutputFields: [WEBHOOK_SECRET_FIELD, `data.${WEBHOOK_SECRET_FIELD}`],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Agent', value: 'agent', description: 'A deployed agent (ID dep_...)' },
					{
						name: 'API Request (Paced, Paginated)',
						value: 'apiRequest',
						description:
							"Any endpoint under the Base URL, paced by the key's rate limit, retried and paginated; the key is sent only to the API. n8n's Custom API Call opens the HTTP Request node instead, without these.",
					},
					{ name: 'Knowledge Document', value: 'knowledgeDocument', description: 'A Knowledge Hub document from onboarding' },
					{ name: 'Member', value: 'member', description: 'A person in the organization' },
					{ name: 'Memory Fact', value: 'memoryFact', description: 'A fact an agent learned, with a tier and a scope' },
					{ name: 'Organization', value: 'organization', description: 'The organization the API key belongs to' },
					{ name: 'Skill', value: 'skill', description: 'A capability enabled or disabled per agent' },
					{ name: 'Team', value: 'team', description: 'A team in the organization' },
					{ name: 'Webhook Subscription', value: 'webhookSubscription', description: 'Where signed events are delivered' },
				],
				default: 'memoryFact',
			},
			...Object.values(resources).flatMap((r) => r.description),
			...nodeOptions,
		],
	};

	methods = { listSearch, loadOptions, credentialTest };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
