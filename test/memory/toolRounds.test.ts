/**
 * Requests per chat message when the agent calls tools. n8n 2.41's AI Agent runs again after each
 * round of tool calls, and each run asks n8n-core for its memory anew (the memory's supplyData runs
 * again) and loads it. The probe here does the same through n8n-core's engine (an engine request
 * for a tool, then the agent's next run in the same execution), and the sandbox counts what the
 * memory asked of the API.
 */
import { AgentPlatformMemory } from '../../nodes/AgentPlatformMemory/AgentPlatformMemory.node';
import { CALL_TOOL, HARNESS_TOOL_NAME } from '../harness/n8n-core';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { history, longTermParameters, memoryParameters, withMemory, withRounds, type AgentMemory } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => (sb = await startSandbox({ plan: 'enterprise' })));
afterAll(async () => await sb.close());
beforeEach(() => sb.admin.reset());
afterEach(() => jest.restoreAllMocks());

const longTerm = longTermParameters();

const gets = () => sb.admin.requests().filter((r) => r.method === 'GET');
/** Reads of a session's history: the list asked for by the session's tag. */
const historyReads = () => gets().filter((r) => r.path.includes('q=n8nchat')).length;
/** Reads of the long-term context: the durable tiers, and the agents (for the team). */
const contextReads = () => gets().filter((r) => !r.path.includes('q=n8nchat')).length;
const chat = (...sessionIds: string[]) => ({ inputItems: sessionIds.map((sessionId) => ({ sessionId, chatInput: 'hello' })) });
const saveTurn = async (memory: AgentMemory, input: string) => await memory.saveContext({ input }, { output: `answer to ${input}` });
const turn = (input: string): Array<[string, string]> => [
	['human', input],
	['ai', `answer to ${input}`],
];

describe('Agent Platform Memory: one chat message with rounds of tool calls', () => {
	test('two tool rounds read the history once (not three times) and the long-term context once; the turn is saved once', async () => {
		await withMemory(sb, memoryParameters(), async (memory) => await saveTurn(memory, 'earlier question'));
		sb.admin.requests().length = 0;
		const supplied = jest.spyOn(AgentPlatformMemory.prototype, 'supplyData');

		const seen: Array<Array<[string, string]>> = [];
		const { error, run, results } = await withRounds(sb, longTerm, async (memory, round) => {
			seen.push(await history(memory));
			if (round < 2) return CALL_TOOL;
			await saveTurn(memory, 'new question');
			return (await memory.chatHistory.getMessages()).length;
		});

		expect(error).toBeUndefined();
		// Three runs of the agent, each with its own memory from n8n-core, around two runs of the tool.
		expect(supplied).toHaveBeenCalledTimes(3);
		expect(run?.data.resultData.runData[HARNESS_TOOL_NAME]).toHaveLength(2);
		// Every round saw the same context and history, as it would have read them.
		expect(seen[0].slice(1)).toEqual(turn('earlier question'));
		expect(seen[0][0][1]).toMatch(/^Background from the Agent Platform's memory/);
		expect(seen[1]).toEqual(seen[0]);
		expect(seen[2]).toEqual(seen[0]);
		// What n8n logs after the save holds the new turn, without a read.
		expect(results).toEqual([4]);
		expect(historyReads()).toBe(1);
		// One request per tier and one for the agents: 4, not 12.
		expect(contextReads()).toBe(4);
		expect(sb.admin.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
	});

	test('a load after a save in the same execution holds the saved turn, without a read', async () => {
		const { results } = await withRounds(sb, memoryParameters(), async (memory, round) => {
			if (round === 0) {
				await history(memory);
				await saveTurn(memory, 'first');
				return CALL_TOOL;
			}
			return await history(memory);
		});
		expect(results).toEqual([turn('first')]);
		expect(historyReads()).toBe(1);
	});

	test('a clear in the same execution empties what later rounds load; a turn saved after it is all they see', async () => {
		await withMemory(sb, memoryParameters(), async (memory) => await saveTurn(memory, 'old'));
		sb.admin.requests().length = 0;
		const seen: Array<Array<[string, string]>> = [];
		await withRounds(sb, memoryParameters(), async (memory, round) => {
			seen.push(await history(memory));
			if (round === 0) await memory.clear();
			if (round === 1) await saveTurn(memory, 'after the clear');
			return round < 2 ? CALL_TOOL : null;
		});
		expect(seen).toEqual([turn('old'), [], turn('after the clear')]);
		// The first load and the clear's own search (a clear reads every fact of the session); no more.
		expect(historyReads()).toBe(2);
		expect(sb.admin.requests().filter((r) => r.method === 'DELETE')).toHaveLength(1);
	});
});

describe('Agent Platform Memory: what one execution keeps is its own session’s', () => {
	test('two sessions in one execution, with keys that differ only by a trailing space, each see only their own turns', async () => {
		const sessions = ['user@example.com', 'user@example.com '];
		const seen: Array<Array<Array<[string, string]>>> = [[], []];
		await withRounds(
			sb,
			memoryParameters(),
			async (memory, round, item) => {
				seen[item].push(await history(memory));
				if (round === 0) await saveTurn(memory, `from session ${item}`);
				return round < 2 ? CALL_TOOL : null;
			},
			chat(...sessions),
		);
		expect(seen[0]).toEqual([[], turn('from session 0'), turn('from session 0')]);
		expect(seen[1]).toEqual([[], turn('from session 1'), turn('from session 1')]);
		// One read per session, not one per session and round.
		expect(historyReads()).toBe(2);
	});

	test('two executions with the same session do not share: the second reads afresh and sees what was saved in between', async () => {
		const rounds = async (input: string) => {
			const seen: Array<Array<[string, string]>> = [];
			await withRounds(sb, memoryParameters(), async (memory, round) => {
				seen.push(await history(memory));
				if (round < 2) return CALL_TOOL;
				await saveTurn(memory, input);
				return null;
			});
			return seen;
		};
		expect(await rounds('first message')).toEqual([[], [], []]);
		expect(historyReads()).toBe(1);
		// Another workflow on the same session saves a turn between the two chat messages.
		await withMemory(sb, memoryParameters(), async (memory) => await saveTurn(memory, 'from another workflow'));
		sb.admin.requests().length = 0;
		const both = [...turn('first message'), ...turn('from another workflow')];
		expect(await rounds('second message')).toEqual([both, both, both]);
		expect(historyReads()).toBe(1);
	});
});

describe('Agent Platform Memory: what an execution keeps is bounded', () => {
	test('a load more than five minutes after the read reads again', async () => {
		const realNow = Date.now.bind(Date);
		let ahead = 0;
		jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
		await withRounds(sb, memoryParameters(), async (memory, round) => {
			if (round === 1) ahead = 5 * 60_000 + 1_000;
			await history(memory);
			return round < 2 ? CALL_TOOL : null;
		});
		// Round 0 reads, round 1 finds the read too old and reads again, round 2 uses that.
		expect(historyReads()).toBe(2);
	});
});
