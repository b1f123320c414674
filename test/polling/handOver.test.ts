/**
 * A poll whose events were all chat turns (Include Chat Turns off) hands n8n nothing, so n8n does not
 * save its state: it must not count as handed over (latestState.ts), or the next tick of the durable
 * scheduler starts again from the state saved before it and every poll of chat turns undoes its own work.
 */
import type { IDataObject } from 'n8n-workflow';
import { type Fact, startFactServer } from './factServer';
import { pollingWorkflow } from './helpers';

let server: Awaited<ReturnType<typeof startFactServer>> | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

test('durable scheduler, chat turns left out: polls whose events are all chat turns carry the sweep on, so a promotion far down the list is reported', async () => {
	server = await startFactServer({ rateLimit: 60 });
	const now = Date.now();
	for (let i = 0; i < 3_000; i++) server.create(1, 'dep_b', false, now - 3_600_000 + i * 1_000);
	const wf = pollingWorkflow(server.target, { events: ['memory.fact_created', 'memory.fact_promoted'], filters: {} }, { scheduler: 'durable' });
	wf.activate();
	await wf.poll();
	// Past the activation's second, which an earlier version's clock could not tell new in: the turns are events there too.
	server.advance(2_000);
	const far = (server.facts[2_600] as Fact).id;
	server.promote(far);
	const items: IDataObject[] = [];
	for (let i = 0; i < 10 && !items.some((item) => item.event === 'memory.fact_promoted'); i++) {
		// Each poll meets a new chat turn the memory saved, and nothing else new: n8n receives no items.
		const [turn] = (server as NonNullable<typeof server>).create(1);
		Object.assign(server?.facts.find((f) => f.id === turn) as Fact, { content: `hello\n[n8n chat n8nchat${'a'.repeat(32)} ${new Date().toISOString()}]`, source: { channel: 'n8n' } });
		items.push(...(await wf.poll()));
	}
	expect(items.filter((item) => item.event === 'memory.fact_created')).toEqual([]);
	expect(items.map((item) => String(((item.data as IDataObject).fact as IDataObject).id))).toEqual([far]);
}, 60_000);
