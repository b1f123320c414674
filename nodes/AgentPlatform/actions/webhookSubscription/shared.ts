import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { ALL_EVENTS, EVENT_TYPES } from '../../../../src/vocabulary';
import { withLimit } from '../../../parts/textLimits';

export const eventsOption = (required: boolean): INodeProperties => ({
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	options: [{ name: 'All Events', value: ALL_EVENTS, description: 'Every event, including ones added later' }, ...EVENT_TYPES],
	default: [],
	required,
	description: 'The events to deliver to the URL',
});

export const urlOption = (required: boolean): INodeProperties => ({
	displayName: 'URL',
	name: 'url',
	type: 'string',
	default: '',
	required,
	placeholder: 'https://example.com/hooks/agent-platform',
	description: 'The HTTPS endpoint that receives the signed POST requests',
});

export const optionalFields = (): INodeProperties[] => [
	{ displayName: 'Description', name: 'description', type: 'string', default: '', description: withLimit('webhookSubscription.create', 'description', 'A note to recognise the subscription by') },
	{ displayName: 'Active', name: 'active', type: 'boolean', default: true, description: 'Whether events are delivered' },
];

/** The optional fields of a subscription (Additional Fields on create, Update Fields with URL and Events). */
export interface SubscriptionFields {
	url?: string;
	events?: string[];
	description?: string;
	active?: boolean;
}

/** The URL a subscription delivers to: refused here, naming the parameter, rather than by the server. */
export function checkUrl(ctx: IExecuteFunctions, url: string, itemIndex: number): string {
	if (!/^https?:\/\/\S+$/.test(url)) {
		throw new NodeOperationError(ctx.getNode(), `The parameter "URL" must be an http(s) URL, got "${url}"`, {
			itemIndex,
			description: 'Give the full address that receives the events, starting with https:// (or http:// for local tests).',
		});
	}
	return url;
}
