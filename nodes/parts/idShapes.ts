/**
 * What a whole ID may hold, said once for every place that checks one: the editor's "By ID" check
 * (locators.ts), the check when a node runs (parameters.ts getId, optionalId), and the skills list
 * (methods/loadOptions.ts). An ID goes into a request path, so it holds only characters a path
 * segment carries as they are; the agent's `dep_` prefix is the spec's. The message says what the
 * whole ID may hold, not only how it starts: a pasted "dep_support01 /edit" starts right and is
 * still not an ID.
 */
import { ID_PREFIX } from '../../src/vocabulary';

export interface IdShape {
	/** How the ID is named in a sentence, e.g. "agent ID". */
	noun: string;
	/** The prefix the spec fixes, when it fixes one. */
	prefix?: string;
}

const ID_CHARACTER = 'A-Za-z0-9_.:-';
const ID_CHARACTERS_IN_WORDS = 'letters, digits, _ - . or :';

export const AGENT_ID: IdShape = { noun: 'agent ID', prefix: ID_PREFIX.agent };

/** An ID the spec leaves opaque (facts, documents, teams, members, webhooks). */
export const opaqueId = (noun: string): IdShape => ({ noun });

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'An' : 'A'} ${noun}`;

/**
 * The regex the whole ID must match (n8n anchors an editor check with ^ and $). Without a prefix,
 * an ID of dots alone is refused: in a path it would name the parent.
 */
export function idRegex(shape: IdShape): string {
	return shape.prefix === undefined ? `\\.*[${ID_CHARACTER.replace('.', '')}][${ID_CHARACTER}]*` : `${shape.prefix}[${ID_CHARACTER}]+`;
}

/** What the whole ID may hold, in one sentence. */
export function idRule(shape: IdShape): string {
	const body = shape.prefix === undefined ? `${ID_CHARACTERS_IN_WORDS} (not only dots)` : `${shape.prefix} followed by ${ID_CHARACTERS_IN_WORDS}`;
	return `${withArticle(shape.noun)} is ${body}, with nothing else (no spaces or address parts).`;
}

export const isIdOfShape = (shape: IdShape, value: string): boolean => new RegExp(`^(?:${idRegex(shape)})$`).test(value);

const CHARACTER_NAMES: Record<string, string> = {
	' ': 'a space',
	'/': 'a slash',
	'?': 'a question mark',
	'#': 'a #',
	'\t': 'a tab',
	'\n': 'a line break',
};

/** Where a value stops being an ID, for the user to see what to remove: undefined when it is one. */
export function whatIsWrong(shape: IdShape, value: string): string | undefined {
	if (isIdOfShape(shape, value)) return undefined;
	if (shape.prefix !== undefined && !value.startsWith(shape.prefix)) return `It does not start with ${shape.prefix}.`;
	if (shape.prefix !== undefined && value === shape.prefix) return `It has nothing after ${shape.prefix}.`;
	const at = [...value].findIndex((character) => !new RegExp(`[${ID_CHARACTER}]`).test(character));
	if (at === -1) return 'It is only dots.';
	const character = [...value][at];
	const named = CHARACTER_NAMES[character] ?? `"${character}"`;
	return at === 0 ? `It starts with ${named}.` : `It has ${named} after "${[...value].slice(0, at).join('').slice(-60)}".`;
}
