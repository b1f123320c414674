/**
 * Waiting for the rate budget's go before each attempt (rateBudget.ts decides; this waits and tells).
 * The budget answers at once: go, wait so long (then ask again: a waiter is never handed a slot), or
 * refuse (the server asked for a longer wait than the package makes: the user hears now). Each wait
 * is a line in n8n's log with its reason (waits.ts) and passes on the client's clock (clock.ts).
 */
import { clock } from './clock';
import { type ErrorContext, rateHintError } from './errors';
import type { Announcement, RateBudget } from './rateBudget';
import type { Session } from './session';
import type { WaitLog } from './waits';

/**
 * Waits until the budget admits one request (asking again after every wait). False when `signal`
 * aborted the wait; throws when the budget refuses.
 */
export async function admitted(session: Session, waits: WaitLog, context: ErrorContext, job: Announcement | undefined, signal: AbortSignal | undefined): Promise<boolean> {
	for (;;) {
		const admission = session.budget.admit(job);
		if (admission.kind === 'go') return true;
		if (admission.kind === 'refuse') throw rateHintError(context, admission.hint, admission.ms);
		const kind = admission.slowStart ? 'slowStart' : 'rateLimit';
		const started = clock.now();
		const done = waits.begin({ kind, ms: admission.ms, reason: admission.reason, method: context.method, path: context.path }, session.apiKey);
		const slept = admission.untilChange ? await napUntilChange(session.budget, admission.ms, signal) : await clock.sleep(admission.ms, signal);
		done(clock.now() - started);
		if (!slept || signal?.aborted) return false;
	}
}

/**
 * Waits up to `ms` for the budget to change (an answer or a release), whichever comes first; false
 * when `signal` aborts. The nap is called off when the change comes, so no wait is left running.
 */
async function napUntilChange(budget: RateBudget, ms: number, signal?: AbortSignal): Promise<boolean> {
	if (signal?.aborted) return false;
	const nap = new AbortController();
	const follow = () => nap.abort();
	signal?.addEventListener('abort', follow, { once: true });
	try {
		const changed = budget.changed().then(() => true);
		return await Promise.race([changed, clock.sleep(ms, nap.signal)]);
	} finally {
		signal?.removeEventListener('abort', follow);
		nap.abort();
	}
}
