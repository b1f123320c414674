import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { executeNode } from '../harness/n8n-core';
import type { RunningSandbox } from '../sandbox';
import type { RequestLogEntry } from '../sandbox/app';

/** Runs the Agent Platform node through n8n-core against the sandbox. */
export async function runNode(
	sb: RunningSandbox,
	parameters: INodeParameters,
	opts: { inputItems?: IDataObject[]; continueOnFail?: boolean; apiKey?: string } = {},
) {
	const result = await executeNode({
		nodeType: new AgentPlatform(),
		parameters,
		credentials: { apiKey: opts.apiKey ?? sb.apiKey, baseUrl: sb.baseUrl },
		inputItems: opts.inputItems,
		continueOnFail: opts.continueOnFail,
	});
	return { ...result, json: result.items.map((i) => i.json) };
}

/** A resource locator value as the editor stores it. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
export const fromList = (value: string) => ({ __rl: true, mode: 'list', value });

/** Requests the sandbox received for a path (prefix) and method. */
export const requestsTo = (sb: RunningSandbox, method: string, pathPrefix: string) =>
	sb.admin.requests().filter((r) => r.method === method && r.path.startsWith(pathPrefix));

/** The most requests the sandbox was handling at one moment (from arrival to answer). */
export function mostAtOnce(entries: RequestLogEntry[]): number {
	const events = entries.flatMap((e) => [
		{ at: e.receivedAt, change: 1 },
		{ at: e.at, change: -1 },
	]);
	// An answer and the next arrival in the same millisecond are not overlap.
	events.sort((a, b) => a.at - b.at || a.change - b.change);
	let now = 0;
	let most = 0;
	for (const e of events) most = Math.max(most, (now += e.change));
	return most;
}
