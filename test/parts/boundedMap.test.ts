/**
 * The bounded map the process's stores are built on (nodes/parts/boundedMap.ts): each row runs steps on
 * a map whose values weigh what they are, on a clock the steps move, and gives what is left, oldest first.
 */
import { BoundedMap, type MapBounds } from '../../nodes/parts/boundedMap';

/** `set k w`, `update k w`, `delete k`, `at t` (the clock). */
function run(bounds: MapBounds<number>, steps: string[]): string {
	let now = 0;
	const map = new BoundedMap<string, number>({ weigh: (value) => value, clock: () => now, ...bounds });
	for (const step of steps) {
		const [op, key, n] = step.split(' ');
		if (op === 'at') now = Number(key);
		else if (op === 'set') map.set(key, Number(n));
		else if (op === 'update') map.update(key, Number(n));
		else if (op === 'delete') map.delete(key);
	}
	const kept = [...map.keys()].map((key) => `${key}:${map.peek(key)}`);
	expect(map.size).toBe(kept.length);
	expect(map.weight).toBe([...map.keys()].reduce((sum, key) => sum + (map.peek(key) ?? 0), 0));
	return kept.join(' ');
}

test.each<{ name: string; bounds: MapBounds<number>; steps: string[]; kept: string }>([
	{ name: 'past the entry bound the oldest go first', bounds: { entries: 2 }, steps: ['set a 1', 'set b 1', 'set c 1'], kept: 'b:1 c:1' },
	{ name: 'past the weight bound the oldest go first', bounds: { weight: 10 }, steps: ['set a 4', 'set b 4', 'set c 4'], kept: 'b:4 c:4' },
	{ name: 'a value heavier than the weight bound leaves, after all before it', bounds: { weight: 10 }, steps: ['set a 4', 'set b 11'], kept: '' },
	{ name: 'a value as old as the age bound is kept', bounds: { ageMs: 100 }, steps: ['set a 1', 'at 50', 'set b 1', 'at 100'], kept: 'a:1 b:1' },
	{ name: 'a value older than the age bound leaves', bounds: { ageMs: 100 }, steps: ['set a 1', 'at 50', 'set b 1', 'at 101'], kept: 'b:1' },
	{ name: 'a key set again goes to the back', bounds: { entries: 2 }, steps: ['set a 1', 'set b 1', 'set a 2', 'set c 1'], kept: 'a:2 c:1' },
	{ name: 'a key set again counts its age anew', bounds: { ageMs: 100 }, steps: ['set a 1', 'at 50', 'set a 1', 'at 120'], kept: 'a:1' },
	{ name: 'an update keeps the place', bounds: { entries: 2 }, steps: ['set a 1', 'set b 1', 'update a 2', 'set c 1'], kept: 'b:1 c:1' },
	{ name: 'an update keeps the time', bounds: { ageMs: 100 }, steps: ['set a 1', 'at 80', 'update a 2', 'at 101'], kept: '' },
	{ name: 'an update weighs again: past the bound the oldest go', bounds: { weight: 10 }, steps: ['set a 4', 'set b 4', 'update b 8'], kept: 'b:8' },
	{ name: 'an update that lightens a value frees its weight', bounds: { weight: 10 }, steps: ['set a 4', 'set b 4', 'update a 1', 'set c 5'], kept: 'a:1 b:4 c:5' },
	{ name: 'an update of a key not kept keeps nothing', bounds: {}, steps: ['update a 1'], kept: '' },
	{ name: 'a deleted value frees its weight', bounds: { weight: 10 }, steps: ['set a 4', 'set b 4', 'delete a', 'set c 6'], kept: 'b:4 c:6' },
])('$name', ({ bounds, steps, kept }) => {
	expect(run(bounds, steps)).toBe(kept);
});

test('get drops a value past its age; until then peek still gives it', () => {
	let now = 0;
	const map = new BoundedMap<string, string>({ ageMs: 100, clock: () => now });
	map.set('a', 'x');
	expect(map.update('b', 'y')).toBe(false);
	expect(map.update('a', 'z')).toBe(true);
	now = 101;
	expect(map.peek('a')).toBe('z');
	expect(map.get('a')).toBeUndefined();
	expect(map.peek('a')).toBeUndefined();
	expect(map.size).toBe(0);
});

test("a value's time may be the caller's rather than the clock's", () => {
	const map = new BoundedMap<string, true>({ ageMs: 100, clock: () => 0 });
	map.set('a', true, 500);
	expect([...map.keys(600)]).toEqual(['a']);
	expect(map.get('a', 601)).toBeUndefined();
});
