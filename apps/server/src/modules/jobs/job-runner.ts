/**
 * The worker (decisions/0010): runs the due jobs of the kinds registered with it, one at a time.
 * `runDueJobs()` is the whole of a pass — tests call it under their fixed clock; `start()` adds
 * a timer for the running server (main.ts), and `kick()` runs a pass at once after a request
 * queued a job, so an SMS leaves within moments. `stop()` (on app close) ends the timer and
 * waits for the pass in progress.
 */
import type { AppDeps } from '../../app/deps';
import type { Transaction } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import {
  claimDueJob,
  completeJob,
  deleteOldFinishedJobs,
  failJob,
  PermanentJobError,
  releaseExpiredLeases,
  type FailOutcome,
  type JobKind,
} from './jobs.service';
import type { JobRow } from './jobs.table';

export interface JobRunnerOptions {
  /** How often the timer looks for due jobs. */
  pollMs: number;
  /** The first retry's wait; each next one doubles (jobs.service retryDelayMs). */
  retryBaseMs: number;
  /** How long a claimed job is this runner's before another may take it (JobKind.leaseMs wins). */
  leaseMs?: number;
  /** Where a job that throws unexpectedly is reported (the app's log). */
  log?: (message: string, error?: unknown) => void;
  /** Told each run's outcome (the metrics' duka_jobs_runs_total). */
  onRun?: (kind: string, outcome: 'done' | FailOutcome) => void;
}

export interface PassResult {
  done: number;
  retried: number;
  failed: number;
}

const DEFAULT_LEASE_MS = 2 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export class JobRunner {
  private readonly kinds = new Map<string, JobKind>();
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<PassResult> | undefined;
  private again = false;
  private started = false;
  /** Set while the database is unreachable: its outage is warned about once. */
  private unreachable = false;
  /** When this runner last deleted old finished jobs (at most hourly). */
  private prunedAt = 0;
  /** Work done at the start of a pass every so often (the eTIMS sweep), with when it last ran. */
  private readonly periodic: {
    everyMs: number;
    task: (deps: AppDeps, now: Date) => Promise<void>;
    ranAt: number;
  }[] = [];

  constructor(
    private readonly deps: AppDeps,
    private readonly options: JobRunnerOptions,
  ) {}

  register(kind: string, definition: JobKind): void {
    this.kinds.set(kind, definition);
  }

  /**
   * `task` at the start of a pass once `everyMs` of the app's clock has gone by since it last
   * ran (the first pass runs it): queueing work that nothing else queues, such as a store's
   * eTIMS invoices left pending. It only queues jobs — deduplicated — so running it on every
   * instance is harmless.
   */
  every(everyMs: number, task: (deps: AppDeps, now: Date) => Promise<void>): void {
    this.periodic.push({ everyMs, task, ranAt: Number.NEGATIVE_INFINITY });
  }

  /**
   * Runs every job due now (by the app's clock) until none is left, `limit` at most; a pass
   * already running is joined rather than doubled.
   */
  runDueJobs(limit = 100): Promise<PassResult> {
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    this.pass = this.runPass(limit).finally(() => {
      this.pass = undefined;
    });
    return this.pass;
  }

  private async runPass(limit: number): Promise<PassResult> {
    const result: PassResult = { done: 0, retried: 0, failed: 0 };
    const { db, clock } = this.deps;
    const leaseMs = this.options.leaseMs ?? DEFAULT_LEASE_MS;
    await releaseExpiredLeases(db, clock.now(), (kind) => this.kinds.get(kind));
    if (clock.now().getTime() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = clock.now().getTime();
      await deleteOldFinishedJobs(db, clock.now());
    }
    for (const item of this.periodic) {
      if (clock.now().getTime() - item.ranAt < item.everyMs) continue;
      item.ranAt = clock.now().getTime();
      await item.task(this.deps, clock.now());
    }
    for (let i = 0; i < limit; i += 1) {
      const job = await claimDueJob(
        db,
        clock.now(),
        (kind) => this.kinds.get(kind)?.leaseMs ?? leaseMs,
        [...this.kinds.keys()],
      );
      if (!job) break;
      const outcome = await this.runOne(job);
      this.options.onRun?.(job.kind, outcome);
      if (outcome === 'done') result.done += 1;
      else if (outcome === 'retry') result.retried += 1;
      else if (outcome === 'failed') result.failed += 1;
    }
    return result;
  }

  private async runOne(job: JobRow): Promise<'done' | FailOutcome> {
    const kind = this.kinds.get(job.kind)!;
    const { db, clock } = this.deps;
    let commit: ((tx: Transaction) => Promise<void>) | void;
    try {
      commit = await kind.run(job, this.deps);
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      const reason = error instanceof Error ? error.message : String(error);
      this.options.log?.(`Job ${job.id} (${job.kind}) attempt ${job.attempts} failed: ${reason}`);
      return failJob(db, job, clock.now(), reason, {
        permanent,
        retryBaseMs: this.options.retryBaseMs,
        onFailed: kind.failed ? (tx) => kind.failed!(tx, job, reason) : undefined,
      });
    }
    const held = await completeJob(db, job, clock.now(), commit ?? undefined);
    return held ? 'done' : 'lost';
  }

  /** A pass soon (after a request queued a job); only once the timer runs (start()). */
  kick(): void {
    if (!this.started) return;
    setImmediate(() => void this.tick());
  }

  private async tick(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.runDueJobs();
      } while (this.again && this.started);
      if (this.unreachable) {
        this.options.log?.('Background jobs run again: the database is back');
        this.unreachable = false;
      }
    } catch (error) {
      // The database went away for a moment (issue 27): one warning, then the timer keeps
      // trying every pollMs until a pass gets through.
      if (isDatabaseUnavailable(error)) {
        if (this.unreachable) return;
        this.unreachable = true;
      }
      this.options.log?.('Background jobs could not run', error);
    }
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const loop = () => {
      this.timer = setTimeout(() => {
        void this.tick().then(() => {
          if (this.started) loop();
        });
      }, this.options.pollMs);
      this.timer.unref();
    };
    this.kick();
    loop();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.pass?.catch(() => undefined);
  }
}
