/**
 * Several app servers on one PostgreSQL behave as one (issue 27), with two real server
 * processes (testing/processes) on a private cluster (testing/pg-cluster):
 * - a manager's change of a product's price and name through one is served by the other within
 *   a second — its catalogue order and search caches told through LISTEN/NOTIFY (lib/change-bus);
 * - a background job runs once with both workers polling every 100 ms.
 * Sign-in limits across instances: modules/auth/auth.instances.test.ts; jobs' leases under
 * overlapping passes: modules/jobs/jobs.test.ts.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryUploadDir } from '../testing/create-test-app';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../testing/fake-africas-talking';
import { HttpClient } from '../testing/http-client';
import { postgresBinDir, startPgCluster, type PgCluster } from '../testing/pg-cluster';
import { startServer, type RunningServer } from '../testing/processes';

interface ProductAnswer {
  id: number;
  name: string;
  piece_selling_price: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe.skipIf(!postgresBinDir())('two app servers on one PostgreSQL', () => {
  let cluster: PgCluster;
  let uploadDir: string;
  let fake: FakeAfricasTalking;
  const servers: RunningServer[] = [];
  let first: HttpClient;
  let second: HttpClient;

  beforeAll(async () => {
    cluster = await startPgCluster();
    uploadDir = await temporaryUploadDir();
    fake = await startFakeAfricasTalking();
    const env = {
      DATABASE_URL: cluster.url('duka'),
      UPLOAD_DIR: uploadDir,
      AT_USERNAME: fake.config.username,
      AT_API_KEY: fake.config.apiKey,
      AT_BASE_URL: fake.config.baseUrl,
      JOBS_POLL_MS: '100',
    };
    // Started together: the second waits on the start-up lock while the first seeds.
    servers.push(
      ...(await Promise.all([
        startServer({ ...env, SEED_DEMO: '1' }),
        startServer({ ...env, SEED_DEMO: '0' }),
      ])),
    );
    await Promise.all(servers.map((server) => server.ready));
    first = new HttpClient(`http://127.0.0.1:${servers[0]!.port}`);
    second = new HttpClient(`http://127.0.0.1:${servers[1]!.port}`);
    await first.login('manager@duka.test');
    await second.login('manager@duka.test');
  }, 180_000);

  afterAll(async () => {
    try {
      for (const server of servers) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGTERM');
          // One that does not stop is killed: never left running (nor the cluster) after the
          // suite because a shutdown hangs.
          const stopped = await Promise.race([
            server.ended.then(() => true),
            sleep(20_000).then(() => false),
          ]);
          if (!stopped) {
            server.child.kill('SIGKILL');
            await server.ended;
          }
        }
      }
    } finally {
      await fake?.close();
      await cluster?.destroy();
      if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('serves a price and name changed on the first from the second within a second', async () => {
    const list = async (client: HttpClient) => {
      const answer = await client.request('GET', '/api/products?pageSize=5');
      expect(answer.status).toBe(200);
      return answer.json.data as ProductAnswer[];
    };
    const search = async (client: HttpClient, q: string) => {
      const answer = await client.request('GET', `/api/products/search?q=${q}`);
      expect(answer.status).toBe(200);
      return answer.json.data as ProductAnswer[];
    };
    // The second's caches, warm: the catalogue's order by name, and a search that finds nothing.
    const before = await list(second);
    const product = before[before.length - 1]!;
    expect(await search(second, 'aardvark')).toEqual([]);
    expect(before[0]!.id).not.toBe(product.id);

    const price = product.piece_selling_price + 7;
    const changed = await first.request('PUT', `/api/products/${product.id}`, {
      name: 'Aardvark Special Flour',
      piece_selling_price: price,
    });
    expect(changed.status).toBe(200);
    const start = Date.now();

    // The renamed product leads the list by name and is found by its new name, new price and all.
    await until(
      'the second to serve the change',
      async () => {
        const [leading] = await list(second);
        const found = await search(second, 'aardvark');
        return (
          leading?.id === product.id &&
          leading.piece_selling_price === price &&
          found.length === 1 &&
          found[0]!.id === product.id &&
          found[0]!.piece_selling_price === price
        );
      },
      5_000,
    );
    const took = Date.now() - start;
    expect(took).toBeLessThan(1_000);
  });

  it('runs each job once, with both workers polling every 100 ms', async () => {
    const cashier = new HttpClient(first.base);
    await cashier.login('cashier@duka.test');
    const other = new HttpClient(second.base);
    await other.login('cashier@duka.test');
    const sales = await cashier.request('GET', '/api/sales?pageSize=6');
    const saleIds = (sales.json.sales as { id: number }[]).map((sale) => sale.id);
    expect(saleIds).toHaveLength(6);
    // A receipt for each of six sales, asked on the two servers in turn: six jobs, each one
    // claimed by one worker of the two. (One sale asked twice would not show it: once the first
    // job is done, a second ask is a new send, and whether it lands first is a race.)
    for (const [index, saleId] of saleIds.entries()) {
      const client = index % 2 === 0 ? cashier : other;
      const queued = await client.request('POST', `/api/sales/${saleId}/receipt/sms`, {
        phone: '0711 562 904',
      });
      expect(queued.status).toBe(200);
    }
    await until('the SMS', () => fake.messages.length >= saleIds.length);
    // Time for a stray second send to show: twenty passes of each worker.
    await sleep(2_000);
    expect(fake.requests).toBe(saleIds.length);
    const receipts = fake.messages.map((sms) => /Receipt #(\d+)/.exec(sms.message)?.[1]);
    expect(receipts.map(Number).sort((a, b) => a - b)).toEqual([...saleIds].sort((a, b) => a - b));
  });
});
