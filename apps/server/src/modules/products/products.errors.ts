import {
  forbiddenProductChangesMessage,
  MANAGER_ONLY_FIELD_MESSAGE,
  type ManagerOnlyProductField,
} from '@duka/shared/auth/product-changes';
import { PRODUCT_IMAGE_MESSAGES } from '@duka/shared/products/products.schemas';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';

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
  // Issue 20: prices, stock and kind are a manager's; each refused field is named.
  managerOnly: (fields: readonly ManagerOnlyProductField[]) =>
    new AppError(
      403,
      'products.manager_only',
      forbiddenProductChangesMessage(fields),
      fields.map((path) => ({ path, message: MANAGER_ONLY_FIELD_MESSAGE })),
    ),
  imageNotFound: () => notFound('Image not found', 'products.image_not_found'),
};
