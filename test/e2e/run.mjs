#!/usr/bin/env node
// `npm run test:e2e`: the end-to-end suites in a real n8n (node's test runner; one boot per file).
//   npm run test:e2e -- --screenshots   also photographs the nodes into docs/screenshots (needs
//                                       Debian's chromium: apt-get install -y chromium)
// The first run installs n8n and Node 24 into the cache (minutes); that happens here,
// before the test timeouts start.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureN8n } from '../harness/n8n-install.mjs';

const { values } = parseArgs({ options: { screenshots: { type: 'boolean', default: false } } });
await ensureN8n();
const dir = path.dirname(fileURLToPath(import.meta.url));
// examples.test.mjs ("every example runs as shipped") boots the stack `npm run dev` starts; e2e.test.mjs
// boots its own. One file after the other.
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', path.join(dir, 'examples.test.mjs'), path.join(dir, 'e2e.test.mjs'), path.join(dir, 'newUser.test.mjs')], {
	stdio: 'inherit',
	env: { ...process.env, ...(values.screenshots ? { E2E_SCREENSHOTS: '1' } : {}) },
});
process.exit(result.status ?? 1);
