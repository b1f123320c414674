/**
 * The bounds of what one execution's loads keep (roundCache.ts), on a store with small bounds and
 * its own clock: the process's store has the same code with the bounds its comment gives.
 */
import type { ISupplyDataFunctions } from 'n8n-workflow';
import { ROUND_BOUNDS, RoundSlot, RoundStore, roundScope } from '../../nodes/AgentPlatformMemory/roundCache';

let clock = 0;
const small = () => new RoundStore({ entries: 3, ageMs: 1_000, characters: 100 }, () => clock);
const slotIn = (store: RoundStore, ...identity: string[]) => new RoundSlot<string>(identity, (value) => value.length, store);
const read = (value: string) => async () => await Promise.resolve(value);

beforeEach(() => (clock = 0));

describe('what an execution keeps: bounds', () => {
	test('the process keeps at most 500 entries, for 5 minutes, of at most 5,000,000 characters', () => {
		expect(ROUND_BOUNDS).toEqual({ entries: 500, ageMs: 300_000, characters: 5_000_000 });
	});

	test('past the entry cap the oldest read goes first', async () => {
		const store = small();
		const slots = ['a', 'b', 'c', 'd'].map((name) => slotIn(store, name));
		for (const slot of slots) {
			clock += 1;
			await slot.load(read('x'));
		}
		expect(store.size).toBe(3);
		expect(slots.map((slot) => slot.get())).toEqual([undefined, 'x', 'x', 'x']);
	});

	test('a value older than the age bound is not given, and leaves', async () => {
		const store = small();
		const slot = slotIn(store, 'a');
		await slot.load(read('x'));
		clock = 1_000;
		expect(slot.get()).toBe('x');
		clock = 1_001;
		expect(slot.get()).toBeUndefined();
		expect(store.size).toBe(0);
		// Expired entries at the front leave when anything is kept.
		await slot.load(read('y'));
		await slotIn(store, 'b').load(read('z'));
		clock = 2_500;
		await slotIn(store, 'c').load(read('w'));
		expect(store.size).toBe(1);
	});

	test('past the character cap the oldest go first; a value larger than the cap is not kept and pushes nothing out', async () => {
		const store = small();
		const [a, b, c] = ['a', 'b', 'c'].map((name) => slotIn(store, name));
		await a.load(read('1'.repeat(40)));
		await b.load(read('2'.repeat(40)));
		await c.load(read('3'.repeat(40)));
		expect([a.get(), b.get()?.length, c.get()?.length]).toEqual([undefined, 40, 40]);
		const huge = slotIn(store, 'huge');
		expect(await huge.load(read('h'.repeat(101)))).toHaveLength(101);
		expect(huge.get()).toBeUndefined();
		expect([b.get()?.length, c.get()?.length]).toEqual([40, 40]);
		// A write that grows a value past the cap pushes the oldest read out, here the one it grew.
		b.write((kept) => `${kept ?? ''}${'+'.repeat(30)}`);
		expect([b.get(), c.get()?.length]).toEqual([undefined, 40]);
		c.write((kept) => `${kept ?? ''}${'+'.repeat(30)}`);
		expect(c.get()?.length).toBe(70);
	});

	test('a value read again goes to the back of the line', async () => {
		const store = small();
		const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => slotIn(store, name));
		for (const slot of [a, b, c]) await slot.load(read('x'));
		// A write that leaves a unknown: its next load reads again, so b is now the oldest read.
		a.write(() => undefined);
		await a.load(read('again'));
		await d.load(read('x'));
		expect([a.get(), b.get(), c.get(), d.get()]).toEqual(['again', undefined, 'x', 'x']);
	});
});

describe('what an execution keeps: writes and keys', () => {
	test('a write updates the value kept, or records that it is no longer known', async () => {
		const slot = slotIn(small(), 'a');
		await slot.load(read('turn 1'));
		slot.write((kept) => kept && `${kept}, turn 2`);
		expect(await slot.load(read('not read'))).toBe('turn 1, turn 2');
		slot.write(() => undefined);
		expect(await slot.load(read('read again'))).toBe('read again');
	});

	test('a write with nothing kept keeps only what it knows whole', async () => {
		const slot = slotIn(small(), 'a');
		slot.write((kept) => kept && `${kept}, turn 2`);
		expect(slot.get()).toBeUndefined();
		slot.write(() => '');
		expect(await slot.load(read('not read'))).toBe('');
	});

	test('a read that a write overtook is not kept (it may not hold the write)', async () => {
		const slot = slotIn(small(), 'a');
		const loaded = await slot.load(async () => {
			slot.write((kept) => kept && `${kept}, saved meanwhile`);
			return await Promise.resolve('read before the save');
		});
		expect(loaded).toBe('read before the save');
		expect(slot.get()).toBeUndefined();
		expect(await slot.load(read('read after'))).toBe('read after');
		expect(slot.get()).toBe('read after');
	});

	test('slots that differ in any part of their identity are apart; the parts are kept only as a hash', async () => {
		const store = small();
		const identity = ['history', 'execution 1', 'node', 'https://api.example.com/v1', 'ctx_secret_key', 'dep_a', 'key'];
		await slotIn(store, ...identity).load(read('x'));
		for (let i = 0; i < identity.length; i++) {
			const other = identity.map((part, j) => (j === i ? `${part}2` : part));
			expect(slotIn(store, ...other).get()).toBeUndefined();
		}
		// Parts that run together when joined stay apart.
		expect(slotIn(store, 'history', 'execution 1node').get()).toBeUndefined();
		expect(slotIn(store, ...identity).get()).toBe('x');
		const keys = [...(store as unknown as { entries: Map<string, unknown> }).entries.keys()];
		expect(keys).toHaveLength(1);
		for (const part of identity) expect(keys[0]).not.toContain(part);
	});

	test("an execution's scope: its id, the node, and the credential's Base URL and key, the key only hashed", () => {
		const ctx = (executionId: string, nodeId = 'node-1') => ({ getExecutionId: () => executionId, getNode: () => ({ id: nodeId }) }) as unknown as ISupplyDataFunctions;
		const credential = { baseUrl: 'https://api.example.com', apiKey: 'ctx_unused_one' };
		const scope = roundScope(ctx('exec-1'), credential);
		expect(JSON.stringify(scope)).not.toContain('unused_one');
		// The same credential as the client sends it: the Base URL normalised, the key trimmed.
		expect(roundScope(ctx('exec-1'), { baseUrl: 'https://api.example.com/v1/', apiKey: ` ${credential.apiKey}\n` })).toEqual(scope);
		const others = [
			roundScope(ctx('exec-2'), credential),
			roundScope(ctx('exec-1', 'node-2'), credential),
			roundScope(ctx('exec-1'), { ...credential, apiKey: 'ctx_unused_two' }),
			roundScope(ctx('exec-1'), { ...credential, baseUrl: 'https://eu.api.example.com' }),
		];
		for (const other of others) expect(other).not.toEqual(scope);
		// Without an execution id, each memory is an execution of its own.
		expect(roundScope(ctx(''), credential)).not.toEqual(roundScope(ctx(''), credential));
	});
});
