/**
 * Product-supplier links (spec §3, §7 "GET and POST /product-suppliers", fields not shown;
 * PRODUCT.md §1: staff read and create). A link says a supplier sells a product, so a purchase
 * order to that supplier can be filled with its products. GET answers a plain array.
 */
import { z } from 'zod';
import { idSchema } from '../api/primitives';

/** POST /product-suppliers. Linking a pair twice answers the existing link. */
export const createProductSupplierSchema = z.object({
  product_id: idSchema('Product is required.'),
  supplier_id: idSchema('Please select a supplier'),
});
export type CreateProductSupplierInput = z.infer<typeof createProductSupplierSchema>;

/** GET /product-suppliers?product_id=&supplier_id= — either filter, both, or none. */
export const productSupplierQuerySchema = z.object({
  product_id: idSchema('Invalid product id').optional(),
  supplier_id: idSchema('Invalid supplier id').optional(),
});

export const productSupplierSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  supplier_id: z.number().int(),
  product: z.object({ name: z.string(), sku: z.string() }),
  supplier: z.object({ name: z.string() }),
  created_at: z.string(),
});
export type ProductSupplier = z.infer<typeof productSupplierSchema>;

export const productSupplierListResponseSchema = z.array(productSupplierSchema);
