/**
 * Memory Fact → Get Many without the chat turns Agent Platform Memory saves (Include Chat Turns
 * off, parts/chatTurns.ts): a user listing, searching or cleaning up facts, and the AI tool's search
 * built on it, expects what the agents learned, not chat transcripts. The API cannot leave them out
 * (no filter says "not a turn"), so the node does, after reading.
 *
 * With Return All, the whole list is read (as without the option, within what a list read whole
 * may hold) and the turns dropped. With a Limit, the list is read a page at a time, each request
 * asking for the server's largest page, until Limit facts that are not turns are found or the list
 * ends: a Limit of 10 is 10 facts, however many turns stand between them. A list that is mostly
 * turns would take that to its end, so the read is bounded: at most the pages the Limit alone needs
 * plus EXTRA_PAGES. When that bound stops it with fewer facts than asked while the list holds more,
 * the run says so (in the output pane and n8n's log), with what to do instead.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { AgentPlatformClient, ScanStart } from '../../../../src/client';
import { isChatTurnFact } from '../../../parts/chatTurns';
import { addHints } from '../../helpers/hints';

/** Requests a Limit may spend on chat turns, beyond the pages the Limit itself needs. */
export const EXTRA_PAGES = 10;

const FROM_THE_START: ScanStart = { offset: 0, anchors: 0, isAnchor: () => false };

const ROUTE = 'memoryFact.getMany';

interface FactList {
	qs: IDataObject;
	limit: number | undefined;
	itemIndex: number;
}

/** The list's facts that are not chat turns: all of them, or the first `limit`. */
export async function factsWithoutTurns(ctx: IExecuteFunctions, client: AgentPlatformClient, list: FactList): Promise<IDataObject[]> {
	if (list.limit === undefined) return (await client.list(ROUTE, { qs: list.qs, itemIndex: list.itemIndex })).filter((fact) => !isChatTurnFact(fact));
	const facts: IDataObject[] = [];
	let pages = 0;
	for await (const page of client.pagesFrom(ROUTE, { qs: list.qs, itemIndex: list.itemIndex, from: FROM_THE_START })) {
		pages += 1;
		for (const fact of page.fresh) if (!isChatTurnFact(fact) && facts.length < list.limit) facts.push(fact);
		if (facts.length >= list.limit || page.last) break;
		const bound = Math.ceil(list.limit / Math.max(page.pageSize, 1)) + EXTRA_PAGES;
		if (pages >= bound) {
			stoppedShort(ctx, { found: facts.length, limit: list.limit, pages, read: page.end, total: page.total, itemIndex: list.itemIndex });
			break;
		}
	}
	return facts;
}

function stoppedShort(ctx: IExecuteFunctions, at: { found: number; limit: number; pages: number; read: number; total: number; itemIndex: number }): void {
	const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
	const message =
		`Memory Fact → Get Many found ${count(at.found, 'fact')} of the ${at.limit.toLocaleString('en-US')} asked for (item ${at.itemIndex + 1}). ` +
		`The first ${count(at.read, 'fact')} of the list's ${at.total.toLocaleString('en-US')} (${count(at.pages, 'request')}) were mostly chat turns, which Include Chat Turns leaves out, ` +
		`and a Limit reads at most ${EXTRA_PAGES} pages more than it needs. Narrow the list with a filter (Agent, Tier, Text), or turn on Return All to read it to the end.`;
	ctx.logger.info(message, { nodeName: ctx.getNode().name });
	addHints(ctx, { message, type: 'warning', location: 'outputPane' });
}
