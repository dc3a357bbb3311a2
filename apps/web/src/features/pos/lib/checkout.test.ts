import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_FEE,
  buildSalePayload,
  checkoutTotals,
  normaliseMpesaCode,
  planMethod,
  saleIdFrom,
  startingDeliveryFee,
  startsAsDelivery,
  type CheckoutForm,
} from './checkout';
import { buildLine } from './test-fixtures';

const cash = (overrides: Partial<CheckoutForm> = {}): CheckoutForm => ({
  paymentMethod: 'cash',
  customerId: 7,
  // A delivery: these cases count the fee; a counter sale's are below.
  delivery: true,
  deliveryFee: String(DEFAULT_DELIVERY_FEE),
  amountTendered: '',
  mpesaCode: '',
  ...overrides,
});

describe('checkoutTotals', () => {
  it('adds the lines and the delivery fee in cents, never as float sums', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; three lines of 0.10 and 0.20 must be 0.50.
    const items = [
      buildLine({ productId: 1, unit_price: 0.1, quantity: 3, total: 0.3 }),
      buildLine({ productId: 2, unit_price: 0.2, quantity: 1, total: 0.2 }),
    ];
    const totals = checkoutTotals(items, cash({ deliveryFee: '0.1' }));
    expect(totals.totalCents).toBe(60);
    expect(totals.deliveryCents).toBe(10);
  });

  it('gives the balance of cash tendered, shown as 0.00 when short, and says when enough', () => {
    const items = [buildLine({ unit_price: 185, quantity: 2, total: 370 })];
    expect(checkoutTotals(items, cash({ amountTendered: '1000' }))).toMatchObject({
      totalCents: 57_000,
      balanceCents: 43_000,
      enough: true,
    });
    expect(checkoutTotals(items, cash({ amountTendered: '500' }))).toMatchObject({
      balanceCents: 0,
      enough: false,
    });
    expect(checkoutTotals(items, cash({ amountTendered: '570' })).enough).toBe(true);
  });

  it('needs no tendered amount for M-Pesa', () => {
    const totals = checkoutTotals(
      [buildLine()],
      cash({ paymentMethod: 'mpesa', amountTendered: '1' }),
    );
    expect(totals).toMatchObject({ enough: true, balanceCents: 0, tenderedCents: 0 });
  });

  it('treats a blank or negative delivery fee as none', () => {
    expect(checkoutTotals([buildLine()], cash({ deliveryFee: '' })).totalCents).toBe(1000);
    expect(checkoutTotals([buildLine()], cash({ deliveryFee: '-5' })).totalCents).toBe(1000);
  });
});

describe('the Delivery switch (issue 20)', () => {
  it('a counter sale of a KSh 62 milk totals KSh 62.00 and sends delivery_fee 0', () => {
    const milk = [buildLine({ unit_price: 62, quantity: 1, total: 62 })];
    // The fee field still holds its default: off, it counts for nothing.
    const counter = cash({ delivery: false, amountTendered: '62' });
    expect(checkoutTotals(milk, counter)).toMatchObject({ totalCents: 6200, deliveryCents: 0 });
    expect(buildSalePayload(milk, counter)).toMatchObject({
      total: 62,
      delivery_fee: 0,
      amount_paid: 62,
      change_amount: 0,
    });
  });

  it('switched on, the fee (200 by default) is added', () => {
    const milk = [buildLine({ unit_price: 62, quantity: 1, total: 62 })];
    expect(buildSalePayload(milk, cash({ amountTendered: '262' }))).toMatchObject({
      total: 262,
      delivery_fee: 200,
    });
  });

  it('starts on only when the cart holds the delivery line', () => {
    const milk = buildLine({ productId: 1 });
    const delivery = buildLine({
      productId: 9,
      product: {
        id: 9,
        name: 'Delivery Service',
        sku: 'SRV001',
        kind: 'service',
        selling_price: 200,
        stock_unit: 'piece',
      },
    });
    expect(startsAsDelivery([milk])).toBe(false);
    expect(startsAsDelivery([])).toBe(false);
    expect(startsAsDelivery([milk, delivery])).toBe(true);
    // The delivery line charges the delivery: the fee starts at nothing, never a second 200.
    expect(startingDeliveryFee([milk])).toBe('200');
    expect(startingDeliveryFee([milk, delivery])).toBe('0');
    const delivering = cash({ deliveryFee: startingDeliveryFee([milk, delivery]) });
    expect(checkoutTotals([milk, delivery], delivering).totalCents).toBe(
      checkoutTotals([milk, delivery], cash({ delivery: false })).totalCents,
    );
  });
});

describe('buildSalePayload', () => {
  it('builds the spec payload: completed, paid, change in cents', () => {
    const items = [
      buildLine({ productId: 1, unit_price: 185, quantity: 2, total: 370 }),
      buildLine({ productId: 2, unit_type: 'pack', unit_price: 2131, quantity: 1, total: 2131 }),
    ];
    expect(buildSalePayload(items, cash({ amountTendered: '3000' }))).toEqual({
      items: [
        { product_id: 1, quantity: 2, unit_price: 185, total: 370, unit_type: 'piece' },
        { product_id: 2, quantity: 1, unit_price: 2131, total: 2131, unit_type: 'pack' },
      ],
      total: 2701,
      delivery_fee: 200,
      customer_id: 7,
      payment_method: 'cash',
      status: 'completed',
      payment_status: 'paid',
      amount_paid: 3000,
      change_amount: 299,
    });
  });

  it('drops lines without a product id above 0, and their amounts from the total', () => {
    const items = [
      buildLine({ productId: 0, unit_price: 50, total: 50 }),
      buildLine({ productId: 3 }),
    ];
    const payload = buildSalePayload(items, cash({ amountTendered: '500' }));
    expect(payload.items.map((line) => line.product_id)).toEqual([3]);
    expect(payload.total).toBe(210);
  });

  it('defaults a line without a unit type to piece', () => {
    const line = { ...buildLine(), unit_type: undefined } as unknown as ReturnType<
      typeof buildLine
    >;
    expect(buildSalePayload([line], cash()).items[0]?.unit_type).toBe('piece');
  });

  it('sends the M-Pesa code only for M-Pesa, uppercased; amount paid is the total', () => {
    const mpesa = buildSalePayload(
      [buildLine()],
      cash({ paymentMethod: 'mpesa', mpesaCode: 'sft4a1b2c3' }),
    );
    expect(mpesa).toMatchObject({ mpesa_code: 'SFT4A1B2C3', amount_paid: 210, change_amount: 0 });
    const byCash = buildSalePayload(
      [buildLine()],
      cash({ amountTendered: '300', mpesaCode: 'SFT4A1B2C3' }),
    );
    expect(byCash).not.toHaveProperty('mpesa_code');
    const noCode = buildSalePayload([buildLine()], cash({ paymentMethod: 'mpesa' }));
    expect(noCode).not.toHaveProperty('mpesa_code');
  });
});

describe('a credit or split payment in the payload (issue 21)', () => {
  const items = [buildLine({ unit_price: 440, quantity: 2, total: 880 })];
  const counter = { delivery: false };

  it('sends the parts, cash as tendered, with payment_method split, the paid sum and change', () => {
    const payload = buildSalePayload(items, cash({ ...counter, paymentMethod: 'split' }), {
      cartDiscountCents: 0,
      plan: {
        parts: [
          { method: 'cash', amountCents: 100_000, mpesaCode: '' },
          { method: 'mpesa', amountCents: 30_000, mpesaCode: 'SFT4A1B2C3' },
        ],
        paidCents: 130_000,
        changeCents: 50_000,
        ready: true,
      },
    });
    expect(payload).toMatchObject({
      total: 880,
      payment_method: 'split',
      payments: [
        { method: 'cash', amount: 1000 },
        { method: 'mpesa', amount: 300, mpesa_code: 'SFT4A1B2C3' },
      ],
      amount_paid: 1300,
      change_amount: 500,
      status: 'completed',
      payment_status: 'paid',
    });
    expect(payload.payments?.[0]).not.toHaveProperty('mpesa_code');
    expect(payload).not.toHaveProperty('mpesa_code');
  });

  it('names the single method used: the whole total on credit is credit', () => {
    const payload = buildSalePayload(items, cash({ ...counter, paymentMethod: 'credit' }), {
      cartDiscountCents: 0,
      plan: {
        parts: [{ method: 'credit', amountCents: 88_000, mpesaCode: '' }],
        paidCents: 88_000,
        changeCents: 0,
        ready: true,
      },
    });
    expect(payload).toMatchObject({
      payment_method: 'credit',
      payments: [{ method: 'credit', amount: 880 }],
      amount_paid: 880,
      change_amount: 0,
    });
    expect(planMethod([{ method: 'mpesa', amountCents: 1, mpesaCode: '' }])).toBe('mpesa');
    expect(
      planMethod([
        { method: 'mpesa', amountCents: 1, mpesaCode: 'A' },
        { method: 'mpesa', amountCents: 1, mpesaCode: 'B' },
      ]),
    ).toBe('mpesa');
  });

  it('never sends parts with one payment of cash or M-Pesa (the spec payload, unchanged)', () => {
    const plan = { parts: [], paidCents: 0, changeCents: 0, ready: false };
    const payload = buildSalePayload(items, cash({ ...counter, amountTendered: '900' }), {
      cartDiscountCents: 0,
      plan,
    });
    expect(payload).not.toHaveProperty('payments');
    expect(payload).toMatchObject({ payment_method: 'cash', amount_paid: 900, change_amount: 20 });
  });

  it('refuses to build a payment in parts without its parts', () => {
    expect(() => buildSalePayload(items, cash({ paymentMethod: 'split' }))).toThrow();
  });
});

describe('normaliseMpesaCode', () => {
  it('keeps 10 capital letters and digits', () => {
    expect(normaliseMpesaCode('sft4 a1b2-c3xyz')).toBe('SFT4A1B2C3');
  });
});

describe('saleIdFrom', () => {
  it('reads data.data.id or data.id, else refuses the answer', () => {
    expect(saleIdFrom({ success: true, data: { id: 12 } })).toBe(12);
    expect(saleIdFrom({ id: 13 })).toBe(13);
    expect(() => saleIdFrom({ data: {} })).toThrow('Invalid server response format');
    expect(() => saleIdFrom(null)).toThrow('Invalid server response format');
  });
});
