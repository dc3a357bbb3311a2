// jsdom has no IndexedDB: the outbox runs on fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeDeviceDb, DEVICE_DB_NAME, openDeviceDb } from './device-db';
import { deviceNumberKey } from './device-number';
import { enqueueSale, outboxOldestFirst } from './outbox';
import { saleInput } from './outbox-fixtures';
import { useSyncStatus } from './sync-status-store';
import type { OutboxSalePayload } from './outbox-types';
import type { Post, RunOutcome } from './upload-run';
import {
  BACKOFF_MAX_MS,
  createUploadScheduler,
  nextDelay,
  runUpload,
  UPLOAD_INTERVAL_MS,
} from './uploader';

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await closeDeviceDb();
  await deleteDB(DEVICE_DB_NAME);
});

describe('nextDelay', () => {
  it('is 30 s, then doubles after each failure up to 10 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(nextDelay)).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      480_000,
      BACKOFF_MAX_MS,
      BACKOFF_MAX_MS,
    ]);
  });
});

describe('createUploadScheduler', () => {
  it('backs off after each failed run and runs every 30 s again once one succeeds', async () => {
    vi.useFakeTimers();
    const outcomes: RunOutcome['kind'][] = ['failed', 'failed', 'failed', 'done', 'done'];
    const times: number[] = [];
    const start = Date.now();
    const scheduler = createUploadScheduler(async () => {
      times.push(Date.now() - start);
      return { kind: outcomes.shift() ?? 'done', remaining: 1 };
    });

    await scheduler.runNow();
    for (let run = 0; run < 4; run += 1) await vi.runOnlyPendingTimersAsync();

    // failed at 0 → 60 s later failed → 120 s later failed → 240 s later done → 30 s later.
    expect(times).toEqual([0, 60_000, 180_000, 420_000, 450_000]);
    scheduler.stop();
  });

  it('stops when nothing waits, and the connection coming back retries at once without backoff', async () => {
    vi.useFakeTimers();
    let remaining = 1;
    let runs = 0;
    const scheduler = createUploadScheduler(async () => {
      runs += 1;
      return { kind: remaining > 0 ? 'failed' : 'done', remaining };
    });
    await scheduler.runNow();
    await scheduler.runNow();
    expect(scheduler.failures).toBe(2);
    expect(scheduler.scheduled).toBe(true);

    remaining = 0;
    await scheduler.retryNow();
    expect(runs).toBe(3);
    expect(scheduler.failures).toBe(0);
    expect(scheduler.scheduled).toBe(false);
    await vi.advanceTimersByTimeAsync(UPLOAD_INTERVAL_MS * 4);
    expect(runs).toBe(3);
  });

  it('a run asked for during another runs once after it, never alongside', async () => {
    let release!: () => void;
    let active = 0;
    let most = 0;
    let runs = 0;
    const scheduler = createUploadScheduler(async () => {
      runs += 1;
      active += 1;
      most = Math.max(most, active);
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      active -= 1;
      return { kind: 'done', remaining: 0 };
    });
    const first = scheduler.runNow();
    void scheduler.runNow();
    void scheduler.runNow();
    release();
    await first;
    await vi.waitFor(() => expect(runs).toBe(2));
    expect(most).toBe(1);
  });
});

/** navigator.locks as a browser has it: a held lock is refused to { ifAvailable: true }. */
function stubLocks() {
  const held = new Set<string>();
  vi.stubGlobal('navigator', {
    onLine: true,
    locks: {
      request: async (
        name: string,
        options: { ifAvailable?: boolean },
        callback: (lock: { name: string } | null) => Promise<unknown>,
      ) => {
        if (held.has(name)) {
          if (options.ifAvailable) return callback(null);
          throw new Error('this stub only takes free locks');
        }
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    },
  });
}

describe('runUpload', () => {
  const amina = { userId: 5, userName: 'Amina Cashier', storeId: 1 };

  function slowServer() {
    const sent: string[] = [];
    const post: Post = async (path, body) => {
      if (path === '/sync/devices') {
        return { success: true, data: { device_id: 'x', number: 3 } };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { sales } = body as { sales: OutboxSalePayload[] };
      sent.push(...sales.map((sale) => sale.client_sale_id));
      return {
        results: sales.map((sale, index) => ({
          client_sale_id: sale.client_sale_id,
          status: 'created',
          sale_id: index + 1,
        })),
      };
    };
    return { post, sent };
  }

  it('two tabs running at once send each sale once: the second finds the lock taken', async () => {
    stubLocks();
    const kept = [await enqueueSale(saleInput()), await enqueueSale(saleInput())];
    const { post, sent } = slowServer();

    const [one, two] = await Promise.all([runUpload(amina, post), runUpload(amina, post)]);

    expect([one.kind, two.kind].sort()).toEqual(['done', 'skipped']);
    expect(sent).toEqual(kept.map((entry) => entry.client_sale_id));
    expect((await outboxOldestFirst()).every((entry) => entry.state === 'sent')).toBe(true);
  });

  it('asks the store for the device number once, then numbers new sales with it', async () => {
    stubLocks();
    const { post } = slowServer();
    await runUpload(amina, post);
    const db = await openDeviceDb();
    expect((await db.get('meta', deviceNumberKey(1)))?.value).toBe(3);
    expect((await enqueueSale(saleInput())).device_receipt_number).toBe('T3-0001');
  });

  it('offline it sends nothing and says what waits', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await enqueueSale(saleInput());
    await enqueueSale(saleInput({ userId: 8, userName: 'Baraka' }));
    const post = vi.fn<Post>();

    expect(await runUpload(amina, post)).toEqual({ kind: 'skipped', remaining: 1 });
    expect(post).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(useSyncStatus.getState()).toMatchObject({
        waiting: 1,
        blocked: { name: 'Baraka', count: 1 },
      }),
    );
  });
});
