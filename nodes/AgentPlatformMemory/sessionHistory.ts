/**
 * A chat session's history, kept as facts of one agent in the tier Keep History chose (see
 * turnFact.ts for the content of one fact, keepHistory.ts for the tiers). All HTTP goes through the
 * shared client, so rate limits, retries and errors behave as in the package's other nodes.
 *
 * A session's turns are found wherever the platform moved them: the read names the agent and the
 * session's tag, not a tier, so a turn the platform graduated or a person promoted (any tier, any
 * scope) is still loaded, and cleared, in the same one request per page.
 */
import type { ChatHistory, Message } from '@n8n/ai-node-sdk';
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import { type AgentPlatformClient, isApiError } from '../../src/client';
import { FACT_TIME_FIELDS, FILTER_QUERY } from '../../src/vocabulary';
import { recentSecrets } from '../parts/recentSecrets';
import { type HistoryLifetime, type LifetimeChoice, shorterThan } from './keepHistory';
import { Redactor } from './redactor';
import { RoundSlot, type RoundScope } from './roundCache';
import { decodeTurn, type DecodedTurn, encodeTurn, type TurnLine } from './turnFact';
import { messagesOf, turnsOf } from './turnMessages';

/** The scope a turn is created in: a conversation is private to the agent. */
const TURN_SCOPE = 'agent';
/** `source.channel` of every turn, so people on the platform see where a conversation happened. */
const TURN_CHANNEL = 'n8n';

/**
 * At most this many facts are read for one session. The server's order is not known to be by
 * time, so the latest turns are known only once every fact of the session has been read; a session
 * with more is refused with an error rather than answered with turns that may not be its latest.
 * The memory held stays bounded by what is kept, not by what is read.
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
/** HTTP statuses with which an API refuses what a request asks for (here: the tier of a turn). */
const REFUSALS = [400, 403, 422];

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
	/** Keep History: the tier turns are created in, and the oldest turn loaded. */
	lifetime: HistoryLifetime & { choice: LifetimeChoice };
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
		await this.client.withBudget(factIds.length, async () => {
			for (const factId of factIds) await this.client.callIfFound('memoryFact.delete', { path: { factId } });
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
			tier: this.options.lifetime.tier,
			scope: TURN_SCOPE,
			source: { conversation_id: key, channel: TURN_CHANNEL },
		};
		const created = await this.client.call('memoryFact.create', { body }).catch((error: unknown) => {
			// A create that failed may still have been carried out: the session is unknown until read again.
			this.known.write(() => undefined);
			throw this.lifetimeRefused(error) ?? error;
		});
		// What a read would now return: the content as stored (a long turn is cut), under the server's id.
		const turn = decodeTurn(content, tag);
		if (turn) this.known.write((known) => known && [...known, { ...turn, factId: String(created.id), chars: content.length }].slice(-MAX_HISTORY_TURNS));
	}

	/** The newest MAX_HISTORY_TURNS turns of the session younger than Keep History, oldest first: as known in this execution, or read. */
	private async latestTurns(): Promise<StoredTurn[]> {
		const { maxAgeMs } = this.options.lifetime;
		const oldest = maxAgeMs === undefined ? -Infinity : this.now().getTime() - maxAgeMs;
		const young = (turns: StoredTurn[]) => turns.filter((turn) => Date.parse(turn.at) >= oldest);
		return young(await this.readLatest());
	}

	private async readLatest(): Promise<StoredTurn[]> {
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
		// No tier and no scope: the session's turns are its own wherever the platform moved them.
		const qs = { [FILTER_QUERY.agentId]: agentId, [FILTER_QUERY.text]: tag };
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

	/**
	 * Whether the fact is stored as this node stores this session's turns: agent, source, and the
	 * scope it is created in unless it was promoted since. Any tier: Keep History may differ between
	 * workflows that continue one session, the platform graduates facts and people promote them.
	 */
	private wroteHere(fact: IDataObject): boolean {
		const source = fact.source as IDataObject | undefined;
		const promoted = typeof fact[FACT_TIME_FIELDS.promoted] === 'string' && fact[FACT_TIME_FIELDS.promoted] !== '';
		return (
			fact.agent_id === this.session.agentId &&
			(fact.scope === TURN_SCOPE || promoted) &&
			typeof source === 'object' &&
			source !== null &&
			source.channel === TURN_CHANNEL &&
			source.conversation_id === this.session.key
		);
	}

	/** The API's refusal of the tier Keep History chose, as an error naming the parameter and what to choose instead. */
	private lifetimeRefused(error: unknown): NodeOperationError | undefined {
		if (!REFUSALS.some((status) => isApiError(error, status)) || !/\btier\b/i.test((error as Error).message)) return undefined;
		const { label, tier, choice } = this.options.lifetime;
		const shorter = shorterThan(choice).map((other) => `"${other.label}" (${other.tier})`);
		return new NodeOperationError(this.node, `The Agent Platform API refused to keep the conversation for "${label}" (tier ${tier})`, {
			description:
				`It answered: ${(error as Error).message}. ` +
				(shorter.length > 0
					? `Choose a shorter Keep History: ${shorter.join(', ')}. Nothing of this turn was stored.`
					: 'Check which tiers your plan allows to be written. Nothing of this turn was stored.'),
		});
	}

	private tooLongError(purpose: Purpose): NodeOperationError {
		const most = MAX_SESSION_FACTS.toLocaleString('en-US');
		const fix = `Delete them with the Agent Platform node (Memory Fact → Get Many with Search Text ${this.session.tag}, then Delete), or choose a shorter Keep History, and give each conversation its own key.`;
		return new NodeOperationError(this.node, `This session has more than ${most} stored facts`, {
			description:
				purpose === 'clear'
					? `Nothing was deleted: the memory reads at most ${most} facts of a session, and clears a session only whole. ${fix}`
					: `The memory reads at most ${most} facts of a session, and without reading all of them it cannot tell which turns are the latest. ${fix}`,
		});
	}
}

const byTime = (a: StoredTurn, b: StoredTurn) => (a.at === b.at ? a.factId.localeCompare(b.factId) : a.at < b.at ? -1 : 1);


