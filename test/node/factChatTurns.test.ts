/**
 * Include Chat Turns on Memory Fact → Get Many (and so on the AI tool's search built on it): from
 * the action node's version 1.1 the chat turns Agent Platform Memory saves are left out unless the
 * user includes them; version 1 nodes list them as they did. A Limit still returns that many facts
 * that are not turns, reading past the turns a page at a time, and no further than its bound.
 */
import type { IDataObject, INodeParameters, INodeType, NodeExecutionHint } from 'n8n-workflow';
import { AgentPlatform } from '../../nodes/AgentPlatform/AgentPlatform.node';
import { EXTRA_PAGES } from '../../nodes/AgentPlatform/actions/memoryFact/withoutChatTurns';
import { isAnySessionTurn } from '../../nodes/parts/turnMark';
import { anchorCount } from '../../src/client';
import { executeNode, NODE_NAME } from '../harness/n8n-core';
import { startSandbox, type RunningSandbox } from '../sandbox';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise', maxPageSize: 100 })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());

const facts = () => [...sb.admin.org('org_acme').facts.values()] as unknown as IDataObject[];
const factRequests = () => sb.admin.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/memory/facts'));

/** The tool variant n8n makes of the node (as test/node/toolMode.test.ts builds it): what an AI Agent's fact search runs. */
const node = new AgentPlatform();
const tool: INodeType = { description: { ...node.description, name: `${node.description.name}Tool` }, methods: node.methods, execute: node.execute };

async function getMany(parameters: INodeParameters, typeVersion?: number, nodeType: INodeType = node) {
	const result = await executeNode({
		nodeType,
		parameters: { resource: 'memoryFact', operation: 'getMany', output: 'raw', ...parameters },
		credentials: { apiKey: sb.apiKey, baseUrl: sb.baseUrl },
		typeVersion,
	});
	expect(result.error).toBeUndefined();
	const hints = (result.run?.data.resultData.runData[NODE_NAME]?.[0]?.hints ?? []) as NodeExecutionHint[];
	return { json: result.items.map((item) => item.json), hints: hints.map((hint) => hint.message) };
}

async function createFact(content: string): Promise<string> {
	const response = await fetch(`${sb.baseUrl}/memory/facts`, {
		method: 'POST',
		headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
		body: JSON.stringify({ agent_id: 'dep_support01', content }),
	});
	return String(((await response.json()) as { data: IDataObject }).data.id);
}

describe('Include Chat Turns on Memory Fact → Get Many', () => {
	test('new nodes (1.1) leave the turns out; version 1, and 1.1 with the option on, list them as before', async () => {
		sb.admin.seedChatSession('org_acme', { turns: 3 });
		const learned = facts().filter((fact) => !isAnySessionTurn(fact)).length;
		expect((await getMany({ returnAll: true })).json.map(isAnySessionTurn)).toEqual(new Array(learned).fill(false));
		expect((await getMany({ returnAll: true }, 1)).json.filter(isAnySessionTurn)).toHaveLength(3);
		expect((await getMany({ returnAll: true, includeChatTurns: true })).json.filter(isAnySessionTurn)).toHaveLength(3);
	});

	test('its description says why, and defaults to on in version 1 and off from 1.1', () => {
		const options = new AgentPlatform().description.properties.filter((p) => p.name === 'includeChatTurns');
		expect(options.map((p) => [p.displayOptions?.show?.operation, p.displayOptions?.show?.['@version'], p.default])).toEqual([
			[['getMany'], [1], true],
			[['getMany'], [{ _cnd: { gte: 1.1 } }], false],
		]);
		for (const option of options) expect(option.description).toMatch(/only what the agents learned/);
	});

	test('a Limit returns that many learned facts, reading past the turns between them one page at a time', async () => {
		sb.admin.seedChatSession('org_acme', { turns: 450 });
		sb.admin.advance(2_000);
		await createFact('Refunds take 30 days');
		await createFact('Robots get 60 days');
		const list = (await getMany({ returnAll: true, includeChatTurns: true })).json;
		const learned = list.filter((fact) => !isAnySessionTurn(fact));
		const before = factRequests().length;
		const { json, hints } = await getMany({ returnAll: false, limit: learned.length });
		expect(json.map((fact) => fact.id)).toEqual(learned.map((fact) => fact.id));
		// The list is the seed, 450 turns and 2 facts: each page of 100 asked for once, none more.
		expect(factRequests().length - before).toBe(Math.ceil(list.length / 100));
		expect(hints).toEqual([]);
	});

	test('a Limit stops at its bound (the pages it needs plus EXTRA_PAGES) and says so; Return All reads on', async () => {
		sb.admin.seedChatSession('org_acme', { turns: 2_000 });
		sb.admin.advance(2_000);
		const late = await createFact('Learned after a long chat');
		const list = (await getMany({ returnAll: true, includeChatTurns: true })).json;
		const learned = list.filter((fact) => !isAnySessionTurn(fact));
		const pages = Math.ceil(learned.length / 100) + EXTRA_PAGES;
		// Each page after the first starts on the last few items of the one before (anchors), as a list that moves needs.
		const read = pages * 100 - (pages - 1) * anchorCount(100);
		const withinBound = list.slice(0, read).filter((fact) => !isAnySessionTurn(fact));
		expect(withinBound.length).toBeLessThan(learned.length);
		const before = factRequests().length;
		const { json, hints } = await getMany({ returnAll: false, limit: learned.length });
		expect(factRequests().length - before).toBe(pages);
		expect(json.map((fact) => fact.id)).toEqual(withinBound.map((fact) => fact.id));
		expect(hints).toEqual([
			`Memory Fact → Get Many found ${withinBound.length} facts of the ${learned.length} asked for (item 1). The first ${read.toLocaleString('en-US')} facts of the list's ${list.length.toLocaleString('en-US')} (${pages} requests) were mostly chat turns, which Include Chat Turns leaves out, and a Limit reads at most ${EXTRA_PAGES} pages more than it needs. Narrow the list with a filter (Agent, Tier, Text), or turn on Return All to read it to the end.`,
		]);
		const all = await getMany({ returnAll: true });
		expect(all.json.map((fact) => fact.id)).toEqual(learned.map((fact) => fact.id));
		expect(all.json.map((fact) => fact.id)).toContain(late);
	});

	test("the AI tool's search (the tool variant, Limit only) finds what agents learned, not the transcripts that mention the words", async () => {
		sb.admin.seedChatSession('org_acme', { turns: 30 });
		sb.admin.advance(2_000);
		const learned = await createFact('The answer on refunds: 30 days');
		const search = { returnAll: false, limit: 5, filters: { text: 'answer' } };
		expect((await getMany(search, 1, tool)).json.filter(isAnySessionTurn)).toHaveLength(5);
		expect((await getMany(search, undefined, tool)).json.map((fact) => fact.id)).toEqual([learned]);
	});
});
