import {
	NodeConnectionTypes,
	type INodeType,
	type ISupplyDataFunctions,
	type SupplyData,
} from 'n8n-workflow';
import { AgentPlatformClient, CREDENTIAL_TYPE } from '../../src/client';
import { MEMORY_BUILDER_HINT } from '../parts/builderHints';
import { credentialTest, NODE_ICON, type NodeDescription } from '../parts/header';
import { searchAgents } from '../parts/listSearch';
import { loadAiNodeSdk } from './aiNodeSdk';
import { properties } from './description';
import { LongTermContext } from './longTermContext';
import { readableInLogs } from './logView';
import { PlatformMemory } from './platformMemory';
import { roundScope } from './roundCache';
import { SessionHistory } from './sessionHistory';
import { readSettings } from './settings';

/**
 * An AI Agent's memory on the platform: the conversation as facts of one agent, kept as long as chosen, and
 * optionally what the organization's agents have learned as long-term context. See README,
 * "AI Agent memory".
 */
export class AgentPlatformMemory implements INodeType {
	description: NodeDescription = {
		displayName: 'Agent Platform Memory',
		name: 'agentPlatformMemory',
		icon: NODE_ICON,
		group: ['transform'],
		// 1.1: Keep History defaults to Until Deleted; version 1 workflows keep their hour (keepHistory.ts).
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{ $parameter["longTermContext"] ? "Conversation and long-term context" : "Conversation" }}',
		description: "Keeps an AI Agent's conversation in an Agent Platform agent's memory and gives it what the organization's agents have learned",
		defaults: { name: 'Agent Platform Memory' },
		inputs: [],
		outputs: [NodeConnectionTypes.AiMemory],
		outputNames: ['Memory'],
		builderHint: MEMORY_BUILDER_HINT,
		credentials: [{ name: 'agentPlatformApi', required: true, testedBy: 'agentPlatformApiTest' }],
		properties,
	};

	methods = { listSearch: { searchAgents }, credentialTest };

	async supplyData(this: ISupplyDataFunctions, itemIndex: number): Promise<SupplyData> {
		const settings = readSettings(this, itemIndex);
		const sdk = await loadAiNodeSdk(this.getNode());
		// The shared client needs only what every n8n context has for HTTP: getNode, getCredentials,
		// helpers.httpRequestWithAuthentication and the cancel signal; a supply-data context has them all.
		const client = new AgentPlatformClient(this);
		// The key is never stored in a turn, even when a message or a tool result repeats it (trimmed,
		// as the client sends it; a signing secret handed out lately is added when a turn is saved).
		const credentials = await this.getCredentials<{ apiKey?: string; baseUrl?: string }>(CREDENTIAL_TYPE, itemIndex);
		// n8n's AI Agent asks for its memory again after each round of tool calls: what one round read,
		// the next ones of the same execution reuse (roundCache.ts).
		const round = roundScope(this, credentials);
		const history = new SessionHistory(client, this.getNode(), settings.session, {
			toolCalls: settings.toolCalls,
			lifetime: settings.lifetime,
			secrets: [credentials.apiKey?.trim() ?? ''],
			round,
			log: (message) => this.logger.info(message, { nodeName: this.getNode().name }),
		});
		// Why the model got no long-term context shows under the memory's run in the editor (n8n 2.x
		// gives a supply-data context execution hints), and in n8n's log.
		const noContext = (why: string) => {
			this.logger.info(why.replace(/ See <a .*$/, ''), { nodeName: this.getNode().name });
			if (typeof this.addExecutionHints === 'function') this.addExecutionHints({ message: why, type: 'info', location: 'outputPane' });
		};
		const longTerm = settings.longTerm && new LongTermContext(client, settings.session.agentId, settings.longTerm, round, noContext);
		// The Logs panel shows each message's text, as with n8n's own memories (logView.ts).
		return readableInLogs(sdk.supplyMemory(this, new PlatformMemory(history, settings.turns, longTerm)), (message) => this.logger.warn(message, { nodeName: this.getNode().name }));
	}
}
