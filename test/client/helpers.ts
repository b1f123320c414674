import type { IDataObject } from 'n8n-workflow';
import { ClientProbe, executeNode, scenario, type Scenario } from '../harness/n8n-core';
import type { ClientOptions } from '../../src/client';
import { startHostile, type HostileRequest, type HostileResponse, type HostileServer } from '../hostile/server.js';
import type { RunningSandbox } from '../sandbox';

/** Runs `run` against a hostile server scripted by `handle`, closed afterwards. */
export async function serving(handle: (req: HostileRequest, res: HostileResponse) => void | Promise<void>, run: (server: HostileServer) => Promise<void>) {
	const server = await startHostile(handle);
	try {
		await run(server);
	} finally {
		await server.close();
	}
}

/** Runs `run` with a real client inside a real n8n-core execution against `sb`. */
export async function withClient(
	sb: RunningSandbox,
	run: Scenario,
	opts: { apiKey?: string; baseUrl?: string; client?: ClientOptions; signal?: AbortSignal } = {},
) {
	const result = await executeNode({
		nodeType: new ClientProbe(),
		parameters: scenario(run, opts.client),
		credentials: { apiKey: opts.apiKey ?? sb.apiKey, baseUrl: opts.baseUrl ?? sb.baseUrl },
		signal: opts.signal,
	});
	return { value: result.items[0]?.json.result as unknown, error: result.error };
}

export const ids = (items: IDataObject[]) => items.map((i) => i.id as string);
