import type { INodeProperties } from 'n8n-workflow';
import { EVENT_TYPES } from '../../../../src/vocabulary';

export const ALL_EVENTS = '*';

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
	{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'A note to recognise the subscription by' },
	{ displayName: 'Active', name: 'active', type: 'boolean', default: true, description: 'Whether events are delivered' },
];
