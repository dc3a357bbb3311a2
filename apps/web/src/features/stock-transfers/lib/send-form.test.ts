import { describe, expect, it } from 'vitest';
import { buildTransferProduct } from './transfer-fixtures';
import {
  addProduct,
  canSend,
  exactMatch,
  lineFor,
  linePieces,
  shortOnShelf,
  toPayload,
  totalPieces,
  unitsFor,
  validateSend,
  type SendDraft,
} from './send-form';

const flour = buildTransferProduct();
const pens = buildTransferProduct({
  id: 9,
  name: 'Bic Cristal Pen Blue',
  sku: 'STN-BIC-B',
  barcode: null,
  pack_size: 1,
  stock_unit: 'dozen',
  stock_pieces: 30,
});

const draft = (changes: Partial<SendDraft> = {}): SendDraft => ({
  to_store_id: '2',
  note: '',
  lines: [{ product: flour, unit_type: 'pack', quantity: '2' }],
  ...changes,
});

describe('the Send stock form', () => {
  it('offers a pack only when the product has packs of more than one', () => {
    expect(unitsFor(flour)).toEqual(['piece', 'pack', 'dozen']);
    expect(unitsFor(pens)).toEqual(['piece', 'dozen']);
    expect(lineFor(flour)).toMatchObject({ unit_type: 'pack', quantity: '1' });
    expect(lineFor(pens)).toMatchObject({ unit_type: 'dozen' });
    expect(lineFor({ ...pens, stock_unit: 'pack' }).unit_type).toBe('piece');
  });

  it('turns each line into pieces at the product pack size', () => {
    const lines = [
      { product: flour, unit_type: 'pack' as const, quantity: '2' },
      { product: pens, unit_type: 'dozen' as const, quantity: '2' },
      { product: flour, unit_type: 'piece' as const, quantity: '1.5' },
    ];
    expect(lines.map(linePieces)).toEqual([24, 24, null]);
    expect(totalPieces(lines)).toBe(48);
  });

  it('lists a product once: adding it again (a second scan) is one more of its unit', () => {
    const lines = addProduct([], flour)!;
    expect(lines).toHaveLength(1);
    const again = addProduct(lines, flour)!;
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ unit_type: 'pack', quantity: '2' });
    expect(addProduct([{ ...lines[0]!, quantity: '' }], flour)).toBeNull();
  });

  it('refuses a line beyond the shelf, naming what is there', () => {
    expect(shortOnShelf({ product: flour, unit_type: 'pack', quantity: '4' })).toBeNull();
    expect(shortOnShelf({ product: flour, unit_type: 'pack', quantity: '5' })).toBe(48);
    expect(canSend(draft({ lines: [{ product: flour, unit_type: 'dozen', quantity: '5' }] }))).toBe(
      false,
    );
    expect(canSend(draft())).toBe(true);
  });

  it("words its problems with the shared schema's messages, by field", () => {
    expect(validateSend(draft())).toEqual({});
    expect(validateSend(draft({ to_store_id: '', lines: [] }))).toEqual({
      to_store_id: 'Please select a store',
      items: 'At least one item is required',
    });
    expect(
      validateSend(
        draft({
          lines: [
            { product: flour, unit_type: 'pack', quantity: '0' },
            { product: pens, unit_type: 'piece', quantity: '1.5' },
          ],
        }),
      ),
    ).toEqual({
      'items.0.quantity': 'Quantity must be at least 1',
      'items.1.quantity': 'Quantity must be a whole number',
    });
  });

  it('sends the destination, each line in its own unit, and a trimmed note', () => {
    expect(toPayload(draft({ note: '  For the weekend  ' }))).toEqual({
      to_store_id: 2,
      items: [{ product_id: 7, quantity: 2, unit_type: 'pack' }],
      note: 'For the weekend',
    });
    expect(toPayload(draft())).not.toHaveProperty('note');
  });

  it('adds a scanned code only when the first result is that exact barcode or SKU', () => {
    expect(exactMatch([flour, pens], '6161101600019')).toBe(flour);
    expect(exactMatch([pens], 'stn-bic-b')).toBe(pens);
    expect(exactMatch([flour], '616110160001')).toBeNull();
    expect(exactMatch([pens, flour], 'UNG-JOG2')).toBeNull();
  });
});
