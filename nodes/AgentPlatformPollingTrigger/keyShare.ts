/**
 * The polling trigger's share of the API key's rate limit, which every workflow on the key shares. Each
 * poll is its own execution, so the account lives in the static data: tokens that fill at share × limit a
 * minute, hold at most a minute's worth, and pay for every attempt the client sends (its RequestHook,
 * src/client/requestHook.ts, which also names the key's limit from each answer). A step the account cannot
 * pay for waits for a later poll. The default, 0.2, pays for a poll a minute (agents and new facts, a
 * request each) on the smallest plan and leaves four fifths of the key to the workflows people wait on;
 * docs/polling-trigger.md (The share) says the rest.
 */
import type { RequestHook } from '../../src/client';

export const DEFAULT_KEY_SHARE = 0.2;
export const MIN_KEY_SHARE = 0.01;

/** The key's limit assumed until a response names it: the smallest plan's (Individual, 60 a minute). */
const ASSUMED_LIMIT = 60;

/** The window the key's limit counts requests in. */
const MINUTE_MS = 60_000;

/** What the account holds between polls. */
export interface ShareAccount {
	/** Requests the trigger may still send (negative: overspent by retries, paid back first). */
	tokens: number;
	/** When `tokens` was last brought up to date (local epoch ms). */
	at: number;
	/** The key's limit per minute, as the last response said. */
	limit: number;
}

/** The account's clock. The benchmark replaces it to let a minute pass between polls without waiting for one. */
export const shareClock = { now: (): number => Date.now() };

export class KeyShare implements RequestHook {
	private constructor(
		private readonly account: ShareAccount,
		private readonly share: number,
		/** The limit is ASSUMED_LIMIT until an answer names the key's own (a new account). */
		private guessed: boolean,
	) {}

	/** The account for this poll: the stored one filled for the time since, or a new one holding a minute's share. */
	static open(stored: ShareAccount | undefined, share: number): KeyShare {
		const now = shareClock.now();
		// A time stored ahead of now (an edited state, a clock set back) would hold the account empty until then.
		const account = stored ? { ...stored, at: Math.min(stored.at, now) } : { tokens: Number.POSITIVE_INFINITY, at: now, limit: ASSUMED_LIMIT };
		const keyShare = new KeyShare(account, share, !stored);
		keyShare.fill(now);
		return keyShare;
	}

	/** Whole requests the trigger may send now. */
	get available(): number {
		return Math.max(0, Math.floor(this.account.tokens));
	}

	/** The account as stored. */
	toJSON(): ShareAccount {
		return { ...this.account };
	}

	/** Each attempt the client sends is paid for, retries included. */
	sending(): void {
		this.account.tokens -= 1;
	}

	/** An answer that names another limit for the key: the account holds at most a minute's share of it. */
	answered({ limit }: { limit?: number }): void {
		if (limit === undefined || !(limit > 0)) return;
		const guessed = this.guessed;
		this.guessed = false;
		if (limit === this.account.limit) return;
		// A new account held a minute's share of a guess: it holds that of the key's own limit, less what it spent.
		const spent = this.perMinute() - this.account.tokens;
		this.account.limit = limit;
		this.account.tokens = guessed ? this.perMinute() - spent : Math.min(this.account.tokens, this.perMinute());
	}

	private perMinute(): number {
		return this.share * this.account.limit;
	}

	private fill(now: number): void {
		const perMinute = this.perMinute();
		const elapsed = Math.max(0, now - this.account.at);
		// Never more than a minute's share, never owing more than one (paid back within a minute or two).
		const tokens = Math.max(-perMinute, this.account.tokens);
		this.account.tokens = Math.min(perMinute, tokens + (perMinute * elapsed) / MINUTE_MS);
		this.account.at = now;
	}
}
