/**
 * Which demo supplier sells which demo product (issue 6), written through the same service as
 * POST /api/product-suppliers. Several linked products are below their minimum, so "Add items
 * below minimum" in the purchase-order dialog has something to fill. Its own file and one call
 * in seedDemo.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { linkProductSupplier } from '../../modules/product-suppliers/product-suppliers.service';
import { products } from '../../modules/products/products.table';
import { suppliers } from '../../modules/suppliers/suppliers.table';

/** Supplier name → the SKUs it delivers, per store (the stores of DEMO_STORES). */
export const DEMO_PRODUCT_SUPPLIERS: Record<string, Record<string, readonly string[]>> = {
  'Duka Demo — Nairobi': {
    'Thika Grain Millers Ltd': [
      'UNG-JOG2',
      'UNG-PEM2',
      'UNG-SOK2',
      'UNG-AJB2',
      'RIC-PIS1',
      'RIC-DAW1',
      'SUG-MUM1',
      'SUG-KAB2',
    ],
    'Kiambu Highlands Dairy': ['MLK-BRK500', 'MLK-FRE500', 'MLK-MAL500', 'SPR-BLB500'],
    'Eastlands Soda Distributors': [
      'SOD-COK500',
      'SOD-FAN500',
      'SOD-SPR500',
      'SOD-STO500',
      'BEV-DAS1',
    ],
    'Industrial Area Stationers': ['STN-KAS96', 'STN-KAS200', 'STN-BIC-B', 'STN-PNC-HB'],
  },
  'Duka Demo — Mombasa': {
    'Pwani Oil & Soap Supplies': ['UNG-JOG2', 'RIC-PIS1'],
  },
};

export async function seedDemoProductSuppliers(
  tx: Executor,
  storeId: number,
  storeName: string,
): Promise<void> {
  const bySupplier = DEMO_PRODUCT_SUPPLIERS[storeName] ?? {};
  const supplierRows = await tx
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.storeId, storeId), inArray(suppliers.name, Object.keys(bySupplier))));
  const skus = Object.values(bySupplier).flat();
  const productRows = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.sku, skus)));
  const productId = new Map(productRows.map((row) => [row.sku, row.id]));
  for (const supplier of supplierRows) {
    for (const sku of bySupplier[supplier.name] ?? []) {
      await linkProductSupplier(tx, storeId, {
        product_id: productId.get(sku)!,
        supplier_id: supplier.id,
      });
    }
  }
}
