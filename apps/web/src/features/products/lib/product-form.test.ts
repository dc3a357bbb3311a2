import { describe, expect, it } from 'vitest';
import { buildProduct } from './product-fixtures';
import {
  changedProductFields,
  emptyProductForm,
  isSkuConflict,
  productRequestBody,
  productToForm,
  editChangesStock,
  STOCK_REASON_REQUIRED,
  validateProductForm,
  type ProductFormValues,
} from './product-form';
import { stockStatus } from '@duka/shared/products/stock-status';

const filled: ProductFormValues = {
  ...emptyProductForm('3'),
  name: '  Sugar 1kg ',
  sku: 'SUG-1KG',
  piece_buying_price: '140',
  piece_selling_price: '160.5',
  quantity: '24',
};

function errorsOf(values: ProductFormValues) {
  const result = validateProductForm(values);
  if (result.ok) throw new Error('expected the form to be refused');
  return result.errors;
}

describe('product form defaults (spec §3)', () => {
  it('start with empty text, zero prices and quantity, min_quantity 5, active, by the piece', () => {
    expect(emptyProductForm('1')).toEqual({
      name: '',
      description: '',
      sku: '',
      barcode: '',
      category_id: '1',
      piece_buying_price: '0',
      piece_selling_price: '0',
      pack_buying_price: '0',
      pack_selling_price: '0',
      dozen_buying_price: '0',
      dozen_selling_price: '0',
      quantity: '0',
      min_quantity: '5',
      pack_size: '1',
      stock_unit: 'piece',
      is_active: true,
      stock_reason: '',
      kind: 'goods',
      tax_type: 'B',
    });
  });
});

describe('validation messages (spec §5)', () => {
  it("says 'Name is required' and names each missing required field", () => {
    const errors = errorsOf({
      ...emptyProductForm(''),
      piece_selling_price: '',
      quantity: ' ',
      min_quantity: '',
    });
    expect(errors).toMatchObject({
      name: 'Name is required',
      sku: 'Please fill the required field: SKU',
      category_id: 'Please fill the required field: Category',
      piece_selling_price: 'Please fill the required field: Piece Selling Price',
      quantity: 'Please fill the required field: Quantity',
      min_quantity: 'Please fill the required field: Min Quantity',
    });
    expect(errors.piece_buying_price).toBeUndefined();
  });

  it('refuses a blank SKU, negative or over-precise prices and broken counts', () => {
    const errors = errorsOf({
      ...filled,
      sku: '   ',
      pack_buying_price: '-1',
      dozen_selling_price: '1.005',
      quantity: '2.5',
      pack_size: '0',
    });
    expect(errors).toEqual({
      sku: 'Please fill the required field: SKU',
      pack_buying_price: 'Pack Buying Price cannot be negative',
      dozen_selling_price:
        'Dozen Selling Price must be a number of shillings with at most 2 decimals',
      quantity: 'Quantity must be a whole number',
      pack_size: 'Pack Size must be at least 1',
    });
  });

  it('gives the payload: trimmed text, prices as decimal strings, counts as numbers', () => {
    const result = validateProductForm(filled);
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'Sugar 1kg',
        description: '',
        sku: 'SUG-1KG',
        barcode: '',
        category_id: 3,
        piece_buying_price: '140.00',
        piece_selling_price: '160.50',
        pack_buying_price: '0.00',
        pack_selling_price: '0.00',
        dozen_buying_price: '0.00',
        dozen_selling_price: '0.00',
        quantity: 24,
        min_quantity: 5,
        pack_size: 1,
        stock_unit: 'piece',
        is_active: true,
        kind: 'goods',
        tax_type: 'B',
      },
    });
  });
});

describe('what is sent (spec §7)', () => {
  const payload = {
    name: 'Sugar 1kg',
    piece_selling_price: '160.50',
    quantity: 24,
    is_active: false,
  };

  it('is the JSON object itself when no photo is chosen', () => {
    expect(productRequestBody(payload, [])).toBe(payload);
  });

  it('is multipart with every field as text and each photo under images when one is', () => {
    const front = new File(['a'], 'front.png', { type: 'image/png' });
    const back = new File(['b'], 'back.jpg', { type: 'image/jpeg' });
    const body = productRequestBody(payload, [front, back]);
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('name')).toBe('Sugar 1kg');
    expect(form.get('piece_selling_price')).toBe('160.50');
    expect(form.get('quantity')).toBe('24');
    expect(form.get('is_active')).toBe('false');
    expect(form.getAll('images').map((file) => (file as File).name)).toEqual([
      'front.png',
      'back.jpg',
    ]);
  });

  it('sends only what changed on edit, comparing prices as money', () => {
    const product = buildProduct({ barcode: null });
    const result = validateProductForm({
      ...productToForm(product),
      piece_selling_price: '165',
      pack_selling_price: '1850.00',
    });
    if (!result.ok) throw new Error('expected a valid form');
    expect(changedProductFields(product, result.payload)).toEqual({
      piece_selling_price: '165.00',
    });
  });

  it("turns a save message naming the SKU into the spec's SKU message", () => {
    expect(isSkuConflict('SKU already exists')).toBe(true);
    expect(isSkuConflict('Product not found')).toBe(false);
  });
});

describe('stock label (spec §4)', () => {
  it.each([
    [-2, 'outOfStock'],
    [0, 'outOfStock'],
    [1, 'lowStock'],
    [9, 'lowStock'],
    [10, 'inStock'],
    [500, 'inStock'],
  ] as const)('quantity %d is %s', (quantity, status) => {
    expect(stockStatus(quantity)).toBe(status);
  });
});

describe('a stock change needs a reason (issue 20)', () => {
  // 47 bottles kept by the dozen: the form shows quantity 3.
  const soda = buildProduct({ stock_unit: 'dozen', quantity: 3, stock_pieces: 47 });

  it('asks only when the quantity sent would change the stock', () => {
    const form = productToForm(soda);
    expect(editChangesStock(soda, form)).toBe(false);
    expect(editChangesStock(soda, { ...form, quantity: '4' })).toBe(true);
    // A unit of another size with the quantity untouched leaves the stock: nothing is sent.
    expect(editChangesStock(soda, { ...form, stock_unit: 'piece' })).toBe(false);
    // 47 typed as pieces is the same stock.
    expect(editChangesStock(soda, { ...form, stock_unit: 'piece', quantity: '47' })).toBe(false);
    expect(editChangesStock(soda, { ...form, quantity: '' })).toBe(false);
  });

  it('refuses a stock change without a reason, and sends the reason with it', () => {
    const changed = { ...productToForm(soda), quantity: '2' };
    expect(validateProductForm(changed, soda)).toEqual({
      ok: false,
      errors: { stock_reason: STOCK_REASON_REQUIRED },
    });
    const result = validateProductForm({ ...changed, stock_reason: 'damage' }, soda);
    if (!result.ok) throw new Error('expected a valid form');
    expect(changedProductFields(soda, result.payload)).toEqual({
      quantity: 2,
      stock_reason: 'damage',
    });
  });

  it('needs no reason for other edits, nor when adding a product', () => {
    const renamed = validateProductForm({ ...productToForm(soda), name: 'Soda 300ml' }, soda);
    if (!renamed.ok) throw new Error('expected a valid form');
    expect(changedProductFields(soda, renamed.payload)).toEqual({ name: 'Soda 300ml' });
    expect(validateProductForm({ ...filled, quantity: '99' }).ok).toBe(true);
  });
});

describe('the kind of product (issue 20)', () => {
  it('keeps a service a service: an edit sends no kind unless it changed', () => {
    const service = buildProduct({ kind: 'service', quantity: 0, stock_pieces: 0 });
    const result = validateProductForm({ ...productToForm(service), name: 'Delivery (town)' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(changedProductFields(service, result.payload)).toEqual({ name: 'Delivery (town)' });
  });
});
