import { conflict, notFound } from '../../lib/errors';

export const supplierErrors = {
  // Also another store's supplier (PRODUCT.md §2): 404, never 403.
  notFound: () => notFound('Supplier not found', 'suppliers.not_found'),
  nameTaken: () =>
    conflict('suppliers.name_taken', 'A supplier with this name already exists', [
      { path: 'name', message: 'A supplier with this name already exists' },
    ]),
};
