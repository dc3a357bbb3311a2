/**
 * The nightly backup (issue 27): at BACKUP_TIME in BACKUP_TIME_ZONE by the app's clock, once a
 * day. Every app server checks each minute (the job runner's `every`); the first to find the
 * day's time passed queues one job under an advisory lock, keyed by the local date, so
 * several servers — or a restart — never make a second backup that day. A server that was
 * off at the time makes the day's backup when it next runs.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import type { BackupConfig } from '../../config';
import { enqueueJob } from '../jobs/jobs.service';
import type { JobKind } from '../jobs/jobs.service';
import { PermanentJobError } from '../jobs/jobs.service';
import { jobs } from '../jobs/jobs.table';
import { markInterruptedBackups, runBackup } from './backup.service';

export const NIGHTLY_BACKUP_JOB = 'system.nightly-backup';
/** How often each server looks at the clock for the nightly backup. */
export const NIGHTLY_CHECK_EVERY_MS = 60 * 1000;
const NIGHTLY_QUEUE_LOCK_KEY = 7_420_028;

/** The local date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** How far `timeZone` is ahead of UTC at `instant`, in ms. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant the wall clock of `timeZone` reads `time` (HH:MM) on `date` (YYYY-MM-DD). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  let instant = wall - zoneOffsetMs(new Date(wall), timeZone);
  // Once more at the guess: a daylight-saving change between the two readings moves it.
  instant = wall - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** The next nightly backup's time after `now`. */
export function nextNightlyRun(now: Date, config: BackupConfig): Date {
  const today = zonedInstant(localDate(now, config.timeZone), config.time, config.timeZone);
  if (today > now) return today;
  const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  return zonedInstant(localDate(tomorrow, config.timeZone), config.time, config.timeZone);
}

/**
 * Queues the day's nightly backup once its time has come and none was queued for that local
 * date yet (in any state: done or failed counts). Answers whether it queued one.
 */
export async function queueNightlyBackup(deps: AppDeps, now: Date): Promise<boolean> {
  const { timeZone, time } = deps.config.backup;
  const day = localDate(now, timeZone);
  if (now < zonedInstant(day, time, timeZone)) return false;
  const dedupeKey = `nightly:${day}`;
  return deps.db.transaction(async (tx) => {
    // Two servers checking in the same instant take turns here; the second sees the first's job.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${NIGHTLY_QUEUE_LOCK_KEY})`);
    const [already] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, NIGHTLY_BACKUP_JOB), eq(jobs.dedupeKey, dedupeKey)))
      .limit(1);
    if (already) return false;
    const job = await enqueueJob(tx, now, {
      kind: NIGHTLY_BACKUP_JOB,
      storeId: null,
      payload: { day },
      // One attempt a night: a failure shows on every staff page until a backup succeeds.
      maxAttempts: 1,
      dedupeKey,
    });
    return job !== null;
  });
}

/** The job runner's minute check: crashed backups marked failed, the nightly one queued. */
export async function checkBackups(deps: AppDeps, now: Date): Promise<void> {
  await markInterruptedBackups(deps.db, now);
  if (deps.config.backup.nightly) await queueNightlyBackup(deps, now);
}

/**
 * The nightly backup's lease: a big database's dump can outlast the runner's two minutes, and
 * another server must not take the job while it still runs (its backup lock would refuse the
 * second run, and the first's job would be lost). A crashed run's backup row is marked failed
 * within a minute anyway (checkBackups); only its job row waits out this lease.
 */
export const NIGHTLY_BACKUP_LEASE_MS = 6 * 60 * 60 * 1000;

export const nightlyBackupJob: JobKind = {
  leaseMs: NIGHTLY_BACKUP_LEASE_MS,
  async run(_job, deps) {
    const row = await runBackup(deps, { trigger: 'nightly' });
    if (row.state === 'failed') throw new PermanentJobError(row.error ?? 'The backup failed');
  },
};
