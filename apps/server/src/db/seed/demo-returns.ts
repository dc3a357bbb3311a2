/**
 * The demo's returns (issue 24): two Walk-in Customer cash sales of Nairobi, 10 to 20 days old,
 * each with one piece brought back a few hours later — written by the same code as POST
 * /api/sales/{id}/returns, so the sales list shows "Partly returned", the stock history a
 * 'return' movement and the reports a returns figure:
 *
 * - a cash refund, the piece back on the shelf (changed their mind, unopened);
 * - a piece written off as damaged, refunded by M-Pesa sent back by hand.
 *
 * Walk-in sales earn no loyalty points and owe nothing, and those days are before the demo's
 * last week of shifts: the returns change no points, no debt and no shift's cash.
 */
import { createReturnSchema } from '@duka/shared/returns/returns.schemas';
import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { Executor } from '../client';
import { customers } from '../../modules/customers/customers.table';
import { writeReturn } from '../../modules/returns/returns.service';
import { saleItems, sales } from '../../modules/sales/sales.table';
import { users } from '../../modules/users/users.table';

const DAY = 86_400_000;
/** How long after the sale the customer came back. */
const LATER = 3 * 60 * 60 * 1000;

const DEMO_RETURNS = [
  { restock: true, refund_method: 'cash', reason: 'Changed their mind; brought back unopened' },
  {
    restock: false,
    refund_method: 'mpesa',
    mpesa_code: 'SKR7Q2M4XA',
    reason: 'Damaged: the packet was torn',
  },
] as const;

export async function seedDemoReturns(tx: Executor, storeId: number, now = new Date()) {
  const [manager] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.role, 'manager')))
    .orderBy(asc(users.id))
    .limit(1);
  const [walkIn] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.isWalkIn, true)))
    .limit(1);
  if (!manager || !walkIn) return;
  // Goods lines of a product still in the catalogue, oldest sale first.
  const lines = await tx
    .select({ saleId: sales.id, soldAt: sales.createdAt, lineId: saleItems.id })
    .from(sales)
    .innerJoin(saleItems, eq(saleItems.saleId, sales.id))
    .where(
      and(
        eq(sales.storeId, storeId),
        eq(sales.customerId, walkIn.id),
        eq(sales.paymentMethod, 'cash'),
        eq(sales.status, 'completed'),
        gte(sales.createdAt, new Date(now.getTime() - 20 * DAY)),
        lt(sales.createdAt, new Date(now.getTime() - 10 * DAY)),
        eq(saleItems.productKind, 'goods'),
        isNotNull(saleItems.productId),
      ),
    )
    .orderBy(asc(sales.createdAt), asc(sales.id), asc(saleItems.id));
  // One line of each of two sales.
  const picked = lines.filter(
    (line, index) => index === 0 || line.saleId !== lines[index - 1]!.saleId,
  );
  for (const [index, demo] of DEMO_RETURNS.entries()) {
    const line = picked[index];
    if (!line) return;
    const input = createReturnSchema.parse({
      ...demo,
      items: [{ sale_item_id: line.lineId, quantity: 1, restock: demo.restock }],
    });
    await writeReturn(tx, storeId, manager.id, line.saleId, input, {
      at: new Date(line.soldAt.getTime() + LATER),
    });
  }
}
