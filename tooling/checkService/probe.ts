/**
 * The checks' one way to the service: every request goes through the package's own client
 * (src/client: its pacing by the rate-limit headers, retries, redirect and error rules), and the
 * answer is read back from the transport's record (undiciContext.js), status and headers included,
 * because a check wants to see what the client would only turn into an error.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { type AgentPlatformClient } from '../../src/client';
import { isObject } from '../../src/client/envelope';
import { header } from '../../src/client/transport';
import { serverText } from '../../src/client/redaction';
import type { Exchange } from './undiciContext';

export interface Answer {
	/** 0: no answer at all (`problem` says why). */
	status: number;
	json: unknown;
	headers: Exchange['headers'];
	/** A short description of what came back, fit to print (the key removed). */
	summary: string;
	problem?: string;
}

const parsed = (text: string): unknown => {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
};

/** The list envelope's parts, when `json` is one. */
export function listOf(answer: Answer): { items: IDataObject[]; offset?: number; limit?: number; total?: number } | undefined {
	if (answer.status !== 200 || !isObject(answer.json) || !Array.isArray(answer.json.data)) return undefined;
	const items = answer.json.data.filter(isObject);
	const pagination = isObject(answer.json.pagination) ? answer.json.pagination : {};
	const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
	return { items, offset: num(pagination.offset), limit: num(pagination.limit), total: num(pagination.total) };
}

/** The single envelope's `data`, when `json` is one. */
export const dataOf = (answer: Answer): IDataObject | undefined =>
	answer.status >= 200 && answer.status < 300 && isObject(answer.json) && isObject(answer.json.data) ? answer.json.data : undefined;

/** The error envelope's code, when `json` is one. */
export const errorCodeOf = (answer: Answer): string | undefined =>
	isObject(answer.json) && isObject(answer.json.error) && typeof answer.json.error.code === 'string' ? answer.json.error.code : undefined;

export class Probe {
	private readonly cache = new Map<string, Answer>();

	constructor(
		private readonly client: AgentPlatformClient,
		private readonly exchanges: Exchange[],
		private readonly apiKey: string,
	) {}

	/** Requests sent so far (each answer the transport recorded). */
	get answered(): number {
		return this.exchanges.length;
	}

	/** Every answer so far, for the checks of headers. */
	get all(): readonly Exchange[] {
		return this.exchanges;
	}

	async get(path: string, qs?: IDataObject): Promise<Answer> {
		return await this.send('GET', path, { qs });
	}

	/** Like `get`, but an identical GET made earlier in the run is not sent again. */
	async getOnce(path: string, qs?: IDataObject): Promise<Answer> {
		const key = `${path}?${JSON.stringify(qs ?? {})}`;
		const known = this.cache.get(key);
		if (known) return known;
		const answer = await this.get(path, qs);
		this.cache.set(key, answer);
		return answer;
	}

	async send(method: IHttpRequestMethods, path: string, params: { qs?: IDataObject; body?: IDataObject } = {}): Promise<Answer> {
		const before = this.exchanges.length;
		let problem: string | undefined;
		try {
			await this.client.request({ method, path, qs: params.qs, body: params.body });
		} catch (error) {
			problem = serverText((error as Error).message ?? String(error), this.apiKey);
		}
		const exchange = this.exchanges.length > before ? this.exchanges[this.exchanges.length - 1] : undefined;
		if (!exchange) return { status: 0, json: undefined, headers: {}, summary: `no answer: ${problem ?? 'nothing came back'}`, problem };
		const json = parsed(exchange.text);
		return { status: exchange.status, json, headers: exchange.headers, summary: this.summary(exchange, json), problem };
	}

	private summary(exchange: Exchange, json: unknown): string {
		const type = header(exchange.headers, 'content-type') ?? 'no content type';
		if (json === undefined) return `${exchange.status}, ${type}: ${serverText(exchange.text, this.apiKey).slice(0, 80) || 'empty body'}`;
		if (isObject(json) && isObject(json.error)) {
			return serverText(`${exchange.status} {error: {code: ${String(json.error.code)}, message: "${String(json.error.message).slice(0, 80)}"}}`, this.apiKey);
		}
		return `${exchange.status} JSON`;
	}
}
