/**
 * A transfer's movements in a product's stock history (issue 25): the other store of each, for
 * GET /products/{id}/movements. Apart from the service so the products module reads it without
 * importing the transfers' writes (which create products).
 */
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { stores } from '../stores/stores.table';
import { stockTransfers } from './stock-transfers.table';

const fromStore = alias(stores, 'movement_from_store');
const toStore = alias(stores, 'movement_to_store');

/**
 * The other store of each transfer movement (issue 25): for 'transfer_out' and
 * 'transfer_cancel' the destination, for 'transfer_in' the sender — by the movements'
 * references 'TRANSFER-{id}', in one read.
 */
export async function otherStoresOf(
  db: Executor,
  movements: readonly { reason: string; reference: string | null }[],
): Promise<({ id: number; name: string } | null)[]> {
  const idOf = (reference: string | null) => {
    const match = reference === null ? null : /^TRANSFER-(\d{1,9})$/.exec(reference);
    return match ? Number(match[1]) : null;
  };
  const isTransfer = (reason: string) =>
    reason === 'transfer_out' || reason === 'transfer_in' || reason === 'transfer_cancel';
  const ids = [
    ...new Set(
      movements
        .filter((movement) => isTransfer(movement.reason))
        .map((movement) => idOf(movement.reference))
        .filter((id): id is number => id !== null),
    ),
  ];
  if (ids.length === 0) return movements.map(() => null);
  const found = await db
    .select({
      id: stockTransfers.id,
      fromId: stockTransfers.fromStoreId,
      fromName: fromStore.name,
      toId: stockTransfers.toStoreId,
      toName: toStore.name,
    })
    .from(stockTransfers)
    .innerJoin(fromStore, eq(fromStore.id, stockTransfers.fromStoreId))
    .innerJoin(toStore, eq(toStore.id, stockTransfers.toStoreId))
    .where(inArray(stockTransfers.id, ids));
  const byId = new Map(found.map((row) => [row.id, row]));
  return movements.map((movement) => {
    const transfer = isTransfer(movement.reason) ? byId.get(idOf(movement.reference) ?? 0) : null;
    if (!transfer) return null;
    return movement.reason === 'transfer_in'
      ? { id: transfer.fromId, name: transfer.fromName }
      : { id: transfer.toId, name: transfer.toName };
  });
}
