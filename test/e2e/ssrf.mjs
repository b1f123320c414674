// n8n's SSRF protection (@n8n/backend-network, n8n 2.x): off by default, on with
// N8N_SSRF_PROTECTION_ENABLED=true, when its default blocklist refuses loopback and private
// addresses, the sandbox's 127.0.0.1 included. n8n 1.x has no such guard.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { paths } from '../harness/n8n-install.mjs';

export const n8nHasSsrfGuard = () => existsSync(path.join(paths().root, 'node_modules', '@n8n', 'backend-network', 'dist', 'ssrf', 'ssrf-protection.service.js'));

export const SSRF_ON = { N8N_SSRF_PROTECTION_ENABLED: 'true' };

/** The guard on, and the sandbox's address let through, as the error message tells an administrator. */
export const SSRF_ON_SANDBOX_ALLOWED = { ...SSRF_ON, N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32' };
