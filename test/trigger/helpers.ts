import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { AgentPlatformTrigger } from '../../nodes/AgentPlatformTrigger/AgentPlatformTrigger.node';
import { hookContext, webhookContext } from '../harness/n8n-core';
import type { RunningSandbox } from '../sandbox';
import { responseAdapter, startReceiver, type ReceivedRequest } from './receiver.js';

export const trigger = new AgentPlatformTrigger();

/** One trigger node in one workflow: shared parameters and static data, like a saved workflow. */
export function triggerWorkflow(sb: RunningSandbox, parameters: INodeParameters, credential: { signingSecret?: string } = {}) {
	const staticData: IDataObject = {};
	const credentials = { apiKey: sb.apiKey, baseUrl: sb.baseUrl, ...credential };
	const base = { nodeType: trigger, parameters, credentials, staticData };
	const hooks = trigger.webhookMethods.default;
	const executions: IDataObject[][] = [];

	/** Runs the trigger's webhook() for one request; returns the HTTP answer and any workflow data. */
	async function deliver(request: Omit<ReceivedRequest, 'method' | 'url'>) {
		const written: { status?: number; body?: string } = {};
		const res = responseAdapter({
			writeHead: (status: number) => (written.status = status),
			end: (text: string) => (written.body = text),
		});
		const ctx = webhookContext({ ...base, request: { method: 'POST', url: '/webhook', ...request } as unknown as IDataObject, response: res as unknown as IDataObject });
		const result = await trigger.webhook.call(ctx);
		if (result.workflowData) executions.push(result.workflowData[0].map((i) => i.json));
		return { status: result.workflowData ? 200 : written.status, body: written.body, started: Boolean(result.workflowData) };
	}

	return {
		staticData,
		executions,
		deliver,
		/** What n8n does on activation (or, with a test URL, when the trigger is tested in the editor). */
		async activate(webhookUrl: string, mode: 'trigger' | 'manual' = 'trigger') {
			const { context } = hookContext({ ...base, webhookUrl, mode });
			if (!(await hooks.checkExists.call(context))) await hooks.create.call(context);
		},
		async checkExists(webhookUrl: string) {
			return await hooks.checkExists.call(hookContext({ ...base, webhookUrl }).context);
		},
		async deactivate(webhookUrl: string) {
			await hooks.delete.call(hookContext({ ...base, webhookUrl }).context);
		},
		/** A real HTTP endpoint the sandbox delivers to, running webhook() for each request. */
		async listen() {
			return await startReceiver(async (req, res) => {
				const answer = await deliver(req);
				if (!res.ended) res.status(answer.status ?? 200).send(answer.body ?? '');
			});
		},
	};
}
