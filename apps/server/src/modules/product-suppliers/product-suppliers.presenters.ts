/** Product-supplier links as the API answers them: the product's name and SKU, the supplier's name. */
import type { ProductSupplier } from '@duka/shared/suppliers/product-suppliers.schemas';
import type { LinkRow } from './product-suppliers.service';

export function presentLink({ link, product, supplier }: LinkRow): ProductSupplier {
  return {
    id: link.id,
    product_id: link.productId,
    supplier_id: link.supplierId,
    product,
    supplier,
    created_at: link.createdAt.toISOString(),
  };
}
