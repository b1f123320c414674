/**
 * One scenario of the hostile-list checker: a generated server (hostileList.ts), the real polling
 * trigger run the way n8n runs it (helpers.ts), the work between polls, and the invariants of issues
 * 38 and 44, checked after every poll and at the end:
 *
 * - nothing invented: no event for a fact (or a promotion) that existed when the activation poll
 *   began, nor for one that never was (one made while the activation poll read may go either way);
 * - nothing twice: no change reported twice;
 * - nothing lost: every change made after the activation poll, still there and matching the filters,
 *   is reported, whatever the `Date` header says (absent, ahead, behind, replicas, another host for
 *   /organization), with facts dated up to a minute before they can be read, dated minutes or decades
 *   ahead, and other clients writing while the trigger reads. In a list in no order the trigger can
 *   prove (sorted by agent first, a new order per request) the one assumption left is that the fact
 *   list's own `Date` and a new fact's date agree within a second (issue 44, items 2 and 7): there
 *   the promise is kept when they do, for changes made after the activation's whole read and dated
 *   past the second its last `Date` names; so too, from then on, in a list whose order flips before
 *   a whole read has confirmed it (the trigger then finds it broken). Promotions follow no list order: the same holds for them
 *   in every list. With no `Date` header and a fact dated ahead, nothing is promised but nothing
 *   invented or twice (a documented limit: nothing tells a date ahead); nor, in a list in a new order per
 *   request larger than a page, for a fact dated decades ahead (no read there proves which facts existed);
 * - nothing late: with the dates on the facts' clock, every such change is reported within
 *   `delayPolls` (docs/polling-trigger.md, "How late": one whole read at the share, plus a poll; a
 *   change made behind a read in progress waits for the next one, so two reads and two polls), and a
 *   poll more per 1,000 changes (what one poll hands over), in a stable order only (a list in a new
 *   order per request shows a fact to a read by chance: there, and for facts dated ahead, only
 *   "eventually", checked after many whole reads); not for the limits the docs name (durable
 *   scheduler restarts, more changes than the keys hold between two whole reads);
 * - nothing refused in silence: a poll that adds to the changes the trigger read and did not report
 *   (its state's `refused` and `taken`) says so in n8n's log; and the changes made after activation
 *   that the docs let the trigger take as existing or refuse (excused above as a class) and never
 *   reported are no more than n8n's log counted as not reported (all but what a restart from an
 *   earlier version's state passed, or a window a fact dated ahead set left below it, which no
 *   count can name);
 * - within the share: over any run of polls, at most the share of the key's limit a minute, plus one
 *   minute's worth (what the account holds at once), plus one more per restart (the account saved
 *   before it forgets what was spent since);
 * - idle polls cheap: watching new facts in a list in creation order (oldest or newest first, ties
 *   kept) with an exact `total`, pages that do not overlap, no fact dated decades ahead, and facts of more than one date (one batch shows no order to learn),
 *   a poll with no change since the last, once two whole reads had time, costs at most 3 requests.
 *
 * `run` throws an Error naming the invariant and the poll; fast-check shrinks the scenario.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { shortHash, STATE_KEY } from '../../nodes/AgentPlatformPollingTrigger/state';
import { type Behaviour, AGENTS, type Change, changeKey, HostileList, MAX_PAGE, type Older, SCOPES, seed, type ServedFact, type Step, TIERS } from './hostileList';
import { pollingWorkflow } from './helpers';

const SHARE = 0.2;
/** A `Date` header names a second; a change dated within the second after it cannot be told from one made before (and one more for the header's truncation). */
const DATE_RESOLUTION_MS = 2_000;
const MINUTE = 60_000;
const DAY_MS = 86_400_000;
/** The requests an idle poll may cost in a stable order (the issue's figure). */
export const IDLE_REQUESTS = 3;

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The facts one page holds as served, less the few the trigger's reads overlap by. */
function pageYield(b: Behaviour): number {
	const max = b.pages === 'small-max' ? 20 : MAX_PAGE;
	const served = b.pages === 'short' ? Math.ceil(max * 0.6) : b.pages === 'duplicates' ? max - 3 : max;
	return Math.max(1, served - 5);
}

/** Polls a whole read of `facts` takes at the share, at most. */
export function readPolls(b: Behaviour, facts: number): number {
	const pages = Math.ceil(Math.max(1, facts) / pageYield(b)) + 1;
	const perPoll = Math.max(1, Math.floor(SHARE * b.limit) - IDLE_REQUESTS);
	return Math.ceil(pages / perPoll);
}

/** The delay stated in the docs, in polls: two whole reads at the share, and two polls. */
export const delayPolls = (b: Behaviour, facts: number) => 2 * readPolls(b, facts) + 2;

const keyOf = (item: IDataObject): string => {
	const fact = (item.data as IDataObject).fact as IDataObject;
	// A server with Behaviour.wire 'other' serves ids as numbers and dates in another notation: back to the list's own.
	const id = typeof fact.id === 'number' ? `fact_${String(fact.id).padStart(6, '0')}` : String(fact.id);
	return item.event === 'memory.fact_created' ? changeKey('created', id, null) : changeKey('promoted', id, new Date(Date.parse(fact.promoted_at as string)).toISOString());
};

/**
 * A stored state as the previous version (3039572, format 3) wrote it: only the fields it knew, and
 * `apiDate`, the `Date` of its last poll's answers, which it stored whenever one was named
 * (3039572 factPoll.ts:216): `apiDate` is that poll's end on the `Date` header's clock, when one is sent.
 */
function asFormat3(state: IDataObject, apiDate?: number): IDataObject {
	const pick = (o: IDataObject | undefined, keys: string[]) => (o ? Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]])) : undefined);
	const facts = state.facts as IDataObject | undefined;
	const sweepKeys = ['offset', 'anchors', 'startedAt', 'startDate', 'pages', 'maxPages', 'newestSeen', 'deferred', 'gaps', 'rises', 'falls', 'lastCreated', 'total', 'headCreated'];
	const factKeys = ['pageSize', 'total', 'order', 'created', 'promoted', 'edge', 'sweepNeededSince', 'notes', 'apiDate'];
	const stream = facts && { ...pick(facts, factKeys), ...(facts.sweep ? { sweep: pick(facts.sweep as IDataObject, sweepKeys) } : {}), ...(apiDate === undefined ? {} : { apiDate }) };
	return { ...pick(state, ['fingerprint', 'rev', 'orgId', 'agents', 'share']), format: 3, ...(stream ? { facts: stream } : {}) };
}

/** Keys of a stored cursor as hash → date: grouped by date (format 3 on), or already so (format 2, as a restart before wrote it). */
function keysOf(cursor: IDataObject): Record<string, number> {
	const seen: Record<string, number> = {};
	for (const [name, entry] of Object.entries((cursor.seen ?? {}) as Record<string, string | number>)) {
		if (typeof entry === 'number') seen[name] = entry;
		else for (let i = 0; i < entry.length; i += 8) seen[entry.slice(i, i + 8)] = Number(name);
	}
	return seen;
}

/** A made-up key no fact hashes to (8 characters). */
const padKey = (i: number) => `zz${i.toString(36).padStart(6, '0')}`;

/**
 * A format-3 cursor full: keys added at its date up to 72,000 bytes of JSON (3039572 holds up to 81,000), so never more than that version
 * could store, however full the cursor was (a second restart, or keys a format-2 restart added, find it there).
 */
function fullFormat3Cursor(cursor: IDataObject): IDataObject {
	const seen = { ...((cursor.seen ?? {}) as Record<string, string>) };
	const at = String(cursor.since);
	const bytes = Object.entries(seen).reduce((sum, [date, keys]) => sum + keys.length + date.length + 6, seen[at] === undefined ? at.length + 6 : 0);
	seen[at] = (seen[at] ?? '') + Array.from({ length: Math.max(0, Math.floor((72_000 - bytes) / 8)) }, (_, i) => padKey(i)).join('');
	return { since: cursor.since, seen };
}

/** A format-2 cursor (key → date) full: its keys and more dated apart from its date on, 2,000 in all (format 2's most). */
function fullFormat2Cursor(cursor: IDataObject): IDataObject {
	const seen = keysOf(cursor);
	for (let i = 0; Object.keys(seen).length < 2_000; i++) seen[padKey(i)] = (cursor.since as number) + i;
	return { since: cursor.since, seen };
}

/** The state an older version would have stored (hostileList.ts, Older). */
function olderState(state: IDataObject, older: Exclude<Older, 'none'>, apiDate?: number, activationDate?: number): IDataObject {
	// `activationDate` (format 2): its cursors no earlier than the activation's `Date`, as that version took them.
	const noEarlier = (cursor: unknown) => (activationDate === undefined || !cursor ? cursor : { ...(cursor as IDataObject), since: Math.max((cursor as IDataObject).since as number, activationDate) });
	const stored = state.facts as IDataObject | undefined;
	const old = asFormat3(stored ? { ...state, facts: { ...stored, created: noEarlier(stored.created), promoted: noEarlier(stored.promoted) } } : state, apiDate);
	const facts = old.facts as IDataObject | undefined;
	if (older === 'format3' || !facts) return older === 'format2-full' ? { ...old, format: 2 } : old;
	if (older === 'format3-full') return { ...old, facts: { ...facts, created: fullFormat3Cursor(facts.created as IDataObject), promoted: fullFormat3Cursor(facts.promoted as IDataObject) } };
	const stream = { pageSize: facts.pageSize, total: facts.total, order: facts.order, sweepNeededSince: 0, created: fullFormat2Cursor(facts.created as IDataObject), promoted: fullFormat2Cursor(facts.promoted as IDataObject) };
	return { ...old, format: 2, polledAt: Date.now(), facts: stream };
}

export interface Outcome {
	polls: number;
	requests: number[];
	reported: number;
}

/** Runs one scenario; throws naming the first invariant broken. */
export async function run(b: Behaviour, steps: Step[]): Promise<Outcome> {
	const list = new HostileList(b);
	seed(list);
	const target = await list.start();
	try {
		return await check(list, target, b, steps);
	} finally {
		await list.close();
	}
}

async function check(list: HostileList, target: Awaited<ReturnType<HostileList['start']>>, b: Behaviour, steps: Step[]): Promise<Outcome> {
	const events = b.promotions ? ['memory.fact_created', 'memory.fact_promoted'] : ['memory.fact_created'];
	const filters: IDataObject = { ...(b.tier ? { tier: b.tier } : {}), ...(b.scope ? { scope: b.scope } : {}), ...(b.agent ? { agentId: byId(b.agent) } : {}) };
	const wf = pollingWorkflow(target, { events, filters: filters as INodeParameters }, { scheduler: b.scheduler });
	const reported = new Map<string, number>();
	const requests: number[] = [];
	/** Polls at which work was done just before (changes or restarts), and the restarts. */
	let lastWork = 0;
	let restarts = 0;
	/** Polls in which an injected fault was answered (Behaviour.faults). */
	const faultedPolls: number[] = [];
	let restartedBefore = false;
	/** Changes not reported when n8n restarted from an older version's state: that state's cursors move to its last poll's API date, so those may never come (docs/polling-trigger.md). */
	const forgiven = new Set<string>();
	/** Changes made up to this poll count are not promised (durable cursors restarted before their first tick). */
	let newBaselineAt = 0;
	let maxFacts = list.facts.filter(list.matches).length;
	/** The facts a whole read goes through until one has ended: with a tier or scope filter, the agent's whole list (docs/polling-trigger.md, Proves). */
	const readSize = () => (b.tier || b.scope ? list.facts.filter((f) => !b.agent || f.agent_id === b.agent).length : list.facts.filter(list.matches).length);
	let maxRead = readSize();
	/**
	 * With a tier or scope filter the trigger reads the agent's whole list, at the full share, until a whole read of it ends (docs/polling-trigger.md,
	 * How late): until the polls such a read takes after activation, a change waits for a read of that list, not of the facts the filters leave.
	 * While another client writes, that read may have gaps and begin again (with no `Date`, or in no order: the docs), so it lasts until two such
	 * reads after the last write (seed 12947: the agent's list read whole four times over 13 polls).
	 */
	const agentListUntil = () => (b.tier || b.scope ? Math.max(newBaselineAt + readPolls(b, maxRead) + 1, b.writeEvery > 0 ? lastWork + 2 * readPolls(b, maxRead) + 1 : 0) : 0);
	/** The most facts the activation's list held by the end of each poll (index: polls ended): how long a whole read begun at activation may last. */
	const readAfter: number[] = [];
	/**
	 * After a restart from an older version's state, a fact dated ahead (minutes or decades) that existed at activation and that state does
	 * not hold may be reported: that version held or reported every fact it read (it reported those dated more than 5 minutes ahead), so what
	 * its state leaves unheld it never read, and nothing tells such a fact from one made since (docs/polling-trigger.md, What it can prove).
	 */
	let olderRestart = false;
	/**
	 * Creations that existed at activation, not reported, that an older version's state left unheld at or after its creations cursor: by that
	 * version's rule, which the trigger keeps for its state (docs/polling-trigger.md, a state stored by an earlier version), each is new. That
	 * version held or reported every fact it read, and reported such a fact when it met it (its activation read only the list's ends), and none
	 * of them can be told from a fact made after its last poll, dated up to a minute before it could be read (seed 14506: a batch of 922 in a new
	 * order per request, a fact of the minute before activation).
	 */
	const unheldByOlder = new Set<string>();
	/**
	 * The latest date a format-2 state's creations cursor was stored at (no earlier than the activation's `Date`): its cursors stay where they
	 * were stored (docs/polling-trigger.md, a state stored by an earlier version), so under a `Date` ahead of the facts' clock a creation dated
	 * before it is that version's loss, not this one's (seed 14505: the `Date` 10 minutes ahead, 100 facts made after the restart).
	 */
	let format2Cursor = Number.NEGATIVE_INFINITY;
	/** The first poll whose `Date` had passed the newest fact dated ahead (aheadLooksReal). */
	let aheadPassedAt = Number.POSITIVE_INFINITY;
	/** The last poll whose state n8n saved, and whether the next poll is the poller's activation after a restart (saved too). */
	let [lastSaved, initPoll] = [0, false];
	/** n8n's log warnings up to the poll whose state n8n saved last: the refused count it holds was said in the polls since (the durable scheduler saves only with items). */
	let warnedAtSave = 0;
	/** After a restart from an older version's state, the polls (by count) until its whole read, which holds promotions as the activation's does, may have ended. */
	let relearnUntil = 0;
	/**
	 * The last restart from an older version's state (the poll count then), the `Date` that state stored from its last poll (format 2 stored
	 * none), and where creations go should a later read find the order its window stands on wrong: the earlier of that `Date`, a second added,
	 * and a minute before the latest `Date` of the first poll after the restart (docs/polling-trigger.md, a state stored by an earlier version).
	 */
	let [olderRestartPoll, olderApiDate, olderBoundary] = [-1, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
	/**
	 * A poll of the activation's whole read (begun again after gaps too: the trigger's state held what existed until then) whose `Date`s lay more
	 * than 2 s apart: this server's clock moves on with each answer (`requestMs`) and write while n8n's stands, which is what replicas whose clocks
	 * disagree show, and the docs say that read then holds every promotion it meets (seed 14528: such a poll, the read's fourth, begun again).
	 */
	let clocklessRead = false;
	/** Whether the `Date`s of any poll lay further apart than it took (another client's writes, or answers that take the server's clock on while n8n's stands). */
	let datesDisagreed = false;
	/**
	 * The poll after which the trigger's state first held no read holding what existed (0: not yet). With no `Date`, the activation's whole read
	 * begins again after each read with gaps (ties reordered under another client's writes), and lasts until one ends without: a creation made
	 * meanwhile is taken as existing, the docs' choice for that read, which n8n's log says (docs/polling-trigger.md, What it can prove).
	 */
	let holdingEndedAt = 0;
	/** A restart took the trigger back to a state saved while the activation's whole read was on (n8n saves the state with items only): that read goes on, until this poll at most. */
	let activationReadUntil = 0;
	/** Another client wrote during the activation poll, and n8n's log said the newest end could not be read whole (pages moved under that read). */
	let movedAtActivation = false;
	/** n8n's log said so (whether or not another client wrote): until the whole read then under way ends, a fact dated before the activation's `Date` is taken as existing. */
	let unprovenAtActivation = false;
	/** The poll whose end first found n8n's log saying the list is not in creation order (0: none yet). */
	let brokenAt = 0;
	/** The end of the second the activation poll's latest `Date` named (ms; the trigger's clock at activation). */
	let activationClock = Number.NEGATIVE_INFINITY;
	/** A list in creation order (ties apart): it proves which facts are new by their own dates, whatever the `Date` header says. */
	/**
	 * The list's total is true, it keeps one order by creation date, and every new fact appears at its newest end dated after the newest
	 * before it (none dated back, ahead, undated or alike, and no promotion brings one into a tier or scope filter): n8n's log never says
	 * the list grew by more facts than were found new where new facts appear (issue 44: the warning about totals only when one was wrong).
	 */
	const totalTrue = b.total === 'exact' && (b.order === 'oldest-first' || b.order === 'newest-first') && b.pages === 'full' && b.readLagMs === 0 && b.futureFacts === 0 && b.undatedEvery === undefined && !steps.some((step) => step.kind === 'flip' || step.kind === 'future' || step.kind === 'restart' || (step.kind === 'create' && step.sameDate)) && !((b.tier || b.scope) && (b.otherWrites === 'mixed' || steps.some((step) => step.kind === 'promote')));
	const orderedAtActivation = b.order === 'oldest-first' || b.order === 'newest-first' || b.order.startsWith('ties-reordered');
	/**
	 * Until its order flips (oldest and newest first trade places) before a whole read has confirmed it: the trigger then finds the order
	 * broken and falls back as the docs say for a list in no provable order, so a change not yet due is promised only as there. A fact that
	 * existed at activation stays judged by the order the activation read (aheadUnmet): the keys that read held still decide.
	 */
	let provenOrder = orderedAtActivation;
	/** A flip broke the order before a whole read confirmed it: the read that holds what existed then follows, as in a list sorted by agent first (breakFoundLate). */
	let flippedUnconfirmed = false;
	/** The order has flipped since activation. */
	let flipped = false;
	/**
	 * Polls a change may take to be reported (the docs, How late): two whole reads at the share, and two polls. After a flip, watching only
	 * new facts, the fast read may read the end where new facts no longer appear, with nothing to show it (a batch of ties, a deletion
	 * that keeps the `total`: seed 12936): the safety read, a page a poll, finds them, within a whole read at that pace.
	 */
	const promisedDelay = (facts: number) => Math.max(delayPolls(b, facts), flipped && !b.promotions ? 2 * (Math.ceil(Math.max(1, facts) / pageYield(b)) + 1) + 2 : 0);
	/** Where the trigger meets a flip with `facts` stored: before a whole read confirmed the order, the promises fall back as said above. */
	const meetsFlip = (facts: IDataObject | undefined) => {
		if (flipped && (facts?.orderToConfirm === true || facts?.windowed !== true)) [provenOrder, flippedUnconfirmed] = [false, orderedAtActivation];
	};
	/**
	 * Elsewhere (no provable order, or sorted by agent first, whose window a whole read may prove wrong), a fact that existed at activation dated
	 * minutes ahead (one node's clock) that no read met while it was ahead cannot be told from one made since: it is reported once the list's
	 * clock passes its date (docs/polling-trigger.md, Reports late). So too in a list in order where the activation poll was served no fact
	 * dated ahead at or after it (a `total` under the count kept it from the end, or cut its read on short): the whole read holds only what is
	 * dated ahead of the `Date` of the poll that meets it (docs/polling-trigger.md, Proves; one served dated ahead later dates it no later in
	 * the order, and that read then holds it). A `Date` behind the facts' clock (skewed, replicas) dates the real facts of its last minutes
	 * ahead of it too: elsewhere, so is one of them (seed 822: sorted by agent, the `Date` 10 min behind, a fact made a minute before activation);
	 * in a list in order, one no read met while the `Date` was behind its date, where the activation was served none dated ahead at or after it
	 * (seed 14663 on 95f2735, c223cbf too: oldest first, a total capped, the `Date` 10 min behind; the whole read met the facts made in the
	 * minute before activation 10 minutes later, when the `Date` had passed them: made after activation, by the one clock it has).
	 */
	const aheadUnmet = (change: Change) => {
		const at = Date.parse(list.facts.find((f) => f.id === change.id)?.created_at ?? '');
		const behindDate = (b.dateHeader === 'skewed' || b.dateHeader === 'replicas') && at > activationClock;
		if (change.kind !== 'created' || ((!change.datedAhead || b.futureAhead !== 'minutes') && !behindDate)) return false;
		return !orderedAtActivation || (!list.createdAheadOfDate.has(change.id) && ![...list.servedAtActivation].some(([id, servedAt]) => (list.changes.get(id)?.datedAhead || list.createdAheadOfDate.has(id)) && servedAt >= at));
	};
	/**
	 * Under a `Date` further ahead of the facts' clock than those facts (a proxy's, or a replica's), one that existed at activation looks real and
	 * sets the window: a creation made after activation dated more than a minute before it is not promised (docs/polling-trigger.md, Proves).
	 * So from the poll whose `Date` passed it (at activation when ahead by more than it; a minute or two later when by less, the facts' clock moving on).
	 */
	const aheadLooksReal = (c: Change, fact?: ServedFact) => c.kind === 'created' && b.futureFacts > 0 && b.futureAhead === 'minutes' && (b.dateHeader === 'skewed' || b.dateHeader === 'replicas') && aheadPassedAt <= c.atPoll && Date.parse(fact?.created_at ?? '') < newestAhead - 61_000;
	const fromOlderState = (change: Change) => olderRestart && change.kind === 'created' && (change.datedAhead || unheldByOlder.has(change.key));
	/**
	 * The second the activation began in, on the fact list's `Date` clock when that is the facts' own. A promotion made in it before
	 * activation, on a fact the activation poll did not read, may be reported: it cannot be told from one made at once after the activation
	 * poll, in the same second, which must be (docs/polling-trigger.md, What it can prove).
	 */
	const activationSecond = b.dateHeader === 'facts' || b.dateHeader === 'organization' ? Math.floor(list.now() / 1_000) * 1_000 : Number.POSITIVE_INFINITY;
	const inActivationSecond = (change: Change) => change.kind === 'promoted' && Date.parse(change.key.split('@')[1] ?? '') >= activationSecond;
	/**
	 * With a `Date` that is not the facts' clock (skewed, replicas), a promotion made before activation on a fact the activation poll was not
	 * served, dated at or after that poll's first `Date`, may be reported if the activation's whole read was never served it dated ahead of
	 * the `Date`: met once the `Date` has passed its date, it cannot be told from one made after the activation poll and dated so, which with
	 * a `Date` that is the facts' clock must be reported (docs/polling-trigger.md, What it can prove: "with a `Date` behind by more than that read takes").
	 */
	const unseenPastDate = (change: Change) =>
		change.kind === 'promoted' &&
		(b.dateHeader === 'skewed' || b.dateHeader === 'replicas') &&
		!list.servedAtActivation.has(change.id) &&
		!list.servedAhead.has(change.key) &&
		Date.parse(change.key.split('@')[1] ?? '') >= (list.firstDateAtActivation ?? Number.POSITIVE_INFINITY);
	const fail = (invariant: string, detail: string) => {
		throw new Error(`${invariant} (poll ${list.polls}): ${detail}`);
	};

	// A poll a minute, and the work between two polls done at once after the first of them ends (as facts
	// keep coming while a workflow is activated): the minute passes before the next poll, not after the last.
	const poll = async () => {
		if (list.polls > 0) list.advance(MINUTE);
		const before = list.requests;
		const writtenBefore = list.writtenWhileRead;
		const refusedBefore = refused();
		const warnedBefore = warned.length;
		// The activation's whole read (or the one after a restart from an older state) may take this poll: as long as one at the share takes.
		list.beginPoll(list.polls < Math.max(newBaselineAt + readPolls(b, activationRead), relearnUntil));
		list.activating = list.polls === newBaselineAt;
		const faultedBefore = list.faulted;
		list.faultsAllowed = list.polls !== newBaselineAt && !restartedBefore;
		restartedBefore = false;
		// A poll that fails before it finds anything throws (n8n logs it and polls again); only an injected fault may fail one.
		const items = await wf.poll().catch((error: unknown) => {
			if (list.faulted === faultedBefore || !String((error as Error).message).includes('Injected fault')) throw error;
			return [] as IDataObject[];
		});
		// A failed poll leaves its work to the polls after it (seed 13401): the list has not settled.
		if (list.faulted > faultedBefore) faultedPolls.push(list.polls + 1);
		if ((list.polls < Math.max(newBaselineAt + activationPolls, activationReadUntil) || holdingEndedAt === 0) && list.dateSpreadInPoll() > 2_000) clocklessRead = true;
		if (list.dateSpreadInPoll() > 2_000) datesDisagreed = true;
		list.activating = false;
		list.polls++;
		endedAt[list.polls] = list.now();
		if (aheadPassedAt === Number.POSITIVE_INFINITY && list.latestDateInPoll + 1_000 >= newestAhead) aheadPassedAt = list.polls;
		if (list.writtenWhileRead > writtenBefore || faultedPolls.at(-1) === list.polls) lastWork = list.polls;
		if (list.polls === newBaselineAt + 1) activationClock = list.latestDateInPoll + 1_000;
		if (holdingEndedAt === 0 && (storedFacts()?.sweep as IDataObject | undefined)?.holding !== true) holdingEndedAt = list.polls;
		if (list.polls === olderRestartPoll + 1) olderBoundary = Math.min(olderApiDate + 1_000, list.latestDateInPoll + 1_000 - 61_000);
		// n8n saves the static data after an activation (the poller's after a restart too) and with items (helpers.ts).
		if (items.length > 0 || list.polls === 1 || initPoll) [lastSaved, initPoll] = [list.polls, false];
		if (brokenAt === 0 && warned.slice(warnedBefore).some((message) => message.includes('is not in creation order'))) brokenAt = list.polls;
		if (list.polls === newBaselineAt + 1) unprovenAtActivation = warned.slice(warnedBefore).some((message) => message.includes('could not be read whole at activation'));
		if (list.polls === newBaselineAt + 1) movedAtActivation = list.writtenWhileRead > writtenBefore && unprovenAtActivation;
		if (totalTrue && warned.slice(warnedBefore).some((message) => message.includes('grew by more facts'))) fail('no false claim that the total is off', "n8n's log says the list grew by more facts than were found new where new facts appear");
		if (refused() > refusedBefore && !warned.slice(Math.min(warnedBefore, warnedAtSave)).some((message) => message.includes('were not reported'))) fail('nothing refused in silence', `${refused() - refusedBefore} change(s) refused, and n8n's log said nothing of them`);
		if (lastSaved === list.polls) warnedAtSave = warned.length;
		requests.push(list.requests - before);
		for (const item of items) {
			const key = keyOf(item);
			const change = list.changes.get(key);
			if (!change) fail('no event invented', `${item.event} ${key} was never made`);
			else if (change.kind === 'created' && list.undated(change.id)) fail('no event invented', `${item.event} ${key}: served with no readable created_at`);
			else if (change.atPoll === 0 && !change.duringActivation && !fromOlderState(change) && !inActivationSecond(change) && !unseenPastDate(change) && !aheadUnmet(change)) fail('no event for a fact that existed at activation', `${item.event} ${key}`);
			if (reported.has(key)) fail('no event twice', `${item.event} ${key}`);
			reported.set(key, list.polls);
		}
		checkShare();
		checkIdle();
		maxFacts = Math.max(maxFacts, list.facts.filter(list.matches).length);
		maxRead = Math.max(maxRead, readSize());
		readAfter[list.polls] = maxRead;
	};

	const checkShare = () => {
		const minute = SHARE * b.limit;
		for (let i = requests.length - 1, sum = 0; i >= 0; i--) {
			sum += requests[i];
			const allowed = minute * (requests.length - i) + minute * (1 + restarts) + 1;
			if (sum > allowed) fail('requests within the share', `${sum} requests in the last ${requests.length - i} polls, allowed ${allowed} (per-poll ${requests.join(',')})`);
		}
	};

	// Pages that overlap are pages that move while read: the docs say the whole list is then read for new facts, at the share.
	// Facts dated ahead of the API's clock where new facts appear make the edge unconfirmed: the list is then swept at the share (docs).
	const stable = (b.order === 'oldest-first' || b.order === 'newest-first') && b.total === 'exact' && b.pages !== 'duplicates' && b.futureFacts === 0 && !b.promotions;
	let datedAhead = false;
	const checkIdle = () => {
		// Settled once a whole read of the list read has had time (the agent's whole list, with filters, until a whole read of it ends). After a
		// flip, the read confirming the order goes a page a poll; the break it meets there starts a whole read at the share (the docs; seed 12950).
		const settled = list.polls - lastWork > promisedDelay(maxRead) && lastWork > 0;
		// A list whose facts all share one created_at (as served: those served undated show none) shows no order to learn: it is read whole, at the share.
		const dated = new Set(list.facts.filter((f) => list.matches(f) && !list.undated(f.id)).map((f) => f.created_at)).size > 1;
		const n = requests[requests.length - 1];
		if (stable && !datedAhead && settled && dated && !faultedPolls.includes(list.polls) && n > IDLE_REQUESTS) fail('idle polls at most 3 requests in stable orders', `an idle poll took ${n} requests (per poll: ${requests.join(',')})`);
	};

	/** The changes the trigger read after activation and did not report, as its state counts them (refused, and taken as existing). */
	const refused = () => Number(storedFacts()?.refused ?? 0) + Number(storedFacts()?.taken ?? 0);
	/** The trigger's stored state of the fact list (state.ts, FactStream), as n8n saved it after the last poll. */
	const storedFacts = () => ((wf.staticData()[STATE_KEY] ?? {}) as IDataObject).facts as IDataObject | undefined;
	/** n8n's log warnings, in order. */
	const warned: string[] = [];
	/** Changes made after activation, excused as taken as existing or refused (as the docs let the trigger), and never reported (unreported('eventually')). */
	const takenUnreported = new Map<string, string>();
	/** The server's time when each poll's last answer was sent (by polls done). */
	const endedAt: number[] = [];

	/** The facts the activation's whole read goes through: with a tier or scope filter, the agent's whole list (docs/polling-trigger.md). */
	let activationRead = readSize();
	/** Polls the activation's whole read may take: one more than a whole read at the share, as the activation poll spends part of its share on the list's ends. */
	let activationPolls = readPolls(b, activationRead) + 1;
	/** The newest fact of the list the activation reads that is not dated ahead: in creation order it sits just past the facts dated ahead, where the window begins. */
	/** The newest creation date of the facts dated ahead at activation (-Infinity: none). */
	const newestAhead = list.facts.filter((f) => Date.parse(f.created_at) > list.now()).reduce((newest, f) => Math.max(newest, Date.parse(f.created_at)), Number.NEGATIVE_INFINITY);
	const newestReal = list.facts.filter((f) => (!b.agent || f.agent_id === b.agent) && Date.parse(f.created_at) <= list.now()).reduce<ServedFact | undefined>((newest, f) => (newest && newest.created_at >= f.created_at ? newest : f), undefined);
	wf.activate();
	const logger = wf.logger();
	const warn = logger.warn.bind(logger);
	const hook: typeof logger.warn = (message, meta) => {
		warned.push(String(message));
		warn(message, meta);
	};
	logger.warn = hook;
	try {
		return await activated();
	} finally {
		// Only its own hook: a run that outlived its test's timeout (a loaded machine) must not unhook the run now under way, whose refusals
		// n8n's log would then seem to leave unsaid (seen once in `npm test` beside two fuzzers: "nothing refused in silence" in the next row).
		if (logger.warn === hook) logger.warn = warn;
	}

	/** The activation poll, the steps, and the polls that settle them. */
	async function activated(): Promise<Outcome> {
		await poll();
		lastWork = Math.max(lastWork, 1);
		for (const step of steps) await apply(step);
		// Settle: the other clients stop writing, and polls with nothing new run until every change is due; then, for what is promised only eventually, more whole reads.
		list.quiet = true;
		const settle = promisedDelay(lastWork < agentListUntil() ? maxRead : maxFacts) + 1;
		for (let i = 0; i < settle; i++) await poll();
		const late = unreported('settled');
		const eventually = Math.max(20 * readPolls(b, maxFacts), promisedDelay(maxFacts)) + 4;
		for (let i = 0; i < eventually && unreported('eventually').length > 0; i++) await poll();
		// Lost (never reported) is named before late (reported after the delay).
		checkLate('eventually');
		takenUnreported.clear();
		unreported('eventually');
		const counted = warned.map((message) => /": (\d+) memory-fact change\(s\) read were not reported/.exec(message)).reduce((sum, match) => sum + Number(match?.[1] ?? 0), 0);
		if (takenUnreported.size > counted) fail('no silent loss: every change not reported is counted in n8n\'s log', `${takenUnreported.size} changes made after activation were taken as existing or refused and never reported, n8n's log counted ${counted}: ${[...takenUnreported.values()].slice(0, 5).join(', ')}`);
		if (late.length > 0) fail('every change reported within the delay the docs state', late[0]);
		return { polls: list.polls, requests, reported: reported.size };
	}

	async function apply(step: Step): Promise<void> {
		if (step.kind === 'poll') {
			// Each poll, not only the step's last: a change due within the step and reported only later is late too.
			for (let i = 0; i < step.polls; i++) {
				await poll();
				checkLate('due');
			}
			return;
		}
		lastWork = list.polls;
		if (step.kind === 'create') list.create(step.count, { agent: AGENTS[step.agent], tier: TIERS[step.tier], scope: SCOPES[step.scope], sameDate: step.sameDate, gapMs: step.gapMs });
		else if (step.kind === 'promote') list.promote(step.count, step.pick);
		else if (step.kind === 'delete') list.delete(step.count, step.pick, step.run);
		else if (step.kind === 'advance') list.advance(step.minutes * MINUTE);
		else if (step.kind === 'flip') {
			list.flip();
			// The docs: a break in the order learned, before a whole read has confirmed it, proves the window read at activation wrong, and the
			// trigger reads on as in a list of no provable order; once confirmed, the window stands and ids and dates still decide.
			flipped = true;
			meetsFlip(storedFacts());
		}
		else if (step.kind === 'future') {
			datedAhead = true;
			list.create(step.count, { agent: AGENTS[0], tier: 'L2', scope: 'agent', sameDate: false, gapMs: 1, ahead: step.ahead });
		} else restart(step.older);
		maxFacts = Math.max(maxFacts, list.facts.filter(list.matches).length);
		maxRead = Math.max(maxRead, readSize());
	}

	function restart(older: Older): void {
		restarts++;
		restartedBefore = true;
		// Durable cursors: a restart before a tick has committed the row (the first tick, or every one since activation failed: n8n commits no
		// tick that throws, poll-trigger-task-handler.js) leaves it as it was before activation, so the next tick takes a new baseline (documented),
		// its poll the activation: its whole read, the one that holds what existed, is yet to end, and what the first was served it never saw.
		// Seed 14104: the first tick failed, then a restart; a fact made before the tick after it is in that tick's baseline.
		if (b.scheduler === 'durable-cursors' && !wf.cursorCommitted()) {
			[newBaselineAt, holdingEndedAt, activationRead] = [list.polls, 0, Math.max(activationRead, readSize())];
			activationPolls = readPolls(b, activationRead) + 1;
			list.servedAtActivation.clear();
			list.endServedAtActivation = false;
			list.createdAheadOfDate.clear();
		}
		const saved = wf.savedStaticData();
		// The trigger goes back to the state n8n saved: one saved before a whole read confirmed the order meets a flip made since unconfirmed
		// (seed 12927: confirmed in an idle poll n8n did not save, the order flipped, then a restart).
		/** The fact-list state n8n saved, as this restart finds it (before any conversion to an earlier version's format). */
		const savedFacts = (saved[STATE_KEY] as IDataObject | undefined)?.facts as IDataObject | undefined;
		meetsFlip(savedFacts);
		// The trigger goes back to the state n8n saved: what the polls since held, it no longer knows (a promotion served dated ahead then is
		// met anew, and after the `Date` has passed its date may be reported: docs/polling-trigger.md, What it can prove, and Whichever way).
		if (b.scheduler !== 'durable-cursors') for (const [key, servedIn] of list.servedAhead) if (servedIn > lastSaved) list.servedAhead.delete(key);
		initPoll = b.scheduler === 'poller';
		// A state whose window was read on the agent's whole list (a tier or scope filter, until a whole read of it ends) is none an older
		// version wrote: those read the filtered list from activation on, and such keys would stand on a list they never polled.
		const agentList = savedFacts?.wholeAgentList === true;
		// Such a state is restored as one of this version (seed 14645: a format-3 restart on the agent's whole list): its holding read goes on.
		if ((older === 'none' || agentList) && (savedFacts?.sweep as IDataObject | undefined)?.promotions === true) activationReadUntil = list.polls + readPolls(b, maxRead) + 1;
		if (older !== 'none' && b.scheduler !== 'durable-cursors' && saved[STATE_KEY] && !agentList) {
			for (const c of list.changes.values()) if (!reported.has(c.key)) forgiven.add(c.key);
			olderRestart = true;
			relearnUntil = list.polls + readPolls(b, maxFacts) + 1;
			const state = saved[STATE_KEY] as IDataObject;
			const dated = b.dateHeader !== 'absent' && list.polls > 0;
			const apiDate = dated ? Math.floor((endedAt[list.polls] + (b.dateHeader === 'skewed' ? b.dateSkewMs : 0)) / 1_000) * 1_000 : undefined;
			[olderRestartPoll, olderApiDate] = [list.polls, older === 'format2-full' || apiDate === undefined ? Number.POSITIVE_INFINITY : apiDate];
			// Format 2 read no window at activation: its cursors began at the newest date read or the `Date`, if later (cd104fa), never before the
			// activation's `Date` (seed 14202: converted from a window three hours back on a list sorted by agent first, a format-2 state made the
			// first agent's newest fact, unread, new). A format-3 state's cursors the trigger moves to its last `Date` itself.
			const activationDate = older === 'format2-full' && dated && endedAt[newBaselineAt + 1] !== undefined ? Math.floor((endedAt[newBaselineAt + 1] + (b.dateHeader === 'skewed' ? b.dateSkewMs : 0)) / 1_000) * 1_000 : undefined;
			saved[STATE_KEY] = olderState(state, older, apiDate, activationDate);
			const cursor = ((saved[STATE_KEY] as IDataObject).facts as IDataObject | undefined)?.created as IDataObject | undefined;
			const [held, dates] = [cursor ? keysOf(cursor) : {}, new Map(list.facts.map((f) => [f.id, f.created_at]))];
			for (const c of list.changes.values()) {
				const at = Date.parse(dates.get(c.id) ?? '');
				if (cursor && c.kind === 'created' && c.atPoll === 0 && !reported.has(c.key) && at >= (cursor.since as number) && held[shortHash(b.wire === 'other' ? String(Number(c.id.slice(5))) : c.id)] === undefined) unheldByOlder.add(c.key);
			}
			format2Cursor = Math.max(format2Cursor, activationDate ?? Number.NEGATIVE_INFINITY);
		}
		wf.restart();
	}

	/**
	 * Every change promised, still there and matching, was reported: those with a delay made `delayPolls`
	 * polls ago ('due') or at all ('settled', after the polls that delay takes), or every one ('eventually',
	 * after many more whole reads).
	 */
	function checkLate(when: 'due' | 'settled' | 'eventually'): void {
		const [late] = unreported(when);
		if (late) fail(when === 'eventually' ? 'nothing lost: every change reported, eventually' : 'every change reported within the delay the docs state', late);
	}

	/** The changes promised by `when` (as checkLate says) not reported, each described. */
	function unreported(when: 'due' | 'settled' | 'eventually'): string[] {
		// In no provable order (and for promotions, which follow no list order), the one assumption left: the fact list's `Date` and a new change's date agree within a second.
		const listDateHonest = (b.dateHeader === 'facts' || b.dateHeader === 'organization') && b.readLagMs <= 1_000;
		if (!provenOrder && !listDateHonest) return [];
		// A list whose newest end the activation poll may not reach (a total under the count: the end is found a page at a time) proves no
		// window either: a fact that existed beyond the end it reached, dated in the activation's second or a minute before (or, with no `Date`,
		// after the newest it read), cannot be told from a new one (docs/polling-trigger.md, lists with no provable order). The pages a read
		// takes are a guess (in a new order per request no two pages join, and the read steps back to join them: seed 12930), so a list whose
		// last fact no page of the activation poll reached counts too.
		const endHidden = (b.total === 'under' || b.total === 'capped') && (readPolls(b, activationRead) > 1 || !list.endServedAtActivation);
		// So does one whose activation poll never reached past the facts dated ahead at its newest end (more of them than its share reads): the
		// window there is unread, and a fact shown later dated before the activation's `Date` cannot be told from one there before (docs/polling-trigger.md).
		const aheadHidesWindow = b.futureFacts > 0 && newestReal !== undefined && !list.servedAtActivation.has(newestReal.id);
		const windowUnproven = endHidden || aheadHidesWindow;
		// So does a batch (one date at the ends the activation reaches) for facts dated ahead: one that existed past that end and one made during
		// the activation's whole read are both unheld and dated ahead, and nothing tells them apart (docs/polling-trigger.md). Dated ahead by the
		// only clock the trigger has, the list's `Date`: with replicas one behind makes a fact dated now look so, and n8n's log must say it was
		// taken as existing. That read lasts as long as the list it reads, grown by the writes made meanwhile.
		const heldAheadSaid = warned.some((message) => message.includes('past its first poll, met changes no clock dates'));
		// With no `Date`, a list the activation found in no order (ties reordered while another client writes look so) has the activation's whole
		// read hold every creation it meets, made during it too (docs/polling-trigger.md, no `Date` header), when n8n's log said so; that read
		// lasts as long as a read of the list as large as it was by then, or, begun again after reads with gaps, until one ends without.
		const heldUndated = (c: Change) => c.kind === 'created' && b.dateHeader === 'absent' && heldAheadSaid && c.atPoll < Math.max(newBaselineAt + readPolls(b, readAfter[c.atPoll + 1] ?? maxRead) + 1, holdingEndedAt);
		const aheadUnproven = (c: Change) => b.batch && endHidden && (c.datedAhead || (heldAheadSaid && list.createdAheadOfDate.has(c.id))) && c.atPoll < newBaselineAt + readPolls(b, readAfter[c.atPoll + 1] ?? maxRead) + 1;
		// A list sorted by agent first may show its two ends in order: the activation reads a window on an order the list lacks, a whole read at the
		// share finds it broken, and only then begins the read that holds what existed dated ahead, as in a list with no provable order: a fact dated
		// ahead made before that read ended cannot be told from one that existed there (docs/polling-trigger.md, Reports late). Nor can a promotion
		// made during it when another client writes, or answers take the server's clock on (seed 14580 on 0def567, 1dfcd00 too: 400 ms a request, a
		// tier filter, a restart from an earlier version's state): its writes move this server's clock on while n8n's stands, so the `Date`s of one poll lie further
		// apart than the poll took, which is what replicas whose clocks disagree show, and that read then holds every promotion it meets (the docs).
		// Nor is a promotion made during the activation's whole read when its `Date`s disagreed (clocklessRead), as the docs say (that read begins
		// again after gaps, which another client's writes make: it may last until a whole read after the last write). Nor a fact dated
		// ahead made during that read where facts dated ahead sat at the newest end and pages moved under the activation's read of it: the window is
		// unproven (the docs), and one dated ahead that existed unread cannot be told from it.
		// Nor, in a list sorted by agent first, a creation made while n8n was stopped for a restart from an older version's state dated before where
		// creations go should a whole read find the order the window stands on wrong (olderBoundary): nothing tells it from a fact of another agent
		// that existed unread there, a known loss the docs state (a state stored by an earlier version; with no `Date` stored, format 2, it spans all
		// but the last minute of the time n8n was stopped), when n8n's log named the date.
		const orderBrokenSaid = warned.some((message) => message.includes('is out of the order its ends showed'));
		const beforeFormat2Cursor = (c: Change, fact?: ServedFact) => c.kind === 'created' && Date.parse(fact?.created_at ?? '') < format2Cursor;
		const madeWhileStopped = (c: Change, fact?: ServedFact) => c.kind === 'created' && b.order.startsWith('agent-') && orderBrokenSaid && c.atPoll === olderRestartPoll && Date.parse(fact?.created_at ?? '') < olderBoundary;
		const aheadDuringMovedRead = (c: Change) => c.datedAhead && b.futureFacts > 0 && movedAtActivation && c.atPoll < newBaselineAt + readPolls(b, activationRead);
		// Nor a creation made during that read dated before the activation's clock (its latest `Date` and that second) where n8n's log said the newest
		// end could not be read whole (pages moved, or seemed to: ties found elsewhere may be a reorder, or a page begun early), or that facts of that
		// second were met by a read of a list with no provable order (the order the activation saw): the docs' choice for facts that appear during
		// that read (made in the activation's own second, or dated back) is to take them as existing, and the log says so.
		const secondMet = warned.some((message) => message.includes("dated within the second of the activation's last Date"));
		const inSecondDuringActivationRead = (c: Change, fact?: ServedFact) => c.kind === 'created' && (unprovenAtActivation || secondMet) && c.atPoll < newBaselineAt + activationPolls && Date.parse(fact?.created_at ?? '') < activationClock;
		// Nor one made during the activation's whole read of a list whose ends, as that poll read them, were one batch (one created_at shows no
		// order, so no window is proven), dated after the batch and before the activation's clock, when n8n's log said so: the docs' choice for
		// facts that appear during that read. One dated so that existed unread cannot be told from it (seeds 14501, 14503). So too one dated ahead
		// of the list's `Date`: where the activation did not read the list's end, that read, begun again after gaps, holds those as the first
		// did, until one ends (seed 14512 on ddb7e4f: a batch of 196 in a new order per request, pages that overlap, one dated 3 minutes ahead).
		// Dated ahead of the list's `Date`, not only of the facts' clock: under a `Date` behind that clock, a fact made now is (seed 14530 on
		// 4410210: a batch of 650 oldest first, the `Date` 10 min behind, a fact made at every request; 14 made after the activation poll were
		// held by its read, begun again). Nor can the activation prove it read the end when a fact it read there was dated ahead of its `Date`.
		const activationEndUnproven = endHidden || [...list.servedAtActivation.keys()].some((id) => list.createdAheadOfDate.has(id));
		const afterBatchDuringActivationRead = (c: Change, fact?: ServedFact) => c.kind === 'created' && b.batch && heldAheadSaid && (holdingEndedAt === 0 || c.atPoll < holdingEndedAt) && (c.datedAhead || Date.parse(fact?.created_at ?? '') < activationClock || (activationEndUnproven && list.createdAheadOfDate.has(c.id)));
		// Nor one made during that read dated no later than the newest fact the activation read dated ahead of its `Date` (up to a day), when
		// n8n's log said so: where the activation did not prove its read of the list whole (no provable order, or a window it could not prove),
		// one dated so that existed where it did not read cannot be told from it (seed 14561 on 1194cb3: a batch sorted by agent, 23 facts dated
		// 3 minutes ahead, another client writing at every request; 14 facts made during the activation's whole read dated within those minutes).
		const newestAheadAtActivation = [...list.servedAtActivation].reduce((newest, [id, at]) => (list.createdAheadOfDate.has(id) && at <= activationClock + DAY_MS ? Math.max(newest, at) : newest), Number.NEGATIVE_INFINITY);
		const belowAheadDuringActivationRead = (c: Change, fact?: ServedFact) => c.kind === 'created' && (!provenOrder || activationEndUnproven) && heldAheadSaid && (holdingEndedAt === 0 || c.atPoll < holdingEndedAt) && Date.parse(fact?.created_at ?? '') <= newestAheadAtActivation;
		// In a list in a new order per request larger than a page that read never ends (each read has gaps): in a poll whose `Date`s disagree, it
		// holds every promotion it meets, as the docs say, and n8n's log must say so.
		const heldWhileClockless = (c: Change) => c.kind === 'promoted' && clocklessRead && (c.atPoll < Math.max(newBaselineAt + activationPolls, activationReadUntil, b.writeEvery > 0 ? lastWork + readPolls(b, maxRead) + 1 : 0) || (b.order === 'permutation' && activationRead >= pageYield(b) && heldAheadSaid));
		// The break shows only once facts that break that order are there, which may be long after activation (new facts of another agent): found
		// before a whole read confirmed the order, that read then follows, and a fact dated ahead made before it ends is taken as existing, which
		// n8n's log says. So too after a flip found before that (seed 12927: a fact dated 3 minutes ahead made at once after it), when the log says so.
		const breakFoundLate = (c: Change) => (c.datedAhead || (c.kind === 'promoted' && (b.writeEvery > 0 || datesDisagreed))) && (b.order.startsWith('agent-') || (flippedUnconfirmed && heldAheadSaid)) && (c.atPoll < newBaselineAt + readPolls(b, activationRead) + readPolls(b, maxRead) + 2 || (c.datedAhead && heldAheadSaid && brokenAt > 0 && c.atPoll < brokenAt + readPolls(b, maxRead) + 1));
		// There, only changes made after the activation's whole read are promised (issue 44, item 2), and dated past the second its last `Date` names.
		// (Where the end is hidden, the activation poll spends its requests looking for it: the whole read begins a poll later.)
		const firstPromised = newBaselineAt + (provenOrder && !windowUnproven ? 1 : readPolls(b, activationRead) + (windowUnproven ? 1 : 0));
		const noOrderPromised = (c: Change, fact: ServedFact) => listDateHonest && c.atPoll >= Math.max(1, firstPromised) && Date.parse(c.kind === 'created' ? fact.created_at : (fact.promoted_at as string)) >= endedAt[Math.max(1, firstPromised)] + DATE_RESOLUTION_MS;
		// A list in a new order per request (or whose ties move at every write) shows a fact to a read only by chance: no delay, only "eventually".
		const delayBound = b.order !== 'permutation' && !b.order.startsWith('ties-reordered');
		// Documented limit: with no `Date` header nothing tells a date ahead, so a fact dated ahead moves the window past the facts made after it (docs/polling-trigger.md).
		if (b.dateHeader === 'absent' && (b.futureFacts > 0 || datedAhead)) return [];
		// Documented limits: the durable scheduler after a restart re-reads from the saved place (docs, "Whichever way n8n runs the polls").
		if (b.scheduler === 'durable' && restarts > 0 && readPolls(b, maxFacts) > 1) return [];
		const made = [...list.changes.values()].filter((c) => c.atPoll > 0);
		if (made.length > 2_500) return []; // more changes than the keys hold between two whole reads: documented as late
		// A fault that fails a poll ends it there (one request for facts in 11): a read at the share may take twice the polls, and one more each fault.
		const delayOf = (c: Change) => (b.faults === 'failing' ? 2 : 1) * promisedDelay(c.atPoll < agentListUntil() ? maxRead : maxFacts) + Math.ceil(made.length / 1_000) + faultedPolls.filter((p) => p > c.atPoll).length;
		// With no `Date`, the activation's whole read begins again after every read with gaps until one ends without (the docs): under another
		// client's writes that is once they pause, and a creation made before waits for it (seed 13400: 164 facts, all reported the poll after).
		const dueFrom = (c: Change) => (b.dateHeader === 'absent' && b.writeEvery > 0 && (holdingEndedAt === 0 || c.atPoll < holdingEndedAt) ? Math.max(c.atPoll, holdingEndedAt || lastWork) : c.atPoll);
		const alive = new Map(list.facts.map((f) => [f.id, f]));
		const missing: string[] = [];
		for (const c of made) {
			const fact = alive.get(c.id);
			// A fact served with no readable created_at: its creation is never reported (docs/polling-trigger.md, Refuses).
			const unpromised = !c.honest || c.datedFarBack || forgiven.has(c.key) || (c.kind === 'created' && list.undated(c.id)) || c.atPoll < firstPromised || c.atPoll <= newBaselineAt || !fact || !list.matches(fact);
			// A restart from an earlier version's state: what that version's cursor passed, or a creation made while n8n was stopped dated where
			// the window it stood on was wrong, cannot be told from a fact that existed unread, and no count can name it (n8n's log names the date).
			// Nor one dated more than a minute before a window a fact dated ahead set under a `Date` further ahead (aheadLooksReal): in a list in
			// order it sits where facts that existed went unread (seed 14683 on c1e8247: one fact 3 minutes ahead, the `Date` 10; a fact made at
			// once, dated 3 minutes before it, then that one deleted: never counted). Within the minute below the window the trigger refuses and counts it,
			// but where the window stands is the trigger's to find (the newest fact it trusts): the grant stays a class, as before ab9b281.
			if (unpromised || madeWhileStopped(c, fact) || beforeFormat2Cursor(c, fact) || aheadLooksReal(c, fact)) continue;
			// The reads that hold what existed take these as existing, or refuse them, and count each in n8n's log (the state's `taken` and
			// `refused`): excused as a class, but never more of them lost than the log counted (takenUnreported, checked once every change has had its time).
			const taken = Object.entries({
				heldUndated: heldUndated(c), breakFoundLate: breakFoundLate(c), heldWhileClockless: heldWhileClockless(c), afterBatchDuringActivationRead: afterBatchDuringActivationRead(c, fact), belowAheadDuringActivationRead: belowAheadDuringActivationRead(c, fact),
				aheadUnproven: aheadUnproven(c), aheadDuringMovedRead: aheadDuringMovedRead(c), inSecondDuringActivationRead: inSecondDuringActivationRead(c, fact),
			}).find(([, excused]) => excused)?.[0];
			if ((!provenOrder || c.kind === 'promoted') && !noOrderPromised(c, fact)) continue;
			// A list in order whose pages moved under the activation's read (n8n's log said its window is unproven) is read as one in no provable order,
			// on that one assumption too (docs/polling-trigger.md): with `Date`s that are not the facts' clock (skewed, replicas), creations are not promised.
			if (c.kind === 'created' && movedAtActivation && (b.dateHeader === 'skewed' || b.dateHeader === 'replicas')) continue;
			if (when !== 'eventually' && (!delayBound || c.datedAhead || (when === 'due' && list.polls - dueFrom(c) < delayOf(c)))) continue;
			// Documented limit: no read of more than a page of a list in a new order per request proves which facts existed (one skipped may be
			// dated ahead), so a fact dated ahead waits for the list's clock there: one dated decades ahead is never due. Nor does a read of one
			// that grows between its requests (another client writing): each page holding the whole list is the longest yet, so none ends it; in a
			// list sorted by agent first, writes land within the list and move its pages under the read (gaps: it proves nothing either).
			// The list read is the activation's: with a tier or scope filter, the agent's whole list (docs/polling-trigger.md, Proves). Nor, in a
			// list in a new order per request whose pages past the first begin early, does a page prove the end of a list of one page, when
			// n8n's log said a fact dated ahead waits for the clock (the docs: a short page ends the list only with the page read on from it).
			const oneUnprovenPage = b.order === 'permutation' && b.pages === 'duplicates' && warned.some((message) => message.includes("dated ahead of the API's clock"));
			if (((b.order === 'permutation' && (activationRead >= pageYield(b) || oneUnprovenPage)) || (!provenOrder && b.writeEvery > 0)) && Date.parse(fact.created_at) > list.now() + DAY_MS) continue;
			if (c.kind === 'promoted' && (!b.promotions || changeKey('promoted', fact.id, fact.promoted_at) !== c.key)) continue;
			if (c.kind === 'created' && !matchedSince(c)) continue;
			if (!reported.has(c.key) && taken) takenUnreported.set(c.key, `${c.key} made after poll ${c.atPoll} (${taken})`);
			else if (!reported.has(c.key)) missing.push(`${c.kind} ${c.key} (${fact.created_at}${c.kind === 'promoted' ? `, promoted ${fact.promoted_at}` : ''}), made after poll ${c.atPoll}, not reported after ${list.polls - c.atPoll} polls (delay ${delayOf(c)}${delayBound ? '' : ', eventually'})`);
		}
		return missing;
	}

	/** A fact created after activation is due only if it matched the filters when created (its tier and scope then). */
	function matchedSince(c: { id: string }): boolean {
		const promotedAfter = [...list.changes.values()].some((p) => p.kind === 'promoted' && p.id === c.id);
		return !promotedAfter;
	}
}
