import { describe, expect, it } from 'vitest';
import {
  clearProductDraft,
  loadProductDraft,
  newProductForm,
  PRODUCT_DRAFT_KEY,
  saveProductDraft,
} from './product-draft';
import { emptyProductForm } from './product-form';

const categories = [
  { id: 4, name: 'Beverages' },
  { id: 9, name: 'Sugar' },
];

describe('new-product draft (spec §4)', () => {
  it('starts from the defaults with the first category when there is no draft', () => {
    expect(newProductForm(categories)).toEqual({
      values: emptyProductForm('4'),
      restored: false,
    });
  });

  it('keeps category 1 by default when it is one of the store’s', () => {
    const withOne = [...categories, { id: 1, name: 'Services' }];
    expect(newProductForm(withOne).values.category_id).toBe('1');
  });

  it('restores what was typed, with its category when that still exists', () => {
    saveProductDraft({ ...emptyProductForm('9'), name: 'Soda crate', stock_unit: 'dozen' });
    const { values, restored } = newProductForm(categories);
    expect(restored).toBe(true);
    expect(values).toMatchObject({ name: 'Soda crate', stock_unit: 'dozen', category_id: '9' });
  });

  it('resets an unknown category to the first category', () => {
    saveProductDraft({ ...emptyProductForm('77'), name: 'Soda crate' });
    expect(newProductForm(categories).values).toMatchObject({
      name: 'Soda crate',
      category_id: '4',
    });
  });

  it('drops fields of the wrong type and ignores a broken draft', () => {
    localStorage.setItem(
      PRODUCT_DRAFT_KEY,
      JSON.stringify({ name: 5, sku: 'SUG-1', stock_unit: 'crate', is_active: 'yes', images: [] }),
    );
    expect(loadProductDraft()).toEqual({ sku: 'SUG-1' });

    localStorage.setItem(PRODUCT_DRAFT_KEY, '{not json');
    expect(loadProductDraft()).toBeNull();
    expect(newProductForm(categories).restored).toBe(false);
  });

  it("keeps a draft's tax letter only when it is one of A to E (issue 26)", () => {
    saveProductDraft({ ...emptyProductForm('9'), tax_type: 'E' });
    expect(newProductForm(categories).values.tax_type).toBe('E');
    localStorage.setItem(PRODUCT_DRAFT_KEY, JSON.stringify({ sku: 'SUG-1', tax_type: 'V' }));
    expect(loadProductDraft()).toEqual({ sku: 'SUG-1' });
    expect(newProductForm(categories).values.tax_type).toBe('B');
  });

  it('is gone once cleared', () => {
    saveProductDraft({ name: 'Milk' });
    clearProductDraft();
    expect(localStorage.getItem(PRODUCT_DRAFT_KEY)).toBeNull();
  });
});
