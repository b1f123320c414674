/** The memory node's parameters. Names follow n8n's own memory nodes where they mean the same. */
import type { INodeProperties } from 'n8n-workflow';
import { MEMORY_SCOPES, MEMORY_TIERS } from '../../src/vocabulary';
import { agentLocator } from '../parts/locators';
import { keepHistoryProperties } from './keepHistory';

/** Durable tiers: what long-term context may read. L1 holds sessions, other chats' included. */
const DURABLE_TIERS = MEMORY_TIERS.filter((tier) => tier.value !== 'L1');

const showLongTerm = { show: { longTermContext: [true] } };

export const properties: INodeProperties[] = [
	{
		// No n8n version here: a notice shows on every n8n, and on one without the AI node SDK (before
		// 2.16) the run itself says which n8n the node needs (aiNodeSdk.ts). Worded to stay true once
		// the node is connected.
		displayName: "This node is an AI Agent's memory: it works through the agent's Memory input",
		name: 'connectionNotice',
		type: 'notice',
		default: '',
	},
	agentLocator({ description: 'The platform agent whose memory keeps the conversation, as its facts (one per turn)' }),
	{
		displayName: 'Session ID',
		name: 'sessionIdType',
		type: 'options',
		options: [
			{
				name: 'Connected Chat Trigger Node',
				value: 'fromInput',
				description: "Looks for an input field called 'sessionId' that is coming from a directly connected Chat Trigger",
			},
			{
				name: 'Define Below',
				value: 'customKey',
				description: 'Use an expression to reference data in previous nodes or enter static text',
			},
		],
		default: 'fromInput',
	},
	{
		displayName: 'Key',
		name: 'sessionKey',
		type: 'string',
		default: '',
		description:
			'The key that identifies the conversation, for example an expression with a user ID. Used exactly as given (not trimmed); it never reaches a conversation whose ID came from a Chat Trigger.',
		displayOptions: { show: { sessionIdType: ['customKey'] } },
	},
	...keepHistoryProperties,
	{
		displayName: 'Context Window Length',
		name: 'contextWindowLength',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		default: 5,
		description: 'How many past turns (a message and its answer) the model receives',
	},
	{
		displayName: 'Remember Tool Calls',
		name: 'rememberToolCalls',
		type: 'boolean',
		default: false,
		description:
			'Whether each turn also keeps the tools the agent called and a short summary of what they returned (IDs, names, counts; never a secret), so later turns can refer to them',
	},
	{
		displayName: 'Long-Term Context',
		name: 'longTermContext',
		type: 'boolean',
		default: false,
		description: "Whether to give the model durable facts the organization's agents have learned (L2–L4), before the conversation",
	},
	{
		displayName: 'Tiers',
		name: 'contextTiers',
		type: 'multiOptions',
		options: [...DURABLE_TIERS],
		default: ['L2', 'L3', 'L4'],
		description: 'Which durable tiers to read. Session facts (L1) are never read, and no conversation kept by this node is, whatever its tier.',
		displayOptions: showLongTerm,
	},
	{
		displayName: 'Scopes',
		name: 'contextScopes',
		type: 'multiOptions',
		options: [...MEMORY_SCOPES],
		default: ['agent', 'team', 'company'],
		description: "Agent: the chosen agent's own facts. Team: facts of agents in its team. Company: the whole organization's.",
		displayOptions: showLongTerm,
	},
	{
		displayName: "Search With the User's Message",
		name: 'searchUserMessage',
		type: 'boolean',
		default: false,
		description: "Whether to keep only facts the API's text search finds for the message (otherwise the first facts of each tier)",
		displayOptions: showLongTerm,
	},
	{
		displayName: 'Search Text',
		name: 'searchText',
		type: 'string',
		default: '={{ $json.chatInput }}',
		description: "What to search for; by default the chat trigger's message",
		displayOptions: { show: { longTermContext: [true], searchUserMessage: [true] } },
	},
	{
		displayName: 'Max Facts',
		name: 'maxFacts',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		default: 10,
		description: 'The most durable facts given to the model',
		displayOptions: showLongTerm,
	},
	{
		displayName: 'Max Characters',
		name: 'maxCharacters',
		type: 'number',
		typeOptions: { minValue: 200, maxValue: 50000 },
		default: 2000,
		description: 'The longest the long-term context may be, in characters; facts that would exceed it are left out',
		displayOptions: showLongTerm,
	},
];
