/**
 * The hostile-list checker's world (issue 38): a memory-fact server generated from the behaviours real
 * and careless servers show, the work done between polls, and what the trigger may and must report.
 *
 * - `behaviourArb`: the list as served: its order (oldest first, newest first, agent then time either
 *   way, a new permutation per request, ties reordered by each write), its `total` (exact, over,
 *   under, capped), its pages (full, shorter than the limit they report, overlapping, a smaller
 *   maximum), its clock against n8n's, facts dated decades ahead, existing facts in one batch, tier
 *   lifetimes, the filters and events watched, the way n8n runs the polls (helpers.ts). Two clocks
 *   (issue 44): the facts' and the `Date` header's, which may be absent, ahead, behind, a different
 *   replica's at each answer, or another host's for /organization only. Facts dated up to a minute
 *   before they can be read (a row dated at its transaction's start, committed later), and other
 *   clients writing while the trigger reads: during the activation poll and every later one.
 * - `stepArb`: the work between two polls: facts created (bursts larger than a poll may read
 *   included), promoted (across the filters), deleted, time passing (facts expiring by tier), facts
 *   dated minutes or decades ahead, n8n restarting with its stored state or with one an older version
 *   wrote, the list's order flipping (oldest and newest first trade places, either way by agent too).
 * - `HostileList`: the server (test/hostile/server.js underneath), dated by its own scripted clock,
 *   with the truth: every change, when it was made, and whether its date is honest.
 *
 * hostileList.test.ts runs the real polling trigger (helpers.ts) against it and checks the invariants.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { startHostile, type HostileResponse, type HostileServer } from '../hostile/server.js';
import type { RunningSandbox } from '../sandbox';
import { createRandom, type Random } from '../sandbox/prng';
import type { Scheduler } from './helpers';

/** How the server orders the list: by date either way (ties by creation, or reordered at every write), by agent first, or anew per request. */
export type Order = 'oldest-first' | 'newest-first' | 'agent-then-oldest' | 'agent-desc-then-newest' | 'permutation' | 'ties-reordered' | 'ties-reordered-newest';
export type Total = 'exact' | 'over' | 'under' | 'capped';
export type Pages = 'full' | 'short' | 'duplicates' | 'small-max';
/**
 * The stored state n8n restarts with: as this version wrote it, or as an older one would have: format 3
 * (3039572) as written, or with its cursors full (keys dated alike, as after a batch: 9,000), or format
 * 2 (before cd104fa) with its cursors full (2,000 keys dated apart, its most).
 */
export type Older = 'none' | 'format3' | 'format3-full' | 'format2-full';
/**
 * Whose clock the `Date` header is: the facts' ('facts'), none ('absent'), one `dateSkewMs` off the
 * facts' (a proxy or load balancer in front), one of two replicas `dateSkewMs` either side of it at
 * random per answer, or the facts' except on /organization, answered by a host `dateSkewMs` off.
 */
export type DateHeader = 'facts' | 'absent' | 'skewed' | 'replicas' | 'organization';

export interface Behaviour {
	order: Order;
	total: Total;
	pages: Pages;
	/** The API's clock against n8n's (negative: behind). */
	clockOffsetMs: number;
	/** Whose clock the `Date` header is (DateHeader), and how far off the facts' clock it is. */
	dateHeader: DateHeader;
	dateSkewMs: number;
	/**
	 * Facts (and promotions) are dated up to this long before they can be read (0: when they can). Up to
	 * a minute is promised (issue 44); further back (5 minutes) a change may be refused (counted and
	 * logged) or taken for one that existed, but the others around it are still reported.
	 */
	readLagMs: number;
	/** Another client writes 1 to 3 facts at every this many requests the trigger sends, at activation too (0: never). */
	writeEvery: number;
	/** What that client writes: only new facts, or (`mixed`) now and then a promotion or a deletion instead (pages shift under the read). */
	otherWrites?: 'mixed';
	/** The server's clock moves this much while it answers a request. */
	requestMs: number;
	/** Facts existing at activation dated decades ahead (a broken clock), or (`futureAhead`) 3 minutes ahead (one node's clock ahead). */
	futureFacts: number;
	futureAhead?: 'minutes';
	/** Facts existing at activation, dated apart over weeks, or (`batch`) sharing one `created_at`. */
	existing: number;
	batch: boolean;
	/** Also two facts per agent made in the minute before activation (in a list sorted by agent first, those of every agent but the last lie where the activation's read of the newest end does not go). */
	recent?: boolean;
	/** Facts expire by tier (L1 an hour, L2 a day, L3 a week). */
	lifetimes: boolean;
	/** The key's limit per minute, as the answers name it. */
	limit: 60 | 120 | 600;
	tier?: string;
	scope?: string;
	agent?: string;
	/** Every this many facts (by id) is served with no readable `created_at` (absent, or not a date), as rows from before the field existed. */
	undatedEvery?: number;
	/** `other`: ids served as numbers, and each date as the same instant in another notation at random per answer (an offset and microseconds), as another replica or driver writes it. */
	wire?: 'other';
	/**
	 * Requests for facts fail (past the first poll of an activation or restart, until the scenario settles): `retried`, every 11th with a 503 the client sends again;
	 * `failing`, one in 11 at random with a 403 no retry mends, so the poll fails there (it hands over what it found, or throws).
	 */
	faults?: 'retried' | 'failing';
	/** Watching promotions too, or only new facts. */
	promotions: boolean;
	scheduler: Scheduler;
	seed: number;
}

export type Step =
	| { kind: 'create'; count: number; agent: number; tier: number; scope: number; sameDate: boolean; gapMs: number }
	| { kind: 'promote'; count: number; pick: number }
	| { kind: 'delete'; count: number; pick: number; run?: boolean }
	| { kind: 'advance'; minutes: number }
	| { kind: 'future'; count: number; ahead: 'minutes' | 'decades' }
	| { kind: 'restart'; older: Older }
	| { kind: 'poll'; polls: number }
	| { kind: 'flip' };

export const AGENTS = ['dep_alpha', 'dep_bravo', 'dep_zulu'];
export const TIERS = ['L1', 'L2', 'L3', 'L4'];
export const SCOPES = ['agent', 'team', 'company'];
const LIFETIME_MS: Record<string, number | null> = { L1: 3_600_000, L2: 86_400_000, L3: 604_800_000, L4: null };
const MINUTE = 60_000;
const DECADES_MS = 30 * 365 * 86_400_000;
/** The largest page the server serves (the API's). */
export const MAX_PAGE = 100;

export const behaviourArb: fc.Arbitrary<Behaviour> = fc.record({
	order: fc.constantFrom<Order>('oldest-first', 'newest-first', 'agent-then-oldest', 'agent-desc-then-newest', 'permutation', 'ties-reordered', 'ties-reordered-newest'),
	total: fc.constantFrom<Total>('exact', 'exact', 'over', 'under', 'capped'),
	pages: fc.constantFrom<Pages>('full', 'full', 'short', 'duplicates', 'small-max'),
	clockOffsetMs: fc.constantFrom(0, -10 * MINUTE, 10 * MINUTE, -21 * 86_400_000, 86_400_000),
	dateHeader: fc.constantFrom<DateHeader>('facts', 'facts', 'absent', 'skewed', 'replicas', 'organization'),
	dateSkewMs: fc.constantFrom(-10 * MINUTE, -2 * MINUTE, -3_000, -1_000, 1_000, 3_000, 2 * MINUTE, 10 * MINUTE, 3 * 3_600_000),
	readLagMs: fc.constantFrom(0, 1_000, MINUTE, MINUTE, 5 * MINUTE),
	writeEvery: fc.constantFrom(0, 0, 1, 2, 5),
	otherWrites: fc.constantFrom<'mixed' | undefined>(undefined, 'mixed'),
	requestMs: fc.constantFrom(0, 40, 400),
	futureFacts: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 150 }) }),
	futureAhead: fc.constantFrom<'minutes' | undefined>(undefined, undefined, 'minutes'),
	existing: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 700 }) }, { weight: 1, arbitrary: fc.integer({ min: 700, max: 3_000 }) }),
	batch: fc.boolean(),
	recent: fc.constantFrom<boolean | undefined>(undefined, true),
	lifetimes: fc.boolean(),
	limit: fc.constantFrom<60 | 120 | 600>(60, 120, 600),
	tier: fc.option(fc.constantFrom(...TIERS), { nil: undefined, freq: 3 }),
	scope: fc.option(fc.constantFrom(...SCOPES), { nil: undefined, freq: 4 }),
	agent: fc.option(fc.constantFrom(...AGENTS), { nil: undefined, freq: 4 }),
	undatedEvery: fc.constantFrom<number | undefined>(undefined, undefined, undefined, undefined, 7, 40),
	wire: fc.constantFrom<'other' | undefined>(undefined, undefined, undefined, 'other'),
	faults: fc.constantFrom<'retried' | 'failing' | undefined>(undefined, undefined, undefined, undefined, 'retried', 'failing'),
	promotions: fc.boolean(),
	scheduler: fc.constantFrom<Scheduler>('poller', 'durable', 'durable-cursors'),
	seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

export const stepArb: fc.Arbitrary<Step> = fc.oneof(
	{
		weight: 5,
		arbitrary: fc.record({
			kind: fc.constant('create' as const),
			count: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 8 }) }, { weight: 1, arbitrary: fc.integer({ min: 100, max: 1_200 }) }),
			agent: fc.nat(AGENTS.length - 1),
			tier: fc.nat(TIERS.length - 1),
			scope: fc.nat(SCOPES.length - 1),
			sameDate: fc.boolean(),
			gapMs: fc.integer({ min: 1, max: 20_000 }),
		}),
	},
	{ weight: 3, arbitrary: fc.record({ kind: fc.constant('promote' as const), count: fc.integer({ min: 1, max: 6 }), pick: fc.nat() }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), count: fc.integer({ min: 1, max: 60 }), pick: fc.nat(), run: fc.boolean() }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 90 }) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('future' as const), count: fc.integer({ min: 1, max: 3 }), ahead: fc.constantFrom<'minutes' | 'decades'>('minutes', 'decades') }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), older: fc.constantFrom<Older>('none', 'format3', 'format3-full', 'format2-full') }) },
	{ weight: 5, arbitrary: fc.record({ kind: fc.constant('poll' as const), polls: fc.integer({ min: 1, max: 3 }) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('flip' as const) }) },
);

export interface ServedFact extends IDataObject {
	id: string;
	agent_id: string;
	tier: string;
	scope: string;
	created_at: string;
	promoted_at: string | null;
}

/** A change the server made: a creation (key: the id) or a promotion (key: id and date). */
export interface Change {
	kind: 'created' | 'promoted';
	key: string;
	id: string;
	/** Polls done before it was made (0: it existed at activation, or was made while the activation poll read). */
	atPoll: number;
	/** Made while the activation poll read: the trigger may hold it as existing, or report it. */
	duringActivation: boolean;
	/** A promotion dated no earlier than its fact's creation (a fact dated ahead promoted is not). */
	honest: boolean;
	/** Dated ahead of the facts' clock when made (minutes or decades: a broken clock). */
	datedAhead: boolean;
	/** Dated more than LAG_PROMISED_MS before it could be read: not promised. */
	datedFarBack: boolean;
}

/** How long before it can be read a change may be dated and still be promised (issue 44). */
export const LAG_PROMISED_MS = MINUTE;

export const changeKey = (kind: 'created' | 'promoted', id: string, date: string | null) => (kind === 'created' ? id : `${id}@${date}`);

/** The server, with the truth of what it did. */
export class HostileList {
	readonly facts: ServedFact[] = [];
	readonly changes = new Map<string, Change>();
	/** The requests each poll made, in order (the trigger's GETs). */
	requests = 0;
	polls = 0;
	/** The activation poll is reading (changes made now are `duringActivation`). */
	activating = false;
	/** The facts the fact list's answers served during the activation poll (id → `created_at` as served, ms), and the first `Date` they named (ms, as a client reads it). */
	readonly servedAtActivation = new Map<string, number>();
	firstDateAtActivation?: number;
	/** A page the activation poll was served reached the list's last fact (with a `total` under the count, the trigger may never get there). */
	endServedAtActivation = false;
	/** The activation's whole read is on (the checker says so before each poll): the promotions it is served dated after the latest `Date` named in the poll so far (and its second). */
	private holdingPromotions = false;
	/** Each such promotion's key, and the poll (counted from 1) it was served in. */
	readonly servedAhead = new Map<string, number>();
	/** The facts served dated after the latest `Date` the fact list named in that poll so far (and its second): by that clock, dated ahead. */
	readonly createdAheadOfDate = new Set<string>();
	/** The latest and the earliest `Date` the fact list named this poll (ms). */
	latestDateInPoll = Number.NEGATIVE_INFINITY;
	private earliestDateInPoll?: number;

	/** A poll begins; `holdingPromotions`: the activation's whole read (or the one after a restart from an older state) is on. */
	beginPoll(holdingPromotions: boolean): void {
		this.holdingPromotions = holdingPromotions;
		this.latestDateInPoll = Number.NEGATIVE_INFINITY;
		this.earliestDateInPoll = undefined;
	}

	/** How far the fact list's `Date`s of this poll lie apart, the earliest from the latest (ms; 0: fewer than two named). */
	dateSpreadInPoll = (): number => (this.earliestDateInPoll === undefined ? 0 : this.latestDateInPoll - this.earliestDateInPoll);
	/** Facts other clients wrote while the trigger read. */
	writtenWhileRead = 0;
	/** The other clients stopped writing (the scenario settles). */
	quiet = false;
	/** Requests for facts answered, and those answered with an injected fault (Behaviour.faults). */
	factRequests = 0;
	faulted = 0;
	/** Faults are injected only where n8n would poll again: not in the poll an activation (or a restart) runs first, whose failure n8n shows as the activation's and does not retry. */
	faultsAllowed = false;
	private made = 0;
	private writes = 0;
	/** Insertion order of each fact: the tie-breaker of a stable order. */
	private readonly seq = new Map<string, number>();
	private advanced = 0;
	private readonly random: Random;
	/** Another generator for issue 44's behaviours, so that scenarios without them replay as before. */
	private readonly random44: Random;
	private server?: HostileServer;
	private readonly base = Date.now();
	/** The order served now: the behaviour's until a flip. */
	private order: Order;
	/** Over/under counts, the cap, the short page length and the smaller max page, fixed for the run. */
	private readonly skew: number;

	constructor(readonly b: Behaviour) {
		this.random = createRandom(b.seed);
		this.random44 = createRandom((b.seed ^ 0x5bd1e995) >>> 0 || 1);
		this.skew = 1 + Math.floor(this.random() * 60);
		this.order = b.order;
	}

	/** The server's clock (API epoch ms): n8n's plus the offset, moved only by the script. */
	now = () => this.base + this.b.clockOffsetMs + this.advanced;

	/** Whether the fact is served with no readable `created_at` (Behaviour.undatedEvery): the trigger can never report its creation. */
	undated = (id: string) => (this.b.undatedEvery ?? 0) > 0 && Number(id.slice(5)) % (this.b.undatedEvery as number) === 0;

	/** Oldest and newest first trade places (so do the two agent-first orders); a new order per request stays one. */
	flip(): void {
		const other: Partial<Record<Order, Order>> = { 'oldest-first': 'newest-first', 'newest-first': 'oldest-first', 'ties-reordered': 'ties-reordered-newest', 'ties-reordered-newest': 'ties-reordered', 'agent-then-oldest': 'agent-desc-then-newest', 'agent-desc-then-newest': 'agent-then-oldest' };
		this.order = other[this.order] ?? this.order;
	}

	advance(ms: number): void {
		this.advanced += ms;
		if (this.b.lifetimes) this.expire();
	}

	async start(): Promise<RunningSandbox> {
		this.server = await startHostile((req, res) => this.answer(req.url, res));
		return { baseUrl: this.server.baseUrl, apiKey: ['ctx', 'hostile', 'list', '38'].join('_') } as unknown as RunningSandbox;
	}

	close = async () => await this.server?.close();

	/** The filters the trigger watches with, as a predicate. */
	matches = (f: ServedFact) => (!this.b.tier || f.tier === this.b.tier) && (!this.b.scope || f.scope === this.b.scope) && (!this.b.agent || f.agent_id === this.b.agent);

	/** How long before now a fact written now is dated (its transaction's start): up to `readLagMs`. */
	private lag = () => (this.b.readLagMs > 0 ? Math.floor(this.random44() * (this.b.readLagMs + 1)) : 0);

	/**
	 * Creates `count` facts dated from now on the server's clock (`gapMs` apart, or all at one date), each
	 * up to `readLagMs` earlier, or `ahead` of it (minutes: a node's clock; decades: a broken one); their ids.
	 */
	create(count: number, o: { agent: string; tier: string; scope: string; sameDate: boolean; gapMs: number; ahead?: 'minutes' | 'decades' }): string[] {
		const ids: string[] = [];
		const stamp = this.now() - this.lag();
		for (let i = 0; i < count; i++) {
			if (!o.sameDate && i > 0) this.advanced += o.gapMs;
			const id = `fact_${String(++this.made).padStart(6, '0')}`;
			const ahead = o.ahead === 'decades' ? DECADES_MS : o.ahead === 'minutes' ? 3 * MINUTE : 0;
			const at = o.ahead ? stamp + ahead + i : o.sameDate ? stamp : this.now() - this.lag();
			const datedFarBack = this.now() - at > LAG_PROMISED_MS;
			this.facts.push({ id, agent_id: o.agent, tier: o.tier, scope: o.scope, content: id, created_at: new Date(at).toISOString(), promoted_at: null });
			this.seq.set(id, this.made);
			this.changes.set(id, { kind: 'created', key: id, id, atPoll: this.polls, duringActivation: this.activating, honest: true, datedAhead: ahead > 0, datedFarBack });
			ids.push(id);
		}
		this.writes++;
		return ids;
	}

	/** Promotes the fact at `pick` (mod the list) and the next count-1 that can be promoted: one tier up, maybe another scope. */
	promote(count: number, pick: number): void {
		const candidates = this.facts.filter((f) => f.tier !== 'L4');
		for (let i = 0; i < Math.min(count, candidates.length); i++) {
			const fact = candidates[(pick + i * 7) % candidates.length];
			this.advanced += 1 + Math.floor(this.random() * 3_000);
			fact.tier = TIERS[TIERS.indexOf(fact.tier) + 1];
			if (this.random() < 0.3) fact.scope = SCOPES[Math.floor(this.random() * SCOPES.length)];
			const created = Date.parse(fact.created_at);
			fact.promoted_at = new Date(created <= this.now() ? Math.max(created, this.now() - this.lag()) : this.now()).toISOString();
			const key = changeKey('promoted', fact.id, fact.promoted_at);
			const datedFarBack = this.now() - Date.parse(fact.promoted_at) > LAG_PROMISED_MS;
			this.changes.set(key, { kind: 'promoted', key, id: fact.id, atPoll: this.polls, duringActivation: this.activating, honest: created <= this.now(), datedAhead: false, datedFarBack });
		}
		this.writes++;
	}

	/** Promotes up to `count` facts in the half minute before now (before activation: they existed, and are never to be reported). */
	promoteRecently(count: number): void {
		const candidates = this.facts.filter((f) => f.tier !== 'L4' && !f.promoted_at && Date.parse(f.created_at) <= this.now());
		for (let i = 0; i < Math.min(count, candidates.length); i++) {
			const fact = candidates[Math.floor(this.random44() * candidates.length)];
			if (fact.promoted_at) continue;
			fact.tier = TIERS[TIERS.indexOf(fact.tier) + 1];
			fact.promoted_at = new Date(Math.max(Date.parse(fact.created_at), this.now() - Math.floor(this.random44() * 30_000))).toISOString();
			const key = changeKey('promoted', fact.id, fact.promoted_at);
			this.changes.set(key, { kind: 'promoted', key, id: fact.id, atPoll: 0, duringActivation: false, honest: true, datedAhead: false, datedFarBack: false });
		}
		this.writes++;
	}

	/** Deletes `count` facts: spread over the list, or (`run`) in a row from `pick` in creation order, as a clean-up of old facts does (in a list sorted by agent first, it moves where one agent's facts end). */
	delete(count: number, pick: number, run = false): void {
		if (run && this.facts.length > 0) this.facts.splice(pick % this.facts.length, count);
		else for (let i = 0; i < count && this.facts.length > 0; i++) this.facts.splice((pick + i * 13) % this.facts.length, 1);
		this.writes++;
	}

	private expire(): void {
		const now = this.now();
		const alive = this.facts.filter((f) => {
			const life = LIFETIME_MS[f.tier];
			return life === null || Date.parse(f.promoted_at ?? f.created_at) + life > now || Date.parse(f.created_at) > now;
		});
		if (alive.length < this.facts.length) this.writes++;
		this.facts.splice(0, this.facts.length, ...alive);
	}

	/** The list as served for a request: filtered, then in the behaviour's order. */
	private list(query: URLSearchParams): ServedFact[] {
		const wanted = this.facts.filter(
			(f) =>
				(!query.get('tier') || f.tier === query.get('tier')) &&
				(!query.get('scope') || f.scope === query.get('scope')) &&
				(!query.get('agent_id') || f.agent_id === query.get('agent_id')),
		);
		const t = (f: ServedFact) => Date.parse(f.created_at);
		const s = (f: ServedFact) => this.seq.get(f.id) as number;
		const tie = (f: ServedFact) => ((s(f) * 2_654_435_761 + this.writes * 40_503) >>> 0) % 1_000_003;
		const byOrder: Record<Order, (a: ServedFact, b: ServedFact) => number> = {
			'oldest-first': (a, b) => t(a) - t(b) || s(a) - s(b),
			'newest-first': (a, b) => t(b) - t(a) || s(b) - s(a),
			'agent-then-oldest': (a, b) => a.agent_id.localeCompare(b.agent_id) || t(a) - t(b) || s(a) - s(b),
			'agent-desc-then-newest': (a, b) => b.agent_id.localeCompare(a.agent_id) || t(b) - t(a) || s(b) - s(a),
			'ties-reordered': (a, b) => t(a) - t(b) || tie(a) - tie(b),
			'ties-reordered-newest': (a, b) => t(b) - t(a) || tie(a) - tie(b),
			permutation: () => 0,
		};
		if (this.order !== 'permutation') return wanted.sort(byOrder[this.order]);
		for (let i = wanted.length - 1; i > 0; i--) {
			const j = Math.floor(this.random() * (i + 1));
			[wanted[i], wanted[j]] = [wanted[j], wanted[i]];
		}
		return wanted;
	}

	/** The `total` announced for a list of `count`. */
	private total(count: number): number {
		if (this.b.total === 'over') return count + this.skew;
		if (this.b.total === 'under') return Math.max(0, count - this.skew);
		if (this.b.total === 'capped') return Math.min(count, 100);
		return count;
	}

	/** One page: its items and the limit it reports. */
	private page(list: ServedFact[], offset: number, asked: number): { data: ServedFact[]; limit: number } {
		const max = this.b.pages === 'small-max' ? 20 + (this.skew % 30) : MAX_PAGE;
		const limit = Math.max(1, Math.min(max, asked));
		if (this.b.pages === 'short') return { data: list.slice(offset, offset + Math.max(1, Math.ceil(limit * 0.6))), limit };
		// Overlapping pages (rows shifted by writes between requests) repeat a few facts, but past the end a page is empty.
		if (this.b.pages === 'duplicates' && offset > 0 && offset < list.length) {
			const back = 1 + (this.skew % 3);
			return { data: list.slice(Math.max(0, offset - back), offset - back + limit), limit };
		}
		return { data: list.slice(offset, offset + limit), limit };
	}

	/** The `Date` header of an answer to `pathname` (undefined: none sent). */
	private dateHeader(pathname: string): string | undefined {
		const skew = { facts: 0, absent: 0, skewed: this.b.dateSkewMs, replicas: this.random44() < 0.5 ? this.b.dateSkewMs : -this.b.dateSkewMs, organization: pathname === '/v1/organization' ? this.b.dateSkewMs : 0 }[this.b.dateHeader];
		return this.b.dateHeader === 'absent' ? undefined : new Date(this.now() + skew).toUTCString();
	}

	/** Another client's write while the trigger reads: 1 to 3 facts, at every `writeEvery` requests (mixed: a fifth of the time one fact promoted, and a fifth one deleted, instead). */
	private writeWhileRead(): void {
		if (this.quiet || this.b.writeEvery === 0 || this.requests % this.b.writeEvery !== 0) return;
		const pick = (n: number) => Math.floor(this.random44() * n);
		const kind = this.b.otherWrites === 'mixed' ? pick(5) : 0;
		this.writtenWhileRead++;
		if (kind === 1) return this.promote(1, pick(1 << 20));
		if (kind === 2) return this.delete(1, pick(1 << 20));
		this.create(1 + pick(3), { agent: AGENTS[pick(AGENTS.length)], tier: TIERS[pick(TIERS.length)], scope: SCOPES[pick(SCOPES.length)], sameDate: false, gapMs: 1 + pick(500) });
	}

	/** A fact as the wire carries it: with no readable `created_at` (Behaviour.undatedEvery), or (Behaviour.wire) its id a number and its dates in another notation. */
	private served(f: ServedFact): IDataObject {
		const fact = this.undated(f.id) ? { ...f, created_at: this.random44() < 0.5 ? undefined : 'not a date' } : f;
		if (this.b.wire !== 'other') return fact;
		const minutes = [330, -480, 0][Math.floor(this.random44() * 3)];
		const noted = (at: string | null | undefined) => (typeof at === 'string' && Number.isFinite(Date.parse(at)) ? `${new Date(Date.parse(at) + minutes * MINUTE).toISOString().slice(0, -1)}000${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}` : at);
		return { ...fact, id: Number(f.id.slice(5)), created_at: noted(fact.created_at), promoted_at: noted(fact.promoted_at) };
	}

	private answer(url: string, res: HostileResponse): void {
		const u = new URL(url, 'http://x');
		const send = (body: unknown) => {
			const date = this.dateHeader(u.pathname);
			// Node's server adds a `Date` of its own unless told not to.
			if (date === undefined) res.sendDate = false;
			res.writeHead(200, { 'content-type': 'application/json', ...(date === undefined ? {} : { date }), 'x-ratelimit-limit': String(this.b.limit) });
			res.end(JSON.stringify(body));
			return date;
		};
		this.requests++;
		this.advanced += this.b.requestMs;
		this.writeWhileRead();
		if (u.pathname === '/v1/organization') return void send({ data: { id: 'org_hostile' } });
		if (u.pathname !== '/v1/memory/facts') {
			res.writeHead(404, { 'content-type': 'application/json' });
			return void res.end(JSON.stringify({ error: { code: 'not_found', message: 'no such route' } }));
		}
		if (this.b.faults !== undefined && this.faultsAllowed && !this.quiet && (this.b.faults === 'retried' ? ++this.factRequests % 11 === 0 : this.random44() < 1 / 11)) {
			this.faulted++;
			const status = this.b.faults === 'retried' ? 503 : 403;
			res.writeHead(status, { 'content-type': 'application/json', ...(status === 503 ? { 'retry-after': '1' } : {}) });
			return void res.end(JSON.stringify({ error: { code: status === 503 ? 'unavailable' : 'forbidden', message: 'Injected fault', status } }));
		}
		const offset = Math.max(0, Number(u.searchParams.get('offset') ?? 0) || 0);
		const list = this.list(u.searchParams);
		const { data, limit } = this.page(list, offset, Number(u.searchParams.get('limit') ?? MAX_PAGE) || MAX_PAGE);
		const date = send({ data: data.map((f) => this.served(f)), pagination: { offset, limit, total: this.total(list.length) } });
		if (date !== undefined) this.latestDateInPoll = Math.max(this.latestDateInPoll, Date.parse(date));
		if (date !== undefined) this.earliestDateInPoll = Math.min(this.earliestDateInPoll ?? Date.parse(date), Date.parse(date));
		for (const f of data) if (Date.parse(f.created_at) > this.latestDateInPoll + 1_000) this.createdAheadOfDate.add(f.id);
		if (this.holdingPromotions) for (const f of data) if (f.promoted_at && Date.parse(f.promoted_at) > this.latestDateInPoll + 1_000) this.servedAhead.set(changeKey('promoted', f.id, f.promoted_at), this.polls + 1);
		if (!this.activating) return;
		for (const fact of data) this.servedAtActivation.set(fact.id, Date.parse(fact.created_at));
		if (offset + data.length >= list.length) this.endServedAtActivation = true;
		this.firstDateAtActivation ??= date === undefined ? undefined : Date.parse(date);
	}
}

/** The facts a new server starts with: `existing` dated apart over weeks before now (or one batch), and the far-future ones. */
export function seed(list: HostileList): void {
	const { existing, batch, futureFacts } = list.b;
	const span = 21 * 86_400_000;
	const end = list.now() + MINUTE;
	const gap = batch ? 0 : Math.floor(span / Math.max(1, existing));
	list.advance(-span);
	for (let i = 0; i < existing; i++) {
		list.create(1, { agent: AGENTS[i % 3], tier: TIERS[(i >> 2) % 4], scope: SCOPES[i % 3], sameDate: false, gapMs: 0 });
		list.advance(gap - (i % 2) * Math.min(gap, 999));
	}
	if (batch) {
		const stamp = new Date(list.now()).toISOString();
		for (const f of list.facts) f.created_at = stamp;
	}
	if (list.b.recent) {
		list.advance(end - 50_000 - list.now());
		for (const agent of AGENTS) list.create(2, { agent, tier: 'L1', scope: 'agent', sameDate: false, gapMs: 5_000 });
	}
	list.advance(end - list.now());
	// Promotions made just before activation existed: a trigger that dates them by another clock may report them.
	// On issue 44's servers only (facts dated before they can be read), so that earlier scenarios replay as they were.
	if (list.b.promotions && list.b.readLagMs > 0) list.promoteRecently(2);
	if (futureFacts > 0) list.create(futureFacts, { agent: AGENTS[1], tier: 'L3', scope: 'team', sameDate: false, gapMs: 1, ahead: list.b.futureAhead ?? 'decades' });
}
