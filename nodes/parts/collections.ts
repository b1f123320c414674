/**
 * Collections of optional parameters: only the ones the user adds are sent. Every node's Options
 * (how it works, not what it sends) and a list's Filters are built here; the action node's Additional
 * Fields and Update Fields (nodes/AgentPlatform/descriptions/common.description.ts) too.
 */
import type { INodeProperties } from 'n8n-workflow';

export const collection =
	(name: string, displayName: string, placeholder: string) =>
	(options: INodeProperties[]): INodeProperties => ({ displayName, name, type: 'collection', placeholder, default: {}, options });

/** A list's optional filters. */
export const filters = collection('filters', 'Filters', 'Add Filter');

/** A node's optional settings (how it works, not what it sends). */
export const options = collection('options', 'Options', 'Add Option');
