/**
 * Memory-fact events, at the cost of what changed and within the key share: the baseline, then each
 * poll the edge where new facts appear (newFacts.ts), then, when promotions are wanted or new facts
 * cannot be found at the edge, the sweep of the whole list (factSweep.ts). factPoll.ts judges every
 * fact read; state.ts says what is kept.
 */
import type { INode, Logger } from 'n8n-workflow';
import type { AgentPlatformClient } from '../../src/client';
import type { PolledEvent } from './events';
import { FactPoll } from './factPoll';
import { sweep } from './factSweep';
import type { KeyShare } from './keyShare';
import { baseline, newStream, readEnd, readStart } from './newFacts';
import type { PollSettings } from './settings';
import type { PollState } from './state';

interface FactPollContext {
	node: INode;
	logger: Logger;
	client: AgentPlatformClient;
	settings: PollSettings;
	share: KeyShare;
	/** Local time after which no new page is requested. */
	deadline: number;
}

/**
 * One poll's fact work, added to `events`. Each page is applied whole; an error leaves the state
 * after the last whole page and is thrown after the events found so far were added.
 */
export async function pollFacts(ctx: FactPollContext, state: PollState, events: PolledEvent[]): Promise<void> {
	const stream = state.facts ?? newStream(Date.now());
	const poll = new FactPoll(ctx.node, ctx.logger, ctx.client, stream, ctx.settings, ctx.share, events, ctx.deadline);
	try {
		if (!state.facts) {
			if (!poll.step().canContinue()) return;
			await baseline(poll);
			state.facts = stream;
		} else if (poll.created && stream.order !== 'unknown' && poll.step().canContinue()) {
			await (stream.order === 'oldest-first' ? readEnd(poll) : readStart(poll));
		}
		const sweepNeeded = poll.promoted || (poll.created && (stream.order === 'unknown' || stream.sweepNeededSince > 0));
		if (sweepNeeded && poll.step().canContinue()) await sweep(poll);
	} finally {
		poll.bound();
	}
}
