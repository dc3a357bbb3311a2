// jsdom has no IndexedDB: the outbox runs on fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeDeviceDb, DEVICE_DB_NAME, openDeviceDb } from './device-db';
import { deviceNumberKey, receiptSeqKey } from './device-number';
import { enqueueSale, outboxOldestFirst, pruneSent, SENT_KEPT_MS, updateEntries } from './outbox';
import { saleInput } from './outbox-fixtures';
import { clearDeviceCatalogue } from './offline-catalogue';

afterEach(async () => {
  vi.useRealTimers();
  await closeDeviceDb();
  await deleteDB(DEVICE_DB_NAME);
});

describe('enqueueSale', () => {
  it('keeps the sale offline with its device receipt number, the person, the store and the time', async () => {
    const db = await openDeviceDb();
    await db.put('meta', { key: deviceNumberKey(7), value: 3 });
    await db.put('meta', { key: receiptSeqKey(7), value: 41 });

    const entry = await enqueueSale(saleInput({ storeId: 7 }));

    expect(entry).toMatchObject({
      state: 'waiting',
      user_id: 5,
      user_name: 'Amina Cashier',
      store_id: 7,
      device_receipt_number: 'T3-0042',
      sold_at: '2026-11-26T14:05:00.000+03:00',
      total: 185,
      sale_id: null,
      message: null,
    });
    expect(entry.payload).toMatchObject({
      client_sale_id: entry.client_sale_id,
      sold_at: '2026-11-26T14:05:00.000+03:00',
      offline: true,
      device_receipt_number: 'T3-0042',
      customer_id: 1,
    });
    expect(await db.get('outbox', entry.client_sale_id)).toEqual(entry);
    expect((await db.get('meta', receiptSeqKey(7)))?.value).toBe(42);
  });

  it('keeps counting receipt numbers after the catalogue is cleared (sign-out, another person)', async () => {
    await enqueueSale(saleInput());
    await enqueueSale(saleInput());
    await clearDeviceCatalogue();

    expect((await enqueueSale(saleInput())).device_receipt_number).toBe('T0-0003');
  });

  it('numbers the sales of a device the store has not numbered yet T0-…', async () => {
    expect((await enqueueSale(saleInput())).device_receipt_number).toBe('T0-0001');
    expect((await enqueueSale(saleInput())).device_receipt_number).toBe('T0-0002');
  });

  it('writes the sale and its receipt number in one transaction: a sale not kept uses no number', async () => {
    await enqueueSale(saleInput());
    // A value IndexedDB cannot store fails the write of the entry itself.
    const broken = saleInput();
    (broken.receipt as unknown as { print: () => void }).print = () => undefined;
    await expect(enqueueSale(broken)).rejects.toThrow();

    const db = await openDeviceDb();
    expect(await db.getAll('outbox')).toHaveLength(1);
    expect((await db.get('meta', receiptSeqKey(1)))?.value).toBe(1);
    expect((await enqueueSale(saleInput())).device_receipt_number).toBe('T0-0002');
  });

  it('keeps the same checkout once (a double submit)', async () => {
    const input = saleInput();
    const first = await enqueueSale(input);
    const again = await enqueueSale(input);
    expect(again).toEqual(first);
    expect(await outboxOldestFirst()).toHaveLength(1);
  });

  it('puts a customer added offline aside: the payload waits for their server id', async () => {
    const entry = await enqueueSale(saleInput({ localCustomerId: crypto.randomUUID() }));
    expect(entry.payload.customer_id).toBeNull();
    expect(entry.local_customer_id).not.toBeNull();
  });
});

describe('outbox order', () => {
  it('lists oldest first, even for sales kept in the same millisecond or with the clock set back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T11:00:00.000Z'));
    const first = await enqueueSale(saleInput());
    const second = await enqueueSale(saleInput());
    vi.setSystemTime(new Date('2026-11-26T10:00:00.000Z'));
    const third = await enqueueSale(saleInput());

    const order = (await outboxOldestFirst()).map((entry) => entry.client_sale_id);
    expect(order).toEqual([first.client_sale_id, second.client_sale_id, third.client_sale_id]);
  });
});

describe('pruneSent', () => {
  it('forgets sales sent over a week ago and never a waiting or refused one', async () => {
    const sent = await enqueueSale(saleInput());
    const refused = await enqueueSale(saleInput());
    const waiting = await enqueueSale(saleInput());
    await updateEntries(
      new Map([
        [sent.client_sale_id, { state: 'sent' as const, sale_id: 9 }],
        [refused.client_sale_id, { state: 'refused' as const, message: 'No' }],
      ]),
    );
    await pruneSent(Date.now() + SENT_KEPT_MS - 60_000);
    expect(await outboxOldestFirst()).toHaveLength(3);

    await pruneSent(Date.now() + SENT_KEPT_MS + 60_000);
    expect((await outboxOldestFirst()).map((entry) => entry.client_sale_id)).toEqual([
      refused.client_sale_id,
      waiting.client_sale_id,
    ]);
  });
});
