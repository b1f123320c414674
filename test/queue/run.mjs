#!/usr/bin/env node
// `npm run test:queue`: the package in n8n's queue mode (see queue.test.mjs). Installs what is
// missing first (n8n and Node 24 into the cache, minutes on the first run; PostgreSQL and Redis from
// Debian's packages), before the test timeouts start.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureN8n } from '../harness/n8n-install.mjs';
import { ensureServers } from './services.mjs';

ensureServers();
await ensureN8n();
const dir = path.dirname(fileURLToPath(import.meta.url));
const files = ['lostCompletion.test.mjs', 'queue.test.mjs'].map((file) => path.join(dir, file));
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
