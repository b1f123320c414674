/**
 * The memory the AI Agent talks to (the SDK's ChatMemory): the last turns of the session, after
 * the long-term context when that is on. `supplyMemory` wraps it for the agent.
 */
import type { ChatMemory, Message } from '@n8n/ai-node-sdk';
import type { LongTermContext } from './longTermContext';
import type { SessionHistory } from './sessionHistory';

export class PlatformMemory implements ChatMemory {
	constructor(
		readonly chatHistory: SessionHistory,
		private readonly turns: number,
		private readonly longTerm?: LongTermContext,
	) {}

	/**
	 * The context comes first, as a user-role message rather than a system message: chat models
	 * such as Anthropic's and Gemini refuse a system message after the first, and facts learned
	 * from conversations should not carry the authority of the agent's own instructions.
	 */
	async loadMessages(): Promise<Message[]> {
		const [context, history] = await Promise.all([this.longTerm?.message(), this.chatHistory.lastTurns(this.turns)]);
		return context ? [context, ...history] : history;
	}

	async saveTurn(input: string, output: string): Promise<void> {
		await this.chatHistory.saveTurn(input, output);
	}

	async clear(): Promise<void> {
		await this.chatHistory.clear();
	}
}
