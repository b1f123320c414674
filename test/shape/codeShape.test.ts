/**
 * The shape the code keeps (tooling/codeShape.js): no file or function longer than a reader takes in
 * at once, and no node reaching into another node's folder. Each case gives the check a small file of its own
 * and expects exactly the problem it holds, so the check on the real code can fail.
 */
import { crossNodeImportsOf, functionsOf, linesOf, MAX_FILE_LINES, MAX_FUNCTION_LINES, problemsOf, shapeProblems } from '../../tooling/codeShape';

const NODE_FOLDERS = ['AgentPlatform', 'AgentPlatformTrigger'];

/** A function of `lines` lines, from its signature to its closing brace. */
const functionText = (name: string, lines: number) => [`export function ${name}(): void {`, ...Array.from({ length: lines - 2 }, (_, i) => `\tconst v${i} = ${i};`), '}'].join('\n');

test('the code as committed keeps its shape', () => {
	expect(shapeProblems()).toEqual([]);
});

describe('file length', () => {
	/** A file of `lines` lines, each ended by a newline. */
	const fileText = (lines: number) => Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};\n`).join('');

	test(`a file of ${MAX_FILE_LINES} lines passes; one line more fails, naming the file and its length`, () => {
		expect(linesOf(fileText(MAX_FILE_LINES))).toBe(MAX_FILE_LINES);
		expect(linesOf(fileText(MAX_FILE_LINES).slice(0, -1))).toBe(MAX_FILE_LINES);
		const files = [
			{ file: 'src/fits.ts', lines: linesOf(fileText(MAX_FILE_LINES)) },
			{ file: 'nodes/X/tooLong.ts', lines: linesOf(fileText(MAX_FILE_LINES + 1)) },
		];
		expect(problemsOf([], [], files)).toEqual([`nodes/X/tooLong.ts is ${MAX_FILE_LINES + 1} lines, more than ${MAX_FILE_LINES}: split it by the jobs it holds`]);
	});
});

describe('function length', () => {
	test(`a function of ${MAX_FUNCTION_LINES} lines passes; one line more fails, naming the file, the line and the function`, () => {
		const text = `/** A comment above does not count. */\n${functionText('fits', MAX_FUNCTION_LINES)}\n\n${functionText('tooLong', MAX_FUNCTION_LINES + 1)}\n`;
		const functions = functionsOf('src/example.ts', text);
		expect(functions.map((f) => [f.name, f.line, f.lines])).toEqual([
			['fits', 2, MAX_FUNCTION_LINES],
			['tooLong', MAX_FUNCTION_LINES + 3, MAX_FUNCTION_LINES + 1],
		]);
		expect(problemsOf(functions, [])).toEqual([`src/example.ts:${MAX_FUNCTION_LINES + 3} tooLong is ${MAX_FUNCTION_LINES + 1} lines, more than ${MAX_FUNCTION_LINES}: split it by what its parts do`]);
	});

	test('arrow functions and methods count by the name they are given; a function inside another counts in both', () => {
		const text = ['export const outer = () => {', '\tconst inner = () => 1;', '\treturn inner();', '};', 'class Node {', '\tasync poll() {', '\t\treturn null;', '\t}', '}'].join('\n');
		expect(functionsOf('nodes/X/X.node.ts', text).map((f) => [f.name, f.lines])).toEqual([
			['outer', 4],
			['inner', 1],
			['poll', 3],
		]);
	});
});

describe("imports from another node's folder", () => {
	test("a node importing from another node's folder fails; from its own folder, nodes/parts/ or src/ passes", () => {
		const text = [
			"import { agentLocator } from '../AgentPlatform/descriptions/rlc.description';",
			"export { searchAgents } from '../AgentPlatform/methods/listSearch';",
			"import { options } from '../parts/collections';",
			"import { verifyDelivery } from './verifyDelivery';",
			"import { sign } from '../../src/signing';",
		].join('\n');
		const found = crossNodeImportsOf('nodes/AgentPlatformTrigger/AgentPlatformTrigger.node.ts', text, NODE_FOLDERS);
		expect(found.map((i) => i.imports)).toEqual(['../AgentPlatform/descriptions/rlc.description', '../AgentPlatform/methods/listSearch']);
		expect(problemsOf([], found)[0]).toBe(
			"nodes/AgentPlatformTrigger/AgentPlatformTrigger.node.ts imports ../AgentPlatform/descriptions/rlc.description, inside the node folder AgentPlatform: what several nodes use belongs in nodes/parts/",
		);
	});

	test('the shared folder may import from no node folder', () => {
		const text = "import { output } from '../AgentPlatform/helpers/output';";
		expect(crossNodeImportsOf('nodes/parts/parameters.ts', text, NODE_FOLDERS).map((i) => i.from)).toEqual(['AgentPlatform']);
	});
});
