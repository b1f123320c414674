// A webhook call the cluster never answers must fail the suite within a bound (a minute; the starved
// processor's calls, a minute after the starving ends), saying which call it was and what n8n did with
// it, instead of waiting for the HTTP client's five-minute timeout.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tail } from '../harness/n8n-boot.mjs';

/** How long one webhook call may take before it counts as lost (a call takes well under a second). */
export const CALL_TIMEOUT_MS = 60_000;

/** `fetch` with a bound: rejects with a TimeoutError after `timeoutMs`. */
export async function boundedFetch(url, init = {}, timeoutMs = CALL_TIMEOUT_MS) {
	return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

/**
 * `promise` (a call through a client that takes no signal: a chat message, an MCP tool call), or a
 * rejection naming `what` and the tail of the webhook processor's log once CALL_TIMEOUT_MS has passed.
 */
export async function within(cluster, what, promise) {
	let timer;
	const late = new Promise((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what} had no answer within ${CALL_TIMEOUT_MS / 1000} s; webhook processor log (last 30 lines):\n${tail(path.join(cluster.root, 'webhook.log'), 30)}`)), CALL_TIMEOUT_MS);
	});
	try {
		return await Promise.race([promise, late]);
	} finally {
		clearTimeout(timer);
	}
}

/** Lines of `file` that mention execution `id` (as "execution <id>" / "Execution <id>"). */
function linesAbout(file, id) {
	let text;
	try {
		text = readFileSync(file, 'utf8');
	} catch {
		return ['(no log)'];
	}
	const pattern = new RegExp(`\\bexecution ${id}\\b`, 'i');
	return text.split('\n').filter((line) => pattern.test(line));
}

/**
 * What the cluster did with the call tagged `?call=<call>`: the execution its Webhook node started
 * (found by the query it received), its status, and what the webhook processor's and each worker's
 * log say about it, with the tail of the worker that ran it.
 */
export async function explainLostCall({ cluster, n8n, workflowId, url, call, error, waited = `no answer within ${CALL_TIMEOUT_MS / 1000} s` }) {
	const lines = [`call ${call} (GET ${url}?call=${call}): ${waited} (${error?.name ?? 'error'}: ${error?.message ?? error})`];
	const executions = await n8n.executions(workflowId).catch((e) => {
		lines.push(`executions could not be listed: ${e.message}`);
		return [];
	});
	const execution = executions.find((e) => e.data?.resultData?.runData?.Webhook?.[0]?.data?.main?.[0]?.[0]?.json?.query?.call === String(call));
	if (!execution) {
		lines.push('no execution received this call: the webhook processor never started it');
		lines.push(`webhook processor log (last 30 lines):\n${tail(path.join(cluster.root, 'webhook.log'), 30)}`);
		return lines.join('\n');
	}
	lines.push(`execution ${execution.id}: status ${execution.status}, started ${execution.startedAt}, stopped ${execution.stoppedAt ?? '-'}`);
	const webhookLines = linesAbout(path.join(cluster.root, 'webhook.log'), execution.id);
	lines.push(`webhook processor log on execution ${execution.id}:\n${webhookLines.join('\n') || '(nothing)'}`);
	for (const worker of cluster.workers) {
		const about = linesAbout(worker.logFile, execution.id);
		if (!about.length) continue;
		lines.push(`${worker.name} ran it; its log on execution ${execution.id}:\n${about.join('\n')}`);
		lines.push(`${worker.name} log (last 20 lines):\n${tail(worker.logFile, 20)}`);
	}
	return lines.join('\n');
}
