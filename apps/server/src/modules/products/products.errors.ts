import { conflict, fieldError, notFound } from '../../lib/errors';

export const productErrors = {
  notFound: () => notFound('Product not found', 'products.not_found'),
  // Spec §8: the web app shows 'SKU already exists. Please use a unique SKU.' for a message
  // containing 'SKU'.
  skuTaken: () =>
    conflict('products.sku_taken', 'SKU already exists', [
      { path: 'sku', message: 'SKU already exists' },
    ]),
  tooMuchStock: () =>
    fieldError('products.stock_too_large', 'quantity', 'Quantity is too large for this unit'),
};
