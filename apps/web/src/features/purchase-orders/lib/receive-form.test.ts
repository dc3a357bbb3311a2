import type { PurchaseOrder } from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { describe, expect, it } from 'vitest';
import { arrivingDefaults, receiveRequest } from './receive-form';

function line(id: number, quantity: number, received_quantity: number) {
  return {
    id,
    product_id: id,
    product_name: `Product ${id}`,
    Product: { name: `Product ${id}` },
    unit_type: 'piece' as const,
    quantity,
    received_quantity,
    buying_price: 10,
    unit_price: 10,
    selling_price: 12,
    total: quantity * 10,
  };
}

const order = {
  id: 5,
  status: 'partially_received',
  items: [line(1, 10, 4), line(2, 3, 0), line(3, 2, 2)],
} as unknown as PurchaseOrder;

describe('receiving a purchase order (issue 20)', () => {
  it('starts each line at what remains of it', () => {
    expect(arrivingDefaults(order)).toEqual({ 1: '6', 2: '3', 3: '0' });
  });

  it("sends the spec's Mark as Received when everything that remains arrives", () => {
    expect(receiveRequest(order, arrivingDefaults(order), false)).toEqual({
      ok: true,
      request: { kind: 'all' },
    });
  });

  it('sends one delivery of what arrived, lines with nothing left out', () => {
    expect(receiveRequest(order, { 1: '2', 2: '0', 3: '0' }, false)).toEqual({
      ok: true,
      request: {
        kind: 'delivery',
        body: { items: [{ item_id: 1, received_quantity: 2 }], close: false },
      },
    });
  });

  it('closes short, even with nothing more arriving', () => {
    expect(receiveRequest(order, { 1: '0', 2: '0' }, true)).toEqual({
      ok: true,
      request: { kind: 'delivery', body: { items: [], close: true } },
    });
    // Everything arriving and closing is still a delivery that closes.
    expect(receiveRequest(order, arrivingDefaults(order), true)).toMatchObject({
      request: { kind: 'delivery', body: { close: true } },
    });
  });

  it('refuses more than remains, a broken number, and a delivery of nothing', () => {
    expect(receiveRequest(order, { 1: '7', 2: '1.5' }, false)).toEqual({
      ok: false,
      lines: {
        1: { key: 'receive.errors.tooMany', count: 6 },
        2: { key: 'receive.errors.whole' },
      },
      nothing: false,
    });
    expect(receiveRequest(order, { 1: '', 2: '3' }, false)).toMatchObject({
      ok: false,
      lines: { 1: { key: 'receive.errors.whole' } },
    });
    expect(receiveRequest(order, { 1: '0', 2: '0' }, false)).toEqual({
      ok: false,
      lines: {},
      nothing: true,
    });
  });
});
