/**
 * The memory on the platform as it lives: tier lifetimes on, and graduation on (every minute of the
 * sandbox's clock, facts that lists returned graduate a tier, as the platform promotes facts that
 * prove useful). Time passes for both sides: the sandbox's clock is moved, and n8n's (Date, faked
 * for the node; the sandbox keeps its own clock) by as much.
 */
import { CONTEXT_HEADER } from '../../nodes/AgentPlatformMemory/longTermContext';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { history, longTermParameters, memoryParameters, withMemory } from './helpers';

const MINUTE = 60_000;

let sb: RunningSandbox;
beforeAll(async () => {
	sb = await startSandbox({ plan: 'enterprise', graduation: 1_000 });
	// Only Date, and it runs on from the real time: timers and the sandbox's own clock are the host's.
	// n8n's clock never goes back between tests (the client's rate budget remembers its times).
	jest.useFakeTimers({ advanceTimers: true, doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
});
afterAll(async () => {
	jest.useRealTimers();
	await sb.close();
});
beforeEach(() => sb.admin.reset());

/** Time passes for the platform and for n8n alike. */
function pass(ms: number) {
	sb.admin.advance(ms);
	jest.setSystemTime(Date.now() + ms);
}

const org = () => sb.admin.org('org_acme');
const chat = (sessionId: string) => ({ inputItems: [{ sessionId, chatInput: 'hello' }] });
const turnsOf = (sessionId: string) => [...org().facts.values()].filter((f) => f.source.conversation_id === sessionId);

async function say(sessionId: string, keepHistory: string, input: string, output: string) {
	const { error } = await withMemory(sb, memoryParameters({ keepHistory }), async (memory) => await memory.saveContext({ input }, { output }), chat(sessionId));
	expect(error).toBeUndefined();
}
async function load(sessionId: string, keepHistory: string) {
	const { result, error } = await withMemory(sb, memoryParameters({ keepHistory }), async (memory) => await history(memory), chat(sessionId));
	expect(error).toBeUndefined();
	return result as Array<[string, string]>;
}

describe('Agent Platform Memory: history lasts as chosen, on a platform whose facts live and graduate', () => {
	test('past an hour, a history kept for a day is all there and one kept for an hour is gone, graduated turns included', async () => {
		for (const [session, keepHistory] of [
			['ada', 'day'],
			['eve', 'hour'],
		]) {
			await say(session, keepHistory, 'My name is Ada', 'Hello');
			await load(session, keepHistory);
			pass(2 * MINUTE);
			await say(session, keepHistory, 'What is my name?', 'Ada');
			await load(session, keepHistory);
		}
		pass(61 * MINUTE);
		// The lists above made the platform graduate turns: some of the hour's outlive it on the platform.
		expect(turnsOf('eve').length).toBeGreaterThan(0);
		expect(await load('ada', 'day')).toEqual([
			['human', 'My name is Ada'],
			['ai', 'Hello'],
			['human', 'What is my name?'],
			['ai', 'Ada'],
		]);
		expect(await load('eve', 'hour')).toEqual([]);
		// What the platform still keeps of it belongs to the session: Clear deletes it.
		await withMemory(sb, memoryParameters({ keepHistory: 'hour' }), async (memory) => await memory.clear(), chat('eve'));
		expect(turnsOf('eve')).toEqual([]);
	});

	test('turns the platform graduated are still the session’s, in order, and never another session’s context', async () => {
		await say('ada', 'hour', 'My PIN is 4711', 'Noted');
		await load('ada', 'hour');
		pass(2 * MINUTE);
		await say('ada', 'hour', 'And my name is Ada', 'Hello Ada');
		expect(turnsOf('ada').map((f) => f.tier)).toEqual(['L2', 'L1']);
		// A person moves the newer one further, to the company.
		const [, newer] = turnsOf('ada');
		sb.admin.graduate('org_acme', newer.id, { tier: 'L4', scope: 'company' });

		expect(await load('ada', 'hour')).toEqual([
			['human', 'My PIN is 4711'],
			['ai', 'Noted'],
			['human', 'And my name is Ada'],
			['ai', 'Hello Ada'],
		]);
		const { result } = await withMemory(sb, longTermParameters(), async (memory) => await history(memory), chat('eve'));
		const [[, context], ...rest] = result as Array<[string, string]>;
		expect(rest).toEqual([]);
		expect(context.startsWith(CONTEXT_HEADER)).toBe(true);
		expect(context).not.toContain('4711');
		expect(context).not.toContain('Ada');
		expect(context).toContain(org().facts.get('fact_0012')?.content);
	});

	test('a graduated turn older than an hour is given back within a day’s history, not within an hour’s', async () => {
		await say('ada', 'hour', 'first', 'one');
		const [first] = turnsOf('ada');
		sb.admin.graduate('org_acme', first.id);
		pass(30 * MINUTE);
		await say('ada', 'day', 'second', 'two');
		pass(45 * MINUTE);
		// The first (an hour's turn, graduated out of L1) is 75 minutes old and still on the platform:
		// a day's history shows it, an hour's does not.
		expect(turnsOf('ada').map((f) => f.tier === 'L1')).toEqual([false, false]);
		expect((await load('ada', 'day')).map(([, text]) => text)).toEqual(['first', 'one', 'second', 'two']);
		expect((await load('ada', 'hour')).map(([, text]) => text)).toEqual(['second', 'two']);
	});
});
