/**
 * The rules of how many list pages are out at once (src/client/pageWindow.ts), as a table: what
 * the scan saw, and the window it gets next.
 */
import { INITIAL_PAGES_IN_FLIGHT, MAX_PAGES_IN_FLIGHT, PageWindow, WINDOW_BYTES } from '../../src/client/pageWindow';

type Step = { answered: number } | { handedOn: number } | { struggled: true } | { received: number } | { size: number; keyLimit?: number };

function play(steps: Step[]): number[] {
	const window = new PageWindow();
	const sizes: number[] = [];
	for (const step of steps) {
		if ('answered' in step) window.answeredIn(step.answered);
		else if ('handedOn' in step) for (let i = 0; i < step.handedOn; i++) window.handedOn();
		else if ('struggled' in step) window.struggled();
		else if ('received' in step) window.received(step.received);
		else sizes.push(window.size(step.keyLimit));
	}
	return sizes;
}

const cases: Array<[string, Step[], number[]]> = [
	['before any answer, INITIAL_PAGES_IN_FLIGHT', [{ size: 0 }], [INITIAL_PAGES_IN_FLIGHT]],
	[
		'answers as quick as ever: one more page per page handed on, up to the most',
		[{ answered: 20 }, { handedOn: 1 }, { size: 0 }, { answered: 30 }, { handedOn: 7 }, { size: 0 }, { handedOn: 100 }, { size: 0 }],
		[INITIAL_PAGES_IN_FLIGHT + 1, INITIAL_PAGES_IN_FLIGHT + 8, MAX_PAGES_IN_FLIGHT],
	],
	[
		'answers slower than twice the quickest (a queue building up): it stops growing, and grows again when they are quick',
		[{ answered: 20 }, { handedOn: 4 }, { answered: 46 }, { handedOn: 10 }, { size: 0 }, { answered: 25 }, { handedOn: 2 }, { size: 0 }],
		[INITIAL_PAGES_IN_FLIGHT + 4, INITIAL_PAGES_IN_FLIGHT + 6],
	],
	[
		'a page the server failed to answer halves it, never below one',
		[{ answered: 20 }, { handedOn: 8 }, { struggled: true }, { size: 0 }, { struggled: true }, { struggled: true }, { struggled: true }, { struggled: true }, { size: 0 }],
		[Math.floor((INITIAL_PAGES_IN_FLIGHT + 8) / 2), 1],
	],
	[
		'large pages: what is out stays within WINDOW_BYTES at the largest page seen',
		[{ answered: 20 }, { handedOn: 100 }, { received: 40_000 }, { size: 0 }, { received: WINDOW_BYTES / 4 }, { size: 0 }, { received: 2 * WINDOW_BYTES }, { size: 0 }],
		[MAX_PAGES_IN_FLIGHT, 4, 1],
	],
	['never more than the key allows in one window', [{ answered: 20 }, { handedOn: 100 }, { size: 0, keyLimit: 10 }, { size: 0, keyLimit: 1000 }], [10, MAX_PAGES_IN_FLIGHT]],
];

test.each(cases)('%s', (_name, steps, sizes) => {
	expect(play(steps)).toEqual(sizes);
});
