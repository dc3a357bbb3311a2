/**
 * The stock ledger (issue 21, decision 0007): the one writer of `products.stock_pieces`. Every
 * change of stock — a product's creation or edit, a CSV import, an order's fulfilment, a
 * purchase order's receipt, and (through write_sale) a sale — goes through `stock_apply`
 * (migration 0023), which locks the products in id order, checks the stock stays ≥ 0, updates
 * it and writes one movement per product. This module is its TypeScript side.
 */
import type { MovementReason, StockReason } from '@duka/shared/products/products.schemas';
import { asc, and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postgresErrorOf } from '../../lib/errors';
import { products, type ProductRow } from '../products/products.table';

/** One change of a product's stock, in pieces (signed). A product may appear several times. */
export interface StockMove {
  productId: number;
  changePieces: number;
}

/**
 * The ledger's refusals, for a caller that has not mapped them to its own errors: a product
 * not the store's (`index` of the first such move), or one taken below 0 (its `productName`).
 */
export class StockLedgerError extends Error {
  constructor(
    readonly kind: 'not_in_store' | 'too_little_stock',
    readonly index: number | null,
    readonly productName: string | null,
  ) {
    super(
      kind === 'not_in_store'
        ? `stock ledger: move ${index} is not a product of the store`
        : `stock ledger: too little stock of ${productName}`,
    );
    this.name = 'StockLedgerError';
  }
}

/** The caller's own errors for the ledger's refusals (its API messages). */
export interface StockLedgerErrors {
  /** A move whose product is not the store's: `index` into the moves. */
  notInStore?: (index: number) => Error;
  /** A product the moves would take below 0 (the first in the moves' order). */
  tooLittleStock?: (productName: string) => Error;
}

export interface StockApplyOptions {
  reason: MovementReason;
  /** What caused it: 'SALE-12', 'ORDER-3', 'PO-7'. */
  reference?: string | null;
  userId: number | null;
  /** Let the stock go below 0 (a sale already made, e.g. offline). */
  allowNegative?: boolean;
  /** Why a manager adjusted the stock: only with reason 'adjustment'. */
  note?: StockReason | null;
  /** When it happened, if not now (the demo seed's history). */
  at?: Date;
  errors?: StockLedgerErrors;
}

/** `{1,2,3}`: an array literal of whole numbers, sent as one text parameter. */
function arrayLiteral(values: number[]): string {
  for (const value of values) {
    if (!Number.isSafeInteger(value))
      throw new Error(`stock ledger: ${value} is not a whole number`);
  }
  return `{${values.join(',')}}`;
}

/**
 * Applies the moves inside the caller's transaction; the products' new stock by id (a product
 * whose changes add up to 0, or a service, is left out). A refusal throws the caller's error
 * (`options.errors`) or a StockLedgerError, and leaves the transaction to be rolled back.
 */
export async function applyStock(
  tx: Executor,
  storeId: number,
  moves: readonly StockMove[],
  options: StockApplyOptions,
): Promise<Map<number, number>> {
  const stock = new Map<number, number>();
  if (moves.length === 0) return stock;
  let result: unknown;
  try {
    result = await tx.execute(sql`
      select product_id, stock_pieces from stock_apply(${storeId}::integer,
        ${arrayLiteral(moves.map((move) => move.productId))}::integer[],
        ${arrayLiteral(moves.map((move) => move.changePieces))}::bigint[],
        ${options.reason}::text, ${options.reference ?? null}::text,
        ${options.userId}::integer, ${options.allowNegative ?? false}::boolean,
        ${options.note ?? null}::text, ${options.at?.toISOString() ?? null}::timestamptz)`);
  } catch (error) {
    throw ledgerErrorOf(error, options.errors) ?? error;
  }
  // Both drivers (pg, PGlite) answer raw SQL with `rows` of objects.
  for (const row of (result as { rows: { product_id: number; stock_pieces: number }[] }).rows) {
    stock.set(Number(row.product_id), Number(row.stock_pieces));
  }
  return stock;
}

function ledgerErrorOf(error: unknown, errors: StockLedgerErrors = {}): Error | undefined {
  const found = postgresErrorOf(error);
  if (found?.code === 'DK002') {
    const index = Number(found.detail);
    return errors.notInStore?.(index) ?? new StockLedgerError('not_in_store', index, null);
  }
  if (found?.code === 'DK003') {
    const name = String(found.detail);
    return errors.tooLittleStock?.(name) ?? new StockLedgerError('too_little_stock', null, name);
  }
  return undefined;
}

/**
 * The store's products with these ids, locked FOR UPDATE in id order — the ledger's order, so
 * a caller that must read the stock before it decides (a bound of its own, a product become a
 * service) cannot deadlock with another writer. stock_apply takes the same locks again, at no
 * cost.
 */
export async function lockStock(
  tx: Executor,
  storeId: number,
  productIds: readonly number[],
): Promise<ProductRow[]> {
  if (productIds.length === 0) return [];
  return tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        sql`${products.id} = any(${arrayLiteral([...productIds])}::integer[])`,
      ),
    )
    .orderBy(asc(products.id))
    .for('update');
}
