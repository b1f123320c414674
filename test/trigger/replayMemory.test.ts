/**
 * The duplicate-delivery memory under volume, through the trigger's webhook(): its own file, because
 * it fills one node's memory to capacity (each jest file has its own module state).
 */
import { MAX_REMEMBERED } from '../../nodes/AgentPlatformTrigger/replayGuard';
import type { RunningSandbox } from '../sandbox';
import { delivery, SECRET, triggerWorkflow } from './helpers';

const workflow = () => triggerWorkflow({ apiKey: 'ctx_unused', baseUrl: 'http://127.0.0.1:1/v1' } as RunningSandbox, { subscriptionMode: 'existing', events: ['*'], options: {} }, { signingSecret: SECRET });

test('a replay inside its window stays refused after 10,000 other deliveries, and up to the memory bound', async () => {
	const wf = workflow();
	const first = delivery({ data: { fact: { id: 'fact_first' } } });
	expect((await wf.deliver(first)).started).toBe(true);
	for (let i = 0; i < 10_000; i++) await wf.deliver(delivery({ data: { n: i } }));
	expect(wf.executions).toHaveLength(10_001);
	expect(await wf.deliver(first)).toEqual(expect.objectContaining({ status: 200, started: false }));

	// Filling the node's memory: every delivery inside its window is remembered, so once the memory
	// holds MAX_REMEMBERED live entries the next one is refused (503, retry later), not let in by
	// forgetting one that could still be replayed.
	let refused: Awaited<ReturnType<typeof wf.deliver>> | undefined;
	for (let i = 10_000; i < MAX_REMEMBERED + 10 && !refused; i++) {
		const answer = await wf.deliver(delivery({ data: { n: i } }));
		if (!answer.started) refused = answer;
	}
	expect(wf.executions).toHaveLength(MAX_REMEMBERED);
	expect(refused).toEqual(expect.objectContaining({ status: 503, started: false }));
	expect(refused?.headers).toEqual(expect.objectContaining({ 'retry-after': '60' }));
	expect(await wf.deliver(first)).toEqual(expect.objectContaining({ status: 200, started: false }));
}, 180_000);

test("another workflow's deliveries do not touch this node's memory", async () => {
	const { replayMemoryFor } = await import('../../nodes/AgentPlatformTrigger/replayGuard');
	const other = replayMemoryFor('another-workflow', 'node-under-test');
	const now = Date.now();
	for (let i = 0; i < 1000; i++) other.remember(`sig-${i}`, now + 60_000, now);
	expect(other.size).toBe(1000);
	expect(replayMemoryFor('harness-workflow', 'node-under-test').size).toBe(MAX_REMEMBERED);
});
