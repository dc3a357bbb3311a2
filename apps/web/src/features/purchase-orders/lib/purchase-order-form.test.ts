import { describe, expect, it } from 'vitest';
import {
  addBlankItem,
  addProduct,
  belowMinimumItems,
  canSubmit,
  changeUnit,
  emptyDraft,
  itemForProduct,
  orderTotalCents,
  toPayload,
  validateOrder,
  withItems,
  type DraftItem,
  type DraftOrder,
  type OrderProduct,
} from './purchase-order-form';

function product(overrides: Partial<OrderProduct> = {}): OrderProduct {
  return {
    id: 7,
    name: 'Bic Cristal Pen Blue',
    sku: 'STN-BIC-B',
    quantity: 100,
    min_quantity: 24,
    piece_buying_price: 15,
    piece_selling_price: 20,
    pack_buying_price: 700,
    pack_selling_price: 950,
    dozen_buying_price: 170,
    dozen_selling_price: 228.5,
    stock_unit: 'piece',
    ...overrides,
  };
}

function added(items: DraftItem[], next: OrderProduct): DraftItem[] {
  const result = addProduct(items, next);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.items;
}

function draft(overrides: Partial<DraftOrder> = {}): DraftOrder {
  return {
    ...emptyDraft(),
    supplier_id: '3',
    expected_delivery_date: '2026-12-01',
    items: added([], product()),
    ...overrides,
  };
}

describe('adding products from the search', () => {
  it('adds a product in its stock unit at that unit’s prices', () => {
    const [item] = added([], product({ stock_unit: 'dozen' }));
    expect(item).toMatchObject({
      unit_type: 'dozen',
      quantity: '1',
      buying_price: '170.00',
      selling_price: '228.50',
    });
  });

  it('refuses a product already on the order (shown as Added)', () => {
    expect(addProduct(added([], product()), product())).toEqual({ ok: false, reason: 'added' });
  });

  it('refuses a product without a stock unit', () => {
    expect(addProduct([], product({ stock_unit: null }))).toEqual({
      ok: false,
      reason: 'noStockUnit',
    });
    expect(addProduct([], product({ stock_unit: undefined }))).toMatchObject({ ok: false });
  });

  it('fills a blank row before adding a new one', () => {
    const items = addBlankItem(added([], product()))!;
    const filled = added(items, product({ id: 8, name: 'HB Pencil' }));
    expect(filled.map((item) => item.product?.name)).toEqual(['Bic Cristal Pen Blue', 'HB Pencil']);
  });
});

describe('changing an item’s unit', () => {
  it('swaps buying and selling price to the product’s prices for that unit', () => {
    const [item] = added([], product());
    expect(changeUnit(item!, 'dozen')).toMatchObject({
      unit_type: 'dozen',
      buying_price: '170.00',
      selling_price: '228.50',
    });
    expect(changeUnit(item!, 'pack')).toMatchObject({
      buying_price: '700.00',
      selling_price: '950.00',
    });
  });
});

describe('adding a blank item', () => {
  it('is allowed when every item is complete, refused otherwise', () => {
    const items = added([], product());
    const withBlank = addBlankItem(items);
    expect(withBlank).toHaveLength(2);
    expect(withBlank![1]).toMatchObject({ product: null, unit_type: '' });
    // The blank row is not complete, so another blank row is refused.
    expect(addBlankItem(withBlank!)).toBeNull();
    expect(addBlankItem([{ ...items[0]!, quantity: '0' }])).toBeNull();
    expect(addBlankItem([{ ...items[0]!, buying_price: '' }])).toBeNull();
    expect(addBlankItem([])).toHaveLength(1);
  });
});

describe('Add items below minimum', () => {
  it('orders each product below its minimum up to it, in its stock unit, at least 1', () => {
    const products = [
      product({ id: 1, name: 'Low pens', quantity: 10, min_quantity: 24 }),
      product({ id: 2, name: 'Exercise books', quantity: 2, min_quantity: 3, stock_unit: 'dozen' }),
      product({ id: 3, name: 'Enough', quantity: 30, min_quantity: 24 }),
      product({ id: 4, name: 'At minimum', quantity: 24, min_quantity: 24 }),
      product({ id: 5, name: 'No unit', quantity: 0, min_quantity: 5, stock_unit: null }),
    ];
    const items = belowMinimumItems(products, []);
    expect(items.map((item) => [item.product?.name, item.unit_type, item.quantity])).toEqual([
      ['Low pens', 'piece', '14'],
      ['Exercise books', 'dozen', '1'],
    ]);
    expect(items[1]).toMatchObject({ buying_price: '170.00', selling_price: '228.50' });
  });

  it('leaves out products already on the order and replaces blank rows', () => {
    const existing = addBlankItem(added([], product({ id: 1, quantity: 1 })))!;
    const extra = belowMinimumItems(
      [product({ id: 1, quantity: 1 }), product({ id: 2, quantity: 0, min_quantity: 5 })],
      existing,
    );
    expect(extra.map((item) => item.product?.id)).toEqual([2]);
    expect(withItems(existing, extra).map((item) => item.product?.id)).toEqual([1, 2]);
  });
});

describe('validation (spec §5 Purchase order)', () => {
  it('gives the form-level messages', () => {
    const order = draft({ supplier_id: '', expected_delivery_date: '' });
    order.items = [
      ...order.items,
      { ...addBlankItem(order.items)![1]!, quantity: '0', buying_price: '-1' },
    ];
    expect(validateOrder(order)).toEqual({
      supplier_id: 'Supplier is required.',
      expected_delivery_date: 'Expected delivery date is required.',
      'items.1.product_id': 'Product is required.',
      'items.1.unit_type': 'Unit is required.',
      'items.1.quantity': 'Quantity must be positive.',
      'items.1.buying_price': 'Buying price must be 0 or more.',
      // Not a form-level rule: the shared schema names the blank selling price.
      'items.1.selling_price': 'Please fill the required field: Selling price',
    });
  });

  it('then holds the order to the shared schema’s messages', () => {
    expect(validateOrder(draft({ items: [] }))).toEqual({
      items: 'At least one item is required',
    });
    const [item] = draft().items;
    expect(
      validateOrder(draft({ supplier_id: '0', items: [{ ...item!, selling_price: '-5' }] })),
    ).toEqual({
      supplier_id: 'Please select a supplier',
      'items.0.selling_price': 'Selling price cannot be negative',
    });
    expect(validateOrder(draft({ items: [{ ...item!, quantity: '2.5' }] }))).toEqual({
      'items.0.quantity': 'Quantity must be a whole number',
    });
    expect(validateOrder(draft())).toEqual({});
  });

  it('enables submit only with a supplier, a date and an item', () => {
    expect(canSubmit(draft())).toBe(true);
    expect(canSubmit(draft({ supplier_id: '' }))).toBe(false);
    expect(canSubmit(draft({ expected_delivery_date: '' }))).toBe(false);
    expect(canSubmit(draft({ items: [] }))).toBe(false);
  });
});

describe('the payload', () => {
  it('sends the spec’s fields, unit_price = buying price, total as a string in cents-exact sum', () => {
    const items = [
      { ...itemForProduct({ ...product(), stock_unit: 'dozen' }, 2) },
      {
        ...itemForProduct({ ...product({ id: 8, name: 'HB Pencil' }), stock_unit: 'piece' }, 3),
        buying_price: '0.10',
      },
    ];
    expect(orderTotalCents(items)).toBe(34_030);
    expect(toPayload(draft({ items, notes: 'Deliver before noon' }))).toEqual({
      supplier_id: 3,
      expected_delivery_date: '2026-12-01',
      notes: 'Deliver before noon',
      items: [
        {
          product_id: 7,
          name: 'Bic Cristal Pen Blue',
          unit_type: 'dozen',
          quantity: 2,
          buying_price: 170,
          selling_price: 228.5,
          unit_price: 170,
        },
        {
          product_id: 8,
          name: 'HB Pencil',
          unit_type: 'piece',
          quantity: 3,
          buying_price: 0.1,
          selling_price: 20,
          unit_price: 0.1,
        },
      ],
      total: '340.30',
    });
  });
});
