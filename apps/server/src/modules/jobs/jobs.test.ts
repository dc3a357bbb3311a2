import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { buildStore, signedIn } from '../../testing/factories';
import { createTwoTestApps, type TwoInstances } from '../../testing/two-instances';
import { JobRunner } from './job-runner';
import {
  claimDueJob,
  completeJob,
  enqueueJob,
  LEASE_EXPIRED,
  PermanentJobError,
  retryDelayMs,
} from './jobs.service';
import { jobs, type JobRow } from './jobs.table';

let t: TestApp;
let storeId: number;
beforeAll(async () => {
  t = await createTestApp();
  storeId = (await buildStore(t.db, 'Jobs Store')).id;
});
afterAll(() => t.close());

const BASE = 10_000;
const LEASE = 60_000;

/** A runner on the test app's database and clock with one kind of its own. */
function runnerWith(kind: string, run: (job: JobRow) => Promise<void>, failures?: string[]) {
  const runner = new JobRunner(t.app.deps, { pollMs: 1000, retryBaseMs: BASE, leaseMs: LEASE });
  runner.register(kind, {
    run,
    failed: async (_tx, job, reason) => {
      failures?.push(`${job.id}: ${reason}`);
    },
  });
  return runner;
}

async function add(kind: string, overrides: { maxAttempts?: number; dedupeKey?: string } = {}) {
  const job = await enqueueJob(t.db, t.clock.now(), {
    kind,
    storeId,
    payload: { n: 1 },
    maxAttempts: overrides.maxAttempts ?? 3,
    ...(overrides.dedupeKey ? { dedupeKey: overrides.dedupeKey } : {}),
  });
  return job!;
}

async function read(id: number) {
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe('periodic work (JobRunner.every)', () => {
  it('runs at the first pass, then once each interval of the app clock, before the due jobs', async () => {
    const runner = new JobRunner(t.app.deps, { pollMs: 1000, retryBaseMs: BASE, leaseMs: LEASE });
    const seen: string[] = [];
    runner.register('periodic-test', {
      run: async () => {
        seen.push('job');
      },
    });
    runner.every(60_000, async ({ db }, now) => {
      seen.push(`every ${now.toISOString()}`);
      // What the eTIMS sweep does: queue work for the same pass to run.
      await enqueueJob(db, now, {
        kind: 'periodic-test',
        storeId,
        payload: {},
        maxAttempts: 1,
        dedupeKey: 'periodic-test',
      });
    });
    const start = t.clock.now();
    expect(await runner.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    t.clock.advance(59_000);
    await runner.runDueJobs();
    t.clock.advance(1_000);
    await runner.runDueJobs();
    expect(seen).toEqual([
      `every ${start.toISOString()}`,
      'job',
      `every ${t.clock.now().toISOString()}`,
      'job',
    ]);
  });
});

describe('backoff', () => {
  it('doubles from the base and stops at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, BASE))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
    expect(retryDelayMs(30, BASE)).toBe(60 * 60 * 1000);
  });
});

describe('the runner', () => {
  it('retries a failing job with backoff, keeps the reason, and fails it after its last attempt', async () => {
    const failures: string[] = [];
    let runs = 0;
    const runner = runnerWith(
      'always-fails',
      async () => {
        runs += 1;
        throw new Error(`provider down (${runs})`);
      },
      failures,
    );
    const job = await add('always-fails');
    expect(await runner.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 });
    let row = await read(job.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'provider down (1)' });
    expect(row.runAt.getTime() - t.clock.now().getTime()).toBe(BASE);
    expect(row.claimToken).toBeNull();

    t.clock.advance(BASE);
    expect(await runner.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 });
    row = await read(job.id);
    expect(row.runAt.getTime() - t.clock.now().getTime()).toBe(2 * BASE);

    t.clock.advance(2 * BASE);
    expect(await runner.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 1 });
    row = await read(job.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'provider down (3)' });
    expect(row.finishedAt).toEqual(t.clock.now());
    expect(failures).toEqual([`${job.id}: provider down (3)`]);
    t.clock.advance(60 * 60 * 1000);
    expect(await runner.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(runs).toBe(3);
  });

  it('fails a permanent error at once', async () => {
    const failures: string[] = [];
    const runner = runnerWith(
      'refused',
      async () => {
        throw new PermanentJobError('InvalidPhoneNumber');
      },
      failures,
    );
    const job = await add('refused', { maxAttempts: 6 });
    expect(await runner.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await read(job.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'InvalidPhoneNumber',
    });
    expect(failures).toEqual([`${job.id}: InvalidPhoneNumber`]);
  });

  it('keeps one active job per dedupe key', async () => {
    const first = await add('deduped', { dedupeKey: 'sale:1' });
    expect(
      await enqueueJob(t.db, t.clock.now(), {
        kind: 'deduped',
        storeId,
        payload: {},
        maxAttempts: 1,
        dedupeKey: 'sale:1',
      }),
    ).toBeNull();
    const runner = runnerWith('deduped', async () => undefined);
    expect(await runner.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect((await read(first.id)).state).toBe('done');
    // Once done, the key is free for the next one.
    expect(await add('deduped', { dedupeKey: 'sale:1' })).not.toBeNull();
  });
});

describe('the lease', () => {
  it("takes a dead runner's job again once its lease is over, and the late runner writes nothing", async () => {
    const job = await add('leased');
    // A runner claims it and dies (never finishes).
    const dead = await claimDueJob(t.db, t.clock.now(), LEASE, ['leased']);
    expect(dead).toMatchObject({ id: job.id, state: 'running', attempts: 1 });
    // Claimed: nobody else gets it.
    expect(await claimDueJob(t.db, t.clock.now(), LEASE, ['leased'])).toBeNull();

    const ran: number[] = [];
    const runner = runnerWith('leased', async (row) => {
      ran.push(row.attempts);
    });
    t.clock.advance(LEASE - 1);
    expect(await runner.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    t.clock.advance(2);
    expect(await runner.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(ran).toEqual([2]);
    expect(await read(job.id)).toMatchObject({ state: 'done', attempts: 2 });

    // The first runner wakes up and tries to finish: its claim is gone, nothing is written.
    let committed = false;
    expect(
      await completeJob(t.db, dead!, t.clock.now(), async () => {
        committed = true;
      }),
    ).toBe(false);
    expect(committed).toBe(false);
  });

  it('fails a job whose lease ran out on its last attempt, saying why', async () => {
    const job = await add('leased-last', { maxAttempts: 1 });
    await claimDueJob(t.db, t.clock.now(), LEASE, ['leased-last']);
    t.clock.advance(LEASE + 1);
    const failures: string[] = [];
    const runner = runnerWith('leased-last', async () => undefined, failures);
    expect(await runner.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(await read(job.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: LEASE_EXPIRED,
    });
    // Its owner hears of the failure once, as after a failed run.
    expect(failures).toEqual([`${job.id}: ${LEASE_EXPIRED}`]);
    expect(await runner.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(failures).toHaveLength(1);
  });
});

describe('GET /api/jobs', () => {
  it("lists the store's jobs for its staff, newest first, by state, and no other store's", async () => {
    const other = (await buildStore(t.db, 'Other Jobs Store')).id;
    await enqueueJob(t.db, t.clock.now(), {
      kind: 'elsewhere',
      storeId: other,
      payload: {},
      maxAttempts: 1,
    });
    const manager = (await signedIn(t, 'manager', storeId)).client;
    const all = (await manager.get('/api/jobs', { query: { pageSize: 100 } })).json();
    expect(all.total).toBeGreaterThan(3);
    expect(all.data.every((job: { kind: string }) => job.kind !== 'elsewhere')).toBe(true);
    const ids = all.data.map((job: { id: number }) => job.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const failed = (await manager.get('/api/jobs', { query: { state: 'failed' } })).json();
    expect(failed.data.map((job: { kind: string }) => job.kind)).toEqual([
      'leased-last',
      'refused',
      'always-fails',
    ]);
    expect(failed.data[2]).toMatchObject({ attempts: 3, max_attempts: 3, next_run_at: null });
    const page = (await manager.get('/api/jobs', { query: { page: 2, pageSize: 1 } })).json();
    expect(page).toMatchObject({ page: 2, pageSize: 1, total: all.total });
    expect(page.data[0].id).toBe(ids[1]);

    // Staff-readable: a cashier sees the same list, with no payload (no phone, no text).
    const cashier = (await signedIn(t, 'sales', storeId)).client;
    const seen = await cashier.get('/api/jobs', { query: { pageSize: 100 } });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toEqual(all.data);
    expect(Object.keys(all.data[0]).sort()).toEqual([
      'attempts',
      'created_at',
      'finished_at',
      'id',
      'kind',
      'last_error',
      'max_attempts',
      'next_run_at',
      'state',
      'updated_at',
    ]);
    // A shopper is no staff.
    const shopper = (await signedIn(t, 'user', storeId)).client;
    expect((await shopper.get('/api/jobs')).statusCode).toBe(403);
    const bad = await manager.get('/api/jobs', { query: { state: 'lost' } });
    expect(bad.statusCode).toBe(400);
  });
});

// Last on this database: it deletes the earlier tests' finished jobs.
describe('retention', () => {
  it('deletes jobs finished over 30 days ago, keeping newer and unfinished ones', async () => {
    const runner = runnerWith('kept', async () => undefined);
    const old = await add('kept');
    expect(await runner.runDueJobs()).toMatchObject({ done: 1 });
    t.clock.advance(20 * 24 * 60 * 60 * 1000);
    const recent = await add('kept');
    expect(await runner.runDueJobs()).toMatchObject({ done: 1 });
    const waiting = await enqueueJob(t.db, t.clock.now(), {
      kind: 'not-registered',
      storeId,
      payload: {},
      maxAttempts: 1,
    });
    t.clock.advance(11 * 24 * 60 * 60 * 1000);
    await runner.runDueJobs();
    const left = await t.db.select({ id: jobs.id }).from(jobs);
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
    expect(ids).toContain(waiting!.id);
  });
});

describe('two instances on one database', () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await createTwoTestApps();
  });
  afterAll(() => two.close());

  it('run each job once, however their passes overlap', async () => {
    const store = (await buildStore(two.first.db, 'Two Runners Store')).id;
    const ranBy = new Map<number, string[]>();
    const runner = (name: string, deps: typeof two.first.app.deps) => {
      const r = new JobRunner(deps, { pollMs: 1000, retryBaseMs: BASE, leaseMs: LEASE });
      r.register('shared', {
        run: async (job) => {
          ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), name]);
          // Let the other instance's pass run meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
      return r;
    };
    const first = runner('first', two.first.app.deps);
    const second = runner('second', two.second.app.deps);
    for (let i = 0; i < 20; i += 1) {
      await enqueueJob(two.first.db, two.first.clock.now(), {
        kind: 'shared',
        storeId: store,
        payload: { i },
        maxAttempts: 3,
      });
    }
    const [a, b] = await Promise.all([first.runDueJobs(), second.runDueJobs()]);
    expect(a.done + b.done).toBe(20);
    expect(ranBy.size).toBe(20);
    expect([...ranBy.values()].every((names) => names.length === 1)).toBe(true);
    const rows = await two.second.db.select().from(jobs).where(eq(jobs.kind, 'shared'));
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
  });
});
