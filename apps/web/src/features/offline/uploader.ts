/**
 * The device's uploader (issue 22, decision 0012). Every tab runs this scheduler, but an upload
 * runs only under the Web Lock 'duka-outbox-upload', taken if free: one tab uploads at a time,
 * so two tabs never send a sale twice (and the server's client_sale_id replay covers the rest).
 * It runs at start, on the `online` event, when a sale is kept, and every 30 s while the person's
 * sales wait; after a failure it waits longer each time (60 s, 2 min, … at most 10 min) until a
 * run succeeds, the connection comes back, or someone presses Send now.
 */
import { apiClient } from '@/lib/api-client';
import { ensureDeviceNumber } from './device-number';
import { pruneSent } from './outbox';
import { followOtherTabs, outboxChanged, refreshOutboxStatus } from './outbox-status';
import { uploadWaiting, type Post, type RunOutcome, type UploadSession } from './upload-run';

export const UPLOAD_LOCK = 'duka-outbox-upload';
export const UPLOAD_INTERVAL_MS = 30_000;
export const BACKOFF_MAX_MS = 10 * 60_000;

/** How long to wait before the next run after `failures` failed runs in a row. */
export function nextDelay(failures: number): number {
  if (failures <= 0) return UPLOAD_INTERVAL_MS;
  return Math.min(UPLOAD_INTERVAL_MS * 2 ** failures, BACKOFF_MAX_MS);
}

export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs `run` now and again after each run while sales remain: every 30 s, or later with the
 * backoff after failures. A run asked for while one is going starts again when it ends.
 */
export function createUploadScheduler(run: () => Promise<RunOutcome>, timers = realTimers) {
  let failures = 0;
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const clear = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };

  function runNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clear();
    running = (async () => {
      let outcome: RunOutcome;
      try {
        outcome = await run();
      } catch {
        outcome = { kind: 'failed', remaining: 1 };
      }
      if (outcome.kind === 'failed') failures += 1;
      else if (outcome.kind === 'done') failures = 0;
      if (!stopped && outcome.remaining > 0) {
        timer = timers.set(() => void runNow(), nextDelay(failures));
      }
    })().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        void runNow();
      }
    });
    return running;
  }

  return {
    runNow,
    /** The connection came back or the person asked: try at once, without the backoff. */
    retryNow: () => {
      failures = 0;
      return runNow();
    },
    stop: () => {
      stopped = true;
      clear();
    },
    get failures() {
      return failures;
    },
    get scheduled() {
      return timer !== null;
    },
  };
}

/** Runs `task` holding the device's upload lock, or skips it while another tab holds it. */
export async function withUploadLock(task: () => Promise<RunOutcome>): Promise<RunOutcome> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return task();
  return locks.request(UPLOAD_LOCK, { ifAvailable: true }, async (lock) =>
    lock ? task() : { kind: 'skipped' as const, remaining: 1 },
  );
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** One run: the device's number, then the person's sales; the counts after either way. */
export async function runUpload(session: UploadSession | null, post: Post): Promise<RunOutcome> {
  try {
    if (!session || isOffline()) {
      return { kind: 'skipped', remaining: session ? 1 : 0 };
    }
    return await withUploadLock(async () => {
      await pruneSent();
      // The first start online in a store gives the device its number; a failure waits.
      await ensureDeviceNumber(session.storeId, post).catch(() => null);
      return uploadWaiting(session, post);
    });
  } finally {
    await outboxChanged(session?.userId ?? null).catch(() => undefined);
  }
}

type Scheduler = ReturnType<typeof createUploadScheduler>;

let active: { scheduler: Scheduler; session: UploadSession; stop: () => void } | null = null;

const post: Post = (path, body) => apiClient.post<unknown>(path, body);

/**
 * Starts the uploader for the person signed in (app/ calls it after sign-in and when the
 * person or store changes); the same session again changes nothing. Null stops it.
 */
export function startUploader(session: UploadSession | null): void {
  if (
    active &&
    session &&
    active.session.userId === session.userId &&
    active.session.storeId === session.storeId
  ) {
    return;
  }
  active?.stop();
  active = null;
  void refreshOutboxStatus(session?.userId ?? null).catch(() => undefined);
  if (!session) return;
  const scheduler = createUploadScheduler(() => runUpload(session, post));
  const onOnline = () => void scheduler.retryNow();
  window.addEventListener('online', onOnline);
  const unfollow = followOtherTabs(() => void refreshOutboxStatus().catch(() => undefined));
  active = {
    scheduler,
    session,
    stop: () => {
      scheduler.stop();
      window.removeEventListener('online', onOnline);
      unfollow();
    },
  };
  void scheduler.runNow();
}

/** Send now (the header's dialog, a sale just kept): at once, without the backoff. */
export async function uploadNow(): Promise<void> {
  if (active) await active.scheduler.retryNow();
  else await outboxChanged();
}
