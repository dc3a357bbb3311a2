// jsdom has no IndexedDB: the outbox runs on fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDeviceDb, DEVICE_DB_NAME } from './device-db';
import { receiptSale } from './local-receipt';
import { enqueueSale } from './outbox';
import { saleInput } from './outbox-fixtures';

afterEach(async () => {
  await closeDeviceDb();
  await deleteDB(DEVICE_DB_NAME);
});

describe('receiptSale', () => {
  it('reads a kept sale as the receipt prints it: lines, totals, payment, person and number', async () => {
    const input = saleInput();
    input.payload.items = [
      { product_id: 3, quantity: 2, unit_price: 185, total: 370, unit_type: 'piece' },
      { product_id: 3, quantity: 1, unit_price: 2100, total: 2100, unit_type: 'pack' },
    ];
    input.payload.total = 2420;
    input.payload.cart_discount = 50;
    input.payload.amount_paid = 2500;
    input.payload.change_amount = 80;
    input.receipt.lines = [
      { name: 'Jogoo Maize Flour 2kg', sku: 'JOG-2KG' },
      { name: 'Jogoo Maize Flour 2kg', sku: 'JOG-2KG' },
    ];
    const sale = receiptSale(await enqueueSale(input));

    expect(sale).toMatchObject({
      id: 0,
      createdAt: '2026-11-26T14:05:00.000+03:00',
      device_receipt_number: 'T0-0001',
      offline: true,
      subtotal: 2470,
      discount_total: 50,
      total_amount: 2420,
      payment_method: 'cash',
      amount_paid: 2500,
      change_amount: 80,
      payments: [{ method: 'cash', amount: 2420, mpesa_code: null }],
      User: { name: 'Amina Cashier' },
      Customer: { name: 'Walk-in Customer', phone: null },
    });
    expect(sale.items.map((item) => [item.Product.name, item.unit_type, item.total])).toEqual([
      ['Jogoo Maize Flour 2kg', 'piece', 370],
      ['Jogoo Maize Flour 2kg', 'pack', 2100],
    ]);
  });

  it('has the M-Pesa code of an M-Pesa sale, and the sale id once sent', async () => {
    const input = saleInput();
    input.payload.payment_method = 'mpesa';
    input.payload.mpesa_code = 'SFT4A1B2C3';
    input.payload.amount_paid = 185;
    input.payload.change_amount = 0;
    const entry = await enqueueSale(input);
    const sale = receiptSale({ ...entry, state: 'sent', sale_id: 57 });
    expect(sale).toMatchObject({
      id: 57,
      mpesa_code: 'SFT4A1B2C3',
      payments: [{ method: 'mpesa', amount: 185, mpesa_code: 'SFT4A1B2C3' }],
    });
  });
});
