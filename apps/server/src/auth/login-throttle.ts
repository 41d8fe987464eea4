import type { Database } from '../db/database.ts';
import { networkOf } from '../http/actor.ts';
import { AppError } from '../http/app-error.ts';
import {
  clearLoginFailuresOfPair,
  countLoginFailures,
  deleteLoginFailure,
  insertLoginFailure,
  lockLoginAddress,
  pruneLoginFailures,
} from '../repositories/login-failure-repository.ts';

/**
 * Password sign-in throttling (ADR 024): hard limits per username-and-address pair and per
 * address; for a username under attack from many addresses only a growing delay, never a lock,
 * so a stranger cannot lock the real admin out.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Guesses at one account from one address. */
export const LOGIN_MAX_FAILURES_PER_PAIR = 5;
/** Guesses from one address across usernames (password spraying); an office may share one. */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 10;
/** From this many failures for a username (from anywhere), every attempt at it waits first. */
export const LOGIN_SLOWDOWN_FROM = 5;
export const LOGIN_SLOWDOWN_BASE_MS = 250;
export const LOGIN_SLOWDOWN_MAX_MS = 4000;

/** Thrown with a Retry-After, in seconds, when too many logins failed. */
export class LoginThrottledError extends AppError {
  override name = 'LoginThrottledError';
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(
      'rate_limited',
      `Too many failed sign-in attempts from this address. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A reserved attempt: its failure row exists already and is settled once the password is checked. */
export type LoginAttempt = { id: number; username: string; network: string; delayMs: number };

/**
 * The wait before checking a password for a username with `failures` recent failures: none
 * below the threshold, then 250 ms doubling every five failures, at most 4 s.
 */
export function slowdownFor(failures: number): number {
  if (failures < LOGIN_SLOWDOWN_FROM) return 0;
  const doublings = Math.floor((failures - LOGIN_SLOWDOWN_FROM) / 5);
  return Math.min(LOGIN_SLOWDOWN_BASE_MS * 2 ** Math.min(doublings, 16), LOGIN_SLOWDOWN_MAX_MS);
}

/**
 * Counts and reserves in one transaction holding the address's lock, before any hashing: of
 * any number of parallel attempts from one address, at most the limit get a row, and only
 * those are checked. The rest are refused here, cheaply.
 */
export function reserveLoginAttempt(
  db: Database,
  input: { username: string; ip: string },
  now: Date,
): Promise<LoginAttempt> {
  const network = networkOf(input.ip);
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  return db.transaction(async (tx) => {
    await lockLoginAddress(tx, network);
    const counts = await countLoginFailures(tx, { username: input.username, network, since });
    const unlocks: number[] = [];
    if (counts.byPair >= LOGIN_MAX_FAILURES_PER_PAIR && counts.oldestByPair) {
      unlocks.push(counts.oldestByPair.getTime() + LOGIN_WINDOW_MS);
    }
    if (counts.byAddress >= LOGIN_MAX_FAILURES_PER_ADDRESS && counts.oldestByAddress) {
      unlocks.push(counts.oldestByAddress.getTime() + LOGIN_WINDOW_MS);
    }
    if (unlocks.length > 0) {
      const seconds = Math.ceil((Math.max(...unlocks) - now.getTime()) / 1000);
      throw new LoginThrottledError(Math.max(1, seconds));
    }
    await pruneLoginFailures(tx, { username: input.username, network, before: since });
    const id = await insertLoginFailure(tx, { username: input.username, network, at: now });
    return { id, username: input.username, network, delayMs: slowdownFor(counts.byUsername) };
  });
}

/** The password was right: the pair starts afresh (other addresses keep their counts). */
export function loginSucceeded(db: Database, attempt: LoginAttempt): Promise<void> {
  return clearLoginFailuresOfPair(db, attempt.username, attempt.network);
}

/** The password was never checked (the hash gate was full, or a fault): nothing is counted. */
export function loginNotChecked(db: Database, attempt: LoginAttempt): Promise<void> {
  return deleteLoginFailure(db, attempt.id);
}
