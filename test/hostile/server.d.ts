export interface HostileRequest {
	method: string;
	url: string;
	headers: Record<string, string | string[] | undefined>;
	body: Buffer;
}

/** The parts of Node's ServerResponse the tests script. */
export interface HostileResponse {
	writeHead(status: number, headers?: Record<string, string | number>): HostileResponse;
	write(chunk: string | Buffer): boolean;
	end(chunk?: string | Buffer): void;
	destroy(): void;
	readonly destroyed: boolean;
	flushHeaders(): void;
	/** 'close': the connection ended (the client gave up, or the server closed). */
	once(event: 'close', listener: () => void): HostileResponse;
	/** False: no `Date` header of Node's own. */
	sendDate: boolean;
}

export interface HostileServer {
	origin: string;
	/** `origin` + `/v1`, usable as a credential's Base URL. */
	baseUrl: string;
	/** Every request received, in order. */
	received: HostileRequest[];
	close(): Promise<void>;
}

export function startHostile(handle: (req: HostileRequest, res: HostileResponse) => void | Promise<void>): Promise<HostileServer>;
