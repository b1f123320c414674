/**
 * Resource locators: "From List" (searchable, paged) and "By ID". "By URL" is not offered: the spec
 * shows no dashboard URLs to parse, and an API URL is not something users copy. Here: how every
 * locator is built, and the Agent, which every node offers; the action node's other locators are in
 * nodes/AgentPlatform/descriptions/rlc.description.ts. Every "By ID" checks the whole ID as the user
 * types (idShapes.ts says what one may hold), and names the rule when it fails.
 */
import type { INodeProperties } from 'n8n-workflow';
import { AGENT_ID, idRegex, idRule, type IdShape } from './idShapes';

interface LocatorOptions {
	name: string;
	displayName: string;
	searchMethod: string;
	placeholder: string;
	description: string;
	/** What the ID may hold: checked in "By ID" mode, with the rule as the message when it fails. */
	shape: IdShape;
}

export function locator(o: LocatorOptions): INodeProperties {
	return {
		displayName: o.displayName,
		name: o.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: o.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select ${/^[aeiou]/i.test(o.displayName) ? 'an' : 'a'} ${o.displayName.toLowerCase()}...`,
				typeOptions: { searchListMethod: o.searchMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: o.placeholder,
				validation: [{ type: 'regex', properties: { regex: idRegex(o.shape), errorMessage: idRule(o.shape) } }],
			},
		],
	};
}

export const agentLocator = (overrides: Partial<INodeProperties> = {}): INodeProperties => ({
	...locator({
		name: 'agentId',
		displayName: 'Agent',
		searchMethod: 'searchAgents',
		placeholder: 'dep_...',
		description: 'The deployed agent (ID starts with dep_)',
		shape: AGENT_ID,
	}),
	...overrides,
});

/**
 * A locator for inside a collection (an optional filter or field). It carries no "By ID" check: n8n
 * checks a collection's options against the node's top-level parameters of the same name, so a
 * check here would flag a top-level locator a second time (the rule shown twice) while never
 * checking the collection's own value. The node checks that when it runs (optionalId).
 */
export const inCollection = (locator: INodeProperties): INodeProperties => ({
	...locator,
	required: false,
	modes: locator.modes?.map((mode) => ({ ...mode, validation: undefined })),
});

/** The agent as an optional filter inside a collection (see inCollection). */
export const agentFilterLocator = (description: string): INodeProperties => inCollection(agentLocator({ description }));
