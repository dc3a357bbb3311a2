import { PRODUCT_IMAGE_MESSAGES } from '@duka/shared/products/products.schemas';
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
  // Photos: each refusal names the form's `images` field.
  imageTooLarge: () =>
    fieldError('products.image_too_large', 'images', PRODUCT_IMAGE_MESSAGES.tooLarge),
  tooManyImages: () =>
    fieldError('products.too_many_images', 'images', PRODUCT_IMAGE_MESSAGES.tooMany),
  notAnImage: () =>
    fieldError('products.not_an_image', 'images', PRODUCT_IMAGE_MESSAGES.notAnImage),
  imageNotFound: () => notFound('Image not found', 'products.image_not_found'),
};
