import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { authAttempts } from '../modules/auth/auth.table';
import { TestClock } from '../testing/create-test-app';
import { openTestDatabase } from '../testing/test-database';
import { AttemptLimiter, type LimiterOptions } from './attempt-limiter';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

let counter = 0;
/** A limiter with a counter name of its own, so the tests do not share rows. */
function limiter(options: Partial<LimiterOptions> & { max: number }) {
  counter += 1;
  return new AttemptLimiter({
    db: handle.db,
    clock: new TestClock(),
    name: `test-${counter}`,
    windowMs: 60_000,
    ...options,
  });
}

describe('AttemptLimiter (database counters)', () => {
  it('allows max attempts per window, then refuses with the seconds left', async () => {
    const clock = new TestClock();
    const limit = limiter({ max: 2, clock });
    expect(await limit.reserve('a')).toEqual({ allowed: true });
    expect(await limit.reserve('a')).toEqual({ allowed: true });
    clock.advance(15_000);
    expect(await limit.reserve('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // A refused attempt does not extend the window.
    clock.advance(44_500);
    expect(await limit.reserve('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await limit.reserve('b')).toEqual({ allowed: true });
    clock.advance(500);
    // The window has passed: a fresh one starts, with its full budget.
    expect(await limit.reserve('a')).toEqual({ allowed: true });
    expect(await limit.reserve('a')).toEqual({ allowed: true });
    expect(await limit.reserve('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('gives a released attempt back, and never counts below zero', async () => {
    const limit = limiter({ max: 1 });
    expect((await limit.reserve('a')).allowed).toBe(true);
    await limit.release('a');
    await limit.release('a');
    await limit.release('never-seen');
    expect((await limit.reserve('a')).allowed).toBe(true);
    expect((await limit.reserve('a')).allowed).toBe(false);
  });

  it('limiters of one name share their counts; other names do not', async () => {
    const clock = new TestClock();
    const first = limiter({ max: 2, clock });
    const second = new AttemptLimiter({
      db: handle.db,
      clock,
      name: `test-${counter}`,
      max: 2,
      windowMs: 60_000,
    });
    const other = limiter({ max: 2, clock });
    expect((await first.reserve('x')).allowed).toBe(true);
    expect((await second.reserve('x')).allowed).toBe(true);
    expect((await first.reserve('x')).allowed).toBe(false);
    expect((await other.reserve('x')).allowed).toBe(true);
  });

  it('parallel reservations cannot exceed the max', async () => {
    const limit = limiter({ max: 3 });
    const results = await Promise.all(Array.from({ length: 25 }, () => limit.reserve('burst')));
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
    // Released in parallel too, they give back exactly what was taken.
    await Promise.all(Array.from({ length: 10 }, () => limit.release('burst')));
    const again = await Promise.all(Array.from({ length: 10 }, () => limit.reserve('burst')));
    expect(again.filter((result) => result.allowed)).toHaveLength(3);
  });

  it('sweeps expired windows in bounded batches, keeping live ones', async () => {
    const clock = new TestClock();
    const limit = limiter({ max: 5, clock, sweepBatch: 2, sweepIntervalMs: 1_000_000 });
    await handle.db.delete(authAttempts);
    for (const subject of ['old-1', 'old-2', 'old-3']) await limit.reserve(subject);
    clock.advance(60_000);
    await limit.reserve('live');
    const keys = async () =>
      (await handle.db.select({ key: authAttempts.key }).from(authAttempts))
        .map((row) => row.key.replace(/^test-\d+:/, ''))
        .sort();
    expect(await keys()).toEqual(['live', 'old-1', 'old-2', 'old-3']);
    expect(await limit.sweep()).toBe(2);
    expect(await limit.sweep()).toBe(1);
    expect(await limit.sweep()).toBe(0);
    expect(await keys()).toEqual(['live']);
  });

  it('sweeps on its own once the sweep interval has passed', async () => {
    const clock = new TestClock();
    const limit = limiter({ max: 5, clock, sweepIntervalMs: 60_000 });
    await handle.db.delete(authAttempts);
    await limit.reserve('first'); // sweeps (nothing to do) and schedules the next sweep
    clock.advance(60_000);
    await limit.reserve('second'); // 'first' has expired and is swept now
    const rows = await handle.db.select({ key: authAttempts.key }).from(authAttempts);
    expect(rows.map((row) => row.key)).toEqual([`test-${counter}:second`]);
  });
});
