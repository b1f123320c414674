/**
 * The memory node's parameters, read and checked before any request. Errors name the parameter
 * and say how to fix it.
 */
import { NodeOperationError, type ISupplyDataFunctions } from 'n8n-workflow';
import { AGENT_ID } from '../parts/idShapes';
import { getId, getStringList, getWholeNumber } from '../parts/parameters';
import { type HistoryLifetime, isLifetimeChoice, KEEP_HISTORY_DEFAULT, LIFETIMES, type LifetimeChoice } from './keepHistory';
import type { LongTermSettings } from './longTermContext';
import type { Session } from './sessionHistory';
import { type KeySource, sessionTag } from './turnFact';

interface MemorySettings {
	session: Session;
	/** Turns loaded back (Context Window Length). */
	turns: number;
	/** Remember Tool Calls. */
	toolCalls: boolean;
	/** Keep History: the tier turns are created in and the oldest turn given back. */
	lifetime: HistoryLifetime & { choice: LifetimeChoice };
	longTerm?: LongTermSettings;
}

/** Longest session key accepted; it is stored in each fact's `source.conversation_id`. */
const MAX_SESSION_KEY = 512;
/** Longest search text sent (a chat message can be long; a query string should not be). */
const MAX_SEARCH_TEXT = 500;

export function readSettings(ctx: ISupplyDataFunctions, itemIndex: number): MemorySettings {
	const agentId = getId(ctx, 'agentId', itemIndex, 'Agent', AGENT_ID);
	const { key, source } = sessionKey(ctx, itemIndex);
	const turns = wholeNumber(ctx, itemIndex, 'contextWindowLength', 'Context Window Length', 1, 100);
	const toolCalls = ctx.getNodeParameter('rememberToolCalls', itemIndex, false) === true;
	const lifetime = keepHistory(ctx, itemIndex);
	const settings: MemorySettings = { session: { agentId, key, tag: sessionTag(source, key) }, turns, toolCalls, lifetime };
	if (ctx.getNodeParameter('longTermContext', itemIndex, false) === true) settings.longTerm = longTermSettings(ctx, itemIndex);
	return settings;
}

/**
 * The session key exactly as given (a number as its decimal text): not trimmed, not case-folded,
 * not Unicode-normalised, so two keys that differ in any character are two sessions. Refused: a
 * key that is missing, empty or only white space, longer than MAX_SESSION_KEY, or not well-formed
 * Unicode (a lone surrogate, which UTF-8 and the API's JSON cannot hold as given).
 */
function sessionKey(ctx: ISupplyDataFunctions, itemIndex: number): { key: string; source: KeySource } {
	const fromInput = ctx.getNodeParameter('sessionIdType', itemIndex, 'fromInput') === 'fromInput';
	let raw: unknown = fromInput ? ctx.evaluateExpression('{{ $json.sessionId }}', itemIndex) : ctx.getNodeParameter('sessionKey', itemIndex, '');
	if (fromInput && isMissing(raw)) {
		// Like n8n's own memory nodes: the chat trigger's session id when the agent's input lacks it.
		const trigger = ctx.getChatTrigger();
		if (trigger) raw = ctx.evaluateExpression(`{{ $('${trigger.name.replace(/'/g, "\\'")}').first().json.sessionId }}`, itemIndex);
	}
	const where = fromInput ? 'The session ID (the input field "sessionId")' : 'The parameter "Key"';
	const fix = fromInput
		? "Expected a field called 'sessionId' in the agent's input (the Chat Trigger outputs one). To use something else, set 'Session ID' to 'Define Below' and give a key."
		: "Give a key that identifies the conversation, or set 'Session ID' to 'Connected Chat Trigger Node'.";
	const refuse = (message: string, description = fix) => new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
	if (isMissing(raw)) throw refuse(fromInput ? 'No session ID found' : 'The parameter "Key" is empty');
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		throw refuse(`${where} must be text`, `Got ${typeof raw}; use an expression that gives text.`);
	}
	const key = String(raw);
	if (key.trim() === '') throw refuse(`${where} is blank: it holds only white space`);
	if (key.length > MAX_SESSION_KEY) {
		throw refuse(`${where} is ${key.length} characters long; the most is ${MAX_SESSION_KEY}`, 'Use a shorter key, for example a user or conversation ID rather than a message.');
	}
	if (/\p{Cs}/u.test(key)) {
		throw refuse(
			`${where} is not valid text: it holds a lone surrogate (half of a character)`,
			'Check what produces the key: a character was cut in half, for example by slicing text between the two halves of an emoji.',
		);
	}
	return { key, source: fromInput ? 'chatTrigger' : 'defined' };
}

/** Keep History; a value set by expression must be one of the choices. */
function keepHistory(ctx: ISupplyDataFunctions, itemIndex: number): HistoryLifetime & { choice: LifetimeChoice } {
	const fallback = ctx.getNode().typeVersion === 1 ? KEEP_HISTORY_DEFAULT.v1 : KEEP_HISTORY_DEFAULT.current;
	const choice = ctx.getNodeParameter('keepHistory', itemIndex, fallback);
	if (!isLifetimeChoice(choice)) {
		const allowed = Object.keys(LIFETIMES).map((name) => `"${name}"`).join(', ');
		throw new NodeOperationError(ctx.getNode(), 'The parameter "Keep History" is not one of its choices', {
			itemIndex,
			description: `Got ${JSON.stringify(String(choice)).slice(0, 60)}. An expression must give one of ${allowed}.`,
		});
	}
	return { ...LIFETIMES[choice], choice };
}

function longTermSettings(ctx: ISupplyDataFunctions, itemIndex: number): LongTermSettings {
	const tiers = choices(ctx, itemIndex, 'contextTiers', 'Tiers');
	if (tiers.includes('L1')) {
		throw new NodeOperationError(ctx.getNode(), 'The parameter "Tiers" may not include L1', {
			itemIndex,
			description: 'Session facts (L1) hold conversations, other chats included; long-term context reads durable tiers only (L2, L3, L4).',
		});
	}
	const settings: LongTermSettings = {
		tiers,
		scopes: choices(ctx, itemIndex, 'contextScopes', 'Scopes'),
		maxFacts: wholeNumber(ctx, itemIndex, 'maxFacts', 'Max Facts', 1, 100),
		maxCharacters: wholeNumber(ctx, itemIndex, 'maxCharacters', 'Max Characters', 200, 50_000),
	};
	if (ctx.getNodeParameter('searchUserMessage', itemIndex, false) === true) {
		const text = String(ctx.getNodeParameter('searchText', itemIndex, '') ?? '')
			.replace(/\s+/g, ' ')
			.trim();
		// An empty message (a chat started with a file, say) searches nothing: no text filter.
		if (text !== '') settings.search = Array.from(text).slice(0, MAX_SEARCH_TEXT).join('');
	}
	return settings;
}

function choices(ctx: ISupplyDataFunctions, itemIndex: number, name: string, label: string): string[] {
	const values = getStringList(ctx, name, itemIndex);
	if (values.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `The parameter "${label}" is empty`, { itemIndex, description: `Choose at least one, or turn off Long-Term Context.` });
	}
	return values;
}

const wholeNumber = (ctx: ISupplyDataFunctions, itemIndex: number, name: string, label: string, min: number, max: number) =>
	getWholeNumber(ctx, name, itemIndex, `The parameter "${label}"`, { min, max });

const isMissing = (value: unknown) => value === undefined || value === null || value === '';
