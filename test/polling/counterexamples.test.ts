/**
 * The counterexamples the hostile-list checker (hostileList.test.ts) found while it was built, shrunk,
 * each kept as a regular test: the scenario and the invariant it broke (hostileCheck.ts checks them
 * all). Each failed on 3039572, or on the fix of issue 38 as it was when found (named). Then issue 44's
 * classes of loss, each failing on d8d26a4 (where the activation's `Date` header was a boundary): facts
 * made at once after activation, dated before they can be read; a `Date` header ahead, behind, from
 * replicas, absent, or another host's on /organization.
 */
import { useVirtualClock } from '../harness/virtualClock';
import type { Behaviour, Step } from './hostileList';
import { run } from './hostileCheck';
import { beginningAt } from './helpers';

useVirtualClock();

/** A plain server: oldest first, exact total, full pages, clocks agreeing, facts dated apart, nothing expiring. */
const plain: Behaviour = {
	order: 'oldest-first',
	total: 'exact',
	pages: 'full',
	clockOffsetMs: 0,
	dateHeader: 'facts',
	dateSkewMs: 0,
	readLagMs: 0,
	writeEvery: 0,
	requestMs: 0,
	futureFacts: 0,
	existing: 0,
	batch: false,
	lifetimes: false,
	limit: 60,
	promotions: false,
	scheduler: 'poller',
	seed: 1,
};

const cases: Array<[string, Partial<Behaviour>, Step[]]> = [
	[
		'no event for a fact that existed at activation: watching Memory Tier L2, an L1 fact promoted into L2 after activation is not new',
		{ existing: 1, tier: 'L2' },
		[{ kind: 'promote', count: 1, pick: 0 }],
	],
	[
		'no event for a fact that existed at activation: facts dated decades ahead, in a list sorted by agent first',
		{ order: 'agent-then-oldest', existing: 293, batch: true, futureFacts: 77, limit: 600, promotions: true },
		[{ kind: 'poll', polls: 2 }],
	],
	[
		'no event for a fact that existed at activation: a total that under-counts, pages of at most 20 to 49, one fact promoted',
		{ total: 'under', pages: 'small-max', existing: 22, seed: 26 },
		[{ kind: 'promote', count: 1, pick: 0 }],
	],
	[
		'idle polls at most 3 requests: pages always shorter than the limit they report',
		{ pages: 'short', existing: 119, batch: true, limit: 600 },
		[{ kind: 'create', count: 5, agent: 2, tier: 0, scope: 0, sameDate: true, gapMs: 5_965 }],
	],
	[
		'every change reported: a total capped at 100 and pages of at most 28, 600 facts created after activation: all are reported (the fix as of 4b46b66 reported 477, the rest never)',
		{ total: 'capped', pages: 'small-max', existing: 10, batch: true, limit: 600 },
		[
			{ kind: 'poll', polls: 4 },
			{ kind: 'create', count: 600, agent: 2, tier: 3, scope: 0, sameDate: false, gapMs: 7_033 },
		],
	],
	[
		'every change reported: a total capped at 100, 989 facts dated apart, 226 created at once and one promoted: the newest is reported (the fix as of 3337f62 never did)',
		{ total: 'capped', existing: 989 },
		[
			{ kind: 'create', count: 226, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 },
			{ kind: 'promote', count: 1, pick: 0 },
		],
	],
	[
		'every change reported: a list sorted by agent (descending) then newest first, pages cut short, facts dated decades ahead at activation: a new fact of the last agent is reported (the fix as of 3337f62 never did)',
		{ order: 'agent-desc-then-newest', pages: 'short', clockOffsetMs: -600_000, futureFacts: 85, existing: 653, lifetimes: true, limit: 120, scope: 'team', seed: 2_147_483_624 },
		[{ kind: 'create', count: 2, agent: 0, tier: 2, scope: 1, sameDate: true, gapMs: 18_302 }],
	],
	[
		'every change reported: oldest first, a total capped at 100, pages cut short, one fact dated decades ahead, 100 created: all are reported (the fix as of a56c062 reported none)',
		{ total: 'capped', pages: 'short', futureFacts: 1, existing: 120, batch: true },
		[{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	[
		'idle polls at most 3 requests: watching one agent and one scope, a fact created, one promoted (maybe into the scope), one deleted: idle polls settle (the fix as of 593bb4b: 12 requests every other poll)',
		{ existing: 332, scope: 'agent', agent: 'dep_zulu', seed: 61_720_213 },
		[
			{ kind: 'create', count: 1, agent: 2, tier: 0, scope: 0, sameDate: false, gapMs: 1 },
			{ kind: 'promote', count: 1, pick: 1_817_471_723 },
			{ kind: 'delete', count: 1, pick: 0 },
		],
	],
];

/** One fact created (agent `agent`, tier L1, scope agent). */
const createMany = (count: number, agent = 0): Step => ({ kind: 'create', count, agent, tier: 0, scope: 0, sameDate: false, gapMs: 1 });
const createOne = (agent = 0): Step => createMany(1, agent);

const issue44: Array<[string, Partial<Behaviour>, Step[]]> = [
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=400 FUZZ_SEED=12901` on 0a7cb30 (its generator flipping orders): oldest first, a batch of
	// 18, another client writing at every request, the order flipped at once after activation, a fact dated 3 minutes ahead, then one fact.
	// The activation poll's own whole read (the writes asked for one) had confirmed the order; the next found the flip, more than the window
	// out of that order, and took it for proof that the window was wrong: creations went to the activation's second, and `fact_000023`, made
	// after activation and dated within it, was never reported. A break found after a whole read confirmed the order proves nothing of the
	// window: the list is read whole, ids and dates still deciding.
	[
		'nothing lost: oldest first, a batch, another client writing, the order flipped once a whole read had confirmed it, then one fact',
		{ order: 'oldest-first', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 1, requestMs: 0, futureFacts: 0, existing: 18, batch: true, lifetimes: false, limit: 60, promotions: false, scheduler: 'poller', seed: 5 },
		[{ kind: 'flip' }, { kind: 'future', count: 1, ahead: 'minutes' }, { kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12947` on 4b858c8 (and on 461f6f2's trigger): the checker was wrong, not the
	// trigger. A batch of 1,829 facts, no `Date`, a tier and scope filter (the agent's whole list is read until a whole read of it ends),
	// another client writing every second request, a fifth of its writes promotions or deletions. Each read of that list had gaps and began
	// again until one after the last write ended without: the checker had judged the delay by the filtered list from 5 polls on.
	[
		'nothing lost or invented: a batch, no Date, a tier and scope filter, another client writing, promoting and deleting through seven polls',
		{ order: 'oldest-first', total: 'exact', pages: 'short', clockOffsetMs: 0, dateHeader: 'absent', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 2, otherWrites: 'mixed', requestMs: 0, futureFacts: 0, existing: 1829, batch: true, lifetimes: false, limit: 60, tier: 'L1', scope: 'agent', promotions: false, scheduler: 'poller', seed: 1_447_158_280 },
		[{ kind: 'poll', polls: 2 }, { kind: 'poll', polls: 3 }, { kind: 'poll', polls: 2 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12938` on 23449b7: an invention. Oldest first, one agent's list of 902
	// facts and 111 dated decades ahead at its newest end, pages served shifted back two facts (rows moved by writes), another client
	// writing. The activation read on to the end: the page after the last full one came back empty, and the page a page back, shifted
	// again, still ended on the fact read last, which was taken for the list's end. One fact lay past it, dated decades ahead; a later
	// read met it unheld and reported it as created (`fact_002816`). The page after an empty one now begins a few facts before it, which
	// shows what lies past the last fact read (edge.ts, readOn).
	[
		'nothing invented: oldest first, pages shifted back two facts, 111 facts dated decades ahead at the newest end, another client writing',
		{ order: 'oldest-first', total: 'capped', pages: 'duplicates', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 60_000, writeEvery: 2, requestMs: 0, futureFacts: 111, existing: 2705, batch: false, lifetimes: false, limit: 120, agent: 'dep_bravo', promotions: true, scheduler: 'poller', seed: 1_639_732_140 },
		[createMany(100)],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12957` on 39f1f00: a crash. An empty list at activation, a `total` over the
	// count, another client writing at every request (a fifth of its writes promotions, a fifth deletions). The first page held a fact; the last
	// page, read after a deletion, came back empty, and the activation read its first fact's date: "Cannot read properties of undefined". An
	// empty last page now proves nothing of where facts dated ahead sit (edge.ts, baseline).
	[
		'no crash: an empty list at activation, a total over the count, another client writing and deleting',
		{ order: 'oldest-first', total: 'over', pages: 'full', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 1, otherWrites: 'mixed', requestMs: 0, futureFacts: 0, existing: 0, batch: false, lifetimes: false, limit: 60, promotions: false, scheduler: 'poller', seed: 985_255_115 },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=13001` on 99fe65b: a loss. Oldest first, every 7th fact undated, `Date`s from
	// replicas 10 min apart, another client writing at every request. An undated fact at the list's ends hid its order at activation (the
	// order was learned from every fact read there), so the list was read whole as one in no order; that read, begun at activation, held
	// the facts made meanwhile, and its last page came in the next poll, with facts made after the activation poll. The order is now learned
	// from the dated facts, as each page's order is checked.
	[
		'nothing lost: oldest first, every 7th fact undated, Dates from replicas, another client writing',
		{ order: 'oldest-first', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'replicas', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 1, requestMs: 0, futureFacts: 0, existing: 742, batch: false, lifetimes: false, limit: 60, undatedEvery: 7, promotions: false, scheduler: 'poller', seed: 1 },
		[{ kind: 'poll', polls: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=13500` on 82664f0: every idle poll read the whole list (12 requests). Newest
	// first, pages clamped to 36, every 7th fact undated: each page read on began 35 facts further, so every page ended on an undated fact,
	// and the read stopped only at a page whose last fact was dated before where it stops. It now looks at the page's innermost dated fact.
	[
		'idle polls at most 3 requests: newest first, small pages, every 7th fact undated (each page ending on one)',
		{ order: 'newest-first', total: 'exact', pages: 'small-max', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 0, existing: 616, batch: false, lifetimes: false, limit: 60, undatedEvery: 7, promotions: false, scheduler: 'poller', seed: 463_004_252 },
		[{ kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=13500` on e3cb14c: an invention. One agent's list of a batch (119 facts of one
	// created_at), every 7th undated, its ties reordered at every write, another client writing at every other request. The activation read it
	// as one batch only if every fact it held had that date: the undated (NaN) made it "not one date", so the cursor stayed a window before the
	// batch instead of past it, and a batch fact its two pages had missed (a reorder between them) was reported at the next poll. A batch is
	// now judged by its dated facts (factPoll.ts, startFrom).
	[
		'no event for a fact that existed at activation: one agent\'s batch, every 7th fact undated, ties reordered under another client\'s writes',
		{ order: 'ties-reordered', total: 'exact', pages: 'short', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 2, requestMs: 0, futureFacts: 0, existing: 373, batch: true, lifetimes: false, limit: 60, agent: 'dep_alpha', undatedEvery: 7, promotions: false, scheduler: 'poller', seed: 1_097_102_906 },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=13400` on 9eef003: the checker was wrong, not the trigger. A batch of 2,418, no
	// `Date`, another client writing (and deleting) at every request. With no `Date` the activation's whole read begins again after every read
	// with gaps until one ends without (the docs); under writes at every request none did, and the creations it met waited. The poll after the
	// writes stopped, a read ended whole and all 164 were reported, once. The checker had counted the delay from each creation, not from then.
	[
		'every change within the delay the docs state: no Date, a batch, another client writing at every request until the scenario settles',
		{ order: 'oldest-first', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'absent', dateSkewMs: -600_000, readLagMs: 1_000, writeEvery: 1, otherWrites: 'mixed', requestMs: 0, futureFacts: 0, existing: 2_418, batch: true, lifetimes: false, limit: 600, promotions: false, scheduler: 'poller', seed: 1 },
		[{ kind: 'poll', polls: 1 }, { kind: 'poll', polls: 1 }, { kind: 'create', count: 2, agent: 0, tier: 0, scope: 0, sameDate: true, gapMs: 1 }, { kind: 'poll', polls: 2 }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=13401` on 9eef003: the checker was wrong. Polls failing at random (one request
	// in 11), 817 facts made at once. A failed poll leaves its work to the polls after it, which the checker took for idle ones (12 requests);
	// and its settling polls, still failing, came too few for the doubled delay. A failed poll is now work, and faults stop as writes do.
	[
		'idle polls as the docs say: polls failing at random, ids as numbers, every 7th fact undated, 817 facts made at once',
		{ order: 'oldest-first', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 0, existing: 700, batch: false, lifetimes: false, limit: 60, undatedEvery: 7, wire: 'other', faults: 'failing', promotions: false, scheduler: 'poller', seed: 808_726_713 },
		[{ kind: 'create', count: 817, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Polls that fail (Behaviour.faults), found by `npm run fuzz:polling -- FUZZ_RUNS=1000 FUZZ_SEED=13201` as the faults were added: oldest first,
	// 989 facts made at once after activation, then a promotion. The fast read reads back from the end to where it stopped, 11 requests, and
	// judges what it read only then: with every 11th request failing, each poll failed at its last and nothing was ever reported. Faults at
	// random (one in 11) are closer to a proxy's, and a poll whose 11 requests all pass comes about one in three. A failed fast read now hands
	// over what its pages showed (boundary.test.ts), but begins again where it began: facts k requests in still need a poll whose read gets
	// that far, (1 - p)^k a poll at a failure rate p. The case stays to show a burst through failing polls: all 989, once.
	[
		'nothing lost: a burst of 989 facts while one request for facts in 11 fails, no retry mending it',
		{ order: 'oldest-first', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 0, existing: 2, batch: false, lifetimes: false, limit: 60, faults: 'failing', promotions: false, scheduler: 'poller', seed: 1 },
		[{ kind: 'create', count: 983, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'create', count: 6, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=13001` on b2932c7: the checker was wrong, not the trigger. Oldest first, one
	// batch of 867 (one created_at), every 7th fact undated; the one fact made after activation was served undated too. As served, the list
	// holds one date and facts with none: no order to learn, so it is read whole at the share (10 requests a poll), as the docs say. The
	// checker had judged by the dates it keeps, not those it serves, and asked idle polls of at most 3 requests.
	[
		'idle polls as the docs say: a batch, every 7th fact undated, the one fact made after activation undated too',
		{ order: 'oldest-first', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 0, existing: 867, batch: true, lifetimes: false, limit: 60, undatedEvery: 7, promotions: false, scheduler: 'poller', seed: 1 },
		[{ kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=300 FUZZ_SEED=13100` once the servers could send ids as numbers and dates in other
	// notations (Behaviour.wire), on 99fe65b: an invention. A batch of 700 in a new order per request, every 40th fact undated. The resumable
	// pager (src/client) took only string ids for ids: it found no anchor where a read resumed, so every page looked lost, and a fact that
	// existed at activation was reported as created. A number is an id there now, as in judge.ts.
	[
		'no event for a fact that existed at activation: ids sent as numbers, a batch in a new order per request, a few facts undated',
		{ order: 'permutation', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 0, existing: 700, batch: true, lifetimes: false, limit: 60, undatedEvery: 40, wire: 'other', promotions: false, scheduler: 'poller', seed: 1 },
		[{ kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12950` on 4b1da91 (and on 461f6f2's trigger): the checker was wrong, not the
	// trigger. Newest first, a batch of 58 ties, pages of at most 20, another client writing at every request in the activation poll; the
	// order flipped at once after it. The head now shows the batch's ties, in no order to break, so the read confirming the order (a page a
	// poll) met the flip at its last page, 4 polls on; the whole read at the share that the docs say follows took 4 requests in the next
	// poll. The checker had counted that poll as idle (delay: two reads at the share); after a flip it now waits out the promised delay.
	[
		'idle polls at most 3 requests once settled: newest first, a batch of ties, another client writing, the order flipped before a whole read confirmed it',
		{ order: 'newest-first', total: 'exact', pages: 'small-max', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 1, requestMs: 0, futureFacts: 0, existing: 58, batch: true, lifetimes: false, limit: 60, promotions: false, scheduler: 'poller', seed: 2_145_386_494 },
		[{ kind: 'flip' }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12936` on 23449b7: the checker was wrong, not the trigger. Oldest first, a
	// batch of 700 and a fact dated decades ahead; the order flipped, one fact made and one deleted. The fast read reads the end where new
	// facts no longer appear and sees the batch's ties there, the `total` unchanged: nothing shows the flip. Watching only new facts, the
	// safety read (a page a poll) found the new fact 8 polls later, as the docs say (How late: within facts ÷ 95 polls); the checker had
	// promised the share's pace. After a flip it now allows the safety read's.
	[
		'nothing lost or invented: oldest first, a batch and a fact dated decades ahead, the order flipped, one fact made and one deleted',
		{ order: 'oldest-first', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 1, existing: 700, batch: true, lifetimes: false, limit: 60, promotions: false, scheduler: 'poller', seed: 1 },
		[{ kind: 'poll', polls: 1 }, { kind: 'flip' }, createOne(), { kind: 'delete', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12927` on 428414b: the checker was wrong, not the trigger. Oldest first, the
	// activation's whole read ended in its poll, but its last page was read (and the order confirmed) in the next, an idle poll n8n does not
	// save; the order flipped, a fact dated 2 minutes ahead came, and n8n restarted. The trigger went back to the saved state, met the flip
	// before a whole read had confirmed the order, and held the fact as existing (the docs' fallback, which n8n's log says). The checker had
	// judged the flip by the state in memory, confirmed: it now judges it by the state the trigger goes back to.
	[
		'nothing lost or invented: oldest first, the order confirmed in a poll n8n did not save, then flipped, a fact dated ahead, and a restart',
		{ order: 'oldest-first', total: 'over', pages: 'small-max', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 0, existing: 480, batch: false, lifetimes: true, limit: 60, promotions: true, scheduler: 'poller', seed: 1 },
		[{ kind: 'poll', polls: 1 }, { kind: 'flip' }, { kind: 'future', count: 1, ahead: 'minutes' }, { kind: 'restart', older: 'none' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12930` on 428414b: the checker was wrong, not the trigger. A new order per
	// request, a `total` capped under the count, pages cut short, 443 facts: no two pages join, so the read steps back to join them, and the
	// activation poll's share ran out before any page reached the list's end (the checker guessed a page's yield, and one poll). Two facts
	// dated 2 minutes ahead came at once after: the docs hold a fact dated ahead that the activation's whole read meets where it could not
	// reach the end, and n8n's log says so. The checker now counts a list whose end no page of the activation poll reached as one whose end is hidden.
	[
		'nothing lost or invented: a new order per request, a total capped under the count, short pages, two facts dated ahead at once after activation',
		{ order: 'permutation', total: 'capped', pages: 'short', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 0, existing: 1283, batch: false, lifetimes: true, limit: 120, promotions: false, scheduler: 'poller', seed: 698_031_336 },
		[{ kind: 'future', count: 2, ahead: 'minutes' }],
	],
	// Found by the hostile-list checker at `npm test`'s seed (38, 60 runs) once its generator had a step that flips a list's order; the
	// scenario has no flip. Oldest first, pages capped small, a batch of 700 and 27 facts dated decades ahead at the newest
	// end, then one more dated decades ahead and 100 facts. The activation's read of the newest end went back past those 27 and was cut short;
	// the innermost fact of its first pages was dated ahead, so it was taken for a read that met no date to trust, and the whole read that
	// holds what existed held the fact made after activation as existing (dated ahead): never reported (on d550fa8 and since). The innermost
	// fact the read met is what bounds what it read.
	[
		'nothing lost: oldest first, small pages, 27 facts dated decades ahead past a batch, one more made after activation',
		{ order: 'oldest-first', total: 'exact', pages: 'small-max', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 27, existing: 700, batch: true, lifetimes: false, limit: 60, promotions: false, scheduler: 'poller', seed: 1 },
		[{ kind: 'future', count: 1, ahead: 'decades' }, { kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12665` on cdace6a (and on 725deca): a new order per request, one fact, a
	// restart from a full state of format 2 (no `Date` stored) at once after activation, then 702 facts. No read of such a list ends without
	// gaps, so once the keys were full, every key dated before where creations go (a minute before the first poll after the restart) went at
	// once, and `fact_000218`, made after the activation poll and dated 5 s before that point, had met no read yet: lost. Only the oldest
	// quarter of the keys' dates goes now (up to that point at most), as in any list of no known order; the older version's keys go first.
	[
		'nothing lost: a new order per request, a restart from a full state of format 2 at once after activation, then 702 facts',
		{ order: 'permutation', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 0, existing: 1, batch: false, lifetimes: false, limit: 60, promotions: false, scheduler: 'poller', seed: 1 },
		[{ kind: 'restart', older: 'format2-full' }, { kind: 'create', count: 702, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 10 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12667` on cdace6a (and on 725deca): ties reordered newest first, a `Date` 2
	// minutes ahead of the facts' clock, one fact dated 3 minutes ahead, then 785 facts over 12.5 minutes. A minute after activation the `Date`
	// had passed that fact, so it looked real (the docs: under a `Date` further ahead than such a fact), and the whole read then begun moved the
	// cursor to a minute before it, past the first facts made next, which were refused and counted. The checker excused this only for a `Date`
	// ahead by more than the fact from activation on; it now does from the poll whose `Date` passed it, the facts' clock having moved on.
	[
		'nothing lost but what the log counts: a `Date` 2 minutes ahead passes a fact dated 3 minutes ahead a minute after activation, ties reordered newest first',
		{ order: 'ties-reordered-newest', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'skewed', dateSkewMs: 120_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 1, futureAhead: 'minutes', existing: 700, batch: false, lifetimes: false, limit: 60, promotions: false, scheduler: 'poller', seed: 1 },
		[{ kind: 'poll', polls: 1 }, { kind: 'create', count: 785, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 953 }, { kind: 'create', count: 5, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'create', count: 6, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12645` on cc6111d (and on 55bea41, 762ac3f, 725deca): oldest first, replicas
	// whose `Date`s lie 20 minutes apart, a batch of 832 dated weeks back, one fact dated decades ahead, another client writing during the
	// activation. No date of the last 20 minutes was trusted, so the read of the newest end went back for the batch and was cut short in it.
	// The cursor went just past the newest fact that read met (a write of the activation's), with no window behind it: a fact made after
	// activation, dated a millisecond before that write, was never reported, nor counted. That read had read every fact dated after the
	// innermost it met: those are now held, the cursor just past that date.
	[
		'nothing lost: replicas 20 minutes apart, a batch weeks back, a fact dated decades ahead, writes during the activation, one fact made after it',
		{ order: 'oldest-first', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'replicas', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 2, requestMs: 0, futureFacts: 1, existing: 832, batch: true, lifetimes: false, limit: 60, promotions: false, scheduler: 'poller', seed: 1_798_754_122 },
		[{ kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12641` on cc6111d (and on d8d26a4, 55bea41, 762ac3f, 725deca): no `Date`, a
	// new order per request, short pages, another client writing, two facts promoted in the half minute before activation, then a restart
	// from an older version's state (format 3) at once. The activation poll had not met one of those promotions, and its whole read, which
	// holds every promotion it meets with no `Date`, had not ended. The poll after the restart reads the list's ends before that read
	// begins again, and reported it: the stored keys decided there, though nothing tells an unread promotion from one made since. Its
	// reads now begin the read that holds every promotion it meets, as the docs say.
	[
		'no event for a fact that existed at activation: no `Date`, a new order per request, a promotion just before activation, a restart from a state of format 3',
		{ order: 'permutation', total: 'over', pages: 'short', clockOffsetMs: 0, dateHeader: 'absent', dateSkewMs: -600_000, readLagMs: 300_000, writeEvery: 1, requestMs: 0, futureFacts: 0, existing: 120, batch: false, lifetimes: false, limit: 60, promotions: true, scheduler: 'poller', seed: 720_049_500 },
		[{ kind: 'restart', older: 'format3' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12630` on 63ce74a: oldest first, a `total` capped, durable cursors restarted
	// before their first tick (a new baseline then), one fact dated 3 minutes ahead and 765 made at one date. The new baseline never read that
	// fact (the `total` kept it from the end), and reported it once the `Date` had passed it, as the docs say (as 12617); the checker looked at
	// what the first baseline was served, which the new one never saw. It now takes the new baseline's poll as the activation.
	[
		'no event for a fact that existed at activation but one dated ahead the new baseline never read: durable cursors restarted before their first tick, a total capped',
		{ order: 'oldest-first', total: 'capped', pages: 'full', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 1, futureAhead: 'minutes', existing: 0, batch: false, lifetimes: false, limit: 60, promotions: false, scheduler: 'durable-cursors', seed: 1 },
		[{ kind: 'create', count: 765, agent: 0, tier: 0, scope: 0, sameDate: true, gapMs: 1 }, { kind: 'restart', older: 'none' }, { kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12617` on 473d508: oldest first, a `total` capped, pages of at most 20 to 49,
	// 605 facts that expire and 50 dated 3 minutes ahead. The activation poll, the `total` hiding the end, was served some facts dated ahead but not
	// the newest, dated after them: unread, it was met once the `Date` had passed it, and reported, as the docs say (the whole read holds what is
	// dated ahead of the `Date` of the poll that meets it). The checker excused that only when the activation was served no fact dated ahead
	// (and then, on 9d06050, took facts deleted since as served dated later: it now keeps the dates as served).
	[
		'no event for a fact that existed at activation but one dated ahead no read met ahead, past those the activation read on to: oldest first, a total capped, 50 dated 3 minutes ahead, 16 deleted',
		{ order: 'oldest-first', total: 'capped', pages: 'small-max', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 50, futureAhead: 'minutes', existing: 605, batch: false, lifetimes: true, limit: 60, promotions: false, scheduler: 'poller', seed: 1_317_953_301 },
		[{ kind: 'delete', count: 16, pick: 0 }, { kind: 'advance', minutes: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12618` on 473d508 (and on 725deca and 762ac3f): sorted by agent, watching one,
	// short pages, another client writing at every other request, 328 facts and then 688 made. The fast read was cut short (more new facts than
	// one poll reads) and asked for a whole read, but one begun before it, already asked for, ended and answered it; newest first, new facts had
	// pushed that read's place past the facts skipped, found only by the next read at an idle poll's pace: 15 polls, where the docs say 10.
	[
		'every change within the delay: sorted by agent, one watched, short pages, another client writing, 688 facts made at once, the fast read cut short',
		{ order: 'agent-desc-then-newest', total: 'exact', pages: 'short', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 2, requestMs: 0, futureFacts: 0, existing: 0, batch: false, lifetimes: false, limit: 60, agent: 'dep_alpha', promotions: false, scheduler: 'poller', seed: 556709519 },
		[{ kind: 'create', count: 328, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'poll', polls: 1 }, { kind: 'create', count: 688, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12613` on 473d508 (and on 725deca): no `Date`, ties reordered newest first under
	// another client's writes, durable cursors restarted before their first tick (a new baseline then), a batch of 183. That baseline's whole read
	// holds every creation it meets until one ends without gaps, and n8n's log says so: the checker took that read's end from the first
	// baseline's state, so a fact made during the second's was counted lost. The trigger does as the docs say; the checker now follows the new one.
	[
		'nothing lost but what the log names: no `Date`, ties reordered newest first under writes, durable cursors restarted before their first tick, a batch of 183',
		{ order: 'ties-reordered-newest', total: 'exact', pages: 'full', clockOffsetMs: 0, dateHeader: 'absent', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 2, requestMs: 0, futureFacts: 0, existing: 0, batch: false, lifetimes: false, limit: 60, promotions: false, scheduler: 'durable-cursors', seed: 1 },
		[{ kind: 'restart', older: 'none' }, { kind: 'create', count: 183, agent: 0, tier: 0, scope: 0, sameDate: true, gapMs: 1 }, { kind: 'poll', polls: 2 }, { kind: 'poll', polls: 1 }, { kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12607` on b2e4f9d (and on 762ac3f): oldest first, a `total` capped, a batch of 765
	// and a fact dated 3 minutes ahead past it, n8n restarted at once with an older version's full state of format 3. That state does not hold
	// the fact dated ahead (its activation never read it), so, as the docs say of a state stored by an earlier version, it is reported once;
	// the checker excused only facts dated decades ahead there, though its reason (that version never read it) holds for minutes too.
	[
		'no event for a fact that existed at activation but the one dated ahead an older version never read: oldest first, a total capped, a batch of 765, one dated 3 minutes ahead',
		{ order: 'oldest-first', total: 'capped', pages: 'full', clockOffsetMs: 0, dateHeader: 'facts', dateSkewMs: -600_000, readLagMs: 0, writeEvery: 0, requestMs: 0, futureFacts: 1, futureAhead: 'minutes', existing: 765, batch: true, lifetimes: false, limit: 60, promotions: false, scheduler: 'poller', seed: 1 },
		[{ kind: 'restart', older: 'format3-full' }, { kind: 'delete', count: 1, pick: 0 }],
	],
	['nothing lost: facts made at once after activation, dated up to a second before they can be read, oldest first', { existing: 50, readLagMs: 1_000, seed: 3 }, [createOne(), createOne(), createOne()]],
	['nothing lost: facts made at once after activation, dated up to a second before they can be read, newest first', { order: 'newest-first', existing: 50, readLagMs: 1_000, seed: 3 }, [createOne(), createOne(), createOne()]],
	['nothing lost: facts dated up to a minute before they can be read, made at once after activation and after later polls', { existing: 120, readLagMs: 60_000, seed: 7 }, [createOne(), { kind: 'poll', polls: 1 }, createOne(1), createOne(2)]],
	['nothing lost: a fact created every 100 ms from the activation on, another client writing at every request the trigger sends', { existing: 50, writeEvery: 1, requestMs: 100 }, [{ kind: 'create', count: 30, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 100 }]],
	['nothing lost: the `Date` header 10 minutes ahead of the facts (a proxy in front)', { existing: 50, dateHeader: 'skewed', dateSkewMs: 600_000 }, [createOne(), { kind: 'poll', polls: 1 }, createOne()]],
	['nothing late: the `Date` header 10 minutes behind the facts', { existing: 50, dateHeader: 'skewed', dateSkewMs: -600_000 }, [createOne(), { kind: 'poll', polls: 1 }, createOne()]],
	['nothing lost: replicas whose `Date` headers are 3 s either side of the facts, 400 ms an answer', { existing: 50, dateHeader: 'replicas', dateSkewMs: 3_000, requestMs: 400 }, [createOne(), { kind: 'poll', polls: 1 }, createOne()]],
	['nothing lost: /organization answered by a host 2 minutes ahead', { existing: 50, dateHeader: 'organization', dateSkewMs: 120_000 }, [createOne(), { kind: 'poll', polls: 1 }, createOne(), createOne()]],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4401` on d8d26a4, shrunk.
	['no event for a fact that existed at activation: no `Date` header, watching Memory Tier L2, an L1 fact promoted into L2, a fact dated minutes ahead', { existing: 1, dateHeader: 'absent', dateSkewMs: -600_000, tier: 'L2' }, [{ kind: 'promote', count: 1, pick: 0 }, { kind: 'future', count: 1, ahead: 'minutes' }]],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` on d8d26a4, shrunk: one clock, nothing odd but acting at once.
	['nothing lost: two facts created at once after activation, the first promoted: the second is reported', {}, [{ kind: 'create', count: 2, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'promote', count: 1, pick: 0 }]],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=500 FUZZ_SEED=1` on the rule of issue 44 as of 2f7e4d5, which never reported the first new fact.
	['nothing lost: a total over the count, one fact dated decades ahead at activation (another agent), watching one agent, 100 facts created at once after activation', { total: 'over', futureFacts: 1, existing: 1, agent: 'dep_alpha' }, [{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }]],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=777` (durable cursors left out) on the rule as of 4cdd989, which reported one of the newest existing facts as created.
	['no event for a fact that existed at activation: a new order at every request, replicas whose `Date` headers are 10 minutes either side, a fact dated decades ahead, 700 facts, one created', { order: 'permutation', dateHeader: 'replicas', dateSkewMs: -600_000, futureFacts: 1, existing: 700, seed: 1_009_031_756 }, [createOne()]],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4403` on d8d26a4, shrunk.
	['no event twice: replicas 10 minutes either side, facts dated decades ahead at activation, another client writing at every other request', { dateHeader: 'replicas', dateSkewMs: -600_000, writeEvery: 2, futureFacts: 13 }, [{ kind: 'delete', count: 1, pick: 0 }]],
	// Found by `npm test`'s hostileList seed 38 on 2f7e4d5: the activation handed events over, so the next tick, finding the cursor row
	// as it was before activation (n8n does not commit the activation's poll), took that row's state for someone else's and began anew.
	[
		'nothing lost: durable cursors, new and promoted facts watched, another client writing at every other request: a fact written during the first tick is reported (2f7e4d5 never did)',
		{ writeEvery: 2, promotions: true, scheduler: 'durable-cursors' },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2026` on 1c5c757: its activation poll reported a promotion made before it, behind replicas' `Date` headers.
	[
		'no event for a promotion made before activation: replicas whose `Date` headers are 10 minutes either side, facts dated up to a minute before they can be read, promotions watched (the activation poll of 1c5c757 reported one)',
		{ dateHeader: 'replicas', dateSkewMs: 600_000, readLagMs: 60_000, existing: 479, promotions: true },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=300 FUZZ_SEED=747110961` on the merged rule (b72119b), shrunk: poll 4 reported
	// fact_000083, there at activation, as created (the sweep had met the agent-sorted list out of the order learned, and judged on).
	[
		'no event for a fact that existed at activation: a list sorted by agent, a total over the count, short pages, one fact dated decades ahead, 82 facts',
		{ order: 'agent-then-oldest', total: 'over', pages: 'small-max', futureFacts: 1, existing: 82 },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2026` on 659fc6f (and so on a1c0d40), shrunk: the window read at the end of
	// an agent-sorted list proved nothing, and the sweep reported the first agent's newest fact (poll 8) once it met it in the middle.
	[
		'no event for a fact that existed at activation: a list sorted by agent, a fact dated decades ahead, 1,873 facts, n8n restarted: the first agent\'s newest is not reported',
		{ order: 'agent-then-oldest', futureFacts: 1, existing: 1_873, dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'none' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=747110961` on 659fc6f: the checker's own fault (a state an older version wrote,
	// written again, lost its keys in hostileCheck.ts's keysOf); kept so that the checker reads both formats.
	[
		'no event for a fact that existed at activation: n8n restarted twice with a state of format 2 (full), one fact and one dated decades ahead',
		{ futureFacts: 1, existing: 1, dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format2-full' }, { kind: 'restart', older: 'format2-full' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2026` on 746dcbd: the checker's fault, its format-3 state had no `apiDate`,
	// which 3039572 stored at every poll that named a `Date` (from it the cursors move up to that poll's time); kept so that it does.
	[
		'no event for a fact that existed at activation: a list sorted by agent, a fact dated decades ahead, 700 facts, n8n restarted with a state of format 3',
		{ order: 'agent-then-oldest', futureFacts: 1, existing: 700, dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format3' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=747110961` on 1410d06 (and so on a1c0d40), shrunk: no `Date` header, and
	// the activation poll's own sweep reported the fact dated decades ahead in the middle of an agent-sorted list.
	[
		'no event for a fact that existed at activation: no `Date` header, a list sorted by agent (descending) then newest first, a fact dated decades ahead, 300 facts',
		{ order: 'agent-desc-then-newest', dateHeader: 'absent', futureFacts: 1, existing: 300, dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'none' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=38` on 1410d06 (a1c0d40 passed it), shrunk: durable cursors restarted before
	// the first tick take a new baseline, and both activation polls reported the facts another client wrote during them.
	[
		'no event twice: durable cursors restarted before the first tick, a batch of 119, short pages, another client writing at every request',
		{ pages: 'short', writeEvery: 1, existing: 119, batch: true, scheduler: 'durable-cursors', dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'none' }, createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2026` on 1410d06 (and so on a1c0d40), shrunk: no `Date` header, and the
	// sweep, meeting the agent-sorted list out of the order learned, judged on by a window that proved nothing (poll 4).
	[
		'no event for a fact that existed at activation: no `Date` header, a list sorted by agent, a fact dated decades ahead, 700 facts',
		{ order: 'agent-then-oldest', dateHeader: 'absent', futureFacts: 1, existing: 700, dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'none' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` on 1410d06 (and so on a1c0d40), shrunk: a state an older version wrote
	// carries no proof of the window, so a fact dated decades ahead made after it waits for the list's clock (never).
	[
		'nothing lost: n8n restarted with a state of format 2 (full), then a fact dated decades ahead is made: it is reported',
		{ dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format2-full' }, { kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=747110961` on 84a9bf9, shrunk: no `Date` header, and a state an older version
	// wrote keeps this version's window but not the proof it stood on (an agent-sorted list): the sweep reports a fact that existed.
	[
		'no event for a fact that existed at activation: no `Date` header, a list sorted by agent (descending), a fact dated decades ahead, 597 facts, n8n restarted with a state of format 3 (full)',
		{ order: 'agent-desc-then-newest', dateHeader: 'absent', futureFacts: 1, existing: 597, dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format3-full' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=91919` on 84a9bf9 (a1c0d40 passed it: its requests shuffle the list
	// otherwise), shrunk: the activation's holding read of a list in a new order per request went on past the activation poll and
	// held a fact made after it, dated minutes ahead, as existing.
	[
		'nothing lost: a new order at every request, 100 facts, a fact dated minutes ahead made after activation is reported once the clock passes it',
		{ order: 'permutation', existing: 100, dateSkewMs: -600_000 },
		[{ kind: 'future', count: 1, ahead: 'minutes' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=123457` on 84a9bf9 (and so on a1c0d40), shrunk.
	[
		'no event for a fact that existed at activation: a new order at every request, watching one agent, 406 facts, one promoted',
		{ order: 'permutation', existing: 406, agent: 'dep_alpha', dateSkewMs: -600_000, seed: 462_825_453 },
		[{ kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=555001` on 71cf390 (and so on a1c0d40), shrunk: past a batch larger than
	// the activation reads no window is proven, so a fact dated decades ahead made after activation waits for the list's clock (never).
	[
		'nothing lost: oldest first, a batch of 700 at activation, then a fact dated decades ahead is made: it is reported',
		{ existing: 700, batch: true, dateSkewMs: -600_000 },
		[{ kind: 'future', count: 1, ahead: 'decades' }, { kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=38` on f276410, shrunk: the window was read on the agent-sorted list
	// (the filters' own list is read only after), which its order did not prove; the scope's list, of one agent, shows no disorder.
	[
		'no event for a fact that existed at activation: watching one scope of a list sorted by agent (descending), pages of 20 to 49, a fact dated decades ahead, 165 facts',
		{ order: 'agent-desc-then-newest', pages: 'small-max', futureFacts: 1, existing: 165, scope: 'team', dateSkewMs: -600_000 },
		[{ kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2026` on 1aaede8 (and so on 76666b3), shrunk: with no `Date`, the promotions'
	// cursor starts past the newest date the activation read, and a promotion made before it, of a fact it did not read, was reported.
	[
		'no event for a promotion made before activation: no `Date` header, a list sorted by agent, promotions dated up to 5 minutes before they can be read, a fact dated decades ahead, 700 facts',
		{ order: 'agent-then-oldest', dateHeader: 'absent', readLagMs: 300_000, futureFacts: 1, existing: 700, promotions: true, dateSkewMs: -600_000, seed: 758_109_301 },
		[{ kind: 'restart', older: 'none' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` on 4c2de40 (and so on 76666b3), shrunk: with a scope filter, a window
	// the activation could not read whole (the list moved under it) was followed by no whole read, so a fact dated decades ahead waited for the clock.
	[
		'nothing lost: watching one scope, pages of 20 to 49, 51 facts dated decades ahead at activation, another client writing at every other request: a fact dated decades ahead made after activation is reported',
		{ pages: 'small-max', writeEvery: 2, futureFacts: 51, existing: 19, scope: 'agent', dateSkewMs: -600_000 },
		[{ kind: 'future', count: 1, ahead: 'decades' }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` on 91f3c2f (this issue's work; 76666b3 passed it), shrunk: the poll that
	// learned the list again after a restart from a format-2 state read only its ends, and the facts made meanwhile came a page a poll.
	[
		'every change reported within the delay: n8n restarted with a state of format 2 (full), one fact dated decades ahead, then 485 facts made',
		{ futureFacts: 1, dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format2-full' }, { kind: 'create', count: 485, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1_672 }, { kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=38` on 91f3c2f (this issue's work; 76666b3 passed it), shrunk: past a batch (one
	// fact, a total of 39) the whole read went on for polls and held a fact made after activation, dated minutes ahead, as existing.
	[
		'nothing lost: one fact and a total over the count, then a fact dated minutes ahead and one more made: both are reported',
		{ total: 'over', existing: 1, dateSkewMs: -600_000 },
		[{ kind: 'future', count: 1, ahead: 'minutes' }, createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=38` on 8ab9a39 (and so on 76666b3), shrunk: pages served shifted back (overlapping
	// by a few) made the activation's two ends look out of order and its read of the end look moved, and a total over the count kept the whole
	// read from ending: a fact made at once after activation, in its `Date` second, was taken as existing.
	[
		'nothing lost: pages that overlap by a few, a total over the count, two facts, one made at once after activation',
		{ total: 'over', pages: 'duplicates', existing: 2, dateSkewMs: -600_000 },
		[createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` on 8ab9a39 (and so on 76666b3), shrunk: the same pages, 101 facts dated decades ahead.
	[
		'nothing lost: pages that overlap by a few, 101 facts dated decades ahead at activation, then 100 facts made',
		{ pages: 'duplicates', futureFacts: 101, dateSkewMs: -600_000 },
		[{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` on 8dc2555 (and so on 76666b3), shrunk: the window read on an agent-sorted
	// list proved nothing; a restart from a format-2 state (which keeps no clock) left creations at that window once the order broke.
	[
		'no event for a fact that existed at activation: a list sorted by agent, a fact dated decades ahead, 1,147 facts, n8n restarted with a state of format 2 (full)',
		{ order: 'agent-then-oldest', futureFacts: 1, existing: 1_147, dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format2-full' }, { kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=747110961` on fd2b011 (this issue's work; 76666b3 passed it), shrunk: with no
	// `Date`, the list's clock is the batch's date, so the whole read after the batch took the cursor back a window and reported a fact it skipped.
	[
		'no event for a fact that existed at activation: no `Date` header, a batch of 595 whose ties change order at every write, another client writing at every fifth request, watching one agent',
		{ order: 'ties-reordered', dateHeader: 'absent', writeEvery: 5, futureFacts: 1, existing: 595, batch: true, agent: 'dep_alpha', dateSkewMs: -600_000 },
		[{ kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2026` on fd2b011 (and so on 76666b3), shrunk: the cursors of a format-3 state
	// moved a second past its last poll's `Date`, and a fact made at once after the restart, in that second, was never reported.
	[
		'nothing lost: an empty list, n8n restarted with a state of format 3 (full), a fact made at once',
		{ dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format3-full' }, createOne(), { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2026` on f3ab058 (and so on 76666b3), shrunk: the same, the fact dated up to a minute
	// before it can be read: before that `Date` second.
	[
		'nothing lost: an empty list, n8n restarted with a state of format 3 (full), a fact made at once, dated up to a minute before it can be read',
		{ readLagMs: 60_000, dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format3-full' }, createOne(), { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2026` on 17dd15e, shrunk: with no `Date`, the activation's whole read of a list in
	// no order took the newest date the activation had read for the list's clock, and reported a newer fact that existed.
	[
		'no event for a fact that existed at activation: no `Date` header, a new order at every request, 700 facts',
		{ order: 'permutation', dateHeader: 'absent', existing: 700, dateSkewMs: -600_000, seed: 796_012_107 },
		[{ kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=123457` on 0f9398b (and so on 76666b3), shrunk: a format-3 state's cursors moved
	// up to its last poll's `Date`, three hours ahead of the facts (a proxy), and a fact made after the restart, dated minutes ahead, was lost.
	[
		'nothing lost: the `Date` header three hours ahead, an empty list, n8n restarted with a state of format 3, a fact dated minutes ahead made',
		{ dateHeader: 'skewed', dateSkewMs: 10_800_000 },
		[{ kind: 'restart', older: 'format3' }, { kind: 'future', count: 1, ahead: 'minutes' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=555001` on 5a47a73 (path 391:0:1:1:1:1:1:1:2:2:2:2:3:1:1:3:3): the relearning
	// poll after a format-2 restart proved no order (a list of one fact whose total says 41), so a fact dated decades ahead waited for the clock.
	[
		'nothing lost: n8n restarted with a state of format 2 (full), a total over the count, then a fact dated decades ahead is made: it is reported',
		{ total: 'over', dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format2-full' }, { kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` on 5a47a73: the format-2 state leaves unheld the fact dated decades ahead
	// that existed; reporting it is what that version's rule says (hostileCheck.ts, fromOlderState). Nothing else may be invented or lost.
	[
		'no event twice, nothing lost: a list sorted by agent watched by scope, a fact dated decades ahead, 1,147 facts, n8n restarted with a state of format 2 (full)',
		{ order: 'agent-then-oldest', futureFacts: 1, existing: 1147, scope: 'team', dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format2-full' }, { kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=777` on 5a47a73 (path 734:0:0:0:0:0:2:6:2:1:13:6:1:19:1:19:1): past a batch, the
	// activation's whole read, slow (400 ms a request), ended after the activation's second though within its poll, proved nothing of facts dated
	// ahead, and those made later waited for the clock. Shrunk, it had 276 facts and failed when the read crossed a second of real time;
	// 1,000 make the read outlast the second whatever the time.
	[
		'nothing lost: a batch of 1,000 watched by scope, 400 ms a request, two facts dated decades ahead made after five polls',
		{ existing: 1000, batch: true, requestMs: 400, limit: 600, scope: 'agent', scheduler: 'durable' },
		[{ kind: 'poll', polls: 5 }, { kind: 'future', count: 2, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2027` on 0eb902c (path 58:0:2:2:2:2:2:2:2:2:3:3:3:3:3:3): the activation read the
	// last page by a total over the count, found it empty, and took the list for a batch of one date; the fact dated ahead at its end unseen,
	// a whole read past the activation poll proved nothing of facts dated ahead, and one made later waited for the clock.
	[
		'nothing lost: a batch of 700 and one fact dated decades ahead, a total over the count, pages of at most 20 to 49, then a fact dated decades ahead',
		{ total: 'over', pages: 'small-max', existing: 700, batch: true, futureFacts: 1 },
		[{ kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=31337` on 0eb902c (path 1222:0:1:1:1:1:1:2:2:2:7:7:7:7:7:7:5:5:5): the relearning
	// poll after a format-3 restart proved no order (a batch, a total under the count), so the new facts' cursor moved a second past the stored
	// `Date` (another clock deciding), and a fact made at once after the restart, dated in that second, was refused.
	[
		'nothing lost: a batch of 700, a total under the count, n8n restarted with a state of format 3 (full), a fact made, one deleted',
		{ total: 'under', existing: 700, batch: true },
		[{ kind: 'restart', older: 'format3-full' }, createOne(), { kind: 'delete', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=38` on 2941c8d (path 856:0:2:2:2:2:2:0:1:1:2:2:2:2:2:2:3:2:4:4:4): past a batch of one
	// date, the whole read outlasted the activation poll, so it proved nothing of facts dated ahead, and one made after activation waited for the
	// clock. The activation had read both ends of the list (the last page shorter than served), and the read found it sorted by date.
	[
		'nothing lost: a batch of 700, pages of at most 20 to 49, a fact dated decades ahead made after activation',
		{ pages: 'small-max', existing: 700, batch: true },
		[{ kind: 'future', count: 1, ahead: 'decades' }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=91919` on 2941c8d: with no `Date` and a total capped at 100, the activation poll
	// could not reach the list's end, so its whole read held the facts written meanwhile; the checker's expectation there was unfair
	// (hostileCheck.ts, windowUnproven). What is made after that read must be reported.
	[
		'nothing lost after the activation\'s whole read: no `Date` header, a total capped at 100, another client writing at every 5th request, 1,012 facts',
		{ total: 'capped', dateHeader: 'absent', writeEvery: 5, existing: 1012 },
		[{ kind: 'poll', polls: 1 }, createOne(), { kind: 'poll', polls: 2 }, createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` on b64a24a (path 848:0:0:1:3:3:3:5:7:3:5:5:0:6:2:2:…): the `Date` header 10 minutes
	// behind, a promotion made before activation and dated after that `Date` was taken for new when the sweep met it. The activation's whole
	// read now holds every promotion it meets.
	[
		'no event for a promotion that existed at activation: the `Date` header 10 minutes behind, facts dated up to 5 minutes before they can be read, 1,614 facts',
		{ dateHeader: 'skewed', dateSkewMs: -600_000, readLagMs: 300_000, futureFacts: 1, existing: 1614, promotions: true, seed: 142_564_948 },
		[{ kind: 'poll', polls: 2 }, { kind: 'future', count: 1, ahead: 'minutes' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=123457` on b64a24a: the checker's fault. Restarted twice from a format-3 state
	// before a poll, it padded the full cursor twice (144,000 bytes, more than any version stored), and the trigger rightly took it as unreadable.
	[
		'nothing lost: watching one scope, another client writing at every request, n8n restarted twice with a state of format 3 (full)',
		{ writeEvery: 1, scope: 'agent', seed: 241_358_593 },
		[{ kind: 'restart', older: 'format3-full' }, { kind: 'restart', older: 'format3-full' }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=555001` on c566dbd (path 867:1:1:1:1:1:1:2:1:3:2:1:1:1:3:3:3:3:8:7:5:5): past a batch
	// whose end the activation could not reach (a total capped at 100), the whole read, outlasting the activation poll, held no fact dated ahead and
	// proved nothing of them, so one made after it waited for the clock. It now holds those it meets, and ids decide after it.
	[
		'nothing lost after the activation\'s whole read: a batch of 859 and one fact dated decades ahead, a total capped at 100, then facts dated decades ahead',
		{ total: 'capped', existing: 859, batch: true, futureFacts: 1 },
		[{ kind: 'future', count: 1, ahead: 'decades' }, { kind: 'poll', polls: 4 }, { kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=747110961` on c566dbd (my regression from b64a24a): with no `Date`, a state an
	// older version wrote made the sweep that found the agent-sorted list out of order keep its cursor, instead of holding every creation it meets.
	[
		'no event for a fact that existed at activation: no `Date` header, a list sorted by agent (descending), a fact dated decades ahead, 595 facts, n8n restarted with a state of format 3 (full)',
		{ order: 'agent-desc-then-newest', dateHeader: 'absent', futureFacts: 1, existing: 595, dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format3-full' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=1` on b686dc0 (and so on 5a47a73): the checker's fault. A promotion made in the
	// second the activation began in, on a fact the activation poll did not read, is the documented limit (hostileCheck.ts, inActivationSecond).
	[
		'no event twice, nothing lost: promotions, facts dated up to 5 minutes before they can be read, pages of at most 20 to 49, 359 facts',
		{ pages: 'small-max', readLagMs: 300_000, existing: 359, promotions: true, seed: 1_131_724_743 },
		[{ kind: 'future', count: 1, ahead: 'minutes' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=1` on 409a589: a state an older version wrote does not say that the activation's
	// whole read holds promotions dated ahead; with the `Date` 10 minutes behind, one made before activation was reported once it passed. The
	// whole read after the restart holds them too.
	[
		'no event for a promotion that existed at activation: the `Date` header 10 minutes behind, n8n restarted with a state of format 3, 194 facts',
		{ pages: 'small-max', dateHeader: 'skewed', dateSkewMs: -600_000, readLagMs: 300_000, existing: 194, promotions: true, seed: 830_003_002 },
		[{ kind: 'restart', older: 'format3' }, { kind: 'poll', polls: 3 }, { kind: 'future', count: 1, ahead: 'minutes' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2027` on 04c858e: the checker's fault. Its format-3 state padded a cursor that a
	// format-2 restart had already filled (110,000 bytes, more than any version stored), so the trigger took a new baseline (now named in the log).
	[
		'nothing lost: lifetimes and promotions, n8n restarted with a state of format 2 (full), then with one of format 3 (full), a fact made',
		{ readLagMs: 60_000, existing: 700, lifetimes: true, promotions: true },
		[createOne(), { kind: 'restart', older: 'format2-full' }, { kind: 'poll', polls: 1 }, { kind: 'restart', older: 'format3-full' }, createOne(), { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=91919` on a49fa99: the checker's fault. With a scope filter the activation reads
	// the agent's whole list, not the scope's: its whole read took as many polls as that list needs, not the scope's.
	[
		'nothing lost after the activation\'s whole read: watching one scope, no `Date` header, a total capped at 100, another client writing at every 5th request, 1,010 facts',
		{ total: 'capped', dateHeader: 'absent', writeEvery: 5, existing: 1010, scope: 'agent', seed: 1_138_005_060 },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=31337` on a49fa99 (and so on 5a47a73): the checker's fault. It made a format-3
	// state of one whose window was read on the agent's whole list (a scope filter), which no older version wrote; it no longer does.
	[
		'no event for a fact that existed at activation: a list sorted by agent (descending) watched by scope, pages of at most 20 to 49, 1,024 facts, n8n restarted with a state of format 3',
		{ order: 'agent-desc-then-newest', pages: 'small-max', existing: 1024, scope: 'agent' },
		[{ kind: 'restart', older: 'format3' }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` and `FUZZ_SEED=38` on d955468: replicas whose `Date`s disagree by hours or
	// minutes, and a promotion made before activation reported once the sweep met it. `Date`s further apart than the poll took are no clock for
	// promotions: their cursor starts past the latest, and the activation's whole read holds those it meets.
	[
		'no event for a promotion that existed at activation: replicas 3 hours apart either way, 2,209 facts',
		{ dateHeader: 'replicas', dateSkewMs: 10_800_000, readLagMs: 1_000, existing: 2209, promotions: true, seed: 3 },
		[{ kind: 'future', count: 1, ahead: 'minutes' }, { kind: 'delete', count: 26, pick: 0 }, { kind: 'advance', minutes: 1 }],
	],
	[
		'no event for a promotion that existed at activation: replicas 10 minutes apart either way, a new order at every request, 470 facts',
		{ order: 'permutation', dateHeader: 'replicas', dateSkewMs: -600_000, readLagMs: 300_000, existing: 470, promotions: true, seed: 41_227_030 },
		[createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=555001` and `FUZZ_SEED=123457` on 055ab03 (and so on 5a47a73): the checker's
	// expectation was unfair. With a total capped at 100, the activation poll could not reach the list's end; a fact made at once after it, dated
	// in its last `Date` second, cannot be told from one that existed beyond the end it reached (hostileCheck.ts, windowUnproven).
	[
		'nothing lost after the activation\'s whole read: a total capped at 100, 1,016 facts, a fact made at once after activation, one deleted, then one made later',
		{ total: 'capped', existing: 1016 },
		[createOne(), { kind: 'delete', count: 1, pick: 0 }, { kind: 'poll', polls: 3 }, createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=747110961` on ea4fc40: with no fact dated within the list's clock, the activation's
	// whole read stored where it held from as -Infinity, which JSON writes as null; the next poll could not read the state back, learned the list
	// again, and reported a fact dated decades ahead that existed.
	[
		'no event for a fact that existed at activation: a new order at every request, 113 facts all dated decades ahead, a fact made',
		{ order: 'permutation', futureFacts: 113 },
		[createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2027` on ea4fc40 (5a47a73 passed it by chance): with no `Date`, the sweep that found
	// the agent-sorted list out of the order learned began a whole read from the start but kept the old read's `total`, so the pager took the facts
	// written since for growth at the list's start and skipped the first 107; the read counted as whole, and a fact it skipped was reported.
	[
		'no event for a fact that existed at activation: no `Date` header, a list sorted by agent (descending) watched by scope, a batch of 304 and a fact dated decades ahead, another client writing at every request',
		{ order: 'agent-desc-then-newest', dateHeader: 'absent', writeEvery: 1, futureFacts: 1, existing: 304, batch: true, scope: 'team' },
		[{ kind: 'create', count: 104, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=91919` on 16b0cec: the checker's fault. Where the end is hidden, the activation
	// poll spends its requests looking for it, so its whole read ends a poll later than the checker counted.
	[
		'nothing lost after the activation\'s whole read: no `Date` header, a total capped at 100, another client writing at every 5th request, 1,037 facts',
		{ total: 'capped', dateHeader: 'absent', writeEvery: 5, existing: 1037 },
		[{ kind: 'poll', polls: 2 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2027` on 92d2ea8 (and so on 5a47a73): a list of 6 facts in a new order per request,
	// its total over the count. The activation read it whole (its first page, and a last page ending there) but, joining the two on no common
	// fact, did not count it so; a fact dated decades ahead made later waited for the clock.
	[
		'nothing lost: a new order at every request, 6 facts, a total over the count, a fact dated decades ahead made after activation',
		{ order: 'permutation', total: 'over', existing: 6, seed: 872_321_519 },
		[{ kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=38` on b570847: replicas 10 minutes either side of the facts' clock, whose
	// first answers agreed, so the promotions' cursor started at the first `Date`, 10 minutes behind; the `Date`s that disagreed came later in
	// the activation poll. A promotion made half a minute before activation, which a list in a new order per request hid from that poll, was reported.
	[
		'no event for a fact that existed at activation: replicas 10 minutes apart that agree at first, a new order per request, 474 facts, promotions made before activation',
		{ order: 'permutation', dateHeader: 'replicas', dateSkewMs: -600_000, readLagMs: 300_000, existing: 474, promotions: true, seed: 47_116_518 },
		[createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=9001` on 5a777d0: pages always cut short of their limit (60 of 100) and a total
	// under the count. The first page, which that total called the last, was taken for the list's end; the fact after it, an hour old, was reported.
	[
		'no event for a fact that existed at activation: watching one agent, pages cut short of their limit, a total under the count, 523 facts',
		{ total: 'under', pages: 'short', lifetimes: true, existing: 523, agent: 'dep_alpha' },
		[{ kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=777` on b570847: the checker's fault. The `Date` 2 minutes behind the facts, a
	// promotion made half a minute before activation, on a fact the activation poll was not served, was met by the whole read once the `Date` had
	// passed its date: it cannot be told from one made after the activation poll and dated so (hostileCheck.ts, unseenPastDate; the docs say so).
	[
		'no event for a promotion that existed at activation unless met once the `Date` has passed it: the `Date` 2 minutes behind, facts dated up to a minute before they can be read, 1,607 facts',
		{ dateHeader: 'skewed', dateSkewMs: -120_000, readLagMs: 60_000, existing: 1607, promotions: true },
		[
			{ kind: 'create', count: 3, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 11_820 },
			{ kind: 'promote', count: 4, pick: 585_900_574 },
			{ kind: 'create', count: 1, agent: 0, tier: 0, scope: 1, sameDate: false, gapMs: 4_940 },
		],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=777` on bd14c69 (and so on 5a777d0): no `Date`, a batch of 860 whose end the
	// activation could not reach (a total capped at 100) and a fact dated decades ahead beyond it. The whole read met that fact after the
	// activation poll and, with no clock to call it ahead, reported it.
	[
		'no event for a fact that existed at activation: no `Date` header, a batch of 860, a total capped at 100, a fact dated decades ahead, a fact made',
		{ total: 'capped', dateHeader: 'absent', futureFacts: 1, existing: 860, batch: true },
		[createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=38` on bd14c69 (and so on 5a777d0): pages cut short of their limit (60 of 100),
	// a total capped at 100, facts deleted. A sweep's page joined from a step back and the answer before it (92 facts) was taken for the longest
	// page the server serves, so every later page of 60 looked like the list's end: the fast read and the sweep stopped there, and the newest of
	// 100 facts made later was never reported.
	[
		'nothing lost: watching one agent, pages cut short of their limit, a total capped at 100, 25 facts deleted, then 100 made',
		{ total: 'capped', pages: 'short', lifetimes: true, existing: 874, agent: 'dep_alpha' },
		[{ kind: 'poll', polls: 2 }, { kind: 'delete', count: 25, pick: 0 }, { kind: 'poll', polls: 1 }, { kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2027` on 6df64c2 (my regression from 64bab44, which read on past a first page of
	// two facts): another client writing at every request, facts dated up to a minute before they can be read. The activation's read of the
	// newest end came back out of order (facts dated back slipped in between its pages) and was taken for a window too large to read: the
	// cursor went past its newest date with no keys, and a fact made after activation, dated a minute back, was lost in silence.
	[
		'nothing lost: watching one agent, 3 facts, another client writing at every request, facts dated up to a minute before they can be read',
		{ readLagMs: 60_000, writeEvery: 1, existing: 3, agent: 'dep_bravo', promotions: true, seed: 731_033_439 },
		[createOne(1), { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` on 6df64c2 (my regression from c9c046a): no `Date`, a batch of 700, pages
	// cut short of their limit (60 of 100), an exact total. The last page aimed one past a page of the limit from the total came back full, so
	// the activation did not count the end read, and the whole read held the facts made after activation as existing. It now aims by a page as served.
	[
		'nothing lost: no `Date` header, a batch of 700, pages cut short of their limit, 100 facts made after activation',
		{ pages: 'short', dateHeader: 'absent', existing: 700, batch: true },
		[{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4404` and `=91919` on 10829d0 (my regression from c9c046a): no `Date`, a batch,
	// another client writing at every request. The activation poll's whole read reached the list's end but, the list moving under it, began
	// again; that read did not know the end was read, held every creation it met, and the facts made after activation were lost.
	[
		'nothing lost: no `Date` header, ties reordered at every write, a batch, a total under the count, another client writing at every request, 100 facts made',
		{ order: 'ties-reordered', total: 'under', dateHeader: 'absent', writeEvery: 1, existing: 2670, batch: true, lifetimes: true },
		[{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	[
		'nothing lost: no `Date` header, ties reordered at every write, watching one agent, a batch of 378, pages of at most 20 to 49, another client writing at every request',
		{ order: 'ties-reordered', pages: 'small-max', dateHeader: 'absent', writeEvery: 1, existing: 378, batch: true, agent: 'dep_zulu', seed: 23 },
		[createOne(2)],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=555001` on 10829d0 (my regression from 64bab44): an empty list, another client
	// writing at every request, facts dated up to a minute before they can be read. The page after the first was never empty, so the activation
	// never counted the list read whole; the read that followed, moved by the writes, left the cursor at the list's clock, and a fact made
	// after activation, dated a minute back, was refused. The page read on from the first page's last fact, shorter from there, now ends the list.
	[
		'nothing lost: an empty list, another client writing at every request, facts dated up to a minute before they can be read',
		{ readLagMs: 60_000, writeEvery: 1, seed: 13 },
		[createOne(), { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=91919` on 72c96de (5a777d0 passed it by the timing of its writes): newest first, a
	// total capped at 100, another client writing at every other request, 481 facts made at once dated as the newest at activation. The fast read
	// found a page of them all new and stopped (dated before its mark); the capped total hid the rest, so the sweep went at an idle poll's pace.
	[
		'every change reported within the delay the docs state: newest first, a total capped at 100, another client writing at every other request, 481 facts made in one batch',
		{ order: 'newest-first', total: 'capped', writeEvery: 2 },
		[{ kind: 'create', count: 481, agent: 0, tier: 0, scope: 0, sameDate: true, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=91919` on f0fe3ce (5a777d0 passed it by the timing of its writes): newest first, a
	// total capped at 100, another client writing at every other request, 478 facts made a millisecond apart, dated up to a minute before they
	// can be read. The fast read stopped at the first fact dated before its mark, itself new (dated back); the capped total hid the rest, and the
	// sweep went at an idle poll's pace. A fast read must now end on a fact it knows, else the whole list is read at the full share.
	[
		'every change reported within the delay the docs state: newest first, a total capped at 100, another client writing at every other request, facts dated up to a minute before they can be read, 478 made',
		{ order: 'newest-first', total: 'capped', readLagMs: 60_000, writeEvery: 2, seed: 1 },
		[{ kind: 'create', count: 478, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2027` on 10829d0 (5a777d0 fails it too): oldest first, pages of 20 to 49,
	// another client writing at every request, 11 facts dated decades ahead. The writes moved the list under the activation's read back from
	// the newest end, so its window was not read; but that read had found the end, from a fact not dated ahead, so every fact dated ahead that
	// existed was read. Only the last page's end counted: the whole read that followed held every fact dated ahead it met, the new one too.
	[
		'nothing lost: pages of 20 to 49, another client writing at every request, facts dated up to a minute before they can be read, 11 facts dated decades ahead, one more made after activation',
		{ pages: 'small-max', readLagMs: 60_000, writeEvery: 1, futureFacts: 11, existing: 2_701, promotions: true, seed: 2_000_622_150 },
		[{ kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found while testing the fix above (f3a7260, my regression): 150 facts dated decades ahead, more than the activation poll reads. Its last
	// page came back short, but every fact on it was dated ahead, so the facts dated ahead before it were never read; counting that page as the
	// end read, the whole read that followed did not hold them, and one was reported. That page proves the end only from a fact not dated ahead.
	[
		'no event for a fact that existed at activation: pages of 20 to 49, another client writing at every other request, 150 facts dated decades ahead, one fact made',
		{ pages: 'small-max', writeEvery: 2, futureFacts: 150, existing: 300, seed: 2_000_622_150 },
		[createOne()],
	],
	// Found by hand on f3a7260 (and so on b4b2265), from the scenario of seed 2027 above with a plain fact made after activation, and the
	// next in newest-first order: the class of seed 2027's. The fact made after activation, dated up to a minute back, was taken as existing.
	[
		'nothing lost: pages of 20 to 49, another client writing at every request, facts dated up to a minute before they can be read, 11 facts dated decades ahead, one fact made',
		{ pages: 'small-max', readLagMs: 60_000, writeEvery: 1, futureFacts: 11, existing: 2_701, promotions: true, seed: 2_000_622_150 },
		[createOne()],
	],
	// A fact written between two of the activation's pages from the newest end, dated across the fact they share, showed on the second: the
	// facts read, joined, were out of order, so that read proved no window, and the whole read that followed took the fact as existing. Each
	// page in order is the check now (pages overlap, so every two neighbours were read on one page).
	[
		'nothing lost: newest first, pages of 20 to 49, another client writing at every request, facts dated up to a minute before they can be read, 150 facts dated decades ahead, one fact made',
		{ order: 'newest-first', pages: 'small-max', readLagMs: 60_000, writeEvery: 1, futureFacts: 150, existing: 300, seed: 3 },
		[createOne(), { kind: 'future', count: 1, ahead: 'decades' }, createOne()],
	],
	// More facts dated ahead at the newest end than the activation poll reads past (150, pages of 20): the window is not read, so the list
	// has no provable order there (docs/polling-trigger.md, and the checker's `aheadHidesWindow`). Nothing is invented, and the facts made
	// after the whole read that follows are reported. On b4b2265 the fast read spent each poll's share reading back through the facts dated
	// ahead, the whole read never began, and a fact dated ahead made 13 polls later was held as existing. The fast read now waits for it.
	[
		'nothing invented, nothing lost after the whole read: more facts dated decades ahead than the activation poll reads past, another client writing at every request',
		{ pages: 'small-max', readLagMs: 60_000, writeEvery: 1, futureFacts: 150, existing: 300, seed: 2_000_622_150 },
		[createOne(), { kind: 'future', count: 1, ahead: 'decades' }, { kind: 'poll', polls: 12 }, createOne(), { kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=555001` on 4ab2f1f (my regression: the fast read waited for every holding
	// read): a list of 9 facts in a new order per request, watching one agent, another client writing at every fifth request. The read that
	// found the order learned at activation broken holds every creation it meets (the activation read no window to go back to); with the fast read
	// waiting for it, a fact another client wrote was held as existing. Only the activation's holding read by the list's clock has it wait.
	[
		'nothing lost: a new order per request, watching one agent, facts expiring, another client writing at every fifth request, a promotion',
		{ order: 'permutation', writeEvery: 5, existing: 9, lifetimes: true, agent: 'dep_zulu', seed: 1_670_704_610 },
		[{ kind: 'promote', count: 1, pick: 0 }, { kind: 'poll', polls: 1 }, { kind: 'poll', polls: 3 }, { kind: 'poll', polls: 2 }],
	],
	// Found by hand on 627a0fd (b4b2265 fails them too): an empty list, another client writing at every other request. The activation's first
	// page held the one fact written so far; the page read on from it can be no shorter than one fact, so the list's end was never proven, and
	// a fact made after activation, dated before the activation's `Date`, was taken as existing. After a page of one fact, an empty page past it
	// now ends the list, whatever its `total` says (one over the count called that page no end).
	[
		'nothing lost: an empty list, another client writing at every other request, facts dated up to a minute before they can be read, a promotion',
		{ readLagMs: 60_000, writeEvery: 2, dateSkewMs: 600_000, seed: 40 },
		[createOne(), { kind: 'future', count: 1, ahead: 'decades' }, { kind: 'poll', polls: 1 }, createOne(), { kind: 'promote', count: 1, pick: 0 }, { kind: 'poll', polls: 2 }, createOne()],
	],
	[
		'nothing lost: an empty list, a total over the count, replicas whose `Date` headers are 10 minutes either side, another client writing at every other request',
		{ total: 'over', dateHeader: 'replicas', dateSkewMs: 600_000, writeEvery: 2, seed: 30 },
		[createOne(), { kind: 'future', count: 1, ahead: 'decades' }, { kind: 'poll', polls: 1 }, createOne(), { kind: 'promote', count: 1, pick: 0 }, { kind: 'poll', polls: 2 }, createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000` on c94e07c, seeds 2026, 2027, 31337 and 777 (my regression: that commit probed every
	// first page shorter than its limit, whatever its `total` said): pages cut short of their limit, an exact total, a list in a new order per
	// request or ties reordered. The page read on from the first page's last fact, in another order, was shorter from where that fact landed,
	// and the list was taken as ended: facts that existed were reported. A page read on proves nothing of order; only the empty page does.
	[
		'no event for a fact that existed at activation: ties reordered at every write, pages cut short of their limit, a batch of 125, another client writing at every request',
		{ order: 'ties-reordered', pages: 'short', writeEvery: 1, existing: 125, batch: true },
		[createOne()],
	],
	[
		'no event for a fact that existed at activation: a new order per request, pages cut short of their limit, a batch of 208',
		{ order: 'permutation', pages: 'short', existing: 208, batch: true, seed: 772_219_153 },
		[createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4242` on b9290b4 (b4b2265 fails it too): the `Date` header 10 minutes behind the
	// facts' clock, so every fact is dated ahead of it, and an empty list at activation. Only trusted dates marked where the fast read stops,
	// so none did: every idle poll read the whole list (4 requests for 290 facts). Where ids decide creations, a fact dated up to a day ahead
	// of the list's `Date` now marks it too (a mark moves no cursor).
	['idle polls at most 3 requests: the `Date` header 10 minutes behind the facts, an empty list at activation, 290 facts made, oldest first', { dateHeader: 'skewed', dateSkewMs: -600_000 }, [createMany(286), createMany(4)]],
	['idle polls at most 3 requests: the `Date` header 10 minutes behind the facts, an empty list at activation, 290 facts made, newest first', { order: 'newest-first', dateHeader: 'skewed', dateSkewMs: -600_000 }, [createMany(286), createMany(4)]],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=31337` on 7cea8cb (b4b2265 fails it too): ties reordered at every write, a batch of
	// 92, another client writing at every request, the `Date` 10 minutes behind. The activation read the newest end from a fact not dated ahead,
	// so a fact dated ahead made later is told by its id once a read finds the list sorted by date; but every read had gaps (the ties moved
	// under it), and any gap ended the proof, so a fact made after activation, dated decades ahead, waited for the list's clock forever. A gap
	// where only ties can have been skipped (in a list sorted by date) no longer hides the order.
	[
		'nothing lost: ties reordered at every write, a total over the count, pages of 20 to 49, the `Date` 10 minutes behind, another client writing at every request, a batch of 92, a fact made after activation dated decades ahead',
		{ order: 'ties-reordered', total: 'over', pages: 'small-max', dateHeader: 'skewed', dateSkewMs: -600_000, writeEvery: 1, existing: 92, batch: true },
		[{ kind: 'future', count: 1, ahead: 'decades' }, { kind: 'delete', count: 1, pick: 1_800_468_968 }, createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=31337` on a078009 (b4b2265 fails it too), and by hand (newest first, by agent):
	// a `total` over the count, another client writing at every request. Another client's facts land before the last fact read (here one dated
	// decades ahead, at the end of a list sorted by date), pushing the offset on; a page shorter than asked ended the read only when it ended no
	// further on than the place, so the whole read chased the writes to its bound and ended with gaps, proving nothing: a fact made after
	// activation, dated decades ahead, waited for the list's clock forever. A short page that ends on its place is the end (resumablePager.ts).
	[
		'nothing lost: ties reordered at every write, a total over the count, pages of 20 to 49, the `Date` 10 minutes behind, another client writing at every request, a batch of 92, a fact dated decades ahead made after activation, then a poll and one fact',
		{ order: 'ties-reordered', total: 'over', pages: 'small-max', dateHeader: 'skewed', dateSkewMs: -600_000, writeEvery: 1, existing: 92, batch: true },
		[{ kind: 'future', count: 1, ahead: 'decades' }, { kind: 'poll', polls: 1 }, createOne()],
	],
	[
		'nothing lost: by agent then newest first, a total over the count, another client writing at every request, a fact dated decades ahead made after activation',
		{ order: 'agent-desc-then-newest', total: 'over', writeEvery: 1, existing: 277 },
		[createOne(), { kind: 'future', count: 1, ahead: 'decades' }, { kind: 'poll', polls: 3 }],
	],
	// Found by hand on d1165f1 (8ecf83c and b4b2265 fail it too): oldest first, another client writing at every request, facts dated up to a minute
	// before they can be read. Between the activation's first page and its last, a fact dated back landed before the fact they share; the order
	// was learned across the two pages joined, found none, and the whole read that followed (with gaps: facts expiring, more written) proved
	// nothing: a fact made after activation, dated decades ahead, waited for the list's clock forever. Pages that share a fact are now each
	// checked on their own (src/client/listEnd.ts, learnOrder), as the fast read checks its pages.
	[
		'nothing lost: oldest first, a total over the count, another client writing at every request, facts dated up to a minute before they can be read, facts expiring, a fact dated decades ahead made after activation',
		{ total: 'over', readLagMs: 56_000, writeEvery: 1, existing: 6, lifetimes: true },
		[{ kind: 'poll', polls: 1 }, { kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=31337` on d1165f1 (b4b2265 fails it too): ties reordered at every write, a batch of
	// 113, pages of 28 (one anchor each), another client writing at every request. Between two pages of the activation's whole read the ties
	// moved: facts crossed the one anchor, which was found again in one run, so the read ended without a gap, took the batch as held, and
	// moved the cursor back to the window: a fact of the batch it never read was reported as created. Oldest first, a fact before the place
	// sharing its date that is no anchor is now a gap.
	[
		'no event for a fact that existed at activation: ties reordered at every write, a total over the count, pages of 20 to 49, the `Date` 10 minutes behind, another client writing at every request, a batch of 113',
		{ order: 'ties-reordered', total: 'over', pages: 'small-max', dateHeader: 'skewed', dateSkewMs: -600_000, writeEvery: 1, existing: 113, batch: true },
		[{ kind: 'promote', count: 1, pick: 0 }, { kind: 'delete', count: 1, pick: 0 }, createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=202` on d1165f1 (8ecf83c fails it too): sorted by agent, then oldest first; the
	// two ends the activation read rose, so it learned oldest first and read its window at the end. A fact dated decades ahead sat at the end of
	// another agent's block, in the middle, never read. A later fast read met it on a page out of order, judged it by id before giving up the
	// order, and reported it as created. Now a page out of order that shows a fact dated ahead the trigger does not know, before a whole read has
	// confirmed the order, ends that window first (orderBroken), as the sweep does when it meets a break.
	[
		'no event for a fact that existed at activation: sorted by agent then oldest first, a total over the count, a fact dated decades ahead in the middle, 100 facts made',
		{ order: 'agent-then-oldest', total: 'over', dateSkewMs: -600_000, futureFacts: 1, existing: 417, seed: 602_429_281 },
		[createMany(100)],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=202` on eb116c5 (my regression: f60770e made ties crossing the place a gap):
	// ties reordered at every write, a batch of 700, pages with duplicates, another client writing at every other request, 100 facts made
	// with one date. Every whole read now had gaps at the ties, so none confirmed the order learned at activation, and a new fact the sweep
	// met away from the newest end waited for that confirmation forever. Gaps only at ties (the order checked across them) confirm it now;
	// only a read without gaps moves the cursors.
	[
		'nothing lost: ties reordered at every write, pages with duplicates, another client writing at every other request, a batch of 700, 100 facts made with one date',
		{ order: 'ties-reordered', pages: 'duplicates', dateSkewMs: -600_000, writeEvery: 2, existing: 700, batch: true },
		[{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: true, gapMs: 1 }, { kind: 'poll', polls: 1 }, { kind: 'delete', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000` on d2e9c58, seeds 404, 505, 606 and 808 (my regression: eb116c5 kept the order learned
	// after a fast read found a page out of order, so the sweep then found the window broken even where the activation had read the whole list,
	// and a fact made after activation, dated ahead, waited for the list's clock). Only a window no whole read confirmed is ended so now.
	[
		'nothing lost: sorted by agent then newest first, 2 facts made and 39 deleted, a fact dated decades ahead made after activation, a promotion',
		{ order: 'agent-desc-then-newest', dateSkewMs: -600_000, existing: 40 },
		[createMany(2), { kind: 'delete', count: 39, pick: 0 }, { kind: 'poll', polls: 1 }, { kind: 'future', count: 1, ahead: 'decades' }, { kind: 'promote', count: 1, pick: 0 }],
	],
	[
		'nothing lost: sorted by agent then newest first, pages with duplicates, another client writing at every other request, watching one scope, a fact dated minutes ahead',
		{ order: 'agent-desc-then-newest', pages: 'duplicates', dateSkewMs: -600_000, writeEvery: 2, existing: 97, scope: 'agent' },
		[{ kind: 'poll', polls: 1 }, { kind: 'poll', polls: 1 }, { kind: 'future', count: 1, ahead: 'minutes' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=101` on d1165f1 (and so on 8ecf83c), shrunk, then spread so it fails at any
	// millisecond: after a restart from a format-3 state, the list sorted by agent broke the order its window stood on, and creations went to a
	// minute before the first poll's `Date`, so the facts made between the restart and then were never reported. They go to that version's last
	// `Date` now (the facts it could have met are dated before it, as at activation), or a minute before the first poll, whichever is earlier.
	[
		'nothing lost: sorted by agent then newest first, 700 facts, n8n restarted with a state of format 3 (full), ten facts made over the next 90 seconds',
		{ order: 'agent-desc-then-newest', existing: 700 },
		[{ kind: 'restart', older: 'format3-full' }, { kind: 'create', count: 10, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 10_000 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000` on d2e9c58 and c920a4d, seeds 707 and 808 (and so on 8ecf83c), then made later by hand: the
	// list's two ends looked oldest first, the sweep found the order broken, and creations went to the list's clock at activation with nothing
	// holding the facts dated ahead that the window never read; so every fact dated ahead waited for the clock, and one dated decades ahead, made
	// long after, was never reported. The read after the break now holds what it meets dated ahead, as an activation's in no provable order does.
	[
		'nothing lost: sorted by agent then oldest first, 700 facts, a fact dated decades ahead made five polls after activation',
		{ order: 'agent-then-oldest', existing: 700 },
		[{ kind: 'poll', polls: 5 }, { kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=404` on c920a4d (and so on 8ecf83c), shrunk: with no `Date`, the activation's
	// whole read holds every promotion it meets, but when it began again after gaps (a new order per request) the read begun again held only
	// creations, and a promotion made before activation that the first pass had not met was reported. The read begun again holds promotions too.
	[
		'no event for a fact that existed at activation: no `Date` header, a new order per request, 581 facts, watching one agent and promotions, a fact promoted',
		{ order: 'permutation', dateHeader: 'absent', dateSkewMs: -600_000, readLagMs: 60_000, futureFacts: 1, existing: 581, agent: 'dep_alpha', promotions: true, seed: 1_518_330_544 },
		[{ kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=202` on d2e9c58 (and so on 8ecf83c), shrunk: the activation read both ends of a
	// batch, but its read had gaps (another client writing), and the read after it, past the activation's second, found no order in the dates;
	// the next whole read found the list sorted by date, which proves the facts dated ahead (they sit at the end the activation read), but only
	// the read after the activation was asked. A fact dated decades ahead made after it waited for the clock. The first read that finds the order proves them now.
	[
		'nothing lost: ties reordered at every write, a total capped at 100, pages cut short, another client writing at every fifth request, a batch of 700 and a fact dated decades ahead, one more made after two polls',
		{ order: 'ties-reordered', total: 'capped', pages: 'small-max', dateSkewMs: -600_000, writeEvery: 5, futureFacts: 1, existing: 700, batch: true, limit: 600 },
		[{ kind: 'poll', polls: 1 }, { kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=5252` on 8a02b57 (and so on 8ecf83c), shrunk: a new order per request and replicas
	// whose `Date`s are 3 hours either side; the creations' cursor started at the first `Date` the activation named (3 hours back), and a fact of
	// the last 3 hours that the activation's whole read skipped (gaps) was reported once met. Such creations start past the latest `Date` now.
	[
		'no event for a fact that existed at activation: a new order at every request, replicas whose `Date` headers are 3 hours either side, another client writing at every request, 700 facts, 100 created',
		{ order: 'permutation', dateHeader: 'replicas', dateSkewMs: 10_800_000, writeEvery: 1, existing: 700, seed: 642_535_471 },
		[createMany(100)],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=5151` on 8a02b57 (and so on 8ecf83c), shrunk, then grown so the whole read spans one
	// more poll (it failed at some milliseconds only): the activation's whole read of a list in no order ended by moving creations to a minute before
	// the newest fact it had read, so a fact another client wrote during it, at a place the read had passed, dated more than a minute before a fact
	// it read later, was never reported. That read never moves the cursor on now (only back, to its window).
	[
		'nothing lost: sorted by agent then newest first, another client writing at every request, facts dated up to a second before they can be read, 2,000 facts made at once after activation',
		{ order: 'agent-desc-then-newest', readLagMs: 1_000, writeEvery: 1, existing: 271 },
		[
			{ kind: 'create', count: 128, agent: 2, tier: 0, scope: 0, sameDate: false, gapMs: 1 },
			{ kind: 'create', count: 1_900, agent: 2, tier: 0, scope: 0, sameDate: true, gapMs: 1 },
			{ kind: 'create', count: 5, agent: 1, tier: 0, scope: 0, sameDate: false, gapMs: 107 },
			{ kind: 'poll', polls: 2 },
			createMany(2),
		],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=1313` on 0181ae0 (and so on 8ecf83c), shrunk: the list's two ends looked oldest first,
	// so the activation read a window at its end; facts made in the first agent's section then pushed a page out of order into the fast read, which
	// gave the order up but kept the window (c920a4d ended it only for a page showing a fact dated ahead), and a fact of the first agent that
	// existed, dated within that window, was reported once a whole read met it. A page out of order ends a window no whole read confirmed now.
	[
		'no event for a fact that existed at activation: sorted by agent then oldest first, 700 facts, 159 made in the first agent\'s section',
		{ order: 'agent-then-oldest', existing: 700 },
		[createMany(156), createMany(3), { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=1313` on 722b404 (and so on 8ecf83c), shrunk: with no `Date`, the activation's whole read
	// holds every promotion it meets, but the fast read met a promotion made before activation first, and reported it. The fast read holds it too now.
	[
		'no event for a promotion made before activation: no `Date` header, sorted by agent then oldest first, facts dated up to 5 minutes before they can be read, 159 facts made',
		{ order: 'agent-then-oldest', dateHeader: 'absent', readLagMs: 300_000, existing: 700, promotions: true, seed: 6 },
		[createMany(156), createMany(3, 1), { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2222` on 8f3b89e (and so on 165c965): the server's clock runs faster than n8n's
	// (each answer takes 400 ms of it), so the `Date`s of one poll lie further apart than the poll took, as replicas' do. The whole read after a
	// restart from an earlier version's state then held every promotion it met, as the activation's does where no clock tells when one was made;
	// but there the stored keys decide, and a promotion made after the restart was held as existing: lost. It holds only those dated ahead.
	[
		'nothing lost: promotions made after n8n restarted with a state of format 3, the server\'s clock running faster than n8n\'s, 700 facts',
		{ requestMs: 400, existing: 700, promotions: true, seed: 1 },
		[{ kind: 'restart', older: 'format3' }, { kind: 'promote', count: 2, pick: 430 }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2121` on 8f3b89e (and so on 165c965): newest first, ties in an order that moves
	// at every write (here by a rotation, which keeps the anchors in one run), 100 facts made with one date. A whole read's place fell among them,
	// another client's write rotated the ties between two pages, and a fact of that date moved from behind the place to before it unread: no
	// anchor was missing, so the read ended without gaps and moved the creations' cursor past that date. A tied place holds it at that date.
	[
		'nothing lost: newest first, ties reordered at every write, another client writing at every other request, watching one tier, n8n restarted with a state of format 3 (full), 100 facts made with one date',
		{ order: 'ties-reordered-newest', writeEvery: 2, futureFacts: 1, existing: 700, tier: 'L3' },
		[{ kind: 'restart', older: 'format3-full' }, { kind: 'create', count: 100, agent: 0, tier: 2, scope: 0, sameDate: true, gapMs: 1 }, { kind: 'poll', polls: 2 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=5454` on 71d2450 (and so on 165c965): the `Date` 2 minutes behind the facts, two
	// promotions made in the half minute before activation, a batch in ties reordered at every write. At the list's end the activation's whole
	// read found its anchors nowhere, even a page back: the pager kept the first answer and dropped the page it looked back at, which held a
	// promotion dated ahead of the `Date`. Never held, it was reported once the `Date` passed it. Every item served to that read is held now.
	[
		'no event for a promotion made before activation: the `Date` 2 minutes behind, newest first, ties reordered at every write, pages cut short, another client writing at every request, a batch of 1,696',
		{ order: 'ties-reordered-newest', pages: 'short', dateHeader: 'skewed', dateSkewMs: -120_000, readLagMs: 300_000, writeEvery: 1, existing: 1696, batch: true, limit: 120, promotions: true, seed: 2 },
		[{ kind: 'poll', polls: 1 }, { kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=1313` on 71d2450 (and so on 165c965): replicas whose `Date`s are 10 minutes either
	// side of the facts, a batch of 1,905 (one date: no order to learn at activation). The whole read that holds what existed, past the activation
	// poll, met a fact made after activation while a replica 10 minutes behind answered: its `Date`, before the activation's, looked like the
	// activation's second still, and the fact, dated ahead of it, was held as existing. A `Date` before the activation's is another clock.
	[
		'nothing lost: replicas whose `Date`s are 10 minutes either side, a batch of 1,905, facts made and deleted during the activation\'s whole read',
		{ dateHeader: 'replicas', dateSkewMs: -600_000, existing: 1905, batch: true },
		[createMany(2), { kind: 'delete', count: 5, pick: 0 }, createMany(4)],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=1313` on 6287ca7 (and so on 154f889): each answer takes 400 ms of the server's
	// clock while n8n's stands, so the activation's `Date`s lie further apart than its poll took, as replicas' do. In a list with no order to
	// learn at activation that sent the creations' cursor past the latest `Date`, and a fact made at once after activation was lost. Past a
	// batch (the activation read both ends at one date) the cursor stood on the batch, not on any `Date`, and no `Date` moves it now.
	[
		'nothing lost: a batch of 860, the server\'s clock running faster than n8n\'s, a fact made at once after activation',
		{ requestMs: 400, existing: 860, batch: true },
		[createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2121` on 6287ca7 (and so on 154f889): as the 2121 case above, 801 facts made with one
	// date, and 60 facts dated ahead at the newest end, which take an idle poll's fast read two requests: no page is left for the sweep. The whole
	// read that followed the burst skipped a fact of that date at a tied place; holding the cursor there was not enough, as no read came again.
	// The read that follows a whole read that held the cursors back reads a page a poll at least, whatever the fast read spent.
	[
		'nothing lost: newest first, ties reordered at every write, pages cut short, another client writing at every other request, 60 facts dated ahead, 801 facts made with one date',
		{ order: 'ties-reordered-newest', pages: 'short', writeEvery: 2, futureFacts: 60, existing: 700 },
		[{ kind: 'create', count: 801, agent: 0, tier: 0, scope: 0, sameDate: true, gapMs: 1 }, { kind: 'poll', polls: 3 }, { kind: 'poll', polls: 2 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2121` on d6a4f78 (and so on 154f889): a new order per request, watching one agent whose
	// 52 facts share one date, pages of 20 to 49 (one anchor each). The activation's whole read found its one anchor in the second page, elsewhere
	// than it had left it: in a list of no known order, at a place tied with its neighbours, that is a reorder, but no anchor was missing, so the
	// read ended without gaps, proved a window, and the facts it never read were reported. Such a page is a gap now.
	[
		'no event for a fact that existed at activation: a new order per request, watching one agent, 52 facts of one date, pages of 20 to 49, facts expiring, the `Date` 10 minutes behind, another client writing at every other request',
		{ order: 'permutation', pages: 'small-max', dateHeader: 'skewed', dateSkewMs: -600_000, writeEvery: 2, existing: 591, batch: true, lifetimes: true, agent: 'dep_zulu', seed: 34_911_491 },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2121` on 969b131: my regression (8e4bd74). Pages that start a few facts early
	// (rows shifted by writes) find all five anchors in one run elsewhere than the read left them; in a batch (no known order, every place tied)
	// 8e4bd74 took each such page for a gap, the activation's whole read never ended without one, and a fact dated decades ahead made after
	// activation waited for the clock. Only a place marked by one anchor, which a new order cannot split, is a gap for that.
	[
		'nothing lost: a batch of 100, pages that start a few facts early, a fact dated decades ahead made after activation',
		{ pages: 'duplicates', existing: 100, batch: true },
		[{ kind: 'future', count: 1, ahead: 'decades' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=3030` on 685483b (and so on 154f889): as the 52 facts above, but dated apart, so the
	// place its one anchor marked (found at the end of the last page, elsewhere than the read left it) was tied with nothing; 8e4bd74 asked for a
	// tie. Facts dated decades ahead that the read never met were reported. Any such place is a gap in a list of no known order now.
	[
		'no event for a fact that existed at activation: a new order per request, watching one agent, pages of 20 to 49, 28 facts dated decades ahead, facts expiring, 100 facts made',
		{ order: 'permutation', pages: 'small-max', futureFacts: 28, existing: 80, lifetimes: true, agent: 'dep_bravo', seed: 1_243_578_787 },
		[createMany(100)],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=2929` on 685483b (and so on 154f889): sorted by agent first, watching one scope, a batch
	// of 1,289 and a fact dated decades ahead in another agent's section. The activation read the ends of the agent's whole list (the filter's
	// rule), where that fact does not sit; the first whole read of the filtered list found it sorted by date and took that for the proof the
	// activation's ends promised (`endsRead`), and the fact, which existed, was reported. The ends read were the other list's: they prove nothing now.
	[
		'no event for a fact that existed at activation: sorted by agent then oldest first, watching one scope, a batch of 1,289, a fact dated decades ahead in another agent\'s section',
		{ order: 'agent-then-oldest', futureFacts: 1, existing: 1289, batch: true, scope: 'team' },
		[createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=3030` on 4bab088 (and so on 154f889): sorted by agent (descending) then newest first,
	// watching one scope. The activation's whole read of the agent's list ended, proving its window, but kept no clock at activation; a later read
	// found the order broken and, with no clock, held every creation it met as existing, as with no `Date`: a fact made after activation and not
	// reported yet (1,146 made at once, more than a poll hands over) was lost. The read's clock at activation is kept for that now.
	[
		'nothing lost: sorted by agent (descending) then newest first, watching one scope, facts expiring, 1,146 facts made for another agent after activation, then one dated minutes ahead',
		{ order: 'agent-desc-then-newest', existing: 700, lifetimes: true, scope: 'agent' },
		[{ kind: 'poll', polls: 1 }, createMany(1146, 1), { kind: 'future', count: 1, ahead: 'minutes' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=3434` on 95f31f5 (and so on 154f889): no `Date` header, facts dated up to 5 minutes before
	// they can be read, two promotions made in the half minute before activation, 891 facts (the activation's whole read takes two polls). A
	// restart from a format-3 state between them: the read after it held only promotions dated ahead of the `Date`, and with none named, none.
	// A promotion the activation had not yet read, dated after the newest date it had, was reported. With no `Date`, that read holds every
	// promotion it meets, as the activation's does.
	[
		'no event for a promotion made before activation: no `Date` header, facts dated up to 5 minutes before they can be read, a restart from a format-3 state during the activation\'s whole read',
		{ dateHeader: 'absent', readLagMs: 300_000, existing: 891, promotions: true, seed: 519_256_017 },
		[{ kind: 'restart', older: 'format3' }, createOne()],
	],
	// The same, the format-3 state's keys full (72,000 bytes at one date, as that version could store): the read held a promotion only while the
	// keys were fewer than 3,000, the count that fits when each has its own date. It counts their bytes now.
	[
		'no event for a promotion made before activation: no `Date` header, facts dated up to 5 minutes before they can be read, a restart from a full format-3 state during the activation\'s whole read',
		{ dateHeader: 'absent', readLagMs: 300_000, existing: 891, promotions: true, seed: 519_256_017 },
		[{ kind: 'restart', older: 'format3-full' }, createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=3737` on ad38702 (and so on 154f889): newest first, ties that change order at every
	// write by a rotation, a batch of 700 (one date), a `total` capped at 100 (it shows no growth), another client writing at every fifth request.
	// The activation poll read from the newest end down past the window; between two pages a rotation moved a fact of the batch from behind the
	// place to before it, unread, and the next page still held the fact the last ended on (one run of anchors, found elsewhere): the window was
	// taken as read, and the fact, which existed, was reported. A page that finds that fact elsewhere than asked, tied with the one before, moved.
	[
		'no event for a fact that existed at activation: newest first, ties reordered at every write, a batch of 700, a `total` capped at 100, another client writing at every fifth request, a fact dated decades ahead',
		{ order: 'ties-reordered-newest', total: 'capped', writeEvery: 5, futureFacts: 1, existing: 700, batch: true },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4646` on 018902c (and so on 154f889): oldest first, replicas whose `Date`s lie 10
	// minutes either side of the facts, a fact dated minutes ahead made after activation. Under the replica ahead that fact looked real, moved the
	// window past the real facts, and one made next was refused. A poll whose first `Date` was the later one did not even see them disagree (it
	// compared the latest with the first, not the earliest). Facts now move the window only up to the `Date` less how far its `Date`s ever disagreed.
	[
		'nothing lost: oldest first, replicas whose `Date` headers are 10 minutes either side, a fact dated minutes ahead made after activation, then one made',
		{ dateHeader: 'replicas', dateSkewMs: -600_000, existing: 2, promotions: true, seed: 83_913_830 },
		[{ kind: 'future', count: 1, ahead: 'minutes' }, { kind: 'poll', polls: 1 }, createOne()],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=4141` on 018902c (and so on 154f889): newest first, ties reordered at every write,
	// a batch of 700, another client writing at every other request, the `Date` 10 minutes behind. The whole read that holds what existed found
	// its place among the batch elsewhere than it had left it, with every anchor there in one run: a rotation had moved a fact of the batch from
	// behind the place to before it, unread. The read ended without gaps, proved a window, and that fact, which existed, was reported. In the read
	// that holds what existed, a tied place found elsewhere is a gap now. (Seed 3737 found the same on 018902c, where the activation's read of
	// the newest end, which now counts such a page as moved, had left a window to that read.)
	[
		'no event for a fact that existed at activation: newest first, ties reordered at every write, a batch of 700, another client writing at every other request, the `Date` 10 minutes behind',
		{ order: 'ties-reordered-newest', dateHeader: 'skewed', dateSkewMs: -600_000, writeEvery: 2, existing: 700, batch: true },
		[{ kind: 'poll', polls: 1 }],
	],
	[
		'no event for a fact that existed at activation: newest first, ties reordered at every write, watching one agent, a batch of 2,624, 17 facts dated decades ahead, another client writing at every fifth request, one promoted',
		{ order: 'ties-reordered-newest', writeEvery: 5, futureFacts: 17, existing: 2624, batch: true, agent: 'dep_bravo', seed: 1_538_127_535 },
		[{ kind: 'promote', count: 1, pick: 0 }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=5959` on ef9a807: my regression (a66583b). Oldest first, a batch of 16 watched in one
	// scope, pages that start a few facts early with no write between them. a66583b took every tied place found elsewhere in the read that holds
	// what existed for a gap, so that read never proved its window, and a fact dated decades ahead made after activation waited for the clock,
	// never reported. A place moved while the list's total stood still is a page begun early, not a reorder (a reorder comes with writes).
	[
		'nothing lost: oldest first, a batch watched in one scope, pages that start a few facts early, a fact dated decades ahead made after activation',
		{ total: 'over', pages: 'duplicates', futureFacts: 1, existing: 16, batch: true, scope: 'agent', agent: 'dep_alpha' },
		[{ kind: 'poll', polls: 2 }, { kind: 'future', count: 1, ahead: 'decades' }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=5555` on a66583b (and so on 154f889): oldest first, 120 facts dated apart, a
	// `total` of 76, pages that start a few facts early. The activation's read of the newest end aimed at offset 1 (from that `total`): begun
	// early, that page was cut short at the list's start, ended before the first page's last fact, and was taken for the list's end. The window
	// stood on the wrong end, and an existing fact past it was reported. An end the first page showed facts after is none now: a whole read follows.
	[
		'no event for a fact that existed at activation: oldest first, 120 facts, a total under the count, pages that start a few facts early, 100 created',
		{ total: 'under', pages: 'duplicates', existing: 120, seed: 2_147_483_629 },
		[{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=6666` on 689909a (and so on 154f889): a new order per request, pages cut short,
	// watching one agent (71 of 211 facts), one dated decades ahead. The activation's whole read found one of the five facts it had read last at
	// its next page's start and not the two that came after it: the pager takes such a page for one begun late (deletions behind the place), so
	// no gap was seen, the read proved a window, and a fact it never read was reported. In a list of no known order, fewer found than kept is a gap.
	[
		'no event for a fact that existed at activation: a new order per request, pages cut short, watching one agent, one fact dated decades ahead, one created',
		{ order: 'permutation', pages: 'short', futureFacts: 1, existing: 211, agent: 'dep_alpha', seed: 1_174_046_807 },
		[{ kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=5656` on a66583b (and so on 154f889): sorted by agent first, 32 facts and 84
	// dated ahead, pages of at most 20 to 49, a `total` over the count, a server whose clock moves on 400 ms with each answer (its `Date`s
	// then lie further apart than the poll took, as replicas' do). The activation's whole read held the facts of its window, and the end of the
	// activation poll moved the creations' cursor past its latest `Date` (no clock for a list of no provable order) and let go of those keys.
	// That read, ending, brought the cursor back to its window, and an existing fact there was reported. That move keeps them now.
	[
		'no event for a fact that existed at activation: sorted by agent first, 84 facts dated ahead, small pages, a total over the count, a server clock moving 400 ms an answer',
		{ order: 'agent-then-oldest', total: 'over', pages: 'small-max', requestMs: 400, futureFacts: 84, existing: 32, seed: 2_147_483_646 },
		[{ kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=6161` on dc00d5e (and so on 688a3c0): no `Date` header, ties reordered at
	// every write, pages cut short, a batch of 279, another client writing at every request, promotions watched. The activation's window was read
	// at the newest end; its whole read, which holds every promotion it meets (no `Date`: nothing tells when one was made), skipped one among
	// the reordered ties (its gaps said so), ended, and that promotion, made before activation, was reported. That read begins again after gaps.
	[
		'no event for a fact that existed at activation: no `Date` header, ties reordered at every write, a batch of 279, another client writing at every request, a promotion made before activation',
		{ order: 'ties-reordered', pages: 'short', dateHeader: 'absent', readLagMs: 300_000, writeEvery: 1, existing: 279, batch: true, promotions: true, seed: 934_234_739 },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=5555` on dc00d5e, a case the checker did not foresee (hostileCheck.ts): with
	// durable cursors, n8n restarted before the first tick, which then took a new baseline: that is the activation, and the checker now counts
	// its bounds from there (here: replicas 10 minutes apart, pages moved under that baseline's read, so creations are not promised).
	[
		'nothing invented, and what is promised reported: durable cursors, a restart before the first tick (a new baseline), replicas 10 minutes apart, newest first with ties reordered',
		{ order: 'ties-reordered-newest', dateHeader: 'replicas', dateSkewMs: -600_000, writeEvery: 2, scheduler: 'durable-cursors' },
		[{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: true, gapMs: 1 }, { kind: 'restart', older: 'none' }, { kind: 'poll', polls: 2 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=7171` on 646eab8 (and so on 688a3c0): no `Date` header, ties reordered at
	// every write, a `total` capped at 100, a batch of 700, another client writing at every request, promotions watched. Each page of the
	// activation's whole read found its place among the batch some 30 facts on from where it left it, every anchor in one run: a rotation had
	// moved unread facts before it. The capped `total` stood still, so each was taken for a page begun early; the read ended without gaps and a
	// promotion it never met, made before activation, was reported. A page begun early moves the place on by no more than the facts it overlaps.
	[
		'no event for a fact that existed at activation: no `Date` header, ties reordered at every write, a total capped at 100, a batch of 700, another client writing at every request, a promotion made before activation',
		{ order: 'ties-reordered', total: 'capped', dateHeader: 'absent', readLagMs: 60_000, writeEvery: 1, futureFacts: 1, existing: 700, batch: true, promotions: true, seed: 23_934_394 },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=5555` on 40cfe04: my regression (820381e, which read on from a full last page
	// past a batch to the list's end; taken back). Ties reordered at every write, pages cut short, replicas 10 minutes apart, a batch of 355
	// watched for one agent, another client writing at every request. That read on met facts written meanwhile and held them with the batch:
	// the facts read no longer had one date, the batch was taken for a list of no provable order, the creations' cursor went past the replica
	// ahead, and a fact made next was never reported.
	[
		'nothing lost: ties reordered at every write, pages cut short, replicas 10 minutes apart, a batch watched for one agent, another client writing at every request',
		{ order: 'ties-reordered', pages: 'short', dateHeader: 'replicas', dateSkewMs: -600_000, writeEvery: 1, existing: 355, batch: true, agent: 'dep_alpha', seed: 1_127_720_891 },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=7373` on 40cfe04: the same regression (820381e, taken back).
	// Oldest first, pages that start a few facts early, replicas 10 minutes apart, a batch of 1,796 watched for one agent, another client
	// writing at every request: a fact made after the activation poll was never reported.
	[
		'nothing lost: oldest first, pages that start a few facts early, replicas 10 minutes apart, a batch of 1,796 watched for one agent, another client writing at every request',
		{ pages: 'duplicates', dateHeader: 'replicas', dateSkewMs: -600_000, readLagMs: 60_000, writeEvery: 1, futureFacts: 1, existing: 1796, batch: true, agent: 'dep_zulu', promotions: true },
		[{ kind: 'poll', polls: 1 }, { kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=7272` on 40cfe04, a case the checker did not foresee (hostileCheck.ts): where
	// `Date`s disagree, the activation's whole read holds every promotion it meets, and since 646eab8 it begins again after gaps, which another
	// client's writes make among reordered ties: a promotion made while it goes on is taken as existing (the docs' choice for that read).
	[
		'nothing invented, and what is promised reported: ties reordered at every write, a server clock moving 400 ms an answer, a batch of 700, another client writing at every fifth request, a promotion after the activation',
		{ order: 'ties-reordered', writeEvery: 5, requestMs: 400, futureFacts: 1, existing: 700, batch: true, promotions: true },
		[{ kind: 'poll', polls: 1 }, { kind: 'promote', count: 1, pick: 1_679_871_987 }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=7878` on 20e4ede: the same read on (820381e, as narrowed in 1f8efb7; taken back).
	// Oldest first, a `total` capped at 100, a batch of 700 and one fact dated ahead, another client writing at every other request: a fact
	// dated minutes ahead made after the activation poll was never reported.
	[
		'nothing lost: oldest first, a total capped at 100, a batch of 700 and one fact dated ahead, another client writing at every other request, a fact dated minutes ahead made after activation',
		{ total: 'capped', writeEvery: 2, futureFacts: 1, existing: 700, batch: true },
		[{ kind: 'future', count: 1, ahead: 'minutes' }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=7171` on 40cfe04 (and so on 688a3c0): oldest first, the `Date` 10 minutes
	// ahead of the facts' clock, facts dated up to a minute before they can be read, another client writing at every fifth request. A fact
	// dated 3 minutes ahead, made after three polls, looked real under that `Date` and moved the window at the next whole read (to the newest
	// date less 61 s): a fact made next, dated before it, was refused. The same answers come from a `Date` 7 minutes ahead and a fact made
	// at once, so no reading of the `Date` tells them apart; the window now moves only as far as the keys' budget needs (judge.ts, keptFrom).
	[
		'nothing lost: oldest first, the Date 10 minutes ahead of the facts, facts dated up to a minute before they can be read, a fact dated minutes ahead made after activation, another client writing at every fifth request',
		{ dateHeader: 'skewed', dateSkewMs: 600_000, readLagMs: 60_000, writeEvery: 5, existing: 8, seed: 457_667_992 },
		[{ kind: 'poll', polls: 3 }, { kind: 'future', count: 1, ahead: 'minutes' }, { kind: 'poll', polls: 2 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=8484` on c851a9d (and on 688a3c0): no `Date` header, sorted by agent
	// (descending) then newest first, a batch of 1,200 (300 left once lifetimes end) and a fact dated decades ahead in another scope, one
	// scope watched. The activation poll read the agent's whole list, held what it met within the filter only, and ended that read; the fact
	// dated ahead, promoted into the scope watched, was then reported as created. What the activation poll meets outside the filters is held.
	[
		'no event for a fact that existed at activation: no `Date` header, sorted by agent (descending) then newest first, facts expiring, one scope watched, a fact dated decades ahead in another scope promoted into it',
		{ order: 'agent-desc-then-newest', dateHeader: 'absent', dateSkewMs: -600_000, futureFacts: 1, existing: 1200, batch: true, lifetimes: true, scope: 'agent', seed: 269_203_012 },
		[{ kind: 'promote', count: 1, pick: 0 }, { kind: 'delete', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=8686` on ae3dbc4 (and on 688a3c0): no `Date` header, newest first, ties
	// reordered at every write, a batch of 637, another client writing at every other request, promotions made just before activation. The
	// activation's whole read holds every promotion it meets (no `Date`); a rotation of the ties moved one past its place unread, and only the
	// read holding creations took a tied place moved by other than the `total` changed for a gap: that read ended, and the promotion was
	// reported. The read holding every promotion takes it for a gap too, and begins again.
	[
		'no event for a promotion made before activation: no `Date` header, newest first, ties reordered at every write, a batch of 637, another client writing at every other request',
		{ order: 'ties-reordered-newest', dateHeader: 'absent', dateSkewMs: -600_000, readLagMs: 60_000, writeEvery: 2, existing: 637, batch: true, promotions: true, seed: 919_992_470 },
		[{ kind: 'future', count: 1, ahead: 'minutes' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=9494` on 17cea43 (and on 688a3c0): oldest first, a `total` capped at 100,
	// pages cut short, replicas 2 minutes apart, a batch of 673, another client writing at every request. The activation could not reach the
	// end, so its whole read holds every fact dated ahead of the list's `Date`; the writes made it last four polls, and in the last one a
	// replica 2 minutes behind answered: a fact made then, dated now, was ahead of it, taken as existing, and n8n's log said nothing. Facts
	// made during that read are the documented choice; that one met past the activation poll was so taken is now said in n8n's log.
	[
		"a fact made during the activation's whole read, dated ahead of a replica behind, is said in the log when taken as existing: oldest first, a total capped at 100, pages cut short, replicas 2 minutes apart, a batch of 673, another client writing at every request",
		{ total: 'capped', pages: 'short', dateHeader: 'replicas', dateSkewMs: 120_000, writeEvery: 1, existing: 673, batch: true, seed: 1 },
		[
			{ kind: 'create', count: 5, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 },
			{ kind: 'create', count: 1062, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 },
			{ kind: 'future', count: 2, ahead: 'minutes' },
			{ kind: 'poll', polls: 1 },
			{ kind: 'poll', polls: 2 },
		],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=6161` on 29e6411 (and so on 154f889 and 688a3c0): oldest first, a batch of
	// 857, pages that start a few facts early, a fact dated minutes ahead made after the activation poll. The activation's last page, aimed
	// from `total` and begun early, came back full and missed the last fact, so it proved no end, and the whole read that followed held every
	// fact dated ahead it met: that one, never reported. The page at the last place, shorter and holding the fact that page ended on, proves
	// the end (only its ids count: stop 58's read on to the end held what it read, and lost facts written meanwhile).
	[
		'nothing lost: oldest first, a batch of 857, pages that start a few facts early, a fact dated minutes ahead made after the activation poll',
		{ pages: 'duplicates', existing: 857, batch: true },
		[{ kind: 'future', count: 1, ahead: 'minutes' }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=6161` on 8f5d373 (that fix's first version): an empty list whose `total`
	// under-counts, oldest first. The page at the last place was aimed from a `total` of 0: offset -1, which the server answered with 0.
	[
		'the activation reads an empty list whose total under-counts, another client writing at every request, a fact promoted',
		{ total: 'under', writeEvery: 1, existing: 0, seed: 670_674_941 },
		[{ kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=9898` on f7607a8 (it fails on 9dbd0d7 too, in some runs: whether a poll's
	// `Date`s lie further apart than the poll took depends on the real time): a new order per request, 700 facts, promotions watched, the
	// server's clock moving 400 ms an answer while n8n's stands, which is what replicas whose clocks disagree show. The activation's whole read
	// then holds every promotion it meets, begun again after gaps, and in this order it never ends: a promotion made after activation is taken
	// as existing, as the docs say, and n8n's log said nothing. It now says so once, and the checker takes that for the docs' choice
	// (hostileCheck.ts, heldWhileClockless). Before, this failed in about half the runs (the read ends when, by chance, it meets no gap).
	[
		'nothing lost: a new order per request, 700 facts, promotions watched, 400 ms a request, two promoted and two created after a poll',
		{ order: 'permutation', dateSkewMs: -600_000, requestMs: 400, existing: 700, promotions: true, seed: 11 },
		[{ kind: 'poll', polls: 1 }, { kind: 'promote', count: 2, pick: 515_940_112 }, { kind: 'create', count: 2, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 5960 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=10101` on 0cb4b6e (and on 9dbd0d7): oldest first, pages of 20, 700 facts,
	// watching Memory Tier L1, then 100 L1 facts and 518 L2 facts made. With a tier filter the trigger reads the agent's whole list until a
	// whole read of it has ended, so the first L1 fact came within a read of 1,301 facts, not of the L1 facts alone: the checker held it to
	// the shorter delay (the docs said "of the facts the filters leave"); both now say the agent's whole list until that read has ended.
	[
		'every change reported within the delay the docs state: oldest first, pages of 20, watching Memory Tier L1, 100 L1 facts and 518 L2 facts made after activation',
		{ pages: 'small-max', dateSkewMs: -600_000, existing: 700, tier: 'L1', seed: 1_788_197_591 },
		[
			{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 },
			{ kind: 'delete', count: 17, pick: 0 },
			{ kind: 'create', count: 518, agent: 0, tier: 1, scope: 0, sameDate: false, gapMs: 1 },
		],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12121` on 43b939b (and on 9dbd0d7): a new order per request, a `total` under
	// the count, pages cut short, a batch of 88 and a fact dated decades ahead. The first page (shorter than asked) and the page read on from
	// its last fact, shorter still, were taken for the whole list; in a new order per request they were two samples, and a fact neither showed
	// was reported as created. That page ends the list only when it begins with the first page's last facts in their order, and shows none after.
	[
		'no event for a fact that existed at activation: a new order per request, a total under the count, pages cut short, a batch of 88 and a fact dated decades ahead',
		{ order: 'permutation', total: 'under', pages: 'short', dateSkewMs: -600_000, futureFacts: 1, existing: 88, batch: true },
		[{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=15151` on 43b939b (and on 9dbd0d7): no `Date` header, sorted by agent then
	// oldest first, a batch of 1,289 and a fact dated decades ahead. The activation read both ends; past its poll, the whole read held no fact
	// dated ahead (in a list sorted by date, one that existed would sit at an end), and with no clock to wait for, the one in the middle (its
	// agent's) was reported. Such creations now wait for that read's end: out of date order, a read holding every creation follows.
	[
		'no event for a fact that existed at activation: no `Date` header, sorted by agent then oldest first, a batch of 1,289 and a fact dated decades ahead',
		{ order: 'agent-then-oldest', dateHeader: 'absent', dateSkewMs: -600_000, futureFacts: 1, existing: 1289, batch: true },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=22222` on dc6697a (and on 9dbd0d7): a new order per request, two facts at
	// activation, 156 made after it. The activation's two pages looked oldest first, so it took a window on that order, to be confirmed by a
	// whole read; the fast read then found the list out of order, and every read of it had gaps, so none confirmed the window and the creations
	// the sweep met waited on it for ever. Such a read now proves the window nothing (as a read out of the order learned does), and a read
	// holding what existed follows.
	[
		'nothing lost: a new order per request, two facts at activation, 156 made after it, four promoted',
		{ order: 'permutation', dateSkewMs: -600_000, existing: 2, seed: 1_317_225_839 },
		[
			{ kind: 'create', count: 3, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 },
			{ kind: 'create', count: 153, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 14 },
			{ kind: 'promote', count: 4, pick: 0 },
			{ kind: 'poll', polls: 1 },
		],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=28282` on a3fca7e (and on 9dbd0d7 and 688a3c0): sorted by agent (descending)
	// then newest first, two facts dated decades ahead at activation, then one fact of another agent and one dated minutes ahead. The list's
	// ends looked newest first until those two came, three polls later; the fast read found the order broken, and the whole read that follows
	// (the activation's there, docs/polling-trigger.md) took the fact dated ahead as existing, which n8n's log now says. The checker allowed
	// that only for a break found in the polls after activation; it now counts from the poll the break was found in, when the log said so.
	[
		'a fact dated ahead made before the read after a late-found break ends is said in the log when taken as existing: sorted by agent then newest first, two facts dated decades ahead',
		{ order: 'agent-desc-then-newest', dateSkewMs: -600_000, futureFacts: 2, existing: 0 },
		[{ kind: 'poll', polls: 3 }, { kind: 'create', count: 1, agent: 1, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'future', count: 1, ahead: 'minutes' }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12121` on a792e23 (and on 9dbd0d7 and 03b8a66): sorted by agent (descending)
	// then newest first, a `total` capped at 100 (one page), another client writing at every fifth request, 300 facts, then 100 made for one
	// agent. The first page looked newest first, and the window stood on that order until a whole read confirmed it; the two facts of the
	// 100 pushed past the first page were where the fast read never looks, and the `total` (capped) never grew to say so. The safety read
	// went a page a poll, and the fact came a poll after the delay the docs state. Past the `total` without an end, the read is at the share.
	[
		'every change reported within the delay the docs state: sorted by agent then newest first, a total capped at 100, another client writing at every fifth request, 300 facts, 100 made',
		{ order: 'agent-desc-then-newest', total: 'capped', dateSkewMs: -600_000, writeEvery: 5, existing: 300 },
		[{ kind: 'poll', polls: 1 }, { kind: 'create', count: 100, agent: 2, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'restart', older: 'none' }, { kind: 'poll', polls: 1 }, { kind: 'poll', polls: 3 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=33333` on 03b8a66: a new order per request, no `Date` header, another client
	// writing at every request, a batch of 700 and 6 facts dated decades ahead. The activation's whole read, past the batch, had gaps (a new
	// order per request) and, begun again within the activation poll only (the clock's second, which with no `Date` never comes), ended at
	// the next poll: facts dated ahead that it never met were reported as created. With no `Date` it begins again after gaps, as the docs say.
	[
		'no event for a fact that existed at activation: a new order per request, no `Date` header, another client writing at every request, a batch of 700 and 6 facts dated decades ahead',
		{ order: 'permutation', dateHeader: 'absent', dateSkewMs: -600_000, readLagMs: 60_000, writeEvery: 1, futureFacts: 6, existing: 700, batch: true, seed: 2_128_588_260 },
		[{ kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=44444` on eef750f (and on 03b8a66): a new order per request, an empty list,
	// n8n restarted with a state of format 3 whose keys are full, then 334 facts made. Only a whole read without gaps moves the cursors and
	// frees keys; in a list in a new order per request larger than a page none comes, and the last fact waited for one for ever. Keys full,
	// those dated before where that version's creations go are let go after a read with gaps too (n8n's log says what that may lose).
	[
		'nothing lost: a new order per request, n8n restarted with a state of format 3 (full), then 334 facts made',
		{ order: 'permutation', dateSkewMs: -600_000, existing: 0 },
		[{ kind: 'restart', older: 'format3-full' }, { kind: 'create', count: 334, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 30 }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=52525` on 1a716a4 (and on 03b8a66): oldest first, n8n restarted with a state
	// of format 3 whose keys are full (one date), a batch of 1,121, then one fact made. The keys still full after a whole read, the oldest
	// quarter of their dates was to go: of three dates, that was none, and the new fact waited for room for ever. At least the oldest date goes.
	[
		'nothing lost: oldest first, n8n restarted with a state of format 3 (full), a batch of 1,121, then one fact made',
		{ dateSkewMs: -600_000, futureFacts: 1, existing: 0 },
		[{ kind: 'delete', count: 1, pick: 0 }, { kind: 'restart', older: 'format3-full' }, { kind: 'create', count: 1_121, agent: 0, tier: 0, scope: 0, sameDate: true, gapMs: 1 }, { kind: 'poll', polls: 1 }, { kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=62626` on 1383e5f (and on 03b8a66): a new order per request, pages past the
	// first beginning a few facts early, 6 facts, then one dated decades ahead. The first page was short, and the page read on from it began
	// early in a new order, so nothing proved the end: the fact dated ahead waits for the clock, as the docs say and n8n's log said. The checker
	// expected it reported (one page); it now expects that only where a page can prove the end. Nothing invented, nothing twice, still.
	[
		'nothing invented: a new order per request, pages that begin early, 6 facts, then one dated decades ahead (it waits for the clock, and the log says so)',
		{ order: 'permutation', pages: 'duplicates', dateSkewMs: -600_000, existing: 6 },
		[{ kind: 'future', count: 1, ahead: 'decades' }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=72727` on 562fccf (and on 03b8a66): oldest first, pages of 20, the `Date` 2
	// minutes behind, promotions dated up to 5 minutes before they can be read, one made before activation. The activation's whole read met it
	// dated ahead of the `Date` and held it, in a poll n8n did not save (no items); n8n restarted, the trigger went back to the state n8n had
	// saved, and met it again once the `Date` had passed its date: reported, as the docs say. The checker still counted the hold it had forgotten.
	[
		'no event for a promotion that existed at activation but as the docs say: the `Date` 2 minutes behind, n8n restarted after a poll it did not save',
		{ pages: 'small-max', dateHeader: 'skewed', dateSkewMs: -120_000, readLagMs: 300_000, futureFacts: 1, existing: 1_991, agent: 'dep_alpha', promotions: true, seed: 2_009_530_335 },
		[{ kind: 'poll', polls: 1 }, { kind: 'restart', older: 'none' }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=81818` on f3d9107 (and on 03b8a66): oldest first, pages that begin early,
	// a batch of 100, n8n restarted with a state of format 3 whose keys are full, then 334 facts made. Every whole read found its place
	// inside the batch's ties without all its anchors (a gap), so none moved the cursors or freed keys, and the last fact waited for ever.
	// Keys full, they are let go after a read with gaps in any list, not only one of no known order (n8n's log says what that may lose).
	[
		'nothing lost: oldest first, pages that begin early, a batch of 100, n8n restarted with a state of format 3 (full), then 334 facts made',
		{ pages: 'duplicates', dateSkewMs: -600_000, existing: 100, batch: true },
		[{ kind: 'restart', older: 'format3-full' }, { kind: 'create', count: 334, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=95959` on f688807 (and on 03b8a66): no `Date` header, newest first with ties
	// reordered at every write, pages of 20, another client writing at every request, an empty list at activation. The activation saw no
	// order (ties moving under writes), so with no `Date` its whole read held every creation it met, one made during it too, as the docs say,
	// and n8n's log said so. The checker promised that creation, reading the list as one in order from activation on.
	[
		'nothing invented: no `Date` header, ties reordered at every write, pages of 20, another client writing at every request, an empty list (a creation made during the activation\'s whole read is taken as existing, and the log says so)',
		{ order: 'ties-reordered-newest', pages: 'small-max', dateHeader: 'absent', dateSkewMs: -600_000, writeEvery: 1, existing: 0, seed: 1_470_128_558 },
		[{ kind: 'poll', polls: 1 }, { kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=65656` on 1383e5f (and on 03b8a66 and 0621f29): newest first, facts that
	// expire, dated up to 5 minutes before they can be read, a batch of 60 at one date at the list's oldest end and 754 facts dated apart.
	// Expiring facts move the list, so a sweep's page that began inside the batch found its place there moved: that held the cursors at the
	// batch's date, as it should (a reorder of ties may hide a fact there), and also asked for the next whole read at the full share, so an
	// idle poll took 4 requests. The read that follows a hold now goes at an idle poll's pace, a page a poll at least (the 2121 case above).
	[
		'idle polls cheap: newest first, facts that expire, a batch at the oldest end where expiring facts move the list',
		{ order: 'newest-first', dateSkewMs: -600_000, readLagMs: 300_000, existing: 60, batch: true, lifetimes: true },
		[{ kind: 'create', count: 754, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 14_709 }, { kind: 'poll', polls: 3 }, { kind: 'promote', count: 2, pick: 133_529_925 }, { kind: 'poll', polls: 2 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=10506` on 0e5423b (and on 0621f29; not on 03b8a66): a new order per request,
	// 2,860 facts and 43 dated decades ahead, n8n restarted with a state of format 3 whose keys are full, then 12 facts deleted and one made.
	// Keys full after a read with gaps, the oldest quarter went: most of the keys' dates were those of facts dated ahead (each such key is
	// dated at the end of its day), so the quarter's date was decades ahead and the cursor went there, letting go of those facts' keys too. The
	// next poll brought the cursor back to the list's clock (a cursor past it is an edited state), and those facts, unheld, were reported again.
	// The room made never takes the cursor past the list's clock.
	[
		'no event twice: a new order per request, 43 facts dated decades ahead, n8n restarted with a state of format 3 (full), 12 facts deleted',
		{ order: 'permutation', dateSkewMs: -600_000, futureFacts: 43, existing: 2_860, seed: 224_193_840 },
		[{ kind: 'restart', older: 'format3-full' }, { kind: 'delete', count: 12, pick: 0 }, { kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=10506` on 179ba1d (and on 03b8a66 and 9dbd0d7): a new order per request, a
	// `total` over the count (340 for 286), pages cut short to 60, a batch of 286 at one date. The activation's last page, aimed from that
	// `total` at offset 281, came back short and began, by chance of the order, with the first page's last fact: taken for the two pages of
	// a list joined on the fact they share, it proved the list whole, and 115 facts neither page showed were reported as created. Two pages
	// join only when the last was aimed at the first's last fact.
	[
		'no event for a fact that existed at activation: a new order per request, a total over the count, pages cut short, a batch, the last page beginning with the first\'s last fact',
		{ order: 'permutation', total: 'over', pages: 'short', dateHeader: 'replicas', dateSkewMs: -600_000, readLagMs: 300_000, writeEvery: 2, existing: 286, batch: true, promotions: true, seed: 30 },
		[{ kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=10506` on 3903930 (and on 9dbd0d7): oldest first, a fact dated minutes
	// ahead, n8n restarted with a state of format 3 whose keys are full, then a batch of 1,121 facts at one date. The keys full, the batch's
	// last fact was deferred, and the fast read held its mark at that fact's date, so each poll read the whole batch back again: that took
	// the share, and the whole read that would free the keys never got a page. The fact waited for ever. The fast read now holds its mark
	// only for a change deferred for want of room for events; one deferred as the keys are full is the whole read's, which meets it.
	[
		'nothing lost for ever: oldest first, n8n restarted with a state of format 3 (full), a batch of 1,121 at one date larger than the keys left',
		{ dateSkewMs: -600_000, futureFacts: 1 },
		[{ kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'restart', older: 'format3-full' }, { kind: 'poll', polls: 1 }, { kind: 'create', count: 1_121, agent: 0, tier: 0, scope: 0, sameDate: true, gapMs: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=10606` on 3903930 (and on 9dbd0d7): sorted by agent first, a `total` under the
	// count, n8n restarted with a state of format 2 (full keys, no `Date` stored), then, while it was stopped, a fact of one agent and 100 of
	// another made over two minutes. The first poll after the restart read the ends (in order by chance), and the whole read found that order
	// broken: creations went to a minute before that poll's `Date`, as the docs say (format 2 stored no `Date` of its last poll), and those made
	// before, while n8n was stopped, were taken as existing, n8n's log saying nothing of it. The checker expected them: it now holds that known
	// loss (madeWhileStopped) when n8n's log names the date, which it now does, and this case checks that every fact dated after it is reported.
	[
		'nothing lost past the known loss: sorted by agent first, n8n restarted with a state of format 2 (full), 101 facts made while it was stopped',
		{ order: 'agent-desc-then-newest', total: 'under', dateSkewMs: -600_000 },
		[{ kind: 'restart', older: 'format2-full' }, { kind: 'future', count: 1, ahead: 'minutes' }, { kind: 'create', count: 100, agent: 1, tier: 0, scope: 0, sameDate: false, gapMs: 1_233 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=10801` on 68a077d (and on 03b8a66): sorted by agent first, its two ends in
	// date order, 239 facts dated hours apart, a `Date` from two replicas 3 hours either side of the facts' clock. Every answer of the
	// activation poll came from the replica behind. The whole read found the order broken, and creations went to the activation's `Date`:
	// a fact of another agent dated 2 hours before the facts' clock, which existed unread in the middle of the list, was dated after that
	// `Date` and not ahead of the replica then answering, so it was reported as created. Where the window proved nothing, what existed is
	// now told by the activation's `Date` plus as far as the list's `Date`s have disagreed.
	[
		'no event for a fact that existed at activation: sorted by agent first, replicas 3 hours apart, every answer at activation from the one behind',
		{ order: 'agent-then-oldest', pages: 'small-max', dateHeader: 'replicas', dateSkewMs: 10_800_000, readLagMs: 60_000, futureFacts: 1, existing: 239, seed: 1_657_989_770 },
		[{ kind: 'promote', count: 1, pick: 0 }],
	],
	// One node's clock minutes ahead at activation (issue 44): in a list in creation order the activation reads past those facts at the newest
	// end, and their keys decide; none is reported, however long after its date passes, and the facts made after it are.
	[
		'no event for a fact that existed at activation: newest first, 3,000 facts, 20 of them dated 3 minutes ahead (one node\'s clock)',
		{ order: 'newest-first', existing: 3_000, futureFacts: 20, futureAhead: 'minutes' },
		[{ kind: 'poll', polls: 4 }, { kind: 'create', count: 3, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1_000 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=11906` on 762ac3f: oldest first, a `total` over the count, short pages, 127
	// facts dated 3 minutes ahead past 700. The activation's read of the newest end was cut among them (the window unproven), and its whole
	// read, 4 polls long, held a fact dated ahead only while it was still ahead: the oldest of them, unread at activation, was met once the
	// clock had passed its date and reported as created. That read now holds every creation dated up to the facts dated ahead it read.
	[
		'no event for a fact that existed at activation: oldest first, a total over the count, short pages, 127 facts dated 3 minutes ahead past 700',
		{ order: 'oldest-first', total: 'over', pages: 'small-max', futureFacts: 127, futureAhead: 'minutes', existing: 700, seed: 10 },
		[{ kind: 'advance', minutes: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12204` on 54bbbfc (the fix above): ties reordered under another client's
	// writes at every request, a batch of 101 and one fact dated 3 minutes ahead, watching one agent. The activation read both ends (every
	// fact dated ahead sits there), but its pages moved, so a whole read followed, and it held every creation dated up to that fact: one
	// made at once after activation was lost. Where the activation read on to the newest end from a fact not dated ahead, it read every fact
	// dated ahead there was, and that read holds no more than before.
	[
		'nothing lost: ties reordered under writes at every request, a batch of 101 and a fact dated 3 minutes ahead, its two ends read at activation',
		{ order: 'ties-reordered-newest', writeEvery: 1, futureFacts: 1, futureAhead: 'minutes', existing: 101, batch: true, agent: 'dep_bravo', dateSkewMs: -600_000, seed: 24 },
		[{ kind: 'poll', polls: 1 }, { kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12302` on a09c019 (and on 762ac3f): oldest first, a `total` far over the
	// count, short pages, another client writing at every request, facts dated up to a second before they can be read. The baseline stepped
	// back from the `total` to find the end, and the read of the newest end stepped back from it again: the activation poll's share ran out
	// before that read, its window was never read, and creations went past the newest fact read. A fact made at once after activation, dated
	// before it, was not reported. The read of the newest end now aims at the end the baseline found.
	[
		'nothing lost: oldest first, a total far over the count, short pages, another client writing at every request, a fact made at once dated back',
		{ order: 'oldest-first', total: 'over', pages: 'small-max', readLagMs: 1_000, writeEvery: 1, futureFacts: 1, existing: 0, agent: 'dep_zulu', dateSkewMs: -600_000, seed: 355_453_236 },
		[{ kind: 'create', count: 1, agent: 2, tier: 0, scope: 0, sameDate: true, gapMs: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12306` (and 12304) on a09c019: a new order per request, another client
	// writing at every other request, 579 facts that expire and one dated 3 minutes ahead, which the activation read. Its whole read held
	// every creation dated up to that fact, a bound only the order of a list in order gives: facts made in those minutes were lost. In a list
	// of no known order that read holds no more than before.
	[
		'nothing lost: a new order per request, another client writing at every other request, 579 facts that expire, one dated 3 minutes ahead',
		{ order: 'permutation', writeEvery: 2, futureFacts: 1, futureAhead: 'minutes', existing: 579, lifetimes: true, dateSkewMs: -600_000, seed: 2 },
		[{ kind: 'poll', polls: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12408` on 21fb492 (and on 762ac3f): no `Date`, sorted by agent first, watching
	// one scope, two facts dated decades ahead outside it. The activation held their keys (a promotion may bring a fact into the scope). A
	// whole read found the order broken and, with no clock to go by, moved the creations' cursor past every date and let every key go; the
	// read holding what existed then read the filtered list only. Promoted into the scope later, a fact dated decades ahead was reported as
	// created. The keys now stay.
	[
		'no event for a fact that existed at activation: no `Date`, sorted by agent first, watching one scope, facts dated decades ahead promoted into it',
		{ order: 'agent-desc-then-newest', total: 'over', pages: 'small-max', dateHeader: 'absent', writeEvery: 2, futureFacts: 2, existing: 218, lifetimes: true, scope: 'company', dateSkewMs: -600_000, seed: 1_720_674_907 },
		[{ kind: 'poll', polls: 3 }, { kind: 'promote', count: 4, pick: 1_166_090_538 }, { kind: 'poll', polls: 3 }, { kind: 'promote', count: 2, pick: 1_588_039_273 }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=12504` on 5a01f5f (and on 725deca): no `Date`, sorted by agent first, a batch
	// of 2,580 and a fact dated decades ahead, n8n restarted, another fact dated decades ahead made. The read holding what existed held
	// creations only from a minute before the newest date met, and the newer fact dated ahead moved that past the older one, which existed:
	// unheld and after the cursor, it was reported as created. With no `Date` that floor now stays at or below the cursor.
	[
		'no event for a fact that existed at activation: no `Date`, sorted by agent first, a batch of 2,580 and a fact dated decades ahead, a restart',
		{ order: 'agent-desc-then-newest', dateHeader: 'absent', futureFacts: 1, existing: 2_580, batch: true, dateSkewMs: -600_000, seed: 1 },
		[{ kind: 'poll', polls: 2 }, { kind: 'future', count: 1, ahead: 'decades' }, { kind: 'restart', older: 'none' }, { kind: 'delete', count: 1, pick: 0 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=11602` on 52e6533: no `Date`, ties reordered under another client's writes, a
	// batch of 400 whose facts expire, a `total` under the count. The activation's whole read holds every creation it meets (nothing dates
	// one) and begins again after each read with gaps: it lasted 4 polls, and a fact made during it was taken as existing, as the docs choose
	// and n8n's log says. The checker bounded that read by one read of the list at the share; it now takes the read's end from the state.
	[
		'nothing lost but what the log names: no Date, ties reordered under writes, a batch that expires, the activation\'s read begun again after gaps',
		{ order: 'ties-reordered', total: 'under', dateHeader: 'absent', dateSkewMs: -600_000, writeEvery: 1, existing: 400, batch: true, lifetimes: true },
		[{ kind: 'poll', polls: 2 }],
	],
	// The warning about totals only when a total was wrong (issue 44, hostileCheck.ts `totalTrue`): found with `npm run fuzz:polling` once the
	// checker held n8n's log to it, on lists whose total is true and whose new facts all appear at the newest end. Each failed on 8ab100c
	// with "The memory-fact list grew by more facts than were found new where new facts appear", and a sweep at the full share after it.
	// A list in no order at activation (one fact), whose order a whole read learned later: the fast read after it compared the list's
	// length with the activation's, and the facts that read had reported were counted nowhere.
	[
		'no false claim that the total is off: one fact at activation, one made, the order learned by the whole read that reported it',
		{ existing: 1 },
		[{ kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'poll', polls: 1 }],
	],
	// Another client writing at every request, in the activation's millisecond (the checker's clock moves only between polls): facts dated
	// as the newest the activation read, that its whole read met after its read of the newest end, were counted nowhere (dated before the mark).
	// What is counted now is what lies past the fact that ended the list when its length was taken (by id).
	[
		'no false claim that the total is off: an empty list, another client writing at every request of the activation and after',
		{ existing: 0, writeEvery: 1, promotions: true },
		[{ kind: 'poll', polls: 1 }],
	],
	[
		'no false claim that the total is off: 700 facts, another client writing at every other request, promotions watched',
		{ existing: 700, writeEvery: 2, promotions: true },
		[{ kind: 'advance', minutes: 1 }],
	],
	// The list's end read first, then a page back that showed it grown (written meanwhile): the length kept was the first's, short of the
	// last fact read; the next read counted the facts between as growth no read had found.
	[
		'no false claim that the total is off: another client writing at every request, facts deleted between polls',
		{ existing: 0, writeEvery: 1 },
		[{ kind: 'delete', count: 2, pick: 0 }, { kind: 'poll', polls: 1 }, { kind: 'delete', count: 10, pick: 0 }, { kind: 'poll', polls: 1 }, { kind: 'delete', count: 1, pick: 0 }],
	],
	// Watching a scope: the agent's whole list is read until a whole read of it ends, and its facts outside the scope are never judged, so
	// never known: a read of its newest end that ended on one claimed a fact it did not know lay there.
	[
		'no false claim that the total is off: watching one scope, 322 facts made in another, polls failing at random',
		{ existing: 765, scope: 'agent', faults: 'failing', seed: 1_789_063_958 },
		[{ kind: 'create', count: 322, agent: 0, tier: 0, scope: 1, sameDate: false, gapMs: 1 }, { kind: 'poll', polls: 1 }],
	],
	// Found by `npm run fuzz:polling -- FUZZ_RUNS=2000 FUZZ_SEED=14104` on 6bf5055 (and on 9385c8c): sorted by agent then oldest first, 721
	// facts made for the middle agent. The fast read met them out of order, new facts only (a list kept in creation order may date new facts
	// back), so it gave the order up without ending the window; the whole read that followed then checked no order, ended without gaps, and
	// took the window as confirmed: the first agent's newest fact, never read at activation, was reported as created. The order the window
	// stood on now stays for that read to check.
	[
		'no event for a fact that existed at activation: sorted by agent first, 721 facts made for the middle agent, facts dated minutes ahead',
		{ order: 'agent-then-oldest', existing: 2_410, dateSkewMs: -600_000 },
		[{ kind: 'create', count: 721, agent: 1, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'future', count: 2, ahead: 'minutes' }, { kind: 'create', count: 2, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'create', count: 4, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Unfair, fixed in the checker: n8n's durable scheduler saves the state only with items, so a refusal said in a poll that handed nothing
	// over shows in the saved state polls later; the checker looked for the warning only in the poll that saved it.
	[
		'nothing refused in silence: the durable scheduler, another client writing, promoting and deleting, polls failing at random',
		{ existing: 700, writeEvery: 2, otherWrites: 'mixed', faults: 'failing', promotions: true, scheduler: 'durable', seed: 106_836_945 },
		[{ kind: 'poll', polls: 1 }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Fuzz seed 14104 (FUZZ_RUNS=2000), unfair in the checker: with durable cursors n8n commits no tick that throws, so a restart after the
	// first tick failed finds the row as it was before activation, as after a restart before the first tick, and the next tick takes a new
	// baseline. The checker took the baseline as stood; it fails on the checker before.
	[
		'nothing lost, the new baseline where documented: durable cursors, the first tick failed, a restart, a fact made before the next tick',
		{ faults: 'failing', scheduler: 'durable-cursors', seed: 1_315_783_306 },
		[{ kind: 'poll', polls: 1 }, { kind: 'restart', older: 'none' }, { kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Fuzz seed 14202 (FUZZ_RUNS=2000), unfair in the checker: it built a format-2 state from this version's, whose window at activation, on a
	// list sorted by agent first, began three hours back; formats 2 and 3 read no window, their cursors at activation the newest date read or
	// the `Date`, if later. Resumed on the list flipped, it made the first agent's newest fact, never read, new. It fails on the checker before.
	[
		'no event for a fact that existed at activation: sorted by agent first, a total under the count, pages of 20 to 49, n8n restarted with a state of format 2 (full), 29 facts deleted, the order flipped',
		{ order: 'agent-then-oldest', total: 'under', pages: 'small-max', dateSkewMs: -600_000, futureFacts: 1, existing: 310 },
		[{ kind: 'restart', older: 'format2-full' }, { kind: 'delete', count: 29, pick: 0 }, { kind: 'flip' }],
	],
	// Fuzz seed 14300 on 219456b, which took a batch as one date throughout only where the activation had proven the list's end (a fix since
	// withdrawn: docs/polling-trigger.md, A window larger than the activation reads): another client's writes grow the list during the
	// activation, its last page comes back full, and the creations' cursor went to the `Date`, 3 hours ahead, so a fact made after activation
	// was taken as existing.
	[
		'nothing lost: newest first, ties reordered at every write, watching one agent, a batch of 328, pages of 20 to 49, the `Date` 3 hours ahead, another client writing at every other request',
		{ order: 'ties-reordered-newest', pages: 'small-max', dateHeader: 'skewed', dateSkewMs: 10_800_000, writeEvery: 2, futureFacts: 1, existing: 328, batch: true, agent: 'dep_alpha', undatedEvery: 40, seed: 302_747_774 },
		[{ kind: 'poll', polls: 2 }],
	],
	// Fuzz seeds 14501, 14301 and 14503 on bd0602b (FUZZ_RUNS=2000, the generator's `recent` facts: two per agent in the minute before
	// activation), shrunk: inventions. The ends the activation read were one batch (a `total` capped at 100 hid the end; a new order per
	// request; one agent's list in one), so the creations' cursor went past the batch and the whole read held only facts dated ahead: a fact
	// dated after the batch and before activation that no page of the activation showed was reported when that read met it. That read now
	// holds them as existing (begun again after gaps that show no order); each fails on bd0602b.
	[
		'no event for a fact that existed at activation: a batch, a total capped at 100, pages of 20 to 49, facts made in the minute before activation past the cap, one fact deleted',
		{ total: 'capped', pages: 'small-max', existing: 156, batch: true, recent: true, seed: 229_920_235 },
		[{ kind: 'delete', count: 1, pick: 0, run: false }],
	],
	[
		'no event for a fact that existed at activation: one agent\'s batch in a new order per request, facts made in the minute before activation, one fact made',
		{ order: 'permutation', existing: 1075, batch: true, recent: true, agent: 'dep_alpha', seed: 406_579_947 },
		[{ kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Fuzz seed 14503 on this fix as first written: promotions made after activation moved the newest date known on, and the read that holds
	// facts dated after the batch held them only from a minute before that newest on (as a read holding the activation's second does): a fact
	// made a minute before activation, met two polls later, was reported. Past a batch that read holds them from the batch on. Fails on bd0602b.
	[
		'no event for a fact that existed at activation: a batch in a new order per request, facts made in the minute before activation, facts promoted and deleted',
		{ order: 'permutation', existing: 648, batch: true, recent: true, seed: 1_134_218_579 },
		[{ kind: 'promote', count: 5, pick: 0 }, { kind: 'promote', count: 4, pick: 0 }, { kind: 'delete', count: 16, pick: 125_553_801, run: false }],
	],
	[
		'no event for a fact that existed at activation: a batch in a new order per request, facts made in the minute before activation, one fact deleted',
		{ order: 'permutation', existing: 647, batch: true, recent: true, seed: 1_134_220_868 },
		[{ kind: 'delete', count: 1, pick: 0, run: false }],
	],
	// Fuzz seed 14400 on a design tried before 9131b1e (reading such a batch by the list's `Date` alone, never committed): a replica's `Date` 10 min ahead, another client
	// writing, a total capped: 100 facts made after activation taken as existing, and n8n's log said nothing. The read that holds facts dated after
	// the batch takes those made during it as existing (the choice for facts that appear during that read) and says so; those made after it are reported.
	[
		'no loss in silence: a batch, a total capped at 100, replicas whose `Date`s disagree by 10 minutes, another client writing, 100 facts made',
		{ total: 'capped', dateHeader: 'replicas', dateSkewMs: -600_000, writeEvery: 2, otherWrites: 'mixed', existing: 282, batch: true, recent: true },
		[{ kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Fuzz seed 14503 on this fix as first written (the read begun again after gaps held every fact dated ahead): a batch of 101 in a new order
	// per request; a fact dated 3 minutes ahead made after the activation poll was held as existing for good. Past its second, that read holds
	// facts dated ahead no more, as before.
	[
		'nothing lost: a batch in a new order per request, a fact dated 3 minutes ahead made after activation, one deleted',
		{ order: 'permutation', existing: 101, batch: true },
		[{ kind: 'future', count: 1, ahead: 'minutes' }, { kind: 'delete', count: 1, pick: 0, run: false }],
	],
	// Fuzz seed 14504 on 5afac01 (and so on bd0602b): newest first, ties reordered at every write, a total under the count, a batch of 700. The
	// read holding what existed, past the activation poll, had gaps, and the read after it held no fact dated ahead (only within the activation's
	// second): when it ended without gaps it proved nothing of them, and a fact dated decades ahead made after it waited for the clock, for good.
	// Past a batch whose end the activation did not read, the read begun again holds what is dated ahead as the first did, and ending whole proves
	// them. Fails on bd0602b.
	[
		'nothing lost: newest first, ties reordered, a total under the count, a batch of 700, lifetimes, a fact dated decades ahead made after two polls',
		{ order: 'ties-reordered-newest', total: 'under', pages: 'small-max', existing: 700, batch: true, lifetimes: true, seed: 229_993_631 },
		[{ kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'poll', polls: 2 }, { kind: 'future', count: 1, ahead: 'decades' }, { kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Fuzz seed 14505 on 170294f, the checker's expectation unfair: a format-2 state (the checker raises its cursors to the activation's `Date`,
	// as that version took them) under a `Date` 10 minutes ahead. Its cursors stay where they were stored (docs/polling-trigger.md, a state
	// stored by an earlier version): a fact made after the restart dated before them is that version's loss, which the checker now grants.
	[
		'a state stored by an earlier version keeps its cursors: format 2 under a `Date` 10 minutes ahead, 100 facts made after the restart',
		{ dateHeader: 'skewed', dateSkewMs: 600_000 },
		[{ kind: 'restart', older: 'format2-full' }, { kind: 'create', count: 100, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
	// Fuzz seed 14506 on 170294f (and on bd0602b), the checker's expectation unfair: one agent's batch of 922 in a new order per request, facts
	// made in the minute before activation, n8n restarted at once on a format-3 state, whose creations cursor stands at the batch and holds none
	// of them. That version's rule, which its state keeps (docs/polling-trigger.md, a state stored by an earlier version): a fact dated at or after
	// the cursor, its key not held, is new; it reported such a fact when it met one, and none can be told from one made after its last poll and
	// dated up to a minute before it could be read. The checker now grants it (unheldByOlder); the rest (nothing twice, nothing lost) still holds.
	[
		'a state stored by an earlier version: its keys decide, a batch of 922 in a new order per request, facts of the minute before activation, format 3',
		{ order: 'permutation', existing: 922, batch: true, recent: true, agent: 'dep_alpha', seed: 75_500_799 },
		[{ kind: 'restart', older: 'format3-full' }, { kind: 'poll', polls: 1 }],
	],
	// Fuzz seed 14512 on ddb7e4f (and on 170294f, not on 5afac01), the checker's expectation unfair: a batch of 196 in a new order per request,
	// pages that overlap, a fact dated 3 minutes ahead made after the activation poll. The activation did not read the list's end, so its
	// read past the batch holds facts dated ahead (one that existed there unread cannot be told from one made since), and begun again after
	// gaps, it holds them as the first did (170294f on) until one ends: the docs' choice for facts made during that read, which n8n's log
	// says. The checker granted it for those dated before the activation's clock only; now for those dated ahead too.
	[
		'nothing lost but what the log says: a batch of 196 in a new order per request, pages that overlap, a fact dated minutes ahead made during the activation\'s whole read',
		{ order: 'permutation', pages: 'duplicates', existing: 196, batch: true, seed: 1 },
		[{ kind: 'future', count: 1, ahead: 'minutes' }, { kind: 'promote', count: 1, pick: 0 }],
	],
	// Fuzz seed 14503 on 7700319 (path 768:2:2:3:4:4:4:4:6:4:6:7:7:7:4:6:4:4:5:5:5:5:5:7:7:7:9:9:9:9), and the same with a proxy's `Date`
	// 10 minutes ahead: oldest first, ties reordered at every write, another client writing at every request, a batch of 700. Each of the
	// activation's reads past the batch had gaps (the ties moved), which in a list of no known order may hide any order; after three the read
	// gave up and the creations' cursor went to the activation's clock, 10 minutes ahead of the facts', so a fact made after it was lost, and
	// in silence (dated more than a minute before the cursor). The dates those reads compared only rose: the fifth read ends without gaps.
	// Only reads whose dates showed no order (or one date) give up after three; one way only, after twelve.
	...(['replicas', 'skewed'] as const).map((dateHeader): [string, Partial<Behaviour>, Step[]] => [
		`nothing lost: oldest first, ties reordered at every write, a batch of 700, another client writing at every request, the \`Date\` ${dateHeader === 'skewed' ? '10 minutes ahead' : 'from replicas 10 minutes either side'}, a fact dated ahead, a fact made after four polls`,
		{ order: 'ties-reordered', total: 'under', dateHeader, dateSkewMs: dateHeader === 'skewed' ? 600_000 : -600_000, writeEvery: 1, futureFacts: 1, existing: 700, batch: true, seed: 1 },
		[{ kind: 'poll', polls: 1 }, { kind: 'poll', polls: 3 }, { kind: 'promote', count: 1, pick: 0 }],
	]),
	// Fuzz seed 822 (the generator's `recent` facts), the checker's expectation unfair: sorted by agent, a `Date` 10 min behind the facts'
	// clock, a durable restart before any tick committed, a flip. A fact made a minute before activation is dated 9 minutes ahead of that
	// `Date`: one no read met while it was ahead is reported once the clock passes it (docs/polling-trigger.md, Reports late), as the checker
	// already allowed for facts the generator dates ahead.
	[
		'a fact dated ahead of a `Date` behind the facts\' clock, unread while ahead, reported late as the docs say: sorted by agent, a durable restart, a flip',
		{ order: 'agent-desc-then-newest', pages: 'small-max', dateHeader: 'skewed', dateSkewMs: -600_000, futureFacts: 1, existing: 345, batch: true, recent: true, scheduler: 'durable-cursors' },
		[{ kind: 'restart', older: 'none' }, { kind: 'flip' }, { kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }],
	],
];

test.each([...cases, ...issue44])('%s', async (_name, behaviour, steps) => {
	await run({ ...plain, ...behaviour }, steps);
});

// The 81818 scenario above, begun 700 ms into a second of the server's clock: that case failed in 4 of 30 runs on cc6111d, those begun
// from about 650 to 745 ms in. The activation's `Date` second then ends among the 334 facts made after it. The keys full (the format-3
// state's), a whole read with gaps met and deferred the facts past the room its keys had left, and the cursor went on to the end of that
// second (creations go there after an earlier version's state), past the deferred facts dated in it (fact_000359 on), lost, though n8n's log said only
// that changes no read met may be. Now it stops at the oldest deferred, as makeRoom does.
test('nothing lost: a fact deferred for want of key room is never passed, a full format-3 state, pages that begin early, the activation\'s second ending among new facts', async () => {
	const create = { kind: 'create', count: 334, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 } as const;
	await beginningAt(700, () => run({ ...plain, pages: 'duplicates', dateSkewMs: -600_000, existing: 100, batch: true }, [{ kind: 'restart', older: 'format3-full' }, create, { kind: 'promote', count: 1, pick: 0 }]));
});

// In a list in a new order per request larger than a page, no read ends without gaps, so none let the keys of the changes reported go:
// on 1a716a4, past the 3,000 they hold (dated apart), every later change waited for ever (3,000 of these 4,000 reported). The checker
// promises nothing past 2,500 changes (more than the keys hold between two whole reads); here, the keys full, the oldest go after a read
// with gaps too, and all but the few no read met before they went are reported (n8n's log says those may be lost).
test('nothing lost for ever: a new order per request, 4,000 facts made after activation, more than the keys hold', async () => {
	const create = { kind: 'create', count: 1_000, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1_000 } as const;
	const steps: Step[] = [{ kind: 'poll', polls: 2 }, create, { kind: 'poll', polls: 3 }, create, { kind: 'poll', polls: 3 }, create, { kind: 'poll', polls: 3 }, create, { kind: 'poll', polls: 3 }];
	const outcome = await run({ ...plain, order: 'permutation', existing: 100, limit: 120 }, steps);
	expect(outcome.reported).toBeGreaterThanOrEqual(3_960);
}, 120_000);

// An order that flips (oldest first becomes newest first, or back), at once after activation or once a whole read has confirmed it, and again
// later, facts made each time dated 0.9 s before they can be read, whatever the `Date` header says. Before a whole read confirms the order,
// the trigger finds it broken and reads on as the docs say for a list of no provable order; after, the window stands. From an early flip on the
// checker promises only what a list of no provable order does, so the count is asserted here: every fact made after activation, once. On
// d8d26a4 (the activation's `Date` a boundary) 12 of these 24 fail: every one with the `Date` 10 min ahead or behind, and those flipped at
// once with the `Date` on the facts' clock (5 of the 10 reported) or 2 min ahead on /organization.
const flips: Array<[Behaviour['order'], string, Partial<Behaviour>, Step[]]> = [];
for (const order of ['oldest-first', 'newest-first'] as const)
	for (const [clock, dates] of [['on the facts\' clock', {}], ['from replicas 10 min apart', { dateHeader: 'replicas', dateSkewMs: 600_000 }], ['10 min ahead', { dateHeader: 'skewed', dateSkewMs: 600_000 }], ['10 min behind', { dateHeader: 'skewed', dateSkewMs: -600_000 }], ['absent', { dateHeader: 'absent' }], ['2 min ahead on /organization', { dateHeader: 'organization', dateSkewMs: 120_000 }]] as const)
		for (const [when, before] of [['at once after activation', []], ['after three polls', [{ kind: 'poll', polls: 3 }]]] as const) flips.push([order, `the \`Date\` ${clock}, its order flipped ${when} and again later`, dates, [...before]]);
test.each(flips)('nothing lost, nothing invented: a list %s, %s', async (order, _name, dates, before) => {
	const create = (count: number, agent: number): Step => ({ kind: 'create', count, agent, tier: 0, scope: 0, sameDate: false, gapMs: 1 });
	const steps: Step[] = [...before, { kind: 'flip' }, create(5, 0), { kind: 'poll', polls: 2 }, create(3, 1), { kind: 'flip' }, create(2, 2)];
	const outcome = await run({ ...plain, order, existing: 30, readLagMs: 900, ...dates }, steps);
	expect(outcome.reported).toBe(10);
});
// Fuzz seed 13801 on 9385c8c (FUZZ_RUNS=2000): a batch of 348 in no provable order, a total under the count, pages of at most 20 to 49, the
// `Date` 10 min behind the facts' clock, two promotions made just before activation. The activation read on past its last page, met one
// of them there dated ahead of the `Date`, and kept nothing of that page (only a shorter one, proving the end, was held); its whole read
// met it a poll later, when the `Date` had passed its date, and reported it (an invention). What any page the activation read shows is
// now held. It shows only when the activation begins in the second's fifth tenth (Date.now is shifted there; most others pass).
test('no event for a fact that existed at activation: a promotion dated ahead on the page the activation read on past its last, the `Date` 10 min behind', async () => {
	const create = { kind: 'create', count: 484, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1_080 } as const;
	await beginningAt(400, () => run({ ...plain, total: 'under', pages: 'small-max', dateHeader: 'skewed', dateSkewMs: -600_000, readLagMs: 300_000, futureFacts: 1, existing: 348, batch: true, promotions: true }, [create]));
}, 120_000);

// Fuzz seed 14528 on 61317dd (and as far back as 86fb141), shrunk: ties reordered at every write, another client writing (creating, promoting,
// deleting) at every other request, a batch of 536, watching one agent. That client's writes move this server's clock on while n8n's stands, so
// in the fourth poll of the activation's whole read, begun again after gaps, the `Date`s lay 4 s apart: that read then holds every promotion it
// meets (the docs), and a promotion made in that poll was taken as existing, which n8n's log said. The checker granted that only within the
// polls it expected the read to take (three), not in one it was begun again in. It shows only when the activation begins 200 to 500 ms into
// a second (Date.now is shifted there), where the `Date`s' whole seconds come furthest apart.
test('nothing lost but what the docs allow: ties reordered under another client\'s writes and promotions, watching one agent, a promotion in a poll of the activation\'s whole read begun again, its `Date`s 4 s apart', async () => {
	await beginningAt(300, () => run({ ...plain, order: 'ties-reordered', total: 'exact', pages: 'small-max', dateSkewMs: -600_000, writeEvery: 2, otherWrites: 'mixed', existing: 536, batch: true, agent: 'dep_zulu', promotions: true, seed: 169_057_547 }, [{ kind: 'poll', polls: 3 }]));
}, 120_000);

// Fuzz seed 14530 on 4410210 (and from 170294f on; 5afac01 reported them), shrunk: a batch of 650 oldest first, a `total` capped at 100, the
// `Date` 10 min behind the facts' clock, facts dated up to a minute before they can be read, a fact made at every request. The activation's
// last page held facts dated ahead of its `Date` (made during it), so it could not prove it read the end, and its whole read, begun again
// after gaps, held what it met dated ahead of the list's `Date`, as the docs say: the 14 facts made after the activation poll, taken as
// existing, which n8n's log said. The checker granted that only for facts dated ahead of the facts' clock, not of a `Date` behind it.
test('nothing lost but what the docs allow: a batch oldest first under a capped total, the `Date` 10 min behind, a fact made at every request through the activation\'s whole read', async () => {
	await run({ ...plain, total: 'capped', dateHeader: 'skewed', dateSkewMs: -600_000, readLagMs: 60_000, writeEvery: 1, existing: 650, batch: true, limit: 60, seed: 11 }, [{ kind: 'poll', polls: 1 }, { kind: 'future', count: 1, ahead: 'minutes' }]);
}, 120_000);

// Fuzz seed 14539 on 7f1c933 (1dfcd00 too), shrunk: late, not lost. With a scope filter the activation reads the agent's whole list; when
// that read ended whole, the filtered list was read from then on with no length known, and the fast read stopped at its mark, past the
// facts dated minutes ahead: 395 of 574 facts made at once after activation lay past it, dated below, and nothing asked for a whole read
// at the full share (the growth check needs a length from before), so the safety read found them at one page a poll, the last in poll 9.
test('every change within the delay: a scope filter, newest first, the `Date` 10 min behind, facts minutes ahead, 574 made at once after activation', async () => {
	await run({ ...plain, order: 'newest-first', total: 'exact', pages: 'full', dateHeader: 'facts', dateSkewMs: -600_000, futureFacts: 16, futureAhead: 'minutes', existing: 743, recent: true, limit: 60, scope: 'agent', seed: 1 }, [{ kind: 'create', count: 574, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 379 }, { kind: 'future', count: 2, ahead: 'minutes' }, { kind: 'promote', count: 1, pick: 0 }]);
}, 120_000);

// Fuzz seed 14561 on 1194cb3 (1dfcd00 too), shrunk: a batch of 399 sorted by agent, 23 facts of another agent dated 3 minutes ahead, a
// `total` under the count, short pages, lifetimes, a fact made at every request. The activation's whole read, begun again after gaps, held what
// it met dated no later than the newest fact it read dated ahead of its `Date`, as the docs say (one that existed where the activation had
// not read cannot be told from it): facts made during that read, dated within those 3 minutes, taken as existing, counted in `taken`, and
// n8n's log said how many. The checker granted that only past a batch and before the activation's clock, or for facts dated ahead.
test('nothing lost but what the log counts: a batch sorted by agent, 23 facts dated 3 minutes ahead, a fact made at every request through the activation\'s whole read', async () => {
	await run({ ...plain, order: 'agent-then-oldest', total: 'under', pages: 'small-max', dateSkewMs: -600_000, writeEvery: 1, futureFacts: 23, futureAhead: 'minutes', existing: 399, batch: true, recent: true, lifetimes: true, limit: 600 }, [{ kind: 'poll', polls: 1 }]);
}, 120_000);

// Fuzz seed 14565 on 97b2729 (1dfcd00 too), shrunk: a batch of 1,197 sorted by agent, expiring, one fact dated decades ahead. The activation
// read both ends, and its whole read ended in its own poll, holding every fact dated ahead, but found no order; the read that followed to
// hold the creations it met went on past the activation's second, where it holds none dated ahead, and at its end dropped the proof the
// first had made: a fact dated decades ahead made after it waited for the clock, never reported. The docs: the first read proved them.
test('nothing lost: a batch sorted by agent, expiring, one fact dated decades ahead, read whole in the activation poll, a fact dated decades ahead made three polls later', async () => {
	await run({ ...plain, order: 'agent-then-oldest', dateSkewMs: -600_000, futureFacts: 1, existing: 1_197, batch: true, lifetimes: true }, [{ kind: 'poll', polls: 3 }, { kind: 'future', count: 1, ahead: 'decades' }]);
}, 120_000);

// Fuzz seed 14580 on 0def567 (1dfcd00 too), shrunk: sorted by agent (descending) then newest first, watching Memory Tier L3 and promotions,
// 400 ms a request on the server's clock, n8n restarted with a state of format 2 (full). A whole read found the order the restored window
// stood on broken, and the read that holds what existed began; its answers took the server's clock on while n8n's stood, so its `Date`s
// disagreed and it held every promotion it met, as the docs say: one made during it was taken as existing, which n8n's log counted. The
// checker granted that only where another client wrote.
test('nothing lost but what the log counts: sorted by agent, a tier and promotions watched, 400 ms a request, n8n restarted with a state of format 2, a promotion during the read that follows the break', async () => {
	await run({ ...plain, order: 'agent-desc-then-newest', dateSkewMs: -600_000, requestMs: 400, futureFacts: 1, existing: 869, tier: 'L3', promotions: true }, [{ kind: 'poll', polls: 2 }, { kind: 'restart', older: 'format2-full' }, { kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'promote', count: 2, pick: 1_455_649_218 }]);
}, 120_000);

// Fuzz seed 14645 on 6af9535 (c223cbf too), shrunk: sorted by agent then oldest first, 594 facts, Memory Tier L2 and promotions watched,
// 400 ms a request, n8n restarted with a state of format 3 after three polls, then the oldest fact promoted and the list's order flipped.
// The state n8n had saved was read on the agent's whole list (the tier filter), so it is restored as this version's, and the activation's
// whole read that holds what existed goes on from it; in a poll whose `Date`s disagreed (the trigger measures against the time the poll
// took, so only in some runs) it took the promotion as existing, which n8n's log counted (1). The checker extended the activation's reads
// past such a restart only for a restart with no older state; 'no silent loss' holds the grant to the log's count. The row fails with
// b0b20d0's checker in the runs where the promotion is taken (2 of 8).
test('nothing lost but what the log counts: sorted by agent, a tier and promotions watched, 400 ms a request, n8n restarted with a state of format 3, a promotion, then a flip', async () => {
	await run({ ...plain, order: 'agent-then-oldest', requestMs: 400, existing: 594, tier: 'L2', promotions: true }, [{ kind: 'poll', polls: 3 }, { kind: 'restart', older: 'format3' }, { kind: 'promote', count: 1, pick: 0 }, { kind: 'flip' }, { kind: 'delete', count: 1, pick: 575_899_370, run: false }]);
}, 120_000);

// Seed 14663 on 95f2735 (c223cbf too), the checker: a `Date` 10 minutes behind the facts' clock, a total capped so the activation does not
// reach the newest end. Its whole read meets the facts made in the minute before activation 10 minutes later, when the `Date` has passed
// their dates: by the one clock the trigger has they were made after activation, and are reported (docs/polling-trigger.md: dated ahead means
// ahead of the list's `Date` in the poll that meets it; the one assumption left where no order proves the window, `clock.dateHeader`).
// Fails with ab9b281's checker ("no event for a fact that existed at activation (poll 4): memory.fact_created fact_000701").
test('no event for a fact that existed at activation but one no read met ahead of a `Date` behind: oldest first, a total capped, pages cut short, the `Date` 10 minutes behind, facts made a minute before activation', async () => {
	await run({ ...plain, total: 'capped', pages: 'small-max', dateHeader: 'skewed', dateSkewMs: -600_000, existing: 700, recent: true }, [{ kind: 'advance', minutes: 7 }]);
}, 120_000);

// Seed 14683 on c1e8247, the checker: under a `Date` 10 minutes ahead, the one fact at activation, dated 3 minutes ahead, looks real and
// sets the window (docs/polling-trigger.md, Proves). A fact made at once, dated 3 minutes before it, sits where facts that existed went
// unread; it is not reported, and no count can name it. c1e8247's checker held it to n8n's log's count ('no silent loss': 1 lost, 0 counted).
test('nothing invented, nothing lost but what cannot be told: a `Date` 10 minutes ahead, one fact 3 minutes ahead, a fact made at once, then the one ahead deleted', async () => {
	await run({ ...plain, dateHeader: 'skewed', dateSkewMs: 600_000, futureFacts: 1, futureAhead: 'minutes' }, [{ kind: 'create', count: 1, agent: 0, tier: 0, scope: 0, sameDate: false, gapMs: 1 }, { kind: 'delete', count: 1, pick: 0, run: false }]);
}, 120_000);
