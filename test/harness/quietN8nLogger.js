// Jest setup (jest.config.js `setupFiles`): n8n-core logs every node error it meets, and many tests
// provoke errors on purpose, so a passing run would scroll past dozens of error blocks. n8n's
// logger reads N8N_LOG_LEVEL when it is first created; "silent" unless the run asks for more:
//   N8N_LOG_LEVEL=info npm test      (or debug) shows n8n's log lines again.
// Plain JavaScript because the strict lint forbids `process` in .ts files.
'use strict';
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
