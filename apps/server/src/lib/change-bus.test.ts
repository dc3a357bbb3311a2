/**
 * The change bus (issue 27) on a private PostgreSQL cluster: notices reach the other bus and
 * not their sender, writes are gathered into few notices, and a database restart is survived —
 * the bus listens again by itself and forgets every cache once.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startPgCluster, type PgCluster } from '../testing/pg-cluster';
import { CHANGE_CHANNEL, ChangeBus, announceChange, registerCache } from './change-bus';

async function until(what: string, check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgresBinDir())('the change bus on PostgreSQL', () => {
  let cluster: PgCluster;
  const logs: string[] = [];
  const log = {
    info: (message: string) => logs.push(`info: ${message}`),
    warn: (message: string) => logs.push(`warn: ${message}`),
  };
  /** What the caches named 'bus-test.*' were told, in order. */
  const forgotten: [string, number | undefined][] = [];
  registerCache('bus-test.a', (storeId) => forgotten.push(['a', storeId]));
  registerCache('bus-test.b', (storeId) => forgotten.push(['b', storeId]));
  const buses: ChangeBus[] = [];
  const bus = async () => {
    const made = new ChangeBus({ connectionString: cluster.url('duka'), log });
    buses.push(made);
    await made.start();
    return made;
  };

  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 120_000);

  afterEach(async () => {
    for (const made of buses.splice(0)) await made.close();
  });

  afterAll(async () => {
    await cluster?.destroy();
  });

  it("tells the other instance what changed, in few notices, and never the sender's own caches", async () => {
    const watcher = new pg.Client({ connectionString: cluster.url('duka') });
    await watcher.connect();
    const notices: string[] = [];
    watcher.on('notification', (message) => notices.push(message.payload ?? ''));
    await watcher.query(`LISTEN ${CHANGE_CHANNEL}`);
    try {
      const sender = await bus();
      const other = await bus();
      forgotten.length = 0;
      // A till's busy second: 200 sales of store 1, a product of store 2, in 100 ms.
      for (let i = 0; i < 200; i += 1) sender.publish('bus-test.a', 1);
      sender.publish('bus-test.b', 2);
      await sleep(100);
      sender.publish('bus-test.a', 3);
      await until('the notices', () => forgotten.length >= 3);
      await sleep(200);
      // Told once per store and cache, however many writes: no echo to the sender either.
      expect(forgotten).toEqual([
        ['a', 1],
        ['b', 2],
        ['a', 3],
      ]);
      const sent = notices.map((payload) => JSON.parse(payload) as { from: string });
      expect(sent.length).toBeLessThanOrEqual(3);
      expect(sent.every((notice) => notice.from === sender.id)).toBe(true);
      expect(other.id).not.toBe(sender.id);

      // announceChange (what a cache's changed() calls) goes out through every running bus.
      forgotten.length = 0;
      announceChange('bus-test.b', undefined);
      await until('the notice of every store', () => forgotten.length >= 2);
      await sleep(100);
      // Each bus told the other: the cache forgot every store (twice here, two buses in one process).
      expect(forgotten).toEqual([
        ['b', undefined],
        ['b', undefined],
      ]);

      // A malformed notice is ignored with a warning, not a crash.
      await watcher.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, '{"not":"a notice"}']);
      await until('the warning', () => logs.some((line) => line.includes('malformed')));
    } finally {
      await watcher.end();
    }
  });

  it('listens again after the database restarts, forgetting every cache once', async () => {
    const listener = await bus();
    const sender = await bus();
    await until('both listening', () => listener.listening && sender.listening);
    forgotten.length = 0;
    logs.length = 0;

    // The restart does not block this process: the bus may hear the loss and listen again
    // before the restart's promise settles, so the loss is read from its warning, not polled.
    await cluster.restart('fast');
    await until('the loss seen', () =>
      logs.some((line) => line.startsWith('warn: The connection listening')),
    );
    await until('the listener back', () => listener.listening && sender.listening, 20_000);
    // Notices sent during the outage were missed: every cache forgot every store once.
    expect(forgotten).toContainEqual(['a', undefined]);
    expect(forgotten).toContainEqual(['b', undefined]);
    expect(logs.filter((line) => line.startsWith('warn: The connection listening'))).not.toEqual(
      [],
    );
    expect(logs.some((line) => line.includes('again'))).toBe(true);

    forgotten.length = 0;
    sender.publish('bus-test.a', 7);
    await until('the notice after the restart', () => forgotten.length >= 1);
    expect(forgotten).toEqual([['a', 7]]);
  }, 60_000);

  it('keeps what was written during an outage and sends it once the database is back', async () => {
    const sender = await bus();
    await cluster.stop('fast');
    await until('the loss seen', () => !sender.listening);
    sender.publish('bus-test.b', 9);
    await cluster.start();
    // Listening before the bus is back (it waits at least 250 ms between tries).
    const watcher = new pg.Client({ connectionString: cluster.url('duka') });
    await watcher.connect();
    const notices: string[] = [];
    watcher.on('notification', (message) => notices.push(message.payload ?? ''));
    await watcher.query(`LISTEN ${CHANGE_CHANNEL}`);
    try {
      await until('the kept notice', () => notices.length > 0, 20_000);
      expect(JSON.parse(notices[0]!)).toEqual({
        from: sender.id,
        changes: { 'bus-test.b': [9] },
      });
    } finally {
      await watcher.end();
    }
  }, 60_000);
});
