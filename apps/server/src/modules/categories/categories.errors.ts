import { conflict, fieldError, notFound } from '../../lib/errors';

export const categoryErrors = {
  notFound: () => notFound('Category not found', 'categories.not_found'),
  /** A product names a category that is not one of its store's. */
  unknownForProduct: () =>
    fieldError('categories.unknown', 'category_id', 'Please select a valid category'),
  nameTaken: () =>
    conflict('categories.name_taken', 'A category with this name already exists', [
      { path: 'name', message: 'A category with this name already exists' },
    ]),
  inUse: () =>
    conflict(
      'categories.in_use',
      'This category still has products. Move or delete them before deleting the category.',
    ),
};
