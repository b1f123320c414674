// The MCP side of the end-to-end suite: a real MCP client (the official TypeScript SDK,
// @modelcontextprotocol/sdk) talking to n8n's MCP Server Trigger, which serves the Agent Platform
// tool. n8n 2.x's trigger (version 2 and later) answers both transports on one path,
// <n8n>/mcp/<path>: Streamable HTTP (POST) and the older SSE (GET, then POSTs to the same path).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { paths } from '../harness/n8n-install.mjs';

export const MCP_EXAMPLE = 'mcp-server-for-agent-platform.json';
export const MCP_TRIGGER_TYPE = '@n8n/n8n-nodes-langchain.mcpTrigger';
export const TRANSPORTS = ['streamableHttp', 'sse'];

/** Whether this n8n has the MCP Server Trigger (n8n 1.85.4 does not). */
export const n8nHasMcpTrigger = () =>
	existsSync(path.join(paths().root, 'node_modules', '@n8n', 'n8n-nodes-langchain', 'dist', 'nodes', 'mcp', 'McpTrigger', 'McpTrigger.node.js'));

/** The tool name n8n gives a tool node (n8n-workflow's nodeNameToToolName), written out independently. */
export const toolNameOf = (nodeName) => nodeName.replace(/[^a-zA-Z0-9_-]+/g, '_');

/** A connected MCP client; `token` goes in the Authorization header of every request. */
export async function connectMcp(url, { transport, token }) {
	const requestInit = token ? { headers: { authorization: `Bearer ${token}` } } : {};
	const client = new Client({ name: 'agent-platform-e2e', version: '1.0.0' });
	const endpoint = new URL(url);
	await client.connect(transport === 'sse' ? new SSEClientTransport(endpoint, { requestInit }) : new StreamableHTTPClientTransport(endpoint, { requestInit }));
	return client;
}

/** The text of a tool result, parsed as JSON when it is JSON. */
export function resultOf(result) {
	const text = (result.content ?? []).filter((part) => part.type === 'text').map((part) => part.text).join('');
	try {
		return { text, json: JSON.parse(text) };
	} catch {
		return { text, json: undefined };
	}
}
