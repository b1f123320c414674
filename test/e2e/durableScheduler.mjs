// n8n's durable scheduler for poll triggers (2.36+; in 2.41 behind flags): every tick builds a new
// Workflow from the database and saves static data only when the poll returns items
// (n8n/dist/scheduling/poll-trigger-node/poll-trigger-task-handler.js). The end-to-end suite
// restarts its n8n with the flags on to run the polling trigger that way.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startN8n } from '../harness/n8n-boot.mjs';
import { paths } from '../harness/n8n-install.mjs';

/** Whether this n8n has the durable scheduler's poll-trigger handler (2.41.1 does; 1.x does not). */
export const n8nHasDurablePollScheduler = () =>
	existsSync(path.join(paths().root, 'node_modules', 'n8n', 'dist', 'scheduling', 'poll-trigger-node', 'poll-trigger-task-handler.js'));

/** Polls through the durable scheduler, without durable cursors; its executor looks for due ticks every second. */
export const DURABLE_SCHEDULER_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'false',
	N8N_SCHEDULER_EXECUTOR_INTERVAL: '1',
};

/** What the durable scheduler logs for a tick whose poll returned nothing. */
export const DURABLE_IDLE_POLL_LOG = 'Poll returned no new data; nothing to hand off';

/**
 * Restarts the stack's n8n (same user folder, port and log) with `env` added; the stack's stop()
 * then stops the new process too.
 */
export async function restartN8n(stack, env) {
	await stack.n8n.stop();
	const n8n = await startN8n({ userFolder: stack.userFolder, port: stack.n8n.port, logFile: stack.logFile, logLevel: 'debug', env });
	await n8n.ready();
	const stopRest = stack.stop;
	stack.n8n = n8n;
	stack.stop = async () => {
		await n8n.stop();
		await stopRest();
	};
	await stack.api.setupOwner();
}
