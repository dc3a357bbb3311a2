/**
 * Lock-order tests on PostgreSQL (TEST_DATABASE_URL): a transaction of the test's own that
 * takes some locks and holds them while the request under test runs, and a wait until that
 * request is blocked on one of them — so a test proves who waits for whom without timing.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database, Executor } from '../db/client';

export interface HeldTransaction {
  /** Settles once `first` has run: its locks are held from then on. */
  held: Promise<void>;
  /** Lets the transaction go on to `then` (if any) and commit. */
  release: () => void;
  /** Settles when the transaction has committed (or rejects with its error). */
  done: Promise<void>;
}

export function holdLocks(
  db: Database,
  first: (tx: Executor) => Promise<unknown>,
  then?: (tx: Executor) => Promise<unknown>,
): HeldTransaction {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let signal!: () => void;
  const held = new Promise<void>((resolve) => (signal = resolve));
  const done = db.transaction(async (tx) => {
    await first(tx);
    signal();
    await released;
    await then?.(tx);
  });
  return { held, release, done };
}

/** Polls (up to 5 s) until some session of the server waits for a lock. */
export async function untilSomeoneWaitsForALock(db: Database): Promise<void> {
  for (let waited = 0; ; waited += 1) {
    const result = await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
    );
    if ((result as { rows: { n: number }[] }).rows[0]!.n > 0) return;
    expect(waited).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
