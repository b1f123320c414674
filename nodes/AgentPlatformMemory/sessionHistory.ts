/**
 * A chat session's history, kept as session-tier (L1) facts of one agent (see turnFact.ts for the
 * content of one fact). All HTTP goes through the shared client, so rate limits, retries and
 * errors behave as in the package's other nodes.
 */
import type { ChatHistory, Message } from '@n8n/ai-node-sdk';
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import type { AgentPlatformClient } from '../../src/client';
import { FILTER_QUERY } from '../../src/vocabulary';
import { recentSecrets } from '../parts/recentSecrets';
import { RoundSlot, type RoundScope } from './roundCache';
import { Redactor } from './toolSummary';
import { decodeTurn, type DecodedTurn, encodeTurn, type TurnLine } from './turnFact';
import { messagesOf, turnsOf } from './turnMessages';

/** The tier and scope of a turn: a session's working context, private to the agent. */
const TURN_TIER = 'L1';
const TURN_SCOPE = 'agent';
/** `source.channel` of every turn, so people on the platform see where a conversation happened. */
const TURN_CHANNEL = 'n8n';

/**
 * At most this many facts are read for one session. The server's order is not known to be by
 * time, so the latest turns are known only once every fact of the session has been read; a session
 * with more (L1 facts live about an hour: thousands of turns an hour on one key) is refused with
 * an error rather than answered with turns that may not be its latest. The memory held stays
 * bounded by what is kept, not by what is read.
 */
const MAX_SESSION_FACTS = 10_000;
/** The most turns getMessages returns: the longest Context Window Length. */
const MAX_HISTORY_TURNS = 100;
/**
 * A turn dated further ahead of this n8n's clock than this was not written by a clock like it: it
 * is not this node's (a trailer dated 2999 would otherwise stay the newest turn for good). A day
 * leaves room for the clocks of several n8n processes sharing a session to disagree.
 */
const MAX_CLOCK_LEAD_MS = 24 * 3_600_000;

export interface Session {
	agentId: string;
	/** The session key exactly as given (chat trigger session id or the user's expression). */
	key: string;
	/** sessionTag(key source, key): what the text search looks for and the trailer must carry. */
	tag: string;
}

interface HistoryOptions {
	/** Remember Tool Calls: turns keep the agent's tool calls and summaries of their results. */
	toolCalls: boolean;
	/** Values never stored (the credential's API key), wherever they appear in a turn. */
	secrets: string[];
	/** The execution, node and credential whose loads share what they read (roundCache.ts). */
	round: RoundScope;
}

interface StoredTurn extends DecodedTurn {
	factId: string;
	/** The fact's content length: what the turn costs to keep (roundCache.ts bounds it). */
	chars: number;
}

type Purpose = 'load' | 'clear';

export class SessionHistory implements ChatHistory {
	/**
	 * The session's latest turns (at most MAX_HISTORY_TURNS) as this execution last read them, plus
	 * the turns it saved since and none after a clear. n8n's AI Agent loads the memory again after
	 * each round of tool calls, and its SDK shows the history in the execution log after every save;
	 * answering those from here saves a request (or several pages) each.
	 */
	private readonly known: RoundSlot<StoredTurn[]>;

	constructor(
		private readonly client: AgentPlatformClient,
		private readonly node: INode,
		private readonly session: Session,
		private readonly options: HistoryOptions,
		private readonly now: () => Date = () => new Date(),
	) {
		const { agentId, key, tag } = session;
		this.known = new RoundSlot(['history', ...options.round, agentId, key, tag], (turns) => turns.reduce((sum, turn) => sum + turn.chars, 0));
	}

	/** The session's latest turns (at most MAX_HISTORY_TURNS), for n8n's log and Chat Memory Manager. */
	async getMessages(): Promise<Message[]> {
		return this.toMessages(await this.latestTurns());
	}

	/** The messages of the last `count` turns (at most MAX_HISTORY_TURNS), oldest first. */
	async lastTurns(count: number): Promise<Message[]> {
		return this.toMessages((await this.latestTurns()).slice(-count));
	}

	async addMessage(message: Message): Promise<void> {
		await this.addMessages([message]);
	}

	/**
	 * Messages become turns: each user message starts one (turnMessages.ts). What a turn keeps of
	 * the agent's tool calls depends on Remember Tool Calls; secrets are never kept (toolSummary.ts).
	 */
	async addMessages(messages: Message[]): Promise<void> {
		const redactor = new Redactor([...this.options.secrets, ...recentSecrets()]);
		redactor.learn(messages);
		for (const lines of turnsOf(messages, { toolCalls: this.options.toolCalls, redactor })) await this.saveLines(lines);
	}

	async saveTurn(input: string, output: string): Promise<void> {
		const text = (role: 'user' | 'assistant', value: string): Message => ({ role, content: [{ type: 'text', text: value }] });
		await this.addMessages([text('user', input), text('assistant', output)]);
	}

	/** Deletes this session's facts, all of them, and nothing else. */
	async clear(): Promise<void> {
		// Every fact is read, not only the turns kept: a session can hold more than MAX_HISTORY_TURNS.
		const factIds: string[] = [];
		await this.eachTurn('clear', (turn) => factIds.push(turn.factId));
		// A clear that fails part way leaves the session unknown until it is read again.
		this.known.write(() => undefined);
		await this.client.withBudget(factIds.length, async (client) => {
			for (const factId of factIds) await client.callIfFound('memoryFact.delete', { path: { factId } });
		});
		this.known.write(() => []);
	}

	private toMessages(turns: DecodedTurn[]): Message[] {
		return turns.flatMap((turn) => messagesOf(turn.lines, this.options.toolCalls));
	}

	private async saveLines(lines: TurnLine[]): Promise<void> {
		if (lines.length === 0) return;
		const { agentId, key, tag } = this.session;
		const content = encodeTurn(lines, tag, this.now());
		const body: IDataObject = {
			agent_id: agentId,
			content,
			tier: TURN_TIER,
			scope: TURN_SCOPE,
			source: { conversation_id: key, channel: TURN_CHANNEL },
		};
		const created = await this.client.call('memoryFact.create', { body }).catch((error: unknown) => {
			// A create that failed may still have been carried out: the session is unknown until read again.
			this.known.write(() => undefined);
			throw error;
		});
		// What a read would now return: the content as stored (a long turn is cut), under the server's id.
		const turn = decodeTurn(content, tag);
		if (turn) this.known.write((known) => known && [...known, { ...turn, factId: String(created.id), chars: content.length }].slice(-MAX_HISTORY_TURNS));
	}

	/** The newest MAX_HISTORY_TURNS turns of the session, oldest first: as known in this execution, or read. */
	private async latestTurns(): Promise<StoredTurn[]> {
		return await this.known.load(async () => {
			let turns: StoredTurn[] = [];
			await this.eachTurn('load', (turn) => {
				turns.push(turn);
				// Trimmed now and then rather than on every turn: sorting is the cost, not the memory.
				if (turns.length >= 2 * MAX_HISTORY_TURNS) turns = turns.sort(byTime).slice(-MAX_HISTORY_TURNS);
			});
			return turns.sort(byTime).slice(-MAX_HISTORY_TURNS);
		});
	}

	/** Hands on every turn of this session, in the server's order; refuses a session it cannot read whole. */
	private async eachTurn(purpose: Purpose, take: (turn: StoredTurn) => void): Promise<void> {
		const { agentId, tag } = this.session;
		const qs = { [FILTER_QUERY.agentId]: agentId, [FILTER_QUERY.tier]: TURN_TIER, [FILTER_QUERY.text]: tag };
		const latest = this.now().getTime() + MAX_CLOCK_LEAD_MS;
		// The first page's total says at once whether the session can be read whole; counting what was
		// read still holds against a server whose total understates.
		const refuse = (total: number) => {
			if (total > MAX_SESSION_FACTS) throw this.tooLongError(purpose);
		};
		let read = 0;
		for await (const page of this.client.pages('memoryFact.getMany', { qs, limit: MAX_SESSION_FACTS + 1, onTotal: refuse })) {
			read += page.length;
			if (read > MAX_SESSION_FACTS) throw this.tooLongError(purpose);
			for (const fact of page) {
				// The server's filters narrow the search; what this node writes decides (a text search
				// may match loosely, and anyone with a key can write a fact that quotes a trailer).
				const turn = this.wroteHere(fact) ? decodeTurn(fact.content, tag) : undefined;
				if (turn && Date.parse(turn.at) <= latest) take({ ...turn, factId: String(fact.id), chars: String(fact.content).length });
			}
		}
	}

	/** Whether the fact is stored as this node stores this session's turns: agent, tier, scope and source. */
	private wroteHere(fact: IDataObject): boolean {
		const source = fact.source as IDataObject | undefined;
		return (
			fact.agent_id === this.session.agentId &&
			fact.tier === TURN_TIER &&
			fact.scope === TURN_SCOPE &&
			typeof source === 'object' &&
			source !== null &&
			source.channel === TURN_CHANNEL &&
			source.conversation_id === this.session.key
		);
	}

	private tooLongError(purpose: Purpose): NodeOperationError {
		const most = MAX_SESSION_FACTS.toLocaleString('en-US');
		const fix = `Delete them with the Agent Platform node (Memory Fact → Get Many with Search Text ${this.session.tag}, then Delete), or let them expire (L1 facts live about an hour), and give each conversation its own key.`;
		return new NodeOperationError(this.node, `This session has more than ${most} stored facts`, {
			description:
				purpose === 'clear'
					? `Nothing was deleted: the memory reads at most ${most} facts of a session, and clears a session only whole. ${fix}`
					: `The memory reads at most ${most} facts of a session, and without reading all of them it cannot tell which turns are the latest. ${fix}`,
		});
	}
}

const byTime = (a: StoredTurn, b: StoredTurn) => (a.at === b.at ? a.factId.localeCompare(b.factId) : a.at < b.at ? -1 : 1);


