/**
 * Include Chat Turns, in both triggers: a chat turn Agent Platform Memory saved (a real one, saved
 * by the memory node through n8n-core) starts no run in a trigger node of version 1.1 unless the
 * user includes chat turns; a version 1 node passes it on as it always did. Other facts, including
 * one that only quotes a turn's mark or one from another channel, always pass.
 */
import { randomUUID } from 'node:crypto';
import { TriggersAndPollers } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { executeNode, harnessWorkflow, pollContext } from '../harness/n8n-core';
import { memoryParameters, withMemory } from '../memory/helpers';
import { pollingTrigger } from '../polling/helpers';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { delivery, SECRET, trigger, triggerWorkflow } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const facts = () => [...sb.admin.org('org_acme').facts.values()] as unknown as IDataObject[];

/** A chat turn saved by the memory node, and the fact as the platform holds it. */
async function savedTurn(): Promise<IDataObject> {
	const before = new Set(facts().map((f) => f.id));
	const { error } = await withMemory(sb, memoryParameters(), async (memory) => await memory.saveContext({ input: 'What is the refund window?' }, { output: '30 days.' }));
	expect(error).toBeUndefined();
	const turn = facts().find((f) => !before.has(f.id));
	expect(turn?.source).toEqual(expect.objectContaining({ channel: 'n8n' }));
	return turn as IDataObject;
}

async function createFact(body: IDataObject): Promise<IDataObject> {
	const response = await fetch(`${sb.baseUrl}/memory/facts`, { method: 'POST', headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return ((await response.json()) as { data: IDataObject }).data;
}

/** The ids of the facts a poll after the baseline passes on, for a node of `typeVersion`. */
async function polledFacts(parameters: INodeParameters, typeVersion: number | undefined, change: () => Promise<void>): Promise<string[]> {
	const credentials = { apiKey: sb.apiKey, baseUrl: sb.baseUrl };
	const { workflow, node } = harnessWorkflow({ nodeType: pollingTrigger, parameters: { events: ['memory.fact_created'], filters: {}, ...parameters }, credentials, staticData: {}, typeVersion });
	workflow.id = `chat-turns-${Math.random()}`;
	const context = pollContext(workflow, node, { credentials });
	const engine = new TriggersAndPollers();
	expect(await engine.runPollFunction(workflow, node, context)).toBeNull();
	// Changes come after the baseline's second (one within it cannot be told new: docs/polling-trigger.md).
	sb.admin.advance(2_000);
	await change();
	const items = (await engine.runPollFunction(workflow, node, context))?.[0] ?? [];
	return items.map((item) => String(((item.json.data as IDataObject).fact as IDataObject).id)).sort();
}

describe('Include Chat Turns', () => {
	test('the polling trigger: new nodes (1.1) leave the memory’s chat turns out; version 1 and the option on pass them', async () => {
		const ids: Record<string, string> = {};
		const change = async () => {
			ids.turn = String((await savedTurn()).id);
			ids.fact = String((await createFact({ agent_id: 'dep_support01', content: 'Refunds take 30 days' })).id);
			// Quotes a turn's mark, written by someone else: not a turn of the memory.
			ids.quoting = String((await createFact({ agent_id: 'dep_support01', content: `A note on [n8n chat n8nchat${'0'.repeat(32)} 2026-11-01T00:00:00.000Z] lines` })).id);
		};
		expect(await polledFacts({}, undefined, change)).toEqual([ids.fact, ids.quoting].sort());
		expect(await polledFacts({}, 1, change)).toEqual([ids.fact, ids.quoting, ids.turn].sort());
		expect(await polledFacts({ includeChatTurns: true }, 1.1, change)).toEqual([ids.fact, ids.quoting, ids.turn].sort());
	});

	test('Fetch Test Event samples what a poll would pass on: the newest fact that is not a chat turn, unless chat turns are included', async () => {
		const fact = await createFact({ agent_id: 'dep_support01', content: 'Refunds take 30 days' });
		sb.admin.advance(1_000);
		const turn = await savedTurn();
		const sample = async (parameters: INodeParameters) => {
			const result = await executeNode({ nodeType: pollingTrigger, parameters: { events: ['memory.fact_created'], filters: {}, ...parameters } as never, credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl }, mode: 'manual' });
			expect(result.error).toBeUndefined();
			return ((result.items[0].json.data as IDataObject).fact as IDataObject).id;
		};
		expect(await sample({})).toBe(fact.id);
		expect(await sample({ includeChatTurns: true })).toBe(turn.id);
	});

	test('the webhook trigger: a turn’s event is acknowledged and starts nothing in a new node; version 1 and the option on start a run', async () => {
		const turn = await savedTurn();
		// Each delivery its own (the replay guard remembers a delivery by its signature).
		const event = () => delivery({ event: 'memory.fact_created', data: { fact: turn }, extra: { delivery_id: randomUUID() } });
		const parameters = { subscriptionMode: 'existing', events: ['*'], options: {} };
		const fresh = triggerWorkflow(sb, parameters, { signingSecret: SECRET });
		const answer = await fresh.deliver(event());
		expect(answer).toEqual(expect.objectContaining({ status: 200, started: false }));
		expect(JSON.parse(String(answer.body))).toEqual({ received: true, ignored: 'chat turn' });
		// The same content from another channel is not the memory's turn.
		expect((await fresh.deliver(delivery({ event: 'memory.fact_created', data: { fact: { ...turn, source: { channel: 'slack' } } } }))).started).toBe(true);

		expect((await triggerWorkflow(sb, parameters, { signingSecret: SECRET }, 1).deliver(event())).started).toBe(true);
		expect((await triggerWorkflow(sb, { ...parameters, includeChatTurns: true }, { signingSecret: SECRET }).deliver(event())).started).toBe(true);
	});

	test('the parameter says the default in the node: on for version 1, off from 1.1', () => {
		for (const node of [pollingTrigger, trigger]) {
			const versions = node.description.properties.filter((p) => p.name === 'includeChatTurns');
			expect(versions.map((p) => [p.default, p.displayOptions?.show?.['@version']])).toEqual([
				[true, [1]],
				[false, [{ _cnd: { gte: 1.1 } }]],
			]);
			expect(node.description.defaultVersion).toBe(1.1);
		}
	});
});
