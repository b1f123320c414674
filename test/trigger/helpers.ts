import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { sign } from '../../src/signing';
import { AgentPlatformTrigger } from '../../nodes/AgentPlatformTrigger/AgentPlatformTrigger.node';
import { hookContext, webhookContext } from '../harness/n8n-core';
import type { RunningSandbox } from '../sandbox';
import { responseAdapter, startReceiver, type ReceivedRequest, type ResponseAdapter } from './receiver.js';

export const trigger = new AgentPlatformTrigger();

/** A test-only signing secret, assembled so no literal looks like a credential. */
export const SECRET = ['whsec', 'trigger', 'tests', 'only'].join('_');

export function delivery(overrides: { event?: string; data?: object; timestamp?: string; headerTimestamp?: string; secret?: string; extra?: object } = {}) {
	const timestamp = overrides.timestamp ?? new Date().toISOString();
	const body = JSON.stringify({ event: overrides.event ?? 'memory.fact_promoted', org_id: 'org_acme', timestamp, data: overrides.data ?? { fact: { id: 'fact_1', agent_id: 'dep_support01' } }, ...overrides.extra });
	const rawBody = Buffer.from(body);
	return {
		rawBody,
		body: JSON.parse(body) as object,
		headers: {
			'x-service-event': overrides.event ?? 'memory.fact_promoted',
			'x-service-signature': sign(overrides.secret ?? SECRET, rawBody),
			'x-service-timestamp': overrides.headerTimestamp ?? timestamp,
		} as Record<string, string | undefined>,
	};
}


/** One trigger node in one workflow: shared parameters and static data, like a saved workflow. */
export function triggerWorkflow(sb: RunningSandbox, parameters: INodeParameters, credential: { signingSecret?: string } = {}, typeVersion?: number) {
	const staticData: IDataObject = {};
	const credentials = { apiKey: sb.apiKey, baseUrl: sb.baseUrl, ...credential };
	const base = { nodeType: trigger, parameters, credentials, staticData, typeVersion };
	const hooks = trigger.webhookMethods.default;
	const executions: IDataObject[][] = [];

	/**
	 * Runs the trigger's webhook() for one request; returns the HTTP answer and any workflow data.
	 * `n8n` is set when the request came over HTTP: webhook() gets that request's response, and
	 * when it hands over workflow data, the answer is n8n's, sent after it has saved or queued the
	 * execution: 200, or, when it `starts` none (its database or queue down), 500.
	 */
	async function deliver(request: Omit<ReceivedRequest, 'method' | 'url'>, n8n?: { response: ResponseAdapter; starts: () => boolean }) {
		const written: { status?: number; body?: string; headers?: Record<string, string> } = {};
		const res =
			n8n?.response ??
			responseAdapter({
				writeHead: (status: number, headers: object) => {
					written.status = status;
					written.headers = headers as Record<string, string>;
				},
				end: (text: string) => (written.body = text),
			});
		const ctx = webhookContext({ ...base, request: { method: 'POST', url: '/webhook', ...request } as unknown as IDataObject, response: res as unknown as IDataObject });
		const result = await trigger.webhook.call(ctx);
		const started = Boolean(result.workflowData) && (n8n?.starts() ?? true);
		if (started) executions.push(result.workflowData![0].map((i) => i.json));
		if (n8n && result.workflowData && !res.ended) {
			if (started) res.status(200).json({ message: 'Workflow was started' });
			else res.status(500).json({ code: 0, message: 'The execution could not be saved' });
		}
		return { status: result.workflowData ? (started ? 200 : 500) : written.status, body: written.body, headers: written.headers, started };
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
		/**
		 * A real HTTP endpoint the sandbox delivers to, running webhook() for each request. The first
		 * `unstartable` executions n8n is handed, it cannot start.
		 */
		async listen({ unstartable = 0 } = {}) {
			let failing = unstartable;
			const starts = () => failing-- <= 0;
			return await startReceiver(async (req, res) => {
				await deliver(req, { response: res, starts });
			});
		},
	};
}
