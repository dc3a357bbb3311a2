/**
 * Product-supplier links of a store (PRODUCT.md §1, §2). The product and the supplier must both
 * be the store's (400 naming the field otherwise); linking a pair twice returns the link.
 */
import type { CreateProductSupplierInput } from '@duka/shared/suppliers/product-suppliers.schemas';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { products } from '../products/products.table';
import { suppliers } from '../suppliers/suppliers.table';
import { productSuppliers } from './product-suppliers.table';

function selectLinks(db: Executor) {
  return db
    .select({
      link: productSuppliers,
      product: { name: products.name, sku: products.sku },
      supplier: { name: suppliers.name },
    })
    .from(productSuppliers)
    .innerJoin(products, eq(products.id, productSuppliers.productId))
    .innerJoin(suppliers, eq(suppliers.id, productSuppliers.supplierId));
}

export type LinkRow = Awaited<ReturnType<ReturnType<typeof selectLinks>['execute']>>[number];

export async function listLinks(
  db: Executor,
  storeId: number,
  filter: { product_id?: number; supplier_id?: number },
): Promise<LinkRow[]> {
  const conditions: SQL[] = [eq(productSuppliers.storeId, storeId)];
  if (filter.product_id !== undefined) {
    conditions.push(eq(productSuppliers.productId, filter.product_id));
  }
  if (filter.supplier_id !== undefined) {
    conditions.push(eq(productSuppliers.supplierId, filter.supplier_id));
  }
  return selectLinks(db)
    .where(and(...conditions))
    .orderBy(asc(productSuppliers.id));
}

/** POST /product-suppliers: the link, created or already there (`created` tells which). */
export async function linkProductSupplier(
  db: Executor,
  storeId: number,
  input: CreateProductSupplierInput,
): Promise<{ row: LinkRow; created: boolean }> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.product_id), eq(products.storeId, storeId)));
  if (!product) {
    throw fieldError('product_suppliers.product_not_found', 'product_id', 'Product not found');
  }
  const [supplier] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.id, input.supplier_id), eq(suppliers.storeId, storeId)));
  if (!supplier) {
    throw fieldError(
      'product_suppliers.supplier_not_found',
      'supplier_id',
      'Please select a supplier',
    );
  }
  const inserted = await db
    .insert(productSuppliers)
    .values({ storeId, productId: input.product_id, supplierId: input.supplier_id })
    .onConflictDoNothing({ target: [productSuppliers.productId, productSuppliers.supplierId] })
    .returning({ id: productSuppliers.id });
  const [row] = await selectLinks(db).where(
    and(
      eq(productSuppliers.productId, input.product_id),
      eq(productSuppliers.supplierId, input.supplier_id),
    ),
  );
  return { row: row!, created: inserted.length > 0 };
}
