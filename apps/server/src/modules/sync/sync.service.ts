/**
 * GET /sync/products and /sync/customers (issue 22): a page of the rows of the acting store
 * written after a cursor, with the ids deleted meanwhile, ordered by (transaction, id). Read in
 * one REPEATABLE READ snapshot whose xmin becomes the next cursor's floor (sync-cursor.ts), so
 * a row written while a device pages — even by a transaction that began before the read and
 * commits after it — is answered on a later page or by the next delta, never skipped.
 */
import type { SyncQuery } from '@duka/shared/sync/sync.schemas';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { categories } from '../categories/categories.table';
import { customers } from '../customers/customers.table';
import { productImages } from '../products/product-images.table';
import { products } from '../products/products.table';
import {
  badCursor,
  comparePositions,
  nextCursor,
  parseCursor,
  type SyncCursor,
  type SyncPosition,
} from './sync-cursor';
import { syncTombstones, type SyncEntity } from './sync.table';

/** One page of changes: the rows still there, the ids deleted, where to go on from. */
export interface SyncPage<Row> {
  rows: Row[];
  deleted: number[];
  cursor: SyncCursor;
  hasMore: boolean;
}

type Change<Row> = SyncPosition & ({ row: Row } | { row: null });

/** The rows of a table after the cursor: (xid, id) past the last one answered, or xid ≥ floor. */
function afterCursor(since: SyncCursor | null, xid: PgColumn, id: PgColumn): SQL | undefined {
  if (!since) return undefined;
  if (since.after) {
    return sql`(${xid}, ${id}) > (${String(since.after.xid)}::xid8, ${since.after.id})`;
  }
  return sql`${xid} >= ${String(since.floor)}::xid8`;
}

/**
 * The page: up to `limit` changes of the store's rows (read by `readRows`, which returns at most
 * limit + 1 in order) and tombstones of `entity`, merged in (xid, id) order.
 */
async function readPage<Row extends { syncXid: string; id: number }>(
  db: Database,
  storeId: number,
  entity: SyncEntity,
  query: SyncQuery,
  readRows: (tx: Executor, condition: SQL | undefined, limit: number) => Promise<Row[]>,
  rowColumns: { xid: PgColumn; id: PgColumn },
): Promise<SyncPage<Row>> {
  const since = query.since === undefined ? null : parseCursor(query.since);
  const limit = query.limit;
  return db.transaction(async (tx) => {
    // First in the transaction, before any read takes the snapshot.
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    // Both drivers (pg, PGlite) answer raw SQL with `rows` of objects.
    const snapshot: unknown = await tx.execute(
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
        pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
    );
    const { xmin, xmax } = (snapshot as { rows: { xmin: string; xmax: string }[] }).rows[0]!;
    // A floor past every transaction begun so far was not made by this database (a restored
    // backup, another server): answering from it could skip rows, so the device starts over.
    if (since && since.floor > BigInt(xmax)) throw badCursor();

    const rows = await readRows(tx, afterCursor(since, rowColumns.xid, rowColumns.id), limit + 1);
    const gone = await tx
      .select({ id: syncTombstones.entityId, syncXid: syncTombstones.syncXid })
      .from(syncTombstones)
      .where(
        and(
          eq(syncTombstones.storeId, storeId),
          eq(syncTombstones.entity, entity),
          afterCursor(since, syncTombstones.syncXid, syncTombstones.entityId),
        ),
      )
      .orderBy(asc(syncTombstones.syncXid), asc(syncTombstones.entityId))
      .limit(limit + 1);

    const changes: Change<Row>[] = [
      ...rows.map((row) => ({ xid: BigInt(row.syncXid), id: row.id, row })),
      ...gone.map((tombstone) => ({ xid: BigInt(tombstone.syncXid), id: tombstone.id, row: null })),
    ].sort(comparePositions);
    const hasMore = changes.length > limit;
    const page = changes.slice(0, limit);
    const last = page.at(-1);
    return {
      rows: page.flatMap((change) => (change.row ? [change.row] : [])),
      deleted: page.flatMap((change) => (change.row ? [] : [change.id])),
      cursor: nextCursor(
        since,
        BigInt(xmin),
        last ? { xid: last.xid, id: last.id } : null,
        hasMore,
      ),
      hasMore,
    };
  });
}

/** What the till keeps of a product (selling prices only), with its category and thumbnail. */
const syncProductColumns = {
  id: products.id,
  storeId: products.storeId,
  name: products.name,
  sku: products.sku,
  barcode: products.barcode,
  categoryId: products.categoryId,
  categoryName: categories.name,
  pieceSellingPrice: products.pieceSellingPrice,
  packSellingPrice: products.packSellingPrice,
  dozenSellingPrice: products.dozenSellingPrice,
  packSize: products.packSize,
  stockUnit: products.stockUnit,
  stockPieces: products.stockPieces,
  isActive: products.isActive,
  kind: products.kind,
  syncXid: products.syncXid,
  // The first photo's thumbnail (product_images_product_idx), as the product's answer has it.
  thumbnailName: sql<string | null>`(select ${productImages.thumbnailName} from ${productImages}
    where ${productImages.productId} = ${products.id}
    order by ${productImages.position}, ${productImages.id} limit 1)`,
};

function selectProducts(tx: Executor, storeId: number, condition: SQL | undefined, limit: number) {
  return tx
    .select(syncProductColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.storeId, storeId), condition))
    .orderBy(asc(products.syncXid), asc(products.id))
    .limit(limit);
}

export type SyncProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

/** GET /sync/products: the store's products written after the cursor, and those deleted. */
export function productChanges(
  db: Database,
  storeId: number,
  query: SyncQuery,
): Promise<SyncPage<SyncProductRow>> {
  return readPage(
    db,
    storeId,
    'product',
    query,
    (tx, condition, limit) => selectProducts(tx, storeId, condition, limit),
    { xid: products.syncXid, id: products.id },
  );
}

const syncCustomerColumns = {
  id: customers.id,
  name: customers.name,
  phone: customers.phone,
  email: customers.email,
  isWalkIn: customers.isWalkIn,
  loyaltyPoints: customers.loyaltyPoints,
  balance: customers.balance,
  creditLimit: customers.creditLimit,
  archivedAt: customers.archivedAt,
  syncXid: customers.syncXid,
};

function selectCustomers(tx: Executor, storeId: number, condition: SQL | undefined, limit: number) {
  return tx
    .select(syncCustomerColumns)
    .from(customers)
    .where(and(eq(customers.storeId, storeId), condition))
    .orderBy(asc(customers.syncXid), asc(customers.id))
    .limit(limit);
}

export type SyncCustomerRow = Awaited<ReturnType<typeof selectCustomers>>[number];

/**
 * GET /sync/customers: the store's customers written after the cursor (the Walk-in Customer
 * among them); an archived one is answered as deleted, like one erased.
 */
export async function customerChanges(
  db: Database,
  storeId: number,
  query: SyncQuery,
): Promise<SyncPage<SyncCustomerRow>> {
  const page = await readPage(
    db,
    storeId,
    'customer',
    query,
    (tx, condition, limit) => selectCustomers(tx, storeId, condition, limit),
    { xid: customers.syncXid, id: customers.id },
  );
  const archived = page.rows.filter((row) => row.archivedAt !== null).map((row) => row.id);
  return {
    ...page,
    rows: page.rows.filter((row) => row.archivedAt === null),
    deleted: [...page.deleted, ...archived],
  };
}
