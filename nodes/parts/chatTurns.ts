/**
 * Chat turns in the triggers. Agent Platform Memory saves each turn of a chat as a memory fact of
 * its agent, so a trigger watching memory fact events would start a run for every chat turn. Most
 * workflows built on "when an agent learns something" do not want those; some do (to archive or
 * review chats). Both triggers ask with Include Chat Turns.
 *
 * Version 1 of the triggers had no such choice and passed every fact on: a workflow saved with
 * version 1 keeps that (the parameter's default there is on). From version 1.1, new trigger nodes
 * leave chat turns out unless the user turns it on. The action node's Memory Fact → Get Many (and
 * so the AI tool built on it) asks the same from its version 1.1 (actions/memoryFact/withoutChatTurns.ts).
 * What counts as a chat turn is the memory's own mark (turnMark.ts, isAnySessionTurn): the turn's
 * trailer and the source channel `n8n`.
 */
import type { IDataObject, IPollFunctions, INodeProperties, IWebhookFunctions } from 'n8n-workflow';
import { isAnySessionTurn } from './turnMark';

const NAME = 'includeChatTurns';

const DISPLAY_NAME = 'Include Chat Turns';
const DESCRIPTION =
	'Whether memory fact events include the chat turns Agent Platform Memory saves (facts with source channel "n8n" ending in its "[n8n chat …]" line). Off: a chat with a memory-backed AI Agent starts no run here.';

/**
 * The parameter, on by default in version 1 (as it behaved) and off from version 1.1 (the triggers'
 * and the action node's versions both). `show` adds where else it shows (an operation).
 */
export const chatTurnsOption = (description: string, show: Record<string, string[]> = {}): INodeProperties[] => [
	{ displayName: DISPLAY_NAME, name: NAME, type: 'boolean', default: true, description, displayOptions: { show: { ...show, '@version': [1] } } },
	{ displayName: DISPLAY_NAME, name: NAME, type: 'boolean', default: false, description, displayOptions: { show: { ...show, '@version': [{ _cnd: { gte: 1.1 } }] } } },
];

/** The triggers' parameter. */
export const chatTurnsProperties: INodeProperties[] = chatTurnsOption(DESCRIPTION);

/** Whether a fact is a chat turn the memory saved (for lists that leave them out). */
export const isChatTurnFact = (fact: IDataObject): boolean => isAnySessionTurn(fact);

/** Whether the node passes chat turns on (a node saved before the parameter existed: as version 1 did). */
export function includesChatTurns(ctx: IPollFunctions | IWebhookFunctions): boolean {
	return ctx.getNodeParameter(NAME, true) !== false;
}

/** Whether an event's `data` is about a fact the memory saved as a chat turn. */
export const isChatTurnEvent = (data: unknown): boolean => typeof data === 'object' && data !== null && isAnySessionTurn((data as IDataObject).fact);

/** Which facts the node leaves out (for Fetch Test Event, which samples only what a poll would pass on). */
export function leftOutFacts(ctx: IPollFunctions): (fact: IDataObject) => boolean {
	return includesChatTurns(ctx) ? () => false : (fact) => isAnySessionTurn(fact);
}

/** The events a poll passes on: without chat turns unless the node includes them. */
export function keptEvents<T extends { data: unknown }>(ctx: IPollFunctions, events: T[]): T[] {
	return includesChatTurns(ctx) ? events : events.filter((event) => !isChatTurnEvent(event.data));
}
