/**
 * The nightly backup (issue 27) by a fixed clock, on two app instances of one database: none
 * before 03:00 in Nairobi, one at 03:00 however many servers check, never a second that day,
 * the next one the next night; old backup files pruned after a good one, every other file kept;
 * the job leased for hours, so the other server never takes it mid-run.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwoTestApps, type TwoInstances } from '../../testing/two-instances';
import { jobs } from '../jobs/jobs.table';
import {
  localDate,
  NIGHTLY_BACKUP_LEASE_MS,
  nextNightlyRun,
  zonedInstant,
} from './backup-schedule';
import { backups } from './backups.table';

const MINUTE = 60 * 1000;
let apps: TwoInstances;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'duka-nightly-'));
  apps = await createTwoTestApps({
    backup: { dir: folder, keepDays: 14, time: '03:00', timeZone: 'Africa/Nairobi', nightly: true },
  });
}, 60_000);
afterAll(async () => {
  await apps.close();
  await rm(folder, { recursive: true, force: true });
});

/** Both servers' job runners take a pass, as their timers would; then the clock moves on. */
async function bothRun() {
  await apps.first.app.jobs.runDueJobs();
  await apps.second.app.jobs.runDueJobs();
}

const madeBackups = () =>
  apps.first.db.select().from(backups).orderBy(asc(backups.startedAt), asc(backups.id));

describe('the schedule in its time zone', () => {
  it('reads 03:00 in Nairobi as 00:00 UTC, and the next run after now', () => {
    expect(zonedInstant('2026-11-27', '03:00', 'Africa/Nairobi').toISOString()).toBe(
      '2026-11-27T00:00:00.000Z',
    );
    // A zone with daylight saving: 03:00 in London in July is 02:00 UTC.
    expect(zonedInstant('2026-07-01', '03:00', 'Europe/London').toISOString()).toBe(
      '2026-07-01T02:00:00.000Z',
    );
    expect(localDate(new Date('2026-11-26T21:30:00Z'), 'Africa/Nairobi')).toBe('2026-11-27');
    const config = {
      dir: '',
      keepDays: 14,
      time: '03:00',
      timeZone: 'Africa/Nairobi',
      nightly: true,
    };
    expect(nextNightlyRun(new Date('2026-11-26T23:59:00Z'), config).toISOString()).toBe(
      '2026-11-27T00:00:00.000Z',
    );
    expect(nextNightlyRun(new Date('2026-11-27T00:00:00Z'), config).toISOString()).toBe(
      '2026-11-28T00:00:00.000Z',
    );
  });
});

describe('the nightly backup', () => {
  it('runs once at 03:00 Nairobi on two servers, not before, not twice; prunes only old backups', async () => {
    const clock = apps.first.clock; // the two instances share it
    clock.advance(new Date('2026-11-27T23:58:00Z').getTime() - clock.now().getTime());
    // In the folder: backups of 20 and 5 days ago (with sidecars), a partial left by a crash
    // 20 days ago, and files that only look alike — never touched.
    const old = 'duka-backup-2026-11-07T000000Z-3.tar.gz';
    const recent = 'duka-backup-2026-11-22T000000Z-9.tar.gz';
    const partial = '.partial-duka-backup-2026-11-07T000000Z-4.tmp';
    // What a crash mid-dump (PostgreSQL) or mid-sidecar leaves: the uncompressed dump beside
    // the partial, a database's size, and the sidecar's temporary file.
    const partialDump = `${partial}.dump`;
    const partialSidecar = `.partial-${old}.sha256.tmp`;
    const others = ['notes.txt', 'duka-backup-mine.tar.gz', 'duka-backup-2026-11-07.tar.gz'];
    for (const name of [
      old,
      `${old}.sha256`,
      recent,
      `${recent}.sha256`,
      partial,
      partialDump,
      partialSidecar,
      ...others,
    ]) {
      await writeFile(path.join(folder, name), 'x');
    }

    // 02:58 and 02:59 Nairobi (28 November): nothing.
    await bothRun();
    clock.advance(MINUTE);
    await bothRun();
    expect(await madeBackups()).toEqual([]);

    // 03:00: one backup, whichever server's check came first.
    clock.advance(MINUTE);
    await bothRun();
    let made = await madeBackups();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ state: 'succeeded', trigger: 'nightly' });
    const nightlyJobs = await apps.first.db.select().from(jobs);
    expect(nightlyJobs.map((job) => [job.kind, job.dedupeKey, job.state])).toEqual([
      ['system.nightly-backup', 'nightly:2026-11-28', 'done'],
    ]);
    const kept = (await readdir(folder)).sort();
    expect(kept).toEqual(
      [
        made[0]!.fileName!,
        `${made[0]!.fileName!}.sha256`,
        recent,
        `${recent}.sha256`,
        ...others,
      ].sort(),
    );

    // The rest of the day, minute by minute checks on both servers: no second backup.
    for (let i = 0; i < 5; i += 1) {
      clock.advance(3 * 60 * MINUTE);
      await bothRun();
    }
    expect(await madeBackups()).toHaveLength(1);

    // The next night, at 03:00 Nairobi again.
    clock.advance(new Date('2026-11-29T00:00:30Z').getTime() - clock.now().getTime());
    await bothRun();
    made = await madeBackups();
    expect(made.map((row) => [row.trigger, row.state])).toEqual([
      ['nightly', 'succeeded'],
      ['nightly', 'succeeded'],
    ]);
  }, 120_000);

  it('is leased for hours, not the runner 2 minutes: the other server does not take it mid-run', async () => {
    const clock = apps.first.clock;
    clock.advance(new Date('2026-11-30T00:00:30Z').getTime() - clock.now().getTime());
    const claimedAt = clock.now().getTime();
    const pass = apps.first.app.jobs.runDueJobs();
    // Caught while its backup runs: leased until now + the backup's lease.
    let running: typeof jobs.$inferSelect | undefined;
    for (let i = 0; i < 2000 && !running; i += 1) {
      [running] = (await apps.first.db.select().from(jobs)).filter(
        (job) => job.dedupeKey === 'nightly:2026-11-30' && job.state === 'running',
      );
    }
    expect(running?.lockedUntil?.getTime()).toBe(claimedAt + NIGHTLY_BACKUP_LEASE_MS);
    expect(NIGHTLY_BACKUP_LEASE_MS).toBeGreaterThanOrEqual(60 * MINUTE);
    // Three minutes on, the other server's pass leaves it to the first (a 2-minute lease
    // would have failed it there, and the first's finished backup would be a lost job).
    clock.advance(3 * MINUTE);
    await apps.second.app.jobs.runDueJobs();
    await pass;
    const night = (await apps.first.db.select().from(jobs)).filter(
      (job) => job.dedupeKey === 'nightly:2026-11-30',
    );
    expect(night.map((job) => [job.state, job.lastError])).toEqual([['done', null]]);
    expect((await madeBackups()).at(-1)).toMatchObject({ trigger: 'nightly', state: 'succeeded' });
  }, 120_000);
});
