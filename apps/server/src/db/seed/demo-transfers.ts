/**
 * The demo's stock transfers (issue 25), Nairobi → Mombasa, sent by Nairobi's admin through the
 * same code as POST /api/stock-transfers, so both stores' stock histories hold their movements
 * with the other store's name:
 *
 * - one sent four days ago and received by Mombasa's admin a day later, one line short: its
 *   Jogoo flour entered Mombasa's own Jogoo (the same SKU), its pens made a new product there
 *   (inactive until a manager prices it);
 * - one sent yesterday, still in transit, for Mombasa's admin to receive.
 *
 * Its own file and one call in seedDemo, after every seeded sale, so the stock it takes is what
 * the month of sales left (the quantities are well within it).
 */
import {
  createStockTransferSchema,
  receiveStockTransferSchema,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { products } from '../../modules/products/products.table';
import { writeReceive, writeSend } from '../../modules/stock-transfers/stock-transfers.service';

const DAY = 86_400_000;

/** What each transfer carries: SKU, quantity, unit; and what arrived of the received one. */
export const DEMO_TRANSFERS = {
  received: {
    daysAgo: 4,
    note: 'Restock for the Mombasa shop',
    items: [
      { sku: 'UNG-JOG2', quantity: 1, unit_type: 'pack' },
      { sku: 'STN-BIC-B', quantity: 20, unit_type: 'piece' },
    ],
    // Two pens were missing from the box.
    arrived: { 'STN-BIC-B': 18 } as Record<string, number>,
  },
  inTransit: {
    daysAgo: 1,
    note: 'Weekend stock',
    items: [
      { sku: 'UNG-JOG2', quantity: 2, unit_type: 'pack' },
      { sku: 'STN-PNC-HB', quantity: 12, unit_type: 'piece' },
    ],
  },
} as const;

export async function seedDemoTransfers(
  tx: Executor,
  nairobi: number,
  mombasa: number,
  sender: number | null,
  receiver: number | null,
  now = new Date(),
): Promise<void> {
  const skus = [
    ...new Set(
      [...DEMO_TRANSFERS.received.items, ...DEMO_TRANSFERS.inTransit.items].map((i) => i.sku),
    ),
  ];
  const rows = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(eq(products.storeId, nairobi), inArray(products.sku, skus)));
  const idOf = new Map(rows.map((row) => [row.sku, row.id]));
  const send = (demo: (typeof DEMO_TRANSFERS)[keyof typeof DEMO_TRANSFERS]) =>
    writeSend(
      tx,
      nairobi,
      sender,
      createStockTransferSchema.parse({
        to_store_id: mombasa,
        note: demo.note,
        items: demo.items.map((item) => ({
          product_id: idOf.get(item.sku)!,
          quantity: item.quantity,
          unit_type: item.unit_type,
        })),
      }),
      { at: new Date(now.getTime() - demo.daysAgo * DAY) },
    );

  const received = await send(DEMO_TRANSFERS.received);
  await writeReceive(
    tx,
    mombasa,
    receiver,
    received,
    receiveStockTransferSchema.parse({
      items: Object.entries(DEMO_TRANSFERS.received.arrived).map(([sku, quantity]) => ({
        product_id: idOf.get(sku)!,
        received_quantity: quantity,
      })),
    }),
    { at: new Date(now.getTime() - (DEMO_TRANSFERS.received.daysAgo - 1) * DAY) },
  );
  await send(DEMO_TRANSFERS.inTransit);
}
