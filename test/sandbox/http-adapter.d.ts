import type { SandboxRequest, SandboxResponse } from './app';

export function listen(
	handle: (req: SandboxRequest) => Promise<SandboxResponse>,
	port?: number,
	host?: string,
): Promise<{ port: number; close(): Promise<void> }>;
