/**
 * Spec §4: the new-product draft is saved to local storage under a draft key while typing,
 * restored when the add dialog opens (category reset to the first category if it is not one
 * of the store's), and cleared after a successful submit. Photos are not kept: a File cannot
 * be stored, and a draft should never hold megabytes.
 */
import type { Category } from '@duka/shared/categories/categories.schemas';
import { isUnitType } from '@duka/shared/money/units';
import { TAX_TYPES } from '@duka/shared/tax/tax';
import { emptyProductForm, type ProductFormValues } from './product-form';

export const PRODUCT_DRAFT_KEY = 'duka-product-draft';

// Storage may be full or switched off (private mode): a draft is a convenience, never an error.
export function saveProductDraft(values: Partial<ProductFormValues>): void {
  try {
    localStorage.setItem(PRODUCT_DRAFT_KEY, JSON.stringify(values));
  } catch {
    /* ignored */
  }
}

export function clearProductDraft(): void {
  try {
    localStorage.removeItem(PRODUCT_DRAFT_KEY);
  } catch {
    /* ignored */
  }
}

/** The stored draft's fields that still have the right type; null when there is none. */
export function loadProductDraft(): Partial<ProductFormValues> | null {
  let stored: unknown;
  try {
    const text = localStorage.getItem(PRODUCT_DRAFT_KEY);
    if (!text) return null;
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const template = emptyProductForm('');
  const draft: Partial<Record<keyof ProductFormValues, unknown>> = {};
  for (const [field, value] of Object.entries(stored as Record<string, unknown>)) {
    if (!(field in template)) continue;
    const key = field as keyof ProductFormValues;
    const fits =
      key === 'stock_unit'
        ? isUnitType(value)
        : key === 'tax_type'
          ? (TAX_TYPES as readonly unknown[]).includes(value)
          : typeof value === typeof template[key];
    if (fits) draft[key] = value;
  }
  return Object.keys(draft).length > 0 ? (draft as Partial<ProductFormValues>) : null;
}

/** `id` when it is one of the store's categories, else the first category ('' when none). */
export function validCategoryId(id: string | undefined, categories: readonly Category[]): string {
  if (id && categories.some((category) => String(category.id) === id)) return id;
  return categories[0] ? String(categories[0].id) : '';
}

/** The add dialog's starting values: the saved draft over the defaults, if there is one. */
export function newProductForm(categories: readonly Category[]): {
  values: ProductFormValues;
  restored: boolean;
} {
  const draft = loadProductDraft();
  // Spec §3: category_id 1 by default; like a draft's, kept only when it is the store's.
  const values = { ...emptyProductForm('1'), ...draft };
  return {
    values: { ...values, category_id: validCategoryId(values.category_id, categories) },
    restored: draft !== null,
  };
}
