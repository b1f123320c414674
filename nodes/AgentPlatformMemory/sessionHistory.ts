/**
 * A chat session's history, kept as facts of one agent in the tier Keep History chose (see
 * turnFact.ts for the content of one fact, keepHistory.ts for the tiers). All HTTP goes through the
 * shared client, so rate limits, retries and errors behave as in the package's other nodes.
 *
 * A session's turns are found wherever the platform moved them: the read names the agent and the
 * session's tag, not a tier, so a turn the platform graduated or a person promoted (any tier, any
 * scope) is still loaded and cleared. A load reads the latest turns from the newest end of the
 * session's list, a few requests at any length; Clear reads every fact (sessionRead.ts).
 */
import type { ChatHistory, Message } from '@n8n/ai-node-sdk';
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import { type AgentPlatformClient, isApiError } from '../../src/client';
import { recentSecrets } from '../parts/recentSecrets';
import { type HistoryLifetime, type LifetimeChoice, shorterThan } from './keepHistory';
import { Redactor } from './redactor';
import { RoundSlot, type RoundScope } from './roundCache';
import { forgetTurns, keepTurns } from './recentTurns';
import { eachFact, type LatestTurns, MAX_HISTORY_TURNS, readLatestTurns, type SessionList } from './sessionRead';
import { listDate, type Session, type StoredTurn, TURN_CHANNEL, TURN_SCOPE, turnOfSession, withinKeepHistory } from './sessionTurn';
import { decodeTurn, type DecodedTurn, encodeTurn, type TurnLine } from './turnFact';
import { messagesOf, turnsOf } from './turnMessages';

export type { Session } from './sessionTurn';

/** A Clear of more facts than this tells n8n's log how far it got, every this many facts. */
const CLEAR_PROGRESS_EVERY = 1_000;
/** HTTP statuses with which an API refuses what a request asks for (here: the tier of a turn). */
const REFUSALS = [400, 403, 422];

interface HistoryOptions {
	/** Remember Tool Calls: turns keep the agent's tool calls and summaries of their results. */
	toolCalls: boolean;
	/** Keep History: the tier turns are created in, and the oldest turn loaded. */
	lifetime: HistoryLifetime & { choice: LifetimeChoice };
	/** Values never stored (the credential's API key), wherever they appear in a turn. */
	secrets: string[];
	/** The execution, node and credential whose loads share what they read (roundCache.ts). */
	round: RoundScope;
	/** n8n's log: why a session is read whole, a long Clear's progress. */
	log?: (message: string) => void;
}

export class SessionHistory implements ChatHistory {
	/**
	 * The session's latest turns (at most MAX_HISTORY_TURNS) as this execution last read them, plus
	 * the turns it saved since and none after a clear. n8n's AI Agent loads the memory again after
	 * each round of tool calls, and its SDK shows the history in the execution log after every save;
	 * answering those from here saves a request (or several pages) each. A load that wants more turns
	 * than were proven the latest (`turns`, unless `whole`) reads again.
	 */
	private readonly known: RoundSlot<LatestTurns>;
	private readonly list: SessionList;

	constructor(
		private readonly client: AgentPlatformClient,
		private readonly node: INode,
		private readonly session: Session,
		private readonly options: HistoryOptions,
		private readonly now: () => Date = () => new Date(),
	) {
		const { agentId, key, tag } = session;
		this.known = new RoundSlot(['history', ...options.round, agentId, key, tag], (latest) => latest.turns.reduce((sum, turn) => sum + turn.chars, 0));
		this.list = { client, node, session, now, log: options.log };
	}

	/**
	 * The session's latest turns (at most MAX_HISTORY_TURNS), for n8n's log and Chat Memory Manager:
	 * as many as this execution has proven the latest when it has read the session (n8n shows the
	 * history after every save), else read.
	 */
	async getMessages(): Promise<Message[]> {
		return this.toMessages(await this.latestTurns(MAX_HISTORY_TURNS, true));
	}

	/** The messages of the last `count` turns (at most MAX_HISTORY_TURNS), oldest first. */
	async lastTurns(count: number): Promise<Message[]> {
		return this.toMessages((await this.latestTurns(Math.min(count, MAX_HISTORY_TURNS), false)).slice(-count));
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

	/**
	 * Deletes this session's facts, all of them, and nothing else, at any length: paced by the rate
	 * budget, its progress in n8n's log for a long session. A fact already gone counts as deleted, so
	 * a Clear that was interrupted can be run again and deletes what is left.
	 */
	async clear(): Promise<void> {
		// Every fact is read, not only the turns kept: a session can hold more than MAX_HISTORY_TURNS.
		const factIds: string[] = [];
		await eachFact(this.list, (fact) => {
			const turn = turnOfSession(fact, this.session, this.now().getTime());
			if (turn) factIds.push(turn.factId);
		});
		// A clear that fails part way leaves the session unknown until it is read again.
		this.known.write(() => undefined);
		forgetTurns(this.session);
		const count = factIds.length.toLocaleString('en-US');
		const progress = (done: number) => this.options.log?.(`Agent Platform Memory: Clear deleted ${done.toLocaleString('en-US')} of ${count} facts of the session`);
		await this.client.withBudget(factIds.length, async (client) => {
			for (const [i, factId] of factIds.entries()) {
				await client.callIfFound('memoryFact.delete', { path: { factId } });
				if ((i + 1) % CLEAR_PROGRESS_EVERY === 0 || (i + 1 === factIds.length && factIds.length > CLEAR_PROGRESS_EVERY)) progress(i + 1);
			}
		});
		this.known.write(() => ({ turns: [], whole: true }));
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
		if (!turn) return;
		// Dated as a read would date it: by the API, else by its trailer.
		const stored = { ...turn, factId: String(created.id), chars: content.length, created: listDate({ ...created, content }) };
		this.known.write((known) => known && { turns: [...known.turns, stored].slice(-MAX_HISTORY_TURNS), whole: known.whole });
		keepTurns(this.session, [stored]);
	}

	/**
	 * The session's latest turns younger than Keep History, oldest first: at least `want` of them
	 * (when the session has them) as known in this execution, or read; `anyKnown` takes what is known.
	 */
	private async latestTurns(want: number, anyKnown: boolean): Promise<StoredTurn[]> {
		const enough = (known: LatestTurns) => anyKnown || known.whole || known.turns.length >= want;
		const latest = await this.known.load(async () => await readLatestTurns(this.list, want), enough);
		const now = this.now().getTime();
		return latest.turns.filter((turn) => withinKeepHistory(turn, this.options.lifetime.maxAgeMs, now));
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
}
