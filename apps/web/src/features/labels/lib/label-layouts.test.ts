import type { Label } from '@duka/shared/products/labels.schemas';
import { describe, expect, it } from 'vitest';
import { copiesFromInput, pagesOf, stickers, svgImageSource } from './label-layouts';

const label = (product_id: number, copies = 1): Label => ({
  product_id,
  name: `Product ${product_id}`,
  sku: `SKU-${product_id}`,
  barcode: null,
  symbology: null,
  svg: null,
  prices: [],
  copies,
});

describe('label layouts', () => {
  it('repeats each label by its copies, the edited count over the server’s', () => {
    const labels = [label(1, 2), label(2, 3), label(3)];
    const printed = stickers(labels, new Map([[2, 1]]));
    expect(printed.map((l) => l.product_id)).toEqual([1, 1, 2, 3]);
    expect(stickers(labels, new Map([[1, 0]])).map((l) => l.product_id)).toEqual([2, 2, 2, 3]);
  });

  it('cuts 50 stickers into A4 sheets of 24, and a roll into one a page', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => i);
    expect(pagesOf(fifty, 'sheet').map((page) => page.length)).toEqual([24, 24, 2]);
    expect(pagesOf([1, 2, 3], 'roll')).toEqual([[1], [2], [3]]);
    expect(pagesOf([], 'sheet')).toEqual([]);
  });

  it('reads a copies field as a whole count within 0–100', () => {
    expect(copiesFromInput('3')).toBe(3);
    expect(copiesFromInput('')).toBe(0);
    expect(copiesFromInput('-2')).toBe(0);
    expect(copiesFromInput('250')).toBe(100);
    expect(copiesFromInput('2.7')).toBe(2);
  });

  it('makes the SVG an image address with every special character escaped', () => {
    const source = svgImageSource('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>');
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
    expect(source).not.toMatch(/[<>"#]/);
  });
});
