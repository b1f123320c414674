export interface ReceivedRequest {
	method: string;
	url: string;
	headers: Record<string, string | string[] | undefined>;
	rawBody: Buffer;
	body: unknown;
}

export interface ResponseAdapter {
	statusCode: number;
	headers: Record<string, string>;
	ended: boolean;
	once(event: 'finish', listener: () => void): ResponseAdapter;
	setHeader(name: string, value: string): ResponseAdapter;
	status(code: number): ResponseAdapter;
	json(body: unknown): ResponseAdapter;
	send(text: string, type?: string): ResponseAdapter;
	end(): ResponseAdapter;
}

export function startReceiver(
	handle: (req: ReceivedRequest, res: ResponseAdapter) => Promise<void>,
): Promise<{ url: string; close(): Promise<void> }>;

/** An express-like response that records instead of writing to a socket. */
export function responseAdapter(res: { writeHead(status: number, headers: object): void; end(text: string): void }): ResponseAdapter;

/** The body as n8n's webhook layer parses it, by Content-Type (JSON or form-urlencoded). */
export function parseLikeN8n(rawBody: Buffer, contentType?: string): unknown;
