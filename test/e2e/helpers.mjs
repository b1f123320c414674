// What the end-to-end suite does to n8n and the sandbox, so the test file reads as assertions.
// Plain .mjs (no lint rules): it needs fetch, timers and files, which the strict lint forbids in .ts.
import { randomUUID } from 'node:crypto';
import { CREDENTIAL_NAME, NODE_TYPES } from '../harness/n8n-boot.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns something truthy; fails with `what` after `timeoutMs`. */
export async function eventually(probe, what, timeoutMs = 20_000) {
	const until = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
		await sleep(250);
	}
}

/** A resource locator parameter "By ID". */
export const byId = (value) => ({ __rl: true, mode: 'id', value });

export class Sandbox {
	constructor(info) {
		this.info = info;
	}

	/** The Agent Platform API itself, as an API client would call it (full-permission key). */
	async api(path, { method = 'GET', body } = {}) {
		const res = await fetch(`${this.info.baseUrl}${path}`, {
			method,
			headers: { authorization: `Bearer ${this.info.apiKey}`, 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const json = res.status === 204 ? {} : await res.json();
		return { status: res.status, data: json.data, error: json.error };
	}

	/** All items of a list endpoint. */
	async all(path) {
		const { data, status } = await this.api(`${path}${path.includes('?') ? '&' : '?'}limit=100`);
		if (status !== 200) throw new Error(`GET ${path} → ${status}`);
		return data;
	}

	/** The sandbox's admin surface (docs/sandbox.md). */
	async admin(path, { method = 'GET', body } = {}) {
		const res = await fetch(`${this.info.adminUrl}${path}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const json = await res.json();
		if (!res.ok) throw new Error(`admin ${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
		return json.data;
	}
}

export const POLLING_NODE = 'Agent Platform Polling Trigger';

/** The polling trigger followed by a No Operation node, polling at `seconds` past every minute (each a poll time of its own). */
export function pollingTriggerWorkflow(name, { seconds, parameters, credential }) {
	return {
		name,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: randomUUID(),
				name: POLLING_NODE,
				type: NODE_TYPES.pollingTrigger,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: seconds.map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) }, ...parameters },
				credentials: { agentPlatformApi: credential },
			},
			{ id: randomUUID(), name: 'No Operation', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [300, 0], parameters: {} },
		],
		connections: { [POLLING_NODE]: { main: [[{ node: 'No Operation', type: 'main', index: 0 }]] } },
	};
}

/**
 * A workflow as a user would build it: a Manual Trigger, then Agent Platform nodes one after
 * another. Every step runs once (`executeOnce`), so a list feeding the next step does not fan it
 * out; later steps reach earlier outputs with `$('Step name').item.json`.
 */
export function chainWorkflow(name, steps, credentialId) {
	const credentials = { agentPlatformApi: { id: credentialId, name: CREDENTIAL_NAME } };
	const nodes = [{ id: randomUUID(), name: 'Run manually', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }];
	const connections = {};
	steps.forEach((step, index) => {
		const previous = nodes[nodes.length - 1].name;
		nodes.push({
			id: randomUUID(),
			name: step.name,
			type: NODE_TYPES.action,
			typeVersion: 1,
			position: [260 * (index + 1), 0],
			executeOnce: step.executeOnce ?? true,
			parameters: step.parameters,
			credentials,
		});
		connections[previous] = { main: [[{ node: step.name, type: 'main', index: 0 }]] };
	});
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** Items of every node of a finished execution: { nodeName: [json, ...] }. */
export function outputsOf(execution) {
	const runData = execution.data?.resultData?.runData ?? {};
	return Object.fromEntries(Object.entries(runData).map(([node, runs]) => [node, (runs[0]?.data?.main?.[0] ?? []).map((item) => item.json)]));
}

export class N8n {
	constructor(stack) {
		this.stack = stack;
		this.api = stack.api;
	}

	async createWorkflow(workflow) {
		return await this.api.public('POST', '/workflows', workflow);
	}

	/**
	 * Runs a saved workflow the way "Execute workflow" in the editor does (a manual run from its
	 * Manual Trigger) and returns the finished execution with its data.
	 */
	async runManually(workflowId, trigger = 'Run manually') {
		const workflowData = await this.api.rest('GET', `/workflows/${workflowId}`);
		const { executionId } = await this.api.rest('POST', `/workflows/${workflowId}/run`, { workflowData, triggerToStartFrom: { name: trigger } });
		return await eventually(async () => {
			const execution = await this.api.public('GET', `/executions/${executionId}?includeData=true`);
			return execution.finished || !['new', 'running', 'waiting'].includes(execution.status) ? execution : undefined;
		}, `execution ${executionId} to finish`);
	}

	/** Creates and runs a chain; returns { workflowId, execution, outputs }. */
	async runChain(name, steps) {
		const workflow = await this.createWorkflow(chainWorkflow(name, steps, this.stack.credentialId));
		const execution = await this.runManually(workflow.id);
		return { workflowId: workflow.id, execution, outputs: outputsOf(execution) };
	}

	/**
	 * Deactivates a workflow; returns the time (epoch ms) by which n8n had taken its triggers down.
	 * n8n 2.x does that in the background, through its publication outbox, and says when in the
	 * workflow's publication status; n8n 1.x, or 2.x with that service off, has no such status (404)
	 * and takes them down before it answers.
	 */
	async deactivate(workflowId) {
		await this.api.public('POST', `/workflows/${workflowId}/deactivate`);
		return await eventually(async () => {
			const publication = await this.api.rest('GET', `/workflows/${workflowId}/publication-status`).catch((error) => {
				if (error.status === 404) return { status: 'not_published', pendingVersionId: null };
				throw error;
			});
			return publication.status === 'not_published' && !publication.pendingVersionId ? Date.now() : undefined;
		}, `n8n to take the triggers of workflow ${workflowId} down`);
	}

	/** Executions of a workflow, newest first, with data. */
	async executions(workflowId) {
		const { data } = await this.api.public('GET', `/executions?workflowId=${workflowId}&includeData=true&limit=250`);
		// n8n before 1.9x lists executions without `status`, only `finished` (true on success).
		return data.map((e) => ({ ...e, status: e.status ?? (e.finished ? 'success' : e.stoppedAt ? 'error' : 'running') }));
	}

	/** Every execution of the instance, with data (follows the cursor). */
	async allExecutions() {
		const all = [];
		let cursor = '';
		do {
			const page = await this.api.public('GET', `/executions?includeData=true&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
			all.push(...page.data);
			cursor = page.nextCursor ?? '';
		} while (cursor);
		return all;
	}

	async testCredential(apiKey, baseUrl) {
		return await this.api.rest('POST', '/credentials/test', {
			credentials: { id: this.stack.credentialId, name: 'test', type: 'agentPlatformApi', data: { apiKey, baseUrl } },
		});
	}
}
