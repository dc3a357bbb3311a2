import {
  forbiddenProductChangesMessage,
  MANAGER_ONLY_FIELD_MESSAGE,
  type ManagerOnlyProductField,
} from '@duka/shared/auth/product-changes';
import { LABEL_MESSAGES } from '@duka/shared/products/labels.schemas';
import { PRODUCT_IMAGE_MESSAGES } from '@duka/shared/products/products.schemas';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../lib/errors';

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
  // Issue 25: labels of another store's purchase order, as the purchase orders answer it.
  purchaseOrderNotFound: () => notFound('Purchase order not found', 'purchase_orders.not_found'),
  // Issue 25: an internal barcode is given once, and only to goods.
  hasBarcode: () =>
    conflict('products.has_barcode', LABEL_MESSAGES.hasBarcode, [
      { path: 'barcode', message: LABEL_MESSAGES.hasBarcode },
    ]),
  serviceNoBarcode: () =>
    badRequest('products.service_no_barcode', LABEL_MESSAGES.service, [
      { path: 'kind', message: LABEL_MESSAGES.service },
    ]),
};
