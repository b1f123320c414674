export interface ReceivedRequest {
	method: string;
	url: string;
	headers: Record<string, string | string[] | undefined>;
	rawBody: Buffer;
	body: unknown;
}

export interface ResponseAdapter {
	statusCode: number;
	ended: boolean;
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
