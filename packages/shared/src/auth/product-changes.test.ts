import { describe, expect, it } from 'vitest';
import {
  forbiddenProductChanges,
  forbiddenProductChangesMessage,
  mayChangePricesAndStock,
  stockPiecesAfter,
} from './product-changes';
import { ROLES } from './roles';

// 47 bottles kept by the dozen: the API reports quantity 3.
const soda = {
  stock_pieces: 47,
  stock_unit: 'dozen' as const,
  pack_size: 1,
  piece_selling_price: 100,
  piece_buying_price: 80,
  pack_selling_price: 0,
  pack_buying_price: 0,
  dozen_selling_price: 1150,
  dozen_buying_price: 900,
  name: 'Soda',
};

describe('who may change prices and stock (issue 20)', () => {
  it('gives it to managers, admins and super admins only', () => {
    expect(ROLES.filter(mayChangePricesAndStock)).toEqual(['super_admin', 'admin', 'manager']);
    expect(mayChangePricesAndStock(null)).toBe(false);
  });

  it("refuses a cashier's change of each price and of the stock", () => {
    const prices = [
      'piece_buying_price',
      'piece_selling_price',
      'pack_buying_price',
      'pack_selling_price',
      'dozen_buying_price',
      'dozen_selling_price',
    ] as const;
    for (const field of prices) {
      expect(forbiddenProductChanges('sales', soda, { [field]: 1 })).toEqual([field]);
    }
    expect(forbiddenProductChanges('sales', soda, { quantity: 2 })).toEqual(['quantity']);
    // A pack of 6 sold at its pack price as a pack of 60 would cut the price with no trace.
    expect(forbiddenProductChanges('sales', soda, { pack_size: 60 })).toEqual(['pack_size']);
    expect(forbiddenProductChanges('sales', soda, { pack_size: 1 })).toEqual([]);
    expect(
      forbiddenProductChanges('sales', soda, { quantity: 5, piece_selling_price: '1.00' }),
    ).toEqual(['piece_selling_price', 'quantity']);
  });

  it('lets a cashier edit names and codes, and send back what is stored', () => {
    expect(forbiddenProductChanges('sales', soda, { name: 'Soda 500ml', sku: 'S5' })).toEqual([]);
    // Prices compare as money whatever their form; the reported quantity keeps the stock.
    expect(
      forbiddenProductChanges('sales', soda, {
        piece_selling_price: '100.00',
        dozen_selling_price: 1150,
        dozen_buying_price: '900',
        quantity: 3,
      }),
    ).toEqual([]);
  });

  it('lets a manager change anything', () => {
    for (const role of ['manager', 'admin', 'super_admin'] as const) {
      expect(forbiddenProductChanges(role, soda, { quantity: 0, piece_selling_price: 1 })).toEqual(
        [],
      );
    }
  });

  it('names the refused fields in its message', () => {
    expect(forbiddenProductChangesMessage(['piece_selling_price', 'quantity'])).toBe(
      'Only a manager can change Piece Selling Price, Quantity',
    );
  });
});

describe('the stock an edit leaves', () => {
  it('keeps exact pieces when the reported quantity comes back in a unit of the same size', () => {
    expect(stockPiecesAfter(soda, {})).toBe(47);
    expect(stockPiecesAfter(soda, { quantity: 3 })).toBe(47);
    expect(stockPiecesAfter(soda, { quantity: 4 })).toBe(48);
  });

  it('reads the quantity in the unit the product has after the edit', () => {
    expect(stockPiecesAfter(soda, { quantity: 3, stock_unit: 'piece' })).toBe(3);
    expect(stockPiecesAfter(soda, { quantity: 3, stock_unit: 'pack', pack_size: 6 })).toBe(18);
    // A pack of 12 is a dozen's size: the reported 3 keeps the 47 pieces.
    expect(stockPiecesAfter(soda, { quantity: 3, stock_unit: 'pack', pack_size: 12 })).toBe(47);
  });

  it('lets a cashier change the unit when the stock stays the same, not when it moves', () => {
    expect(forbiddenProductChanges('sales', soda, { stock_unit: 'piece' })).toEqual([]);
    expect(forbiddenProductChanges('sales', soda, { stock_unit: 'piece', quantity: 47 })).toEqual(
      [],
    );
    expect(forbiddenProductChanges('sales', soda, { stock_unit: 'piece', quantity: 3 })).toEqual([
      'quantity',
    ]);
  });
});
