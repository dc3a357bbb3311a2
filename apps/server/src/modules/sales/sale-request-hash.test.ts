/**
 * What an Idempotency-Key is bound to (issue 20): the hash of the sale's request as the schema
 * read it. The hashes are stored with the sales, so the text hashed never changes: these are
 * the hashes the first canonical JSON (before issue 21's speed-up) gave for these requests.
 */
import { createSaleSchema } from '@duka/shared/sales/sales.schemas';
import { describe, expect, it } from 'vitest';
import { saleRequestHash } from './sales.service';

const splitWithApproval = {
  items: [
    { product_id: 12, quantity: 2, unit_price: '60.50' },
    { product_id: 7, quantity: 1, unit_type: 'pack', unit_price: 300, total: 300 },
  ],
  total: 421,
  customer_id: 4,
  payments: [{ method: 'cash', amount: 500 }],
  cart_discount: 0,
  discount_approval: { email: 'mgr@duka.test', password: 'duka-demo-1234' },
};

describe('saleRequestHash', () => {
  it('hashes a request to the same text as the hashes already stored', () => {
    expect(saleRequestHash(createSaleSchema.parse(splitWithApproval))).toBe(
      '6d22979ec18d674b1f0fb69acb487336df0732fe1635cb2daa2139fc260bc60d',
    );
    const mpesa = {
      items: [{ product_id: 3, quantity: 1, unit_price: 100 }],
      total: 100,
      customer_id: 1,
      payment_method: 'mpesa',
      mpesa_code: 'sft4a1b2c3',
    };
    expect(saleRequestHash(createSaleSchema.parse(mpesa))).toBe(
      '8e2b7dad4097620cd00a62c0a681c29082d33f1adf4399c986ab87c5ac15328d',
    );
    // Issue 23: the M-Pesa payment a sale names is part of the request: another is another sale.
    const linked = { ...mpesa, mpesa_code: undefined, mpesa_payment_id: 7 };
    const linkedHash = saleRequestHash(createSaleSchema.parse(linked));
    expect(linkedHash).not.toBe(
      saleRequestHash(createSaleSchema.parse({ ...linked, mpesa_payment_id: 8 })),
    );
    expect(linkedHash).toBe(
      saleRequestHash(createSaleSchema.parse({ ...linked, mpesa_payment_id: '7' })),
    );
  });

  it('reads the request, not how it was written: key order, "60" or 60.00, the password', () => {
    const hash = saleRequestHash(createSaleSchema.parse(splitWithApproval));
    const reordered = {
      discount_approval: { password: 'another-password-1', email: 'mgr@duka.test' },
      cart_discount: '0.00',
      payments: [{ amount: '500', method: 'cash' }],
      customer_id: '4',
      total: '421.00',
      items: [
        { unit_price: 60.5, quantity: 2, product_id: 12 },
        { total: '300', unit_type: 'pack', unit_price: '300.00', quantity: 1, product_id: 7 },
      ],
    };
    expect(saleRequestHash(createSaleSchema.parse(reordered))).toBe(hash);
    const otherLine = structuredClone(splitWithApproval);
    otherLine.items[0]!.quantity = 3;
    expect(saleRequestHash(createSaleSchema.parse({ ...otherLine, total: 481.5 }))).not.toBe(hash);
  });
});
