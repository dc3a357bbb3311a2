import { afterEach, describe, expect, it } from 'vitest';
import { formatStock } from './format-stock';
import { i18n } from './i18n';

describe('formatStock (issue 20: stock a person can read)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('tells whole units and the pieces left over', () => {
    expect(formatStock({ stock_pieces: 47, stock_unit: 'dozen', pack_size: 1 })).toBe(
      '3 dozen 11 pcs',
    );
    expect(formatStock({ stock_pieces: 6, stock_unit: 'dozen', pack_size: 1 })).toBe('6 pcs');
    expect(formatStock({ stock_pieces: 47, stock_unit: 'piece', pack_size: 1 })).toBe('47 pcs');
    expect(formatStock({ stock_pieces: 12, stock_unit: 'pack', pack_size: 6 })).toBe('2 packs');
    expect(formatStock({ stock_pieces: 7, stock_unit: 'pack', pack_size: 6 })).toBe('1 pack 1 pc');
    expect(formatStock({ stock_pieces: 1200, stock_unit: 'piece', pack_size: 1 })).toBe(
      '1,200 pcs',
    );
  });

  it('tells stock below zero as the pieces missing, one signed number (issue 22)', async () => {
    expect(formatStock({ stock_pieces: -3, stock_unit: 'piece', pack_size: 1 })).toBe('-3 pcs');
    expect(formatStock({ stock_pieces: -1, stock_unit: 'piece', pack_size: 1 })).toBe('-1 pc');
    expect(formatStock({ stock_pieces: -15, stock_unit: 'dozen', pack_size: 1 })).toBe('-15 pcs');
    expect(formatStock({ stock_pieces: -6, stock_unit: 'pack', pack_size: 6 })).toBe('-6 pcs');
    expect(formatStock({ stock_pieces: -1200, stock_unit: 'piece', pack_size: 1 })).toBe(
      '-1,200 pcs',
    );
    await i18n.changeLanguage('sw');
    expect(formatStock({ stock_pieces: -15, stock_unit: 'dozen', pack_size: 1 })).toBe(
      'vipande -15',
    );
    await i18n.changeLanguage('fr');
    expect(formatStock({ stock_pieces: -3, stock_unit: 'dozen', pack_size: 1 })).toBe('-3 pces');
  });

  it('speaks Swahili and French', async () => {
    const stock = { stock_pieces: 47, stock_unit: 'dozen', pack_size: 1 } as const;
    await i18n.changeLanguage('sw');
    expect(formatStock(stock)).toBe('dazeni 3 vipande 11');
    await i18n.changeLanguage('fr');
    expect(formatStock(stock)).toBe('3 douzaines 11 pces');
  });
});
