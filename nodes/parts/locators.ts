/**
 * Resource locators: "From List" (searchable, paged) and "By ID". "By URL" is not offered: the spec
 * shows no dashboard URLs to parse, and an API URL is not something users copy. Here: how every
 * locator is built, and the Agent, which every node offers; the action node's other locators are in
 * nodes/AgentPlatform/descriptions/rlc.description.ts. The agent's "By ID" checks the spec's `dep_`
 * prefix as the user types.
 */
import type { INodeProperties } from 'n8n-workflow';

interface LocatorOptions {
	name: string;
	displayName: string;
	searchMethod: string;
	placeholder: string;
	description: string;
	/** A regex the ID must match in "By ID" mode, with the message shown when it does not. */
	idValidation?: { regex: string; errorMessage: string };
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
				validation: o.idValidation
					? [{ type: 'regex', properties: { regex: o.idValidation.regex, errorMessage: o.idValidation.errorMessage } }]
					: undefined,
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
		idValidation: { regex: 'dep_[A-Za-z0-9_-]+', errorMessage: 'Agent IDs start with dep_' },
	}),
	...overrides,
});

/**
 * The agent as an optional filter inside a collection. It carries no "By ID" check: n8n checks a
 * collection's options against the node's top-level parameters of the same name, so a check here
 * would flag a top-level Agent a second time ("Agent IDs start with dep_" shown twice) while never
 * checking the filter itself. The node checks the filter when it runs (agentFilter).
 */
export const agentFilterLocator = (description: string): INodeProperties => {
	const locator = agentLocator({ required: false, description });
	return { ...locator, modes: locator.modes?.map((mode) => ({ ...mode, validation: undefined })) };
};
