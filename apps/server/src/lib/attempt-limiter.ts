/**
 * Fixed-window attempt counting for sign-in (docs/decisions/0002), kept in the database
 * (`auth_attempts`) so every instance on one PostgreSQL enforces one limit.
 *
 * Reserving an attempt checks and counts it in one SQL statement — an upsert whose update only
 * happens while the window has room — so parallel requests, on one instance or several, cannot
 * all slip past the check while a slow password hash runs. A correct password gives its attempt
 * back, so only failures count against an email. Time comes from the injected clock, never
 * from the database's now(), so tests can let a window pass.
 *
 * Expired rows are deleted in bounded batches, at most once per sweep interval per limiter.
 */
import { and, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../app/deps';
import type { Executor } from '../db/client';
import { authAttempts } from '../modules/auth/auth.table';
import type { Clock } from './clock';
import { tooManyRequests } from './errors';

export interface LimiterOptions {
  db: Executor;
  clock: Clock;
  /** Names the counter; limiters with the same name share their counts (same table rows). */
  name: string;
  max: number;
  windowMs: number;
  /** Rows deleted per sweep of expired windows (default 1,000). */
  sweepBatch?: number;
  /** Least time between two sweeps of this limiter (default one minute, or the window). */
  sweepIntervalMs?: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class AttemptLimiter {
  private readonly sweepBatch: number;
  private readonly sweepIntervalMs: number;
  private nextSweepAt = 0;

  constructor(private readonly options: LimiterOptions) {
    this.sweepBatch = options.sweepBatch ?? 1_000;
    this.sweepIntervalMs = options.sweepIntervalMs ?? Math.min(options.windowMs, 60_000);
  }

  private key(subject: string) {
    return `${this.options.name}:${subject}`;
  }

  /** Count one attempt for `subject`, or refuse it when the window's budget is spent. */
  async reserve(subject: string): Promise<Reservation> {
    const { db, clock, max, windowMs } = this.options;
    const key = this.key(subject);
    const now = clock.now();
    const expired = lte(authAttempts.resetAt, now);
    // One statement: a new key starts a window; an expired window restarts at 1; a live one
    // counts up only while below max. A refused attempt updates nothing and returns no row.
    const counted = await db
      .insert(authAttempts)
      .values({ key, count: 1, resetAt: new Date(now.getTime() + windowMs) })
      .onConflictDoUpdate({
        target: authAttempts.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${authAttempts.count} + 1 END`,
          resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${authAttempts.resetAt} END`,
        },
        setWhere: or(expired, lt(authAttempts.count, max)),
      })
      .returning({ count: authAttempts.count });
    await this.sweepIfDue(now);
    if (counted.length > 0) return { allowed: true };

    // Refused: read when the window ends, for Retry-After. (Only informs the answer; the
    // decision above was atomic.)
    const [row] = await db
      .select({ resetAt: authAttempts.resetAt })
      .from(authAttempts)
      .where(eq(authAttempts.key, key))
      .limit(1);
    const msLeft = row ? row.resetAt.getTime() - now.getTime() : 0;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
  }

  /** Give back an attempt that turned out fine (a correct password). */
  async release(subject: string): Promise<void> {
    const { db, clock } = this.options;
    await db
      .update(authAttempts)
      .set({ count: sql`${authAttempts.count} - 1` })
      .where(
        and(
          eq(authAttempts.key, this.key(subject)),
          gt(authAttempts.count, 0),
          gt(authAttempts.resetAt, clock.now()),
        ),
      );
  }

  /**
   * Delete up to `sweepBatch` expired windows of any counter. Rows another instance is
   * touching are skipped (SKIP LOCKED), so concurrent sweeps never wait on each other.
   */
  async sweep(now = this.options.clock.now()): Promise<number> {
    const { db } = this.options;
    const expiredKeys = db
      .select({ key: authAttempts.key })
      .from(authAttempts)
      .where(lte(authAttempts.resetAt, now))
      .limit(this.sweepBatch)
      .for('update', { skipLocked: true });
    const deleted = await db
      .delete(authAttempts)
      .where(inArray(authAttempts.key, expiredKeys))
      .returning({ key: authAttempts.key });
    return deleted.length;
  }

  private async sweepIfDue(now: Date) {
    if (now.getTime() < this.nextSweepAt) return;
    this.nextSweepAt = now.getTime() + this.sweepIntervalMs;
    await this.sweep(now);
  }
}

/**
 * The counters of decision 0002, configured from `config.authRateLimit`. `failedPasswords` is
 * keyed by account and address (failedPasswordSubject) and shared by sign-in, change-password
 * and any other check of a staff member's password: a wrong password counts against that
 * account from that address, wherever it was typed.
 */
export function signInLimiters(deps: AppDeps) {
  const { windowMs, loginPerIp, registerPerIp, failedLoginsPerEmail } = deps.config.authRateLimit;
  const limiter = (name: string, max: number) =>
    new AttemptLimiter({ db: deps.db, clock: deps.clock, name, max, windowMs });
  return {
    loginsPerIp: limiter('login-ip', loginPerIp),
    registrationsPerIp: limiter('register-ip', registerPerIp),
    failedPasswords: limiter('failed-password', failedLoginsPerEmail),
  };
}

export type SignInLimiters = ReturnType<typeof signInLimiters>;

/**
 * What the failed-password counter (docs/decisions/0002) is kept under: the account itself when
 * it exists — so changing its email cannot reset the count — else the email that was typed,
 * each together with the address the password came from (issue 20). Someone guessing from
 * their address is slowed down there alone: the owner, from theirs, still signs in.
 */
export function failedPasswordSubject(
  account: { id: number } | undefined,
  email: string,
  address: string,
): string {
  const who = account ? `user:${account.id}` : `email:${email.toLowerCase()}`;
  return `${who}|ip:${address}`;
}

/** Reserve an attempt or answer 429 with Retry-After. */
export async function reserveOrRefuse(limiter: AttemptLimiter, subject: string): Promise<void> {
  const reservation = await limiter.reserve(subject);
  if (!reservation.allowed) {
    throw tooManyRequests(
      'Too many attempts. Please wait and try again.',
      reservation.retryAfterSeconds,
    );
  }
}
