import { NodeOperationError, updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { apiPathProblem } from '../../../../src/client';
import { getRequiredString } from '../../../parts/parameters';
import { rememberSecret } from '../../../parts/recentSecrets';
import { secretValuesIn } from '../../../parts/secretNames';
import { returnAllAndLimit } from '../../descriptions/common.description';
import { getJsonObject, getListLimit } from '../../helpers/parameters';
import type { OperationRoute, OperationRun } from '../../helpers/types';

/** Each item sends its own Path and Method. */
export const route = 'itemPath' satisfies OperationRoute;

const properties: INodeProperties[] = [
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ name: m, value: m })),
		default: 'GET',
		description: 'HTTP method. GET, PUT and DELETE are retried on transient errors; POST and PATCH never are.',
	},
	{
		displayName: 'Path',
		name: 'path',
		type: 'string',
		default: '/agents',
		required: true,
		placeholder: '/agents',
		description:
			'Path under the base URL (which ends in /v1), starting with /. Full URLs, "." and ".." segments (also percent-encoded), "//" and backslashes are refused, so the key never leaves the API\'s own paths.',
	},
	{
		displayName: 'Query Parameters (JSON)',
		name: 'query',
		type: 'json',
		default: '{}',
		description: 'Query string parameters as a JSON object',
	},
	{
		displayName: 'Body (JSON)',
		name: 'body',
		type: 'json',
		default: '{}',
		displayOptions: { show: { method: ['POST', 'PUT', 'PATCH'] } },
		description: 'Request body as a JSON object',
	},
	{
		displayName: 'Paginate',
		name: 'paginate',
		type: 'boolean',
		default: false,
		displayOptions: { show: { method: ['GET'] } },
		description: 'Whether the path is a list endpoint to page through with offset and limit (one output item per list item)',
	},
	...returnAllAndLimit().map((p) => ({
		...p,
		displayOptions: { ...p.displayOptions, show: { method: ['GET'], paginate: [true], ...(p.displayOptions?.show ?? {}) } },
	})),
];

export const description = updateDisplayOptions({ show: { resource: ['apiRequest'], operation: ['request'] } }, properties);

export function prepare(this: IExecuteFunctions, i: number): OperationRun {
	const method = this.getNodeParameter('method', i) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	const path = getRequiredString(this, 'path', i, 'Path');
	const qs = getJsonObject(this, 'query', i, 'Query Parameters (JSON)');
	const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? getJsonObject(this, 'body', i, 'Body (JSON)') : undefined;
	const paginate = method === 'GET' && (this.getNodeParameter('paginate', i, false) as boolean);
	const limit = paginate ? getListLimit(this, i) : undefined;
	// The same check the client makes before sending, here so an unsafe path fails before any item is sent.
	const problem = apiPathProblem(path);
	if (problem) {
		throw new NodeOperationError(this.getNode(), `The parameter "Path" ${problem}`, {
			itemIndex: i,
			description: `Got "${path.slice(0, 200)}". Give a path under the base URL, such as /agents/dep_123/skills.`,
		});
	}
	return async (client) => {
		if (paginate) return remembered(await client.listPath(path, { qs, limit, itemIndex: i }));
		const response = remembered(await client.request({ method, path, qs, body, itemIndex: i }));
		if (response !== null && typeof response === 'object' && !Array.isArray(response)) return response as IDataObject;
		return { data: response as IDataObject[] };
	};
}

/**
 * A signing secret this request was handed (`POST /webhooks` answers with one) is remembered like
 * Webhook Subscription → Create's, so Agent Platform Memory redacts it when an agent repeats it.
 */
function remembered<T>(response: T): T {
	for (const secret of secretValuesIn(response)) rememberSecret(secret);
	return response;
}
