import { describe, expect, it } from 'vitest';
import { differenceWords } from './difference';
import { lineDifference, receiveDefaults, receiveRequest, totalDifference } from './receive-form';
import { buildTransfer, buildTransferItem } from './transfer-fixtures';

const packs = buildTransferItem(); // 2 packs of 12: 24 pieces
const pieces = buildTransferItem({
  id: 32,
  product_id: 8,
  quantity: 5,
  unit_type: 'piece',
  pieces: 5,
});
const transfer = buildTransfer({ items: [packs, pieces] });

describe('receiving a transfer', () => {
  it('starts every line at what was sent, in its unit', () => {
    expect(receiveDefaults(transfer)).toEqual({ 31: '2', 32: '5' });
  });

  it("counts the difference in pieces at the line's pack size", () => {
    expect(lineDifference(packs, '1')).toBe(-12);
    expect(lineDifference(packs, '2')).toBe(0);
    expect(lineDifference(packs, '3')).toBe(12);
    expect(lineDifference(pieces, '7')).toBe(2);
    expect(lineDifference(packs, '')).toBeNull();
    expect(totalDifference(transfer.items, { 31: '1', 32: '7' })).toBe(-10);
  });

  it('words a difference as short, over or none', () => {
    expect(differenceWords(-12)).toEqual({ key: 'short', count: 12 });
    expect(differenceWords(2)).toEqual({ key: 'over', count: 2 });
    expect(differenceWords(-1)).toEqual({ key: 'shortOne' });
    expect(differenceWords(0)).toEqual({ key: 'none' });
  });

  it("sends each line by the sender's product, and leaves out a line the sender deleted", () => {
    const deleted = buildTransferItem({ id: 33, product_id: null });
    expect(
      receiveRequest(buildTransfer({ items: [packs, pieces, deleted] }), { 31: '1', 32: '5' }),
    ).toEqual({
      ok: true,
      body: {
        items: [
          { product_id: 7, received_quantity: 1 },
          { product_id: 8, received_quantity: 5 },
        ],
      },
    });
  });

  it('refuses what is not a whole number of at least zero, by line', () => {
    expect(receiveRequest(transfer, { 31: '-1', 32: '' })).toEqual({
      ok: false,
      errors: {
        31: 'Received quantity cannot be negative',
        32: 'Received quantity must be a whole number',
      },
    });
  });
});
