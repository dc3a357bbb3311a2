/**
 * Suppliers of a store (spec §3, §7; PRODUCT.md §1, §2). Every query is filtered by the acting
 * store, so another store's supplier is simply not found (404).
 */
import {
  SUPPLIER_SEARCH_LIMIT,
  type CreateSupplierInput,
  type UpdateSupplierInput,
} from '@duka/shared/suppliers/suppliers.schemas';
import { storedPhonePrefix } from '@duka/shared/api/phone';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { purchaseOrders } from '../purchase-orders/purchase-orders.table';
import { supplierErrors } from './suppliers.errors';
import { suppliers, type SupplierRow } from './suppliers.table';

const NAME_UNIQUE = 'suppliers_store_name_unique';

/** A blank or missing contact person is stored as null (the list shows '-'). */
const contactPersonOf = (value: string | undefined) => (value ? value : null);

/** Runs a write, turning the per-store name index into the form's 409. */
async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, NAME_UNIQUE)) throw supplierErrors.nameTaken();
    throw error;
  }
}

/** Lists and search show a store's active suppliers; an inactive one is kept for its orders. */
const activeOf = (storeId: number) =>
  and(eq(suppliers.storeId, storeId), eq(suppliers.status, 'active'));

/** The store's active suppliers in the order they were added (the web app appends new ones). */
export async function listSuppliers(db: Executor, storeId: number): Promise<SupplierRow[]> {
  return db.select().from(suppliers).where(activeOf(storeId)).orderBy(asc(suppliers.id));
}

export async function getSupplier(db: Executor, storeId: number, id: number): Promise<SupplierRow> {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.id, id), eq(suppliers.storeId, storeId)))
    .limit(1);
  if (!row) throw supplierErrors.notFound();
  return row;
}

/**
 * Up to SUPPLIER_SEARCH_LIMIT active suppliers whose name, contact person, email or phone contains `q`
 * (any case), by name. A phone typed the local way ('0712 345') also finds the stored
 * '+254712345…'. An empty `q` lists the first suppliers by name. A store has tens of suppliers,
 * not thousands: the store_id index narrows the rows and the scan of the rest is cheap.
 */
export async function searchSuppliers(
  db: Executor,
  storeId: number,
  q: string,
): Promise<SupplierRow[]> {
  const conditions: SQL[] = [];
  if (q !== '') {
    const pattern = containsPattern(q);
    conditions.push(
      ilike(suppliers.name, pattern),
      ilike(suppliers.contactPerson, pattern),
      ilike(suppliers.email, pattern),
      ilike(suppliers.phone, pattern),
    );
    // Match the stored +254 form: '0712…' → '+254712…', '254712…' → '+254712…'.
    const stored = storedPhonePrefix(q);
    if (stored !== null) conditions.push(ilike(suppliers.phone, containsPattern(stored)));
  }
  return db
    .select()
    .from(suppliers)
    .where(and(activeOf(storeId), conditions.length ? or(...conditions) : undefined))
    .orderBy(asc(suppliers.name), asc(suppliers.id))
    .limit(SUPPLIER_SEARCH_LIMIT);
}

export async function createSupplier(
  db: Executor,
  storeId: number,
  input: CreateSupplierInput,
): Promise<SupplierRow> {
  const [row] = await guardName(() =>
    db
      .insert(suppliers)
      .values({
        storeId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        address: input.address,
        contactPerson: contactPersonOf(input.contact_person),
        status: input.status,
      })
      .returning(),
  );
  return row!;
}

/** Changes the fields sent; another store's supplier is 404, a taken name 409. */
export async function updateSupplier(
  db: Executor,
  storeId: number,
  id: number,
  input: UpdateSupplierInput,
): Promise<SupplierRow> {
  const changes: Partial<typeof suppliers.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.email !== undefined) changes.email = input.email;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.address !== undefined) changes.address = input.address;
  if (input.contact_person !== undefined) {
    changes.contactPerson = contactPersonOf(input.contact_person);
  }
  if (input.status !== undefined) changes.status = input.status;
  const [row] = await guardName(() =>
    db
      .update(suppliers)
      .set(changes)
      .where(and(eq(suppliers.id, id), eq(suppliers.storeId, storeId)))
      .returning(),
  );
  if (!row) throw supplierErrors.notFound();
  return row;
}

/**
 * DELETE /suppliers/{id}. A supplier that purchase orders name is made inactive instead, so
 * those orders keep showing who they were placed with; otherwise it is deleted. The row is
 * locked first, so an order raised meanwhile cannot lose its supplier. True when deactivated.
 */
export async function deleteSupplier(db: Database, storeId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.id, id), eq(suppliers.storeId, storeId)))
      .for('update');
    if (!current) throw supplierErrors.notFound();
    const [order] = await tx
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.supplierId, id))
      .limit(1);
    if (order) {
      await tx
        .update(suppliers)
        .set({ status: 'inactive', updatedAt: new Date() })
        .where(eq(suppliers.id, id));
      return true;
    }
    await tx.delete(suppliers).where(eq(suppliers.id, id));
    return false;
  });
}
