/**
 * The job queue's rules (decisions/0010): enqueue in the caller's transaction, claim one due job
 * at a time under a lease, finish it (done, retried with backoff, or failed with its reason),
 * and list a store's jobs for its staff. Every time comes from the caller (the app's clock), so
 * tests move time instead of waiting.
 */
import { and, asc, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import type { Executor, Transaction } from '../../db/client';
import { randomToken } from '../../lib/tokens';
import { jobs, type JobRow } from './jobs.table';

/** A failure no retry can mend (an invalid number): the job fails at once with this reason. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobKind {
  /**
   * Does the work outside any transaction (calls to outside services). May return `commit`: the
   * job's own writes, made in the transaction that marks it done. Throws to fail the run.
   */
  run(job: JobRow, deps: AppDeps): Promise<((tx: Transaction) => Promise<void>) | void>;
  /** Records the final failure (no attempt left, or a PermanentJobError) with its reason. */
  failed?(tx: Transaction, job: JobRow, reason: string): Promise<void>;
  /**
   * How long a run of this kind may take before another runner may take the job again; the
   * runner's lease when absent. For work that can outlast it (a big database's backup).
   */
  leaseMs?: number;
}

export interface NewJob {
  kind: string;
  storeId: number | null;
  payload: Record<string, unknown>;
  maxAttempts: number;
  /** One queued-or-running job per key and kind; enqueueing another answers null. */
  dedupeKey?: string;
  /** Default: now. */
  runAt?: Date;
}

/** Adds a job, in the caller's transaction when given one; null when its dedupe key is taken. */
export async function enqueueJob(db: Executor, now: Date, job: NewJob): Promise<JobRow | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      storeId: job.storeId,
      payload: job.payload,
      maxAttempts: job.maxAttempts,
      dedupeKey: job.dedupeKey ?? null,
      runAt: job.runAt ?? now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Why a job that was running is run again: its runner stopped before finishing. */
export const LEASE_EXPIRED = 'The worker stopped before the job finished';

/**
 * Jobs whose runner let the lease run out (the process died, or hung past it): queued again at
 * once, or failed when no attempt is left — then the kind's `failed` handler (`kindOf`) records
 * the failure in the same transaction, as failJob does, so its owner (an SMS receipt's sale)
 * does not wait for ever. Safe to run from every instance at once: a row another instance is
 * releasing is skipped (SKIP LOCKED).
 */
export async function releaseExpiredLeases(
  db: Executor,
  now: Date,
  kindOf: (kind: string) => JobKind | undefined = () => undefined,
): Promise<void> {
  const expired = and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, now));
  const release = { lockedUntil: null, claimToken: null, lastError: LEASE_EXPIRED, updatedAt: now };
  await db.transaction(async (tx) => {
    const spent = await tx
      .select()
      .from(jobs)
      .where(and(expired, sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
      .for('update', { skipLocked: true });
    for (const job of spent) {
      await tx
        .update(jobs)
        .set({ ...release, state: 'failed', finishedAt: now })
        .where(eq(jobs.id, job.id));
      await kindOf(job.kind)?.failed?.(tx, job, LEASE_EXPIRED);
    }
  });
  await db
    .update(jobs)
    .set({ ...release, state: 'queued', runAt: now })
    .where(and(expired, sql`${jobs.attempts} < ${jobs.maxAttempts}`));
}

/**
 * Takes the next due job of `kinds` for this runner: running, one more attempt, leased until
 * now + leaseMs (or the job's kind's lease, when a function) under a fresh claim token. A row another instance is claiming is skipped
 * (SKIP LOCKED), so two instances never take the same job.
 */
export async function claimDueJob(
  db: Executor,
  now: Date,
  leaseMs: number | ((kind: string) => number),
  kinds: string[],
): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: jobs.id, kind: jobs.kind })
      .from(jobs)
      .where(
        and(
          eq(jobs.state, 'queued'),
          lte(jobs.runAt, now),
          sql`${jobs.kind} in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})`,
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(
          now.getTime() + (typeof leaseMs === 'number' ? leaseMs : leaseMs(due.kind)),
        ),
        claimToken: randomToken(),
        updatedAt: now,
      })
      .where(eq(jobs.id, due.id))
      .returning();
    return claimed ?? null;
  });
}

/** The job, locked, if this claim still holds it (its lease was not given to another runner). */
async function heldClaim(tx: Transaction, job: JobRow): Promise<boolean> {
  if (!job.claimToken) return false;
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.claimToken, job.claimToken)))
    .for('update');
  return row !== undefined;
}

/**
 * Marks the claimed job done and runs `commit` in the same transaction (the job's own writes),
 * only if the claim still holds: a runner whose lease was taken over writes nothing.
 */
export async function completeJob(
  db: Executor,
  job: JobRow,
  now: Date,
  commit?: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await heldClaim(tx, job))) return false;
    await tx
      .update(jobs)
      .set({
        state: 'done',
        lockedUntil: null,
        claimToken: null,
        lastError: null,
        updatedAt: now,
        finishedAt: now,
      })
      .where(eq(jobs.id, job.id));
    await commit?.(tx);
    return true;
  });
}

/** The wait before attempt n + 1 after n failed: base, 2 × base, 4 × base … at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export type FailOutcome = 'retry' | 'failed' | 'lost';

/**
 * A run failed with `reason`: queued again after the backoff while attempts remain and the
 * failure is not permanent, else failed for good — then `onFailed` runs in the same
 * transaction (the job's own record of the failure).
 */
export async function failJob(
  db: Executor,
  job: JobRow,
  now: Date,
  reason: string,
  options: {
    permanent: boolean;
    retryBaseMs: number;
    onFailed?: (tx: Transaction) => Promise<void>;
  },
): Promise<FailOutcome> {
  return db.transaction(async (tx) => {
    if (!(await heldClaim(tx, job))) return 'lost';
    const lastError = reason.slice(0, 1000);
    const release = { lockedUntil: null, claimToken: null, lastError, updatedAt: now };
    if (!options.permanent && job.attempts < job.maxAttempts) {
      const runAt = new Date(now.getTime() + retryDelayMs(job.attempts, options.retryBaseMs));
      await tx
        .update(jobs)
        .set({ ...release, state: 'queued', runAt })
        .where(eq(jobs.id, job.id));
      return 'retry';
    }
    await tx
      .update(jobs)
      .set({ ...release, state: 'failed', finishedAt: now })
      .where(eq(jobs.id, job.id));
    await options.onFailed?.(tx);
    return 'failed';
  });
}

/** How long a finished job (done or failed) stays listed before it is deleted. */
export const FINISHED_JOB_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes jobs finished more than the retention ago (their outcome is kept by their owner). */
export async function deleteOldFinishedJobs(db: Executor, now: Date): Promise<void> {
  const before = new Date(now.getTime() - FINISHED_JOB_RETENTION_MS);
  await db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['done', 'failed']), lt(jobs.finishedAt, before)));
}

/** A store's jobs, newest first, for its staff (GET /jobs). */
export async function listJobs(
  db: Executor,
  storeId: number,
  { page, pageSize, state }: { page: number; pageSize: number; state?: JobRow['state'] },
) {
  const where = and(eq(jobs.storeId, storeId), state ? eq(jobs.state, state) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(jobs).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export function presentJob(row: JobRow) {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    // When a queued job runs next; null once it is running or finished.
    next_run_at: row.state === 'queued' ? row.runAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
