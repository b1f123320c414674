/**
 * The sandbox: a local, spec-faithful Agent Platform API server (see docs/sandbox.md).
 * Tests start it in-process on a free port; `npm run sandbox` starts it from the command line.
 */
import { SandboxApp } from './app';
import type { AdminApi } from './admin';
import { listen } from './http-adapter.js';
import { resolveOptions, type SandboxOptions } from './options';
import { SEED_KEYS } from './seed';

export type { SandboxOptions } from './options';
export type { FaultConfig } from './faults';
export type { DeliveryAttempt } from './delivery';
export type { ResetUnit, Plan } from './rateLimiter';
export { SEED_KEYS } from './seed';

export interface RunningSandbox {
	/** `http://127.0.0.1:<port>/v1` */
	baseUrl: string;
	origin: string;
	port: number;
	/** The full-permission key of org 1 (`org_acme`). */
	apiKey: string;
	keys: typeof SEED_KEYS;
	/** `http://127.0.0.1:<port>/__admin` */
	adminUrl: string;
	admin: AdminApi;
	app: SandboxApp;
	close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const resolved = resolveOptions(options);
	const app = new SandboxApp(resolved);
	const server = await listen((req) => app.handle(req), resolved.port);
	const origin = `http://127.0.0.1:${server.port}`;
	return {
		baseUrl: `${origin}/v1`,
		origin,
		port: server.port,
		apiKey: SEED_KEYS.primary,
		keys: SEED_KEYS,
		adminUrl: `${origin}/__admin`,
		admin: app.admin,
		app,
		close: async () => {
			await server.close();
		},
	};
}
