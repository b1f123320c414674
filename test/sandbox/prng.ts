/** A small seeded PRNG (mulberry32): the same seed gives the same fault sequence and data. */
export type Random = () => number;

export function createRandom(seed: number): Random {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** A deterministic opaque id part of `length` lowercase alphanumerics. */
export function randomIdPart(random: Random, length = 12): string {
	const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
	let out = '';
	for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
	return out;
}
