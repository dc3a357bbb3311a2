/**
 * SIGTERM during checkouts (issue 27): the real server (src/main.ts as a child process) gets
 * the signal while the demo cashier's sales are in flight on keep-alive connections. Every
 * request the server had received is answered (no connection reset) and every 201 is committed
 * — checked by opening the database again after the process ended — and the process exits 0
 * well within the 10 s bound, saying so in its log. On the embedded database, and on a private
 * PostgreSQL cluster when PostgreSQL is installed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { temporaryUploadDir } from '../testing/create-test-app';
import type { KeepAliveOutcome } from '../testing/keep-alive-client';
import { postgresBinDir, startPgCluster } from '../testing/pg-cluster';
import { startServer } from '../testing/processes';
import { openTill } from '../testing/till-load';

const IN_FLIGHT = 40;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(what: string, check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

type SaleLines = (ids: number[]) => Promise<Map<number, number>>;

/**
 * Runs the scenario on a server with `env`; `storedLines` reads the database after exit.
 * `hold`, when given, blocks the checkouts in the database until the signal has been sent
 * (and answers the release), so they are certainly in flight when it comes.
 */
async function sigtermDuringCheckouts(
  env: Record<string, string>,
  storedLines: SaleLines,
  hold?: () => Promise<() => Promise<void>>,
) {
  const uploadDir = await temporaryUploadDir();
  cleanups.push(() => rm(uploadDir, { recursive: true, force: true }));
  const server = await startServer({ ...env, UPLOAD_DIR: uploadDir, LOG_LEVEL: 'info' });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.ended;
    }
  });
  await server.ready;
  const till = await openTill(server.port);
  cleanups.push(async () => till.close());

  // How many checkouts the server has received (its "incoming request" log lines).
  let received = 0;
  server.child.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.includes('"incoming request"') && line.includes('"url":"/api/sales"')) {
        received += 1;
      }
    }
  });

  const release = await hold?.();
  const sent = Array.from({ length: IN_FLIGHT }, (_, n) => {
    const body = till.saleBody(n);
    return till.checkout(`sigterm-${n}`, body).then((outcome) => ({ body, outcome }));
  });
  await until('the checkouts to reach the server', () => received >= IN_FLIGHT);
  const signalAt = Date.now();
  server.child.kill('SIGTERM');
  // Sent after the signal: a clean 503, a refused connection, or served — never a 500.
  const late = Array.from({ length: 5 }, (_, n) =>
    till.checkout(`sigterm-late-${n}`, till.saleBody(n)),
  );
  if (release) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await release();
  }

  const answers = await Promise.all(sent);
  const lateAnswers: KeepAliveOutcome[] = await Promise.all(late);
  const ended = await server.ended;
  const exitMs = Date.now() - signalAt;

  // Every request sent before the signal was answered, and made its sale.
  const statuses = answers.map(({ outcome }) =>
    'status' in outcome ? outcome.status : outcome.error,
  );
  expect(statuses).toEqual(Array(IN_FLIGHT).fill(201));
  for (const outcome of lateAnswers) {
    if ('status' in outcome) {
      expect([201, 503]).toContain(outcome.status);
      if (outcome.status === 503) {
        expect(outcome.json).toEqual({
          message: 'The server is restarting — try again',
          code: 'server.shutting_down',
        });
      }
    } else {
      expect(['ECONNREFUSED', 'ECONNRESET']).toContain(outcome.error);
    }
  }

  expect(ended.code).toBe(0);
  expect(exitMs).toBeLessThan(10_000);
  const log = ended.stdout.split('\n').filter((line) => line.startsWith('{'));
  const parsed = log.map((line) => JSON.parse(line) as Record<string, unknown>);
  const start = parsed.find((entry) => String(entry.msg).startsWith('Shutting down'));
  expect(start).toMatchObject({ signal: 'SIGTERM' });
  // Mid-way: held in the database, every checkout was still to finish when the signal came.
  if (hold) expect(start!.requestsInFlight).toBeGreaterThanOrEqual(IN_FLIGHT);
  expect(parsed.some((entry) => entry.msg === 'Shut down cleanly')).toBe(true);
  expect(ended.stderr).not.toMatch(/Error/);

  // Every 201 is in the database, with its lines.
  const made = [...answers.map(({ body, outcome }) => ({ body, outcome }))].filter(
    (
      answer,
    ): answer is typeof answer & { outcome: { status: 201; json: { data: { id: number } } } } =>
      'status' in answer.outcome && answer.outcome.status === 201,
  );
  const lines = await storedLines(made.map(({ outcome }) => outcome.json.data.id));
  for (const { body, outcome } of made) {
    expect(lines.get(outcome.json.data.id)).toBe(body.items.length);
  }
}

const LINES_SQL = `SELECT s.id, (SELECT count(*)::int FROM sale_items i WHERE i.sale_id = s.id) AS lines
  FROM sales s WHERE s.id = ANY($1::int[])`;

describe('SIGTERM during checkouts', () => {
  it('on the embedded database: finishes them, commits every 201, exits 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'duka-sigterm-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await sigtermDuringCheckouts({ DATA_DIR: dataDir, SEED_DEMO: '1' }, async (ids) => {
      const handle = await openPglite(dataDir);
      try {
        const result: unknown = await handle.db.execute(
          sql`SELECT s.id, (SELECT count(*)::int FROM sale_items i WHERE i.sale_id = s.id) AS lines
                FROM sales s WHERE s.id IN (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )})`,
        );
        const rows = (result as { rows: { id: number; lines: number }[] }).rows;
        return new Map(rows.map((row) => [row.id, row.lines]));
      } finally {
        await handle.close();
      }
    });
  }, 120_000);

  it.skipIf(!postgresBinDir())(
    'on PostgreSQL: finishes them, commits every 201, exits 0',
    async () => {
      const cluster = await startPgCluster();
      cleanups.push(() => cluster.destroy());
      await sigtermDuringCheckouts(
        { DATABASE_URL: cluster.url('duka'), SEED_DEMO: '1' },
        async (ids) => {
          const rows = await cluster.query<{ id: number; lines: number }>(LINES_SQL, [ids], 'duka');
          return new Map(rows.map((row) => [row.id, row.lines]));
        },
        async () => {
          // write_sale locks its products FOR UPDATE: a share lock on the table holds it.
          const locker = new pg.Client({ connectionString: cluster.url('duka') });
          await locker.connect();
          await locker.query('BEGIN');
          await locker.query('LOCK TABLE products IN SHARE MODE');
          return async () => {
            await locker.query('COMMIT');
            await locker.end();
          };
        },
      );
    },
    120_000,
  );
});
