/**
 * The change bus (issue 27) when its database host goes silent — the LISTEN connection stays
 * open and nothing answers: closing the bus (a shutdown) must not wait on the notice it was
 * sending, or the server's graceful shutdown would run out its time and exit 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startPgCluster, type PgCluster } from '../testing/pg-cluster';
import { startRelay } from '../testing/tcp-relay';
import { ChangeBus } from './change-bus';
import { createListCache } from './list-cache';

describe.skipIf(!postgresBinDir())('the change bus on a silent database host', () => {
  let cluster: PgCluster;
  let relay: Awaited<ReturnType<typeof startRelay>>;

  beforeAll(async () => {
    cluster = await startPgCluster();
    relay = await startRelay(cluster.port);
  }, 60_000);

  afterAll(async () => {
    await relay?.close();
    await cluster?.destroy();
  });

  it('closes within its bound while a notice hangs on the silent connection', async () => {
    const bus = new ChangeBus({
      connectionString: `postgres://postgres@127.0.0.1:${relay.port}/duka`,
      log: { info: () => undefined, warn: () => undefined },
    });
    await bus.start();
    const deadline = Date.now() + 10_000;
    while (!bus.listening && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(bus.listening).toBe(true);

    relay.freeze();
    // A write: its notice goes out on the (now silent) listening connection and never returns.
    createListCache<number>({ name: 'silent-host-test' }).changed(1);
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Without the bound (CLOSE_FLUSH_MS) close() never returns: the test runs out its time.
    await bus.close();
    expect(bus.listening).toBe(false);
  }, 30_000);
});
