// jsdom has no IndexedDB: the outbox runs on fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { closeDeviceDb, DEVICE_DB_NAME, openDeviceDb } from './device-db';
import { enqueueSale, outboxOldestFirst, updateEntries } from './outbox';
import { saleInput } from './outbox-fixtures';
import { outboxCounts } from './outbox-status';
import type { OutboxSalePayload } from './outbox-types';
import { uploadWaiting, type Post, type UploadSession } from './upload-run';

const amina: UploadSession = { userId: 5, userName: 'Amina Cashier', storeId: 1 };

interface Call {
  path: string;
  body: unknown;
}

/** A server that records each call and answers /sales/sync with `status(id)` for each sale. */
function server(
  status: (sale: OutboxSalePayload) => 'created' | 'replayed' | 'refused' = () => 'created',
) {
  const calls: Call[] = [];
  let nextSaleId = 100;
  let nextCustomerId = 44;
  const post: Post = async (path, body) => {
    calls.push({ path, body });
    if (path === '/customers') return { success: true, data: { id: nextCustomerId++ } };
    if (path !== '/sales/sync') throw new ApiRequestError({ status: 404, message: 'Not found' });
    const { sales } = body as { sales: OutboxSalePayload[] };
    return {
      results: sales.map((sale) => {
        const answer = status(sale);
        return answer === 'refused'
          ? {
              client_sale_id: sale.client_sale_id,
              status: answer,
              message: 'Product not found',
              code: 404,
            }
          : { client_sale_id: sale.client_sale_id, status: answer, sale_id: nextSaleId++ };
      }),
    };
  };
  const synced = () =>
    calls
      .filter((call) => call.path === '/sales/sync')
      .map((call) => (call.body as { sales: OutboxSalePayload[] }).sales);
  return { post, calls, synced };
}

afterEach(async () => {
  await closeDeviceDb();
  await deleteDB(DEVICE_DB_NAME);
});

describe('uploadWaiting', () => {
  it('uploads oldest first, at most 100 a request, each sent with the id the server gave it', async () => {
    const kept = [];
    for (let index = 0; index < 130; index += 1) kept.push(await enqueueSale(saleInput()));
    const { post, calls, synced } = server();

    expect(await uploadWaiting(amina, post)).toEqual({ kind: 'done', remaining: 0 });

    const batches = synced();
    expect(batches.map((batch) => batch.length)).toEqual([100, 30]);
    // Each batch says whose sales it holds: the server refuses it under another's session.
    expect(
      calls
        .filter((call) => call.path === '/sales/sync')
        .map((call) => (call.body as { user_id: number }).user_id),
    ).toEqual([amina.userId, amina.userId]);
    expect(batches.flat().map((sale) => sale.client_sale_id)).toEqual(
      kept.map((entry) => entry.client_sale_id),
    );
    expect(batches[0]![0]).toMatchObject({ offline: true, device_receipt_number: 'T0-0001' });
    const entries = await outboxOldestFirst();
    expect(entries.every((entry) => entry.state === 'sent')).toBe(true);
    expect(entries[0]!.sale_id).toBe(100);
    expect(entries[129]!.sale_id).toBe(229);
  });

  it("uploads only the signed-in person's sales; another person's wait and block with their name", async () => {
    const mine = await enqueueSale(saleInput());
    await enqueueSale(saleInput({ userId: 8, userName: 'Baraka' }));
    await enqueueSale(saleInput({ userId: 8, userName: 'Baraka' }));
    const { post, synced } = server();

    await uploadWaiting(amina, post);

    expect(
      synced()
        .flat()
        .map((sale) => sale.client_sale_id),
    ).toEqual([mine.client_sale_id]);
    const entries = await outboxOldestFirst();
    expect(entries.map((entry) => entry.state)).toEqual(['sent', 'waiting', 'waiting']);
    expect(outboxCounts(entries, amina.userId)).toEqual({
      sending: 0,
      waiting: 0,
      attention: 0,
      blocked: { name: 'Baraka', count: 2 },
    });

    // Baraka signs in on the device: his sales go, under his session.
    await uploadWaiting({ userId: 8, userName: 'Baraka', storeId: 1 }, post);
    expect(synced()).toHaveLength(2);
    expect((await outboxOldestFirst()).every((entry) => entry.state === 'sent')).toBe(true);
  });

  it("leaves another store's sales waiting while the person acts on this one", async () => {
    await enqueueSale(saleInput({ storeId: 2 }));
    const { post, synced } = server();
    expect(await uploadWaiting(amina, post)).toEqual({ kind: 'done', remaining: 0 });
    expect(synced()).toHaveLength(0);
    expect((await outboxOldestFirst())[0]!.state).toBe('waiting');
  });

  it('creates a customer added offline before the sale, once, and sends the sale with their id', async () => {
    const db = await openDeviceDb();
    const wanjiru = crypto.randomUUID();
    await db.put('local_customers', {
      client_customer_id: wanjiru,
      name: 'Wanjiru',
      phone: '0712345678',
      store_id: 1,
      user_id: 5,
      created_at: '2026-11-26T11:00:00.000Z',
      server_id: null,
    });
    const first = await enqueueSale(saleInput({ localCustomerId: wanjiru }));
    const second = await enqueueSale(saleInput({ localCustomerId: wanjiru }));
    const { post, calls } = server();

    await uploadWaiting(amina, post);

    expect(calls.map((call) => call.path)).toEqual(['/customers', '/sales/sync']);
    expect(calls[0]!.body).toEqual({
      name: 'Wanjiru',
      phone: '0712345678',
      client_customer_id: wanjiru,
    });
    const sales = (calls[1]!.body as { sales: OutboxSalePayload[] }).sales;
    expect(sales.map((sale) => [sale.client_sale_id, sale.customer_id])).toEqual([
      [first.client_sale_id, 44],
      [second.client_sale_id, 44],
    ]);
    expect((await db.get('local_customers', wanjiru))?.server_id).toBe(44);

    // A later sale to the same customer uses the id kept, with no second POST /customers.
    await enqueueSale(saleInput({ localCustomerId: wanjiru }));
    await uploadWaiting(amina, post);
    expect(calls.map((call) => call.path)).toEqual(['/customers', '/sales/sync', '/sales/sync']);
    expect((calls[2]!.body as { sales: OutboxSalePayload[] }).sales[0]!.customer_id).toBe(44);
  });

  it('a customer the server refuses refuses their sale with the reason; the others still go', async () => {
    const db = await openDeviceDb();
    const bad = crypto.randomUUID();
    await db.put('local_customers', {
      client_customer_id: bad,
      name: 'Zed',
      phone: '12',
      store_id: 1,
      user_id: 5,
      created_at: '2026-11-26T11:00:00.000Z',
      server_id: null,
    });
    const refused = await enqueueSale(saleInput({ localCustomerId: bad }));
    const fine = await enqueueSale(saleInput());
    const { post: serverPost, synced } = server();
    const post: Post = async (path, body) => {
      if (path === '/customers') {
        throw new ApiRequestError({
          status: 400,
          message: 'Validation failed',
          errors: [{ path: 'phone', message: 'Phone must be a Kenyan number' }],
        });
      }
      return serverPost(path, body);
    };

    await uploadWaiting(amina, post);

    expect(
      synced()
        .flat()
        .map((sale) => sale.client_sale_id),
    ).toEqual([fine.client_sale_id]);
    const byId = new Map((await outboxOldestFirst()).map((entry) => [entry.client_sale_id, entry]));
    expect(byId.get(refused.client_sale_id)).toMatchObject({
      state: 'refused',
      message: 'Phone must be a Kenyan number',
    });
    expect(byId.get(fine.client_sale_id)?.state).toBe('sent');
  });

  it('marks replayed sales sent and refused ones refused with the reason, in one batch', async () => {
    const replayed = await enqueueSale(saleInput());
    const refused = await enqueueSale(saleInput());
    const created = await enqueueSale(saleInput());
    const { post } = server((sale) =>
      sale.client_sale_id === replayed.client_sale_id
        ? 'replayed'
        : sale.client_sale_id === refused.client_sale_id
          ? 'refused'
          : 'created',
    );

    expect(await uploadWaiting(amina, post)).toEqual({ kind: 'done', remaining: 0 });

    const entries = await outboxOldestFirst();
    expect(entries.map((entry) => [entry.client_sale_id, entry.state, entry.message])).toEqual([
      [replayed.client_sale_id, 'sent', null],
      [refused.client_sale_id, 'refused', 'Product not found'],
      [created.client_sale_id, 'sent', null],
    ]);
    expect(entries[0]!.sale_id).toBe(100);
    expect(outboxCounts(entries, amina.userId).attention).toBe(1);
  });

  it('a network failure keeps every sale waiting, for a retry that sends them again', async () => {
    const kept = await enqueueSale(saleInput());
    const failing: Post = async () => {
      throw new TypeError('Failed to fetch');
    };

    expect(await uploadWaiting(amina, failing)).toEqual({ kind: 'failed', remaining: 1 });
    expect((await outboxOldestFirst())[0]).toMatchObject({ state: 'waiting', sale_id: null });

    const { post, synced } = server();
    expect(await uploadWaiting(amina, post)).toEqual({ kind: 'done', remaining: 0 });
    expect(synced().flat()[0]!.client_sale_id).toBe(kept.client_sale_id);
  });

  it('a 5xx keeps the batch waiting too', async () => {
    await enqueueSale(saleInput());
    const failing: Post = async () => {
      throw new ApiRequestError({ status: 503, message: 'Service Unavailable' });
    };
    expect(await uploadWaiting(amina, failing)).toEqual({ kind: 'failed', remaining: 1 });
    expect((await outboxOldestFirst())[0]!.state).toBe('waiting');
  });

  it('sends again the sales a closed tab left sending (the server replays them)', async () => {
    const left = await enqueueSale(saleInput());
    await updateEntries(new Map([[left.client_sale_id, { state: 'sending' as const }]]));
    const { post, synced } = server(() => 'replayed');

    await uploadWaiting(amina, post);

    expect(synced().flat()[0]!.client_sale_id).toBe(left.client_sale_id);
    expect((await outboxOldestFirst())[0]!.state).toBe('sent');
  });
});
