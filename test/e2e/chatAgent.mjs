// The chat agent of the end-to-end suite: n8n's Chat Trigger → AI Agent with the OpenAI Chat Model
// (pointed at test/fake-model), Agent Platform Memory, and the Agent Platform node as a tool. The
// versions of n8n's own nodes are the newest each supported n8n knows.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CREDENTIAL_NAME, NODE_TYPES } from '../harness/n8n-boot.mjs';
import { N8N_VERSION, paths } from '../harness/n8n-install.mjs';

export const MEMORY_NODE_TYPE = NODE_TYPES.action.replace(/\.agentPlatform$/, '.agentPlatformMemory');
export const OPENAI_CREDENTIAL_NAME = 'Fake model (e2e)';
export const TOOL_NODE = 'Search platform memory';
/** n8n names a node's tool after the node. */
export const TOOL_NAME = TOOL_NODE.replace(/ /g, '_');
/** A second tool (with `factTool`): Memory Fact → Get, the fact's ID filled by the model. */
export const FACT_TOOL_NODE = 'Get platform fact';
export const FACT_TOOL_NAME = FACT_TOOL_NODE.replace(/ /g, '_');

/** Whether this n8n ships @n8n/ai-node-sdk (2.16 and later), which the memory node needs. */
export const n8nHasAiNodeSdk = () => existsSync(path.join(paths().root, 'node_modules', '@n8n', 'ai-node-sdk', 'package.json'));

/**
 * The session tag the memory writes into each turn, computed here independently of the node: a
 * Chat Trigger's session id is hashed in the namespace `chat`, a key defined below in `key`.
 */
export const sessionTag = (key, namespace = 'chat') => `n8nchat${createHash('sha256').update(`${namespace}:${key}`, 'utf8').digest('hex').slice(0, 32)}`;

export async function createModelCredential(api, modelUrl) {
	return (await api.rest('POST', '/credentials', { name: OPENAI_CREDENTIAL_NAME, type: 'openAiApi', data: { apiKey: 'sk-fake-e2e', url: modelUrl } })).id;
}

/**
 * The workflow; `memory` holds the memory node's parameters, `memoryVersion` its node version (1
 * keeps turns for an hour unless told otherwise; 1.1 until deleted), `factTool` adds the second tool.
 * Returns it with the chat webhook id.
 */
export function chatAgentWorkflow({ name, credentialId, modelCredentialId, memory, memoryVersion = 1, factTool = false }) {
	const v2 = !N8N_VERSION.startsWith('1.');
	const webhookId = randomUUID();
	const node = (nodeName, type, typeVersion, position, parameters, extra = {}) => ({ id: randomUUID(), name: nodeName, type, typeVersion, position, parameters, ...extra });
	const platform = { agentPlatformApi: { id: credentialId, name: CREDENTIAL_NAME } };
	const ai = (from, type) => ({ [from]: { [type]: [[{ node: 'AI Agent', type, index: 0 }]] } });
	const workflow = {
		name,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('When chat message received', '@n8n/n8n-nodes-langchain.chatTrigger', 1.1, [0, 0], { public: true, options: { responseMode: 'lastNode' } }, { webhookId }),
			node('AI Agent', '@n8n/n8n-nodes-langchain.agent', v2 ? 3.1 : 1.8, [260, 0], { promptType: 'auto', options: { systemMessage: 'You are the end-to-end test agent.' } }),
			node('OpenAI Chat Model', '@n8n/n8n-nodes-langchain.lmChatOpenAi', 1.2, [120, 240], { model: { __rl: true, mode: 'id', value: 'fake-model' }, options: {} }, {
				credentials: { openAiApi: { id: modelCredentialId, name: OPENAI_CREDENTIAL_NAME } },
			}),
			node('Agent Platform Memory', MEMORY_NODE_TYPE, memoryVersion, [300, 240], memory, { credentials: platform }),
			node(
				TOOL_NODE,
				NODE_TYPES.tool,
				1,
				[480, 240],
				{
					descriptionType: 'manual',
					toolDescription: 'Search the memory facts of the company’s agents',
					resource: 'memoryFact',
					operation: 'getMany',
					returnAll: false,
					limit: 5,
					filters: { text: "={{ $fromAI('searchText', 'Words the fact should contain', 'string') }}" },
				},
				{ credentials: platform },
			),
		],
		connections: {
			'When chat message received': { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			...ai('OpenAI Chat Model', 'ai_languageModel'),
			...ai('Agent Platform Memory', 'ai_memory'),
			...ai(TOOL_NODE, 'ai_tool'),
		},
	};
	if (factTool) {
		workflow.nodes.push(
			node(
				FACT_TOOL_NODE,
				NODE_TYPES.tool,
				1,
				[640, 240],
				{
					descriptionType: 'manual',
					toolDescription: 'Get one memory fact by its ID',
					resource: 'memoryFact',
					operation: 'get',
					factId: { __rl: true, mode: 'id', value: "={{ $fromAI('factId', 'The ID of the fact, fact_...', 'string') }}" },
				},
				{ credentials: platform },
			),
		);
		Object.assign(workflow.connections, ai(FACT_TOOL_NODE, 'ai_tool'));
	}
	return { workflow, webhookId };
}

/** Sends one chat message the way n8n's hosted chat does; returns the HTTP status and the body. */
export async function sendChat(n8nUrl, webhookId, sessionId, chatInput) {
	const res = await fetch(`${n8nUrl}/webhook/${webhookId}/chat`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }),
	});
	const text = await res.text();
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: res.status, text, json };
}
