/**
 * Duka's metrics (issue 27, docs/operations.md "Metrics and logs"): what is counted as it
 * happens — requests, job runs, offline sales uploaded — and what is read at scrape time — the
 * connection pool, the job queue, the offline sales waiting for review, the process.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { SyncResultStatus } from '@duka/shared/sync/sync.schemas';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { jobs } from '../jobs/jobs.table';
import { sales } from '../sales/sales.table';
import { MetricsRegistry } from './metrics-registry';

/** Prometheus's default buckets: 5 ms to 10 s. */
export const REQUEST_DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

/** The route label of a request no route matched (a 404): never the raw URL, which is unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the pg driver's pool counts; PGlite has no pool. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The node-postgres pool under a Drizzle database (drizzle keeps its client as `$client`);
 * undefined on PGlite.
 */
export function poolOf(db: Database): PoolCounts | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export class AppMetrics {
  readonly registry = new MetricsRegistry();
  private readonly startedAt = process.hrtime.bigint();
  private readonly loopDelay: IntervalHistogram;

  private readonly httpRequests = this.registry.counter(
    'duka_http_requests_total',
    'HTTP requests answered, by method, route pattern and status code.',
    ['method', 'route', 'status'],
  );
  private readonly httpDuration = this.registry.histogram(
    'duka_http_request_duration_seconds',
    'Time from receiving a request to sending its answer, by method and route pattern.',
    ['method', 'route'],
    REQUEST_DURATION_BUCKETS,
  );
  private readonly pool = this.registry.gauge(
    'duka_db_pool_connections',
    'PostgreSQL connections of this server: total open, idle, and requests waiting for one.',
    ['state'],
  );
  private readonly readsFromReplica = this.registry.gauge(
    'duka_db_reads_from_replica',
    'With DATABASE_READ_URL: 1 while reports and exports read from the replica, 0 while they fall back to the primary.',
  );
  private readonly jobStates = this.registry.gauge(
    'duka_jobs',
    'Background jobs waiting to run (queued) and running, in the whole jobs table.',
    ['state'],
  );
  private readonly oldestQueued = this.registry.gauge(
    'duka_jobs_oldest_queued_seconds',
    'How long the oldest job due to run has waited (0 when none is waiting).',
  );
  private readonly jobRuns = this.registry.counter(
    'duka_jobs_runs_total',
    "Job runs by this server's worker, by kind and outcome (done, retry, failed, lost).",
    ['kind', 'outcome'],
  );
  private readonly syncSales = this.registry.counter(
    'duka_sync_sales_total',
    'Offline sales uploaded by tills (POST /api/sales/sync), by outcome: created, replayed (sent before) or refused.',
    ['outcome'],
  );
  private readonly needsReview = this.registry.gauge(
    'duka_sales_needs_review',
    "Offline sales that took stock below zero, waiting for a manager's review (every store).",
  );
  private readonly uptime = this.registry.gauge(
    'duka_process_uptime_seconds',
    'Seconds since this server process started its app.',
  );
  private readonly residentMemory = this.registry.gauge(
    'duka_process_resident_memory_bytes',
    'Resident memory of this server process.',
  );
  private readonly heapUsed = this.registry.gauge(
    'duka_process_heap_used_bytes',
    'JavaScript heap in use.',
  );
  private readonly eventLoopLag = this.registry.gauge(
    'duka_process_event_loop_lag_seconds',
    'Event loop delay since the previous scrape: p50, p99 and max.',
    ['quantile'],
  );

  constructor() {
    this.loopDelay = monitorEventLoopDelay({ resolution: 10 });
    this.loopDelay.enable();
  }

  /** Each (method, route, status)'s counter and histogram series, found by one lookup. */
  private readonly requestSeries = new Map<
    string,
    { count: { value: number }; observe: (seconds: number) => void }
  >();

  /** One answered request (the onResponse hook): one map lookup, a few additions. */
  recordRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      series = {
        count: this.httpRequests.series([method, route, String(status)]),
        observe: this.httpDuration.observer([method, route]),
      };
      this.requestSeries.set(key, series);
    }
    series.count.value += 1;
    series.observe(seconds);
  }

  requestCount(method: string, route: string, status: number): number {
    return this.httpRequests.get([method, route, String(status)]);
  }

  recordJobRun(kind: string, outcome: string): void {
    this.jobRuns.inc([kind, outcome]);
  }

  recordSyncedSales(results: readonly { status: SyncResultStatus }[]): void {
    for (const result of results) this.syncSales.inc([result.status]);
  }

  /**
   * Reads what is measured at scrape time (one query; with a replica, where reads go now — its
   * lag checked when due), then writes every metric out. The database down: what it alone
   * tells is left out and the rest still answers — the requests (the outage's 503s), the pool —
   * when an operator needs it most.
   */
  async render(db: Database, now: Date, readDb?: () => Promise<Database>): Promise<string> {
    try {
      await this.readDatabase(db, now);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      this.jobStates.clear();
      this.oldestQueued.clear();
      this.needsReview.clear();
    }
    // The replica's own check never throws: unreachable, reads go to the primary (0).
    if (readDb) this.readsFromReplica.set([], (await readDb()) === db ? 0 : 1);
    const counts = poolOf(db);
    this.pool.clear();
    if (counts) {
      this.pool.set(['total'], counts.totalCount);
      this.pool.set(['idle'], counts.idleCount);
      this.pool.set(['waiting'], counts.waitingCount);
    }
    this.uptime.set([], Number(process.hrtime.bigint() - this.startedAt) / 1e9);
    this.residentMemory.set([], process.memoryUsage.rss());
    this.heapUsed.set([], process.memoryUsage().heapUsed);
    const delay = this.loopDelay;
    // Nanoseconds; before the first delay is seen the histogram answers NaN/huge values.
    const seconds = (ns: number) => (delay.count > 0 && Number.isFinite(ns) ? ns / 1e9 : 0);
    this.eventLoopLag.set(['0.5'], seconds(delay.percentile(50)));
    this.eventLoopLag.set(['0.99'], seconds(delay.percentile(99)));
    this.eventLoopLag.set(['max'], seconds(delay.max));
    delay.reset();
    return this.registry.render();
  }

  private async readDatabase(db: Database, now: Date): Promise<void> {
    const at = now.toISOString();
    // Each part read through a partial index (queued jobs by run_at, running jobs, sales
    // needing review): finished jobs, kept for a month, are never scanned.
    const result: unknown = await db.execute(sql`
      select
        (select count(*)::int from ${jobs} where state = 'queued') as queued,
        (select count(*)::int from ${jobs} where state = 'running') as running,
        (select extract(epoch from (${at}::timestamptz - min(run_at)))::float8 from ${jobs}
          where state = 'queued' and run_at <= ${at}::timestamptz) as oldest,
        (select count(*)::int from ${sales} where needs_review) as needs_review`);
    // Both drivers (pg, PGlite) answer raw SQL with `rows` of objects.
    const [row] = (
      result as {
        rows: { queued: number; running: number; oldest: number | null; needs_review: number }[];
      }
    ).rows;
    this.jobStates.set(['queued'], row?.queued ?? 0);
    this.jobStates.set(['running'], row?.running ?? 0);
    this.oldestQueued.set([], Math.max(0, row?.oldest ?? 0));
    this.needsReview.set([], row?.needs_review ?? 0);
  }

  close(): void {
    this.loopDelay.disable();
  }
}
