/**
 * Several app servers on one PostgreSQL behave as one (issue 27): what a write on one of them
 * makes stale in the in-process caches (lib/list-cache) is forgotten by every one within a
 * second, told through PostgreSQL's LISTEN/NOTIFY on the channel `duka_changes`.
 *
 * The caches are the process's (module-level, keyed by database), so the registry of caches and
 * the set of running buses are too: a write announces itself to every bus this process runs
 * (one, outside tests) and a notice from another instance forgets the named cache here. The
 * embedded database has one process and no bus: announcing is then a no-op.
 *
 * Each bus holds one dedicated connection that LISTENs (never the pool's: a pooled connection
 * goes back and stops listening) and sends this instance's notices on it, at most one every
 * COALESCE_MS whatever the number of writes (a busy till calls `changed()` on every sale). The
 * connection is replaced by itself after a database restart, and every cache is then forgotten
 * once, since notices sent meanwhile were missed; a lost connection is logged, never thrown.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';

/** How long close() waits for the last notice before ending the connection anyway. */
const CLOSE_FLUSH_MS = 2_000;

/** `work`, or nothing once `ms` have passed (the work goes on unawaited; it cannot throw). */
async function withinMs(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

export const CHANGE_CHANNEL = 'duka_changes';
/** How long writes are gathered into one notice. */
const COALESCE_MS = 50;
/** More stores than this in one notice: the cache is forgotten for every store. */
const MAX_STORES_NAMED = 100;
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;

type Forget = (storeId: number | undefined) => void;

/** Every cache of this process, by name (tests make several of one name). */
const caches = new Map<string, Set<Forget>>();
/** The buses running in this process. */
const buses = new Set<ChangeBus>();

/** A cache joins: a notice naming it calls `forget` (with the store, or undefined for all). */
export function registerCache(name: string, forget: Forget): void {
  let named = caches.get(name);
  if (!named) caches.set(name, (named = new Set()));
  named.add(forget);
}

/**
 * A write made `name` stale (in `storeId`, when known), already forgotten here: every other
 * instance is told, through each bus this process runs.
 */
export function announceChange(name: string, storeId?: number): void {
  for (const bus of buses) bus.publish(name, storeId);
}

function forgetLocally(name: string, stores: number[] | null): void {
  for (const forget of caches.get(name) ?? []) {
    if (stores === null) forget(undefined);
    else for (const storeId of stores) forget(storeId);
  }
}

function forgetEverything(): void {
  for (const name of caches.keys()) forgetLocally(name, null);
}

/** A notice: the instance that sent it, and per cache the stores that changed (null: all). */
const noticeSchema = z.object({
  from: z.string(),
  changes: z.record(z.string(), z.array(z.number().int()).nullable()),
});

export interface ChangeBusLog {
  info(message: string): void;
  warn(message: string, error?: unknown): void;
}

export interface ChangeBusOptions {
  connectionString: string;
  log: ChangeBusLog;
  coalesceMs?: number;
}

export class ChangeBus {
  /** Tells this instance's own notices apart when they come back. */
  readonly id = randomUUID();
  private readonly connectionString: string;
  private readonly log: ChangeBusLog;
  private readonly coalesceMs: number;
  /** The connection listening (connected). */
  private client: pg.Client | undefined;
  /** The connection being made or listening: another's late events are ignored. */
  private current: pg.Client | undefined;
  private stopped = false;
  /** The connection was lost and not yet replaced (logged once). */
  private down = false;
  private retryMs = RECONNECT_FIRST_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  /** Per cache, the stores to name in the next notice (null: every store). */
  private readonly pending = new Map<string, Set<number> | null>();

  constructor({ connectionString, log, coalesceMs = COALESCE_MS }: ChangeBusOptions) {
    this.connectionString = connectionString;
    this.log = log;
    this.coalesceMs = coalesceMs;
  }

  /** Joins this process's buses and connects; a failed first connect is retried by itself. */
  async start(): Promise<void> {
    buses.add(this);
    await this.connect();
  }

  /** True while the listening connection is up. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Gathers a change into the next notice (sent within coalesceMs, or once reconnected). */
  publish(name: string, storeId: number | undefined): void {
    if (this.stopped) return;
    const stores = this.pending.get(name);
    if (storeId === undefined || stores === null) this.pending.set(name, null);
    else if (stores === undefined) this.pending.set(name, new Set([storeId]));
    else if (stores.size >= MAX_STORES_NAMED) this.pending.set(name, null);
    else stores.add(storeId);
    this.scheduleFlush();
  }

  /** Sends what is gathered, stops listening and leaves this process's buses. */
  async close(): Promise<void> {
    if (this.stopped) return;
    clearTimeout(this.flushTimer);
    clearTimeout(this.reconnectTimer);
    // A notice on its way goes out — but a database host gone silent (no reset, no answer) must
    // not hold a shutdown up: past CLOSE_FLUSH_MS the connection is ended with it unsent (the
    // other instances' caches still expire on their own).
    await withinMs(
      (async () => {
        await this.flushing;
        await this.flush();
      })(),
      CLOSE_FLUSH_MS,
    );
    this.stopped = true;
    buses.delete(this);
    const client = this.current;
    this.client = undefined;
    this.current = undefined;
    await client?.end().catch(() => undefined);
  }

  private scheduleFlush(): void {
    if (this.flushTimer || !this.client) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        // Changes made while this notice was on its way go in the next one.
        if (this.pending.size > 0) this.scheduleFlush();
      });
    }, this.coalesceMs);
  }

  private async flush(): Promise<void> {
    const client = this.client;
    if (!client || this.pending.size === 0) return;
    const changes = Object.fromEntries(
      [...this.pending].map(([name, stores]) => [name, stores === null ? null : [...stores]]),
    );
    this.pending.clear();
    try {
      await client.query('SELECT pg_notify($1, $2)', [
        CHANGE_CHANNEL,
        JSON.stringify({ from: this.id, changes }),
      ]);
    } catch (error) {
      // The connection is going: kept for the replacement to send.
      for (const [name, stores] of Object.entries(changes)) {
        if (stores === null) this.publish(name, undefined);
        else for (const storeId of stores) this.publish(name, storeId);
      }
      this.lost(client, error);
    }
  }

  private receive(message: pg.Notification): void {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    let notice: z.infer<typeof noticeSchema>;
    try {
      notice = noticeSchema.parse(JSON.parse(message.payload));
    } catch {
      this.log.warn(`Ignored a malformed notice on ${CHANGE_CHANNEL}`);
      return;
    }
    if (notice.from === this.id) return;
    for (const [name, stores] of Object.entries(notice.changes)) forgetLocally(name, stores);
  }

  private async connect(): Promise<void> {
    this.reconnectTimer = undefined;
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.receive(message));
    this.current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.lost(client, error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_FIRST_MS;
    // Notices sent while nobody listened here were missed: everything cached may be stale.
    forgetEverything();
    if (this.down) {
      this.down = false;
      this.log.info(`Listening on ${CHANGE_CHANNEL} again; the caches were forgotten once`);
    }
    if (this.pending.size > 0) this.scheduleFlush();
  }

  /** The connection failed or ended: one warning per outage, and a new one is tried later. */
  private lost(client: pg.Client, error?: unknown): void {
    if (client !== this.current || this.stopped) return;
    this.current = undefined;
    this.client = undefined;
    if (!this.down) {
      this.down = true;
      this.log.warn(
        `The connection listening on ${CHANGE_CHANNEL} was lost (reconnecting): until it is ` +
          "back, other instances' writes reach this one's caches within their 10 s lifetime",
        error,
      );
    }
    this.reconnectTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }
}
