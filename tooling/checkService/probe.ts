/**
 * The checks' one way to the service: every request goes through the package's own client
 * (src/client: its pacing by the rate-limit headers, redirect and error rules), and the answer is
 * read back from the transport's record (undiciContext.js), status and headers included, because a
 * check wants to see what the client would only turn into an error. Each request is sent once: what
 * came back, an unreadable body or a 5xx alike, is what the check judges (a 429 alone is sent again,
 * when the key's rate limit allows). No request goes out past the run's budget.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { type AgentPlatformClient } from '../../src/client';
import { isObject } from '../../src/client/envelope';
import { header } from '../../src/client/transport';
import { serverText } from '../../src/client/redaction';
import type { Counter, Exchange } from './undiciContext';

export interface Answer {
	/** 0: no answer at all (`problem` says why). */
	status: number;
	json: unknown;
	headers: Exchange['headers'];
	/** A short description of what came back, fit to print (the key removed). */
	summary: string;
	problem?: string;
}

/** Thrown when the run's budget of requests is spent: the checks still to run cannot send. */
export class BudgetSpent extends Error {
	constructor(readonly budget: number) {
		super(`the run's budget of ${budget} requests is spent`);
	}
}

/** The work's value, or the BudgetSpent it ended with (any other failure stays a failure). */
export const unlessSpent = async <T>(work: Promise<T>): Promise<T | BudgetSpent> =>
	await work.catch(async (error: unknown) => (error instanceof BudgetSpent ? error : await Promise.reject(error)));

const parsed = (text: string): unknown => {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
};

/** A count as a list's `pagination` must hold it: a safe, non-negative integer. */
export const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export interface ListAnswer {
	items: IDataObject[];
	offset?: number;
	limit?: number;
	/** `pagination.total` when it is a count (isCount); see `badTotal` for one that is not. */
	total?: number;
	/** `pagination.total` as sent, when it is there but no count (1e308, -1, 2.5, "12"). */
	badTotal?: string;
}

/** The list envelope's parts, when `json` is one. */
export function listOf(answer: Answer): ListAnswer | undefined {
	if (answer.status !== 200 || !isObject(answer.json) || !Array.isArray(answer.json.data)) return undefined;
	const items = answer.json.data.filter(isObject);
	const pagination = isObject(answer.json.pagination) ? answer.json.pagination : {};
	const count = (value: unknown) => (isCount(value) ? value : undefined);
	const raw = pagination.total;
	const badTotal = raw !== undefined && !isCount(raw) ? JSON.stringify(raw).slice(0, 40) : undefined;
	return { items, offset: count(pagination.offset), limit: count(pagination.limit), total: count(raw), badTotal };
}

/** The single envelope's `data`, when `json` is one. */
export const dataOf = (answer: Answer): IDataObject | undefined =>
	answer.status >= 200 && answer.status < 300 && isObject(answer.json) && isObject(answer.json.data) ? answer.json.data : undefined;

/** The error envelope's code, when `json` is one. */
export const errorCodeOf = (answer: Answer): string | undefined =>
	isObject(answer.json) && isObject(answer.json.error) && typeof answer.json.error.code === 'string' ? answer.json.error.code : undefined;

/** The width of a server's text quoted in a summary. */
const QUOTED = 80;

export class Probe {
	private readonly cache = new Map<string, Answer>();

	constructor(
		private readonly client: AgentPlatformClient,
		private readonly exchanges: Exchange[],
		/** `cap`: requests may go out while fewer than this many were sent (the transport refuses the rest). */
		private readonly counter: Counter,
		private readonly apiKey: string,
		/** Told of each answer as it comes (the command's progress). */
		private readonly onAnswer?: (sent: number, method: string, path: string, status: number) => void,
	) {}

	/** The run moves it from phase to phase, so that the cleanup always has requests left. */
	set cap(cap: number) {
		this.counter.cap = cap;
	}

	/** Requests sent so far (attempts, a 429's repeat included). */
	get sent(): number {
		return this.counter.sent;
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
		if (this.counter.sent >= this.counter.cap) throw new BudgetSpent(this.counter.cap);
		const before = this.exchanges.length;
		const refused = this.counter.refused;
		let problem: string | undefined;
		try {
			await this.client.request({ method, path, qs: params.qs, body: params.body });
		} catch (error) {
			problem = serverText((error as Error).message ?? String(error), this.apiKey);
		}
		if (this.counter.refused > refused) throw new BudgetSpent(this.counter.cap);
		const exchange = this.exchanges.length > before ? this.exchanges[this.exchanges.length - 1] : undefined;
		this.onAnswer?.(this.counter.sent, method, path, exchange?.status ?? 0);
		if (!exchange) return { status: 0, json: undefined, headers: {}, summary: `no answer: ${problem ?? 'nothing came back'}`, problem };
		const json = parsed(exchange.text);
		return { status: exchange.status, json, headers: exchange.headers, summary: this.summary(exchange, json), problem };
	}

	/** Every text from the server is rid of the key before it is cut to width. */
	private summary(exchange: Exchange, json: unknown): string {
		const type = serverText(header(exchange.headers, 'content-type') ?? 'no content type', this.apiKey).slice(0, QUOTED);
		if (json === undefined) return `${exchange.status}, ${type}: ${serverText(exchange.text, this.apiKey).slice(0, QUOTED) || 'empty body'}`;
		if (isObject(json) && isObject(json.error)) {
			const code = serverText(String(json.error.code), this.apiKey).slice(0, QUOTED);
			return `${exchange.status} {error: {code: ${code}, message: "${serverText(String(json.error.message), this.apiKey).slice(0, QUOTED)}"}}`;
		}
		return `${exchange.status} JSON`;
	}
}
