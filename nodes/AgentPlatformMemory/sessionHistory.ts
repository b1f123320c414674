/**
 * A chat session's history, kept as session-tier (L1) facts of one agent (see turnFact.ts for the
 * content of one fact). All HTTP goes through the shared client, so rate limits, retries and
 * errors behave as in the package's other nodes.
 */
import type { ChatHistory, Message } from '@n8n/ai-node-sdk';
import type { IDataObject } from 'n8n-workflow';
import type { AgentPlatformClient } from '../../src/client';
import { FILTER_QUERY } from '../../src/vocabulary';
import { decodeTurn, type DecodedTurn, encodeTurn, type TurnLine, type TurnRole } from './turnFact';

/** The tier and scope of a turn: a session's working context, private to the agent. */
export const TURN_TIER = 'L1';
export const TURN_SCOPE = 'agent';
/** `source.channel` of every turn, so people on the platform see where a conversation happened. */
const TURN_CHANNEL = 'n8n';

/**
 * At most this many facts are read for one session. L1 facts live about an hour, so a session
 * never comes near it; the bound keeps a misbehaving server from holding a run (and its memory)
 * without end.
 */
const MAX_SESSION_FACTS = 1_000;
/** Messages per fact; a longer run of messages without a user message is split. */
const MAX_LINES_PER_TURN = 20;

export interface Session {
	agentId: string;
	/** The session key as given (chat trigger session id or the user's expression). */
	key: string;
	/** sessionTag(key): what the text search looks for and the trailer must carry. */
	tag: string;
}

interface StoredTurn extends DecodedTurn {
	factId: string;
}

export class SessionHistory implements ChatHistory {
	constructor(
		private readonly client: AgentPlatformClient,
		private readonly session: Session,
		private readonly now: () => Date = () => new Date(),
	) {}

	async getMessages(): Promise<Message[]> {
		return toMessages(await this.turns());
	}

	/** The messages of the last `count` turns, oldest first. */
	async lastTurns(count: number): Promise<Message[]> {
		return toMessages(await this.turns(count));
	}

	async addMessage(message: Message): Promise<void> {
		await this.addMessages([message]);
	}

	/**
	 * Messages become turns: each user message starts one. Tool calls and tool results are not
	 * kept (see README: they can be large and can carry data, such as a webhook secret, that does
	 * not belong in an agent's memory); the final answer that follows them is.
	 */
	async addMessages(messages: Message[]): Promise<void> {
		for (const lines of groupTurns(messages)) await this.saveLines(lines);
	}

	async saveTurn(input: string, output: string): Promise<void> {
		const lines: TurnLine[] = [
			{ role: 'user', text: input },
			{ role: 'assistant', text: output },
		];
		await this.saveLines(lines.filter((line) => line.text !== ''));
	}

	/** Deletes this session's facts, and nothing else. */
	async clear(): Promise<void> {
		const turns = await this.turns();
		await this.client.withBudget(turns.length, async () => {
			for (const turn of turns) await this.client.callIfFound('memoryFact.delete', { path: { factId: turn.factId } });
		});
	}

	private async saveLines(lines: TurnLine[]): Promise<void> {
		if (lines.length === 0) return;
		const { agentId, key, tag } = this.session;
		const body: IDataObject = {
			agent_id: agentId,
			content: encodeTurn(lines, tag, this.now()),
			tier: TURN_TIER,
			scope: TURN_SCOPE,
			source: { conversation_id: key, channel: TURN_CHANNEL },
		};
		await this.client.call('memoryFact.create', { body });
	}

	/** The session's turns, oldest first: all of them, or only the newest `keep`. */
	private async turns(keep = MAX_SESSION_FACTS): Promise<StoredTurn[]> {
		const { agentId, tag } = this.session;
		const qs = { [FILTER_QUERY.agentId]: agentId, [FILTER_QUERY.tier]: TURN_TIER, [FILTER_QUERY.text]: tag };
		const turns: StoredTurn[] = [];
		for await (const page of this.client.pages('memoryFact.getMany', { qs, limit: MAX_SESSION_FACTS })) {
			for (const fact of page) {
				// The server's filters narrow the search; the trailer decides (a text search may
				// match loosely, and an agent may hold facts that only quote a tag).
				const turn = fact.agent_id === agentId ? decodeTurn(fact.content, tag) : undefined;
				if (!turn) continue;
				turns.push({ ...turn, factId: String(fact.id) });
				// The server's order is not known to be by time: keep the newest so far.
				if (turns.length > keep) turns.sort(byTime).shift();
			}
		}
		return turns.sort(byTime);
	}
}

const byTime = (a: StoredTurn, b: StoredTurn) => (a.at === b.at ? a.factId.localeCompare(b.factId) : a.at < b.at ? -1 : 1);

const TOOL_PARTS = new Set(['tool-call', 'invalid-tool-call', 'tool-result']);

/**
 * The text of a message, or undefined for what memory does not keep: tool results, and assistant
 * messages that call tools (the answer after the call is kept). Files and reasoning are left out.
 */
function keptText(message: Message): { role: TurnRole; text: string } | undefined {
	if (message.role === 'tool' || message.content.some((part) => TOOL_PARTS.has(part.type))) return undefined;
	const text = message.content
		.map((part) => (part.type === 'text' ? part.text : ''))
		.join('')
		.trim();
	return text === '' ? undefined : { role: message.role, text };
}

function groupTurns(messages: Message[]): TurnLine[][] {
	const turns: TurnLine[][] = [];
	for (const message of messages) {
		const line = keptText(message);
		if (!line) continue;
		const current = turns[turns.length - 1];
		if (!current || line.role === 'user' || current.length >= MAX_LINES_PER_TURN) turns.push([line]);
		else current.push(line);
	}
	return turns;
}

function toMessages(turns: DecodedTurn[]): Message[] {
	return turns.flatMap((turn) => turn.lines.map((line): Message => ({ role: line.role, content: [{ type: 'text', text: line.text }] })));
}
