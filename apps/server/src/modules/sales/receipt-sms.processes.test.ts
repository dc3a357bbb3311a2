/**
 * SMS receipts across real server processes (issue 21): the server as `npm start` runs it
 * (testing/processes.ts), Africa's Talking as the local fake, the worker on its own timer.
 * - A restart while an SMS waits for its retry loses nothing, and the SMS is sent once.
 * - Two servers on one PostgreSQL (TEST_DATABASE_URL) send a queued SMS once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryUploadDir } from '../../testing/create-test-app';
import {
  startFakeAfricasTalking,
  type FakeAfricasTalking,
} from '../../testing/fake-africas-talking';
import { createFreshPostgresDatabase } from '../../testing/fresh-postgres';
import { HttpClient } from '../../testing/http-client';
import { startServer, type RunningServer } from '../../testing/processes';

/** Cookies and the CSRF token over real HTTP, as the web app keeps them. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A demo sale of the cashier's store, its SMS receipt asked for: the API's answer. */
async function askForSms(server: RunningServer) {
  const cashier = new HttpClient(`http://127.0.0.1:${server.port}`);
  await cashier.login('cashier@duka.test');
  const sales = await cashier.request('GET', '/api/sales?pageSize=1');
  const saleId = (sales.json.sales as { id: number }[])[0]!.id;
  const queued = await cashier.request('POST', `/api/sales/${saleId}/receipt/sms`, {
    phone: '0711 562 904',
  });
  expect(queued.status).toBe(200);
  expect(queued.json.data).toMatchObject({ queued: true, receipt_status: { sms_state: 'queued' } });
  return { cashier, saleId };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function running(env: Record<string, string>) {
  const server = await startServer(env);
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.ended;
    }
  });
  await server.ready;
  return server;
}

async function fakeProvider(): Promise<FakeAfricasTalking> {
  const fake = await startFakeAfricasTalking();
  cleanups.push(() => fake.close());
  return fake;
}

function smsEnv(fake: FakeAfricasTalking) {
  return {
    AT_USERNAME: fake.config.username,
    AT_API_KEY: fake.config.apiKey,
    AT_BASE_URL: fake.config.baseUrl,
    JOBS_POLL_MS: '200',
    JOBS_RETRY_BASE_MS: '1500',
  };
}

describe('SMS receipts with real server processes', () => {
  it('a server killed while the SMS waits for its retry sends it once after the restart', async () => {
    const fake = await fakeProvider();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'duka-jobs-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, SEED_DEMO: '1', ...smsEnv(fake) };

    fake.failNext(2);
    const first = await running(env);
    const watcher = new HttpClient(`http://127.0.0.1:${first.port}`);
    await watcher.login('manager@duka.test');
    const { saleId } = await askForSms(first);
    // The first attempt failed (503) and the job waits for its retry, recorded in the database.
    await until('the retry to be queued', async () => {
      const jobs = await watcher.request('GET', '/api/jobs');
      const [job] = jobs.json.data as { state: string; attempts: number }[];
      return job?.state === 'queued' && job.attempts === 1;
    });
    // The server dies now, without warning.
    first.child.kill('SIGKILL');
    await first.ended;
    expect(fake.requests).toBe(1);
    expect(fake.messages).toHaveLength(0);

    const second = await running(env);
    await until('the SMS', () => fake.messages.length >= 1);
    // Time for a stray second send to show, were there one.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(fake.requests).toBe(3);
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]!.message).toContain(`Receipt #${saleId}`);

    const manager = new HttpClient(`http://127.0.0.1:${second.port}`);
    await manager.login('manager@duka.test');
    const sale = await manager.request('GET', `/api/sales/${saleId}`);
    expect((sale.json.data as { receipt_status: unknown }).receipt_status).toMatchObject({
      sms: true,
      sms_state: 'sent',
    });
    const jobs = await manager.request('GET', '/api/jobs?state=done');
    expect((jobs.json.data as unknown[])[0]).toMatchObject({ kind: 'sms-receipt', attempts: 3 });
  }, 180_000);

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.runIf(serverUrl)(
    'two servers on one PostgreSQL send a queued SMS once',
    async () => {
      const fake = await fakeProvider();
      const database = await createFreshPostgresDatabase(serverUrl!);
      cleanups.push(() => database.drop());
      const uploadDir = await temporaryUploadDir();
      cleanups.push(() => rm(uploadDir, { recursive: true, force: true }));
      const env = {
        DATABASE_URL: database.url,
        SEED_DEMO: '1',
        UPLOAD_DIR: uploadDir,
        ...smsEnv(fake),
      };
      const [one, two] = await Promise.all([running(env), running(env)]);

      fake.failNext(2);
      const asked = await Promise.all([askForSms(one), askForSms(two)]);
      expect(asked[0].saleId).toBe(asked[1].saleId);
      await until('the SMS', () => fake.messages.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // Asked twice on two servers, tried by both workers: one SMS, after the two failures.
      expect(fake.messages).toHaveLength(1);
      expect(fake.requests).toBe(3);
    },
    240_000,
  );
});
