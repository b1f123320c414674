/**
 * Signing secrets the action node handed out lately (Webhook Subscription → Create returns one, the
 * only time the API shows it), so that Agent Platform Memory can redact one an agent repeats later
 * in the same turn. n8n hands the memory only the last tool round's results: when the webhook was
 * created in an earlier round, the secret reaches the memory in the answer's text alone, with
 * nothing to say it is one.
 *
 * In this process only (an agent's tools and its memory run in the same execution, so in the same
 * process, in queue mode too), at most MAX_KEPT secrets, each for KEEP_MS: longer than any one
 * execution should take, short enough that a secret is not held for the life of the process.
 */
import { BoundedMap } from './boundedMap';

const MAX_KEPT = 100;
const KEEP_MS = 60 * 60_000;

/** A secret handed out again counts from then: the new output holds it too. */
const kept = new BoundedMap<string, true>({ entries: MAX_KEPT, ageMs: KEEP_MS });

/** Records a signing secret that an execution's output now holds. */
export function rememberSecret(secret: string, now = Date.now()): void {
	kept.set(secret, true, now);
}

/** The signing secrets handed out within the last KEEP_MS, at most MAX_KEPT. */
export function recentSecrets(now = Date.now()): string[] {
	return [...kept.keys(now)];
}
