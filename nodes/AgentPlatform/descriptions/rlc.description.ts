/** The action node's resource locators besides the Agent (nodes/parts/locators.ts, which builds them all). */
import type { INodeProperties } from 'n8n-workflow';
import { opaqueId } from '../../parts/idShapes';
import { locator } from '../../parts/locators';

export const factLocator = (): INodeProperties =>
	locator({ name: 'factId', displayName: 'Memory Fact', searchMethod: 'searchFacts', placeholder: 'fact_...', shape: opaqueId('memory fact ID'), description: 'The memory fact' });

export const documentLocator = (): INodeProperties =>
	locator({
		name: 'documentId',
		displayName: 'Knowledge Document',
		searchMethod: 'searchDocuments',
		placeholder: 'doc_...',
		shape: opaqueId('knowledge document ID'),
		description: 'The Knowledge Hub document',
	});

export const teamLocator = (overrides: Partial<INodeProperties> = {}): INodeProperties => ({
	...locator({ name: 'teamId', displayName: 'Team', searchMethod: 'searchTeams', placeholder: 'team_...', shape: opaqueId('team ID'), description: 'The team' }),
	...overrides,
});

export const memberLocator = (): INodeProperties =>
	locator({ name: 'memberId', displayName: 'Member', searchMethod: 'searchMembers', placeholder: 'mem_...', shape: opaqueId('member ID'), description: 'The organization member' });

export const webhookLocator = (): INodeProperties =>
	locator({
		name: 'webhookId',
		displayName: 'Webhook Subscription',
		searchMethod: 'searchWebhooks',
		placeholder: 'wh_...',
		shape: opaqueId('webhook subscription ID'),
		description: 'The webhook subscription',
	});
