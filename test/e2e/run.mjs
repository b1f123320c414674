#!/usr/bin/env node
// `npm run test:e2e`: the end-to-end suite in a real n8n (node's test runner; one boot shared).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureN8n } from '../harness/n8n-install.mjs';

await ensureN8n(); // the first run installs n8n (minutes); do it before the test timeouts start
const dir = path.dirname(fileURLToPath(import.meta.url));
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', path.join(dir, 'e2e.test.mjs')], { stdio: 'inherit' });
process.exit(result.status ?? 1);
