import { describe, expect, it } from 'vitest';
import { ProductIndex } from './product-index';
import { shopProducts, syncProduct } from './test-products';

const names = (result: { products: { name: string }[] }) => result.products.map((p) => p.name);

describe('offline product search', () => {
  const index = new ProductIndex([
    syncProduct(1, { name: 'Sugar 1kg', sku: 'SUG-1', barcode: '6001234567890' }),
    syncProduct(2, { name: 'Brown Sugar 2kg', sku: 'SUG-2', barcode: '6001234567891' }),
    syncProduct(3, { name: 'Sugarcane Juice', sku: 'JUI-9', barcode: null }),
    syncProduct(4, { name: 'Milk 500ml', sku: 'MLK-500', barcode: '6009999999999' }),
    syncProduct(5, { name: 'Old Sugar', sku: 'OLD-1', barcode: '6005555555555', is_active: false }),
    syncProduct(6, { name: 'Delivery', sku: 'SRV001', barcode: null, kind: 'service' }),
    syncProduct(7, { name: 'Kabras Sugar 1kg', sku: '6001234567890X', barcode: null }),
  ]);

  it('puts the exact barcode first, then codes that start with it', () => {
    const result = index.search('6001234567890');
    expect(result.products[0]?.id).toBe(1);
    expect(result.products.map((p) => p.id)).toEqual([1, 7]);
  });

  it('finds an exact SKU, case-insensitive', () => {
    expect(index.findByCode('mlk-500')?.id).toBe(4);
    expect(index.search(' mlk-500 ').products[0]?.id).toBe(4);
    expect(index.findByCode('6001234567891')?.id).toBe(2);
    expect(index.findByCode('6001234')).toBeNull();
  });

  it('ranks names that start with the text before names with words that start so', () => {
    expect(names(index.search('sugar'))).toEqual([
      'Sugar 1kg',
      'Sugarcane Juice',
      'Brown Sugar 2kg',
      'Kabras Sugar 1kg',
    ]);
    expect(names(index.search('sug 2kg'))).toEqual(['Brown Sugar 2kg']);
    expect(names(index.search('sug 1k'))).toEqual(['Kabras Sugar 1kg', 'Sugar 1kg']);
    // Words are matched from their start: the middle of a word finds nothing.
    expect(names(index.search('ugar'))).toEqual([]);
  });

  it('never offers an inactive product, by name or code', () => {
    expect(names(index.search('old'))).toEqual([]);
    expect(index.findByCode('6005555555555')).toBeNull();
  });

  it('pages the goods for the grid and leaves services out', () => {
    const first = index.search('', { kind: 'goods', limit: 2 });
    expect(first.total).toBe(5);
    expect(names(first)).toEqual(['Brown Sugar 2kg', 'Kabras Sugar 1kg']);
    expect(names(index.search('', { kind: 'goods', limit: 2, offset: 4 }))).toEqual([
      'Sugarcane Juice',
    ]);
    expect(index.search('srv001').products.map((p) => p.id)).toEqual([6]);
    expect(index.search('srv001', { kind: 'goods' }).total).toBe(0);
    const page = index.search('sugar', { limit: 2, offset: 1 });
    expect(page.total).toBe(4);
    expect(names(page)).toEqual(['Sugarcane Juice', 'Brown Sugar 2kg']);
  });

  it('takes a delta: changed products replace theirs, deleted ones go', () => {
    const local = new ProductIndex([syncProduct(1, { name: 'Tea' }), syncProduct(2)]);
    local.apply([syncProduct(1, { name: 'Green Tea' }), syncProduct(3, { name: 'Tea Bags' })], [2]);
    expect(names(local.search('tea'))).toEqual(['Tea Bags', 'Green Tea']);
    expect(local.findByCode('SKU-2')).toBeNull();
    local.apply([syncProduct(3, { name: 'Tea Bags', is_active: false })]);
    expect(names(local.search('tea'))).toEqual(['Green Tea']);
    expect(local.size).toBe(2);
  });

  it('answers correctly over 50,000 products', () => {
    const products = shopProducts(50_000);
    const big = new ProductIndex(products);
    expect(big.findByCode('6000000049999')?.id).toBe(49_999);
    expect(big.search('SKU-12345').products[0]?.id).toBe(12_345);
    const words = big.search('kimbo fat 2kg', { limit: 10 });
    const expected = products.filter((p) => /^Kimbo Cooking Fat 2kg /.test(p.name));
    expect(words.total).toBe(expected.length);
    expect(words.products.every((p) => p.name.startsWith('Kimbo Cooking Fat 2kg'))).toBe(true);
    expect(big.search('#49999').products.map((p) => p.id)).toEqual([49_999]);
  });
});
