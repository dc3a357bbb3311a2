/**
 * The demo's debt book (issue 21, PRODUCT.md §6): a few Nairobi customers who bought on credit
 * — written by the same code as POST /api/sales with a credit part — and repaid by the same code
 * as POST /api/customers/{id}/repayments, so the Debtors view, the statements and the sales'
 * payment status have something to show:
 *
 * - Mary Njeri owes on a sale over a month old and on a recent one; her own limit is KSh 5,000.
 * - John Kiprotich bought on credit twelve days ago and has repaid part of it by M-Pesa.
 * - Brian Mwangi owes a little from three days ago.
 * - Fatuma Hassan bought on credit and has paid it all: the sale shows paid.
 */
import { repaymentInputSchema } from '@duka/shared/customers/customers.schemas';
import { toCents } from '@duka/shared/money/money';
import { createSaleSchema } from '@duka/shared/sales/sales.schemas';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { writeRepayment } from '../../modules/customers/customer-accounts.service';
import { customers } from '../../modules/customers/customers.table';
import { products, type ProductRow } from '../../modules/products/products.table';
import { insertSale } from '../../modules/sales/sales.service';
import { users } from '../../modules/users/users.table';

const DAY = 86_400_000;

/** Each debtor's credit sales (days ago, pieces of the nth stocked product) and repayments. */
const DEBT_BOOK = [
  {
    name: 'Mary Njeri',
    creditLimit: '5000.00',
    sales: [
      {
        daysAgo: 33,
        lines: [
          [0, 6],
          [1, 4],
        ],
      },
      { daysAgo: 4, lines: [[2, 3]] },
    ],
    repayments: [],
  },
  {
    name: 'John Kiprotich',
    creditLimit: null,
    sales: [
      {
        daysAgo: 12,
        lines: [
          [3, 5],
          [0, 2],
        ],
      },
    ],
    repayments: [{ daysAgo: 5, share: 0.4, method: 'mpesa', mpesa_code: 'SKD4J8Q2LM' }],
  },
  {
    name: 'Brian Mwangi',
    creditLimit: null,
    sales: [{ daysAgo: 3, lines: [[1, 2]] }],
    repayments: [],
  },
  {
    name: 'Fatuma Hassan',
    creditLimit: null,
    sales: [{ daysAgo: 9, lines: [[4, 3]] }],
    repayments: [{ daysAgo: 2, share: 1, method: 'cash' }],
  },
] as const;

export async function seedDemoCredit(tx: Executor, storeId: number, now = new Date()) {
  const [cashier] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), inArray(users.role, ['sales', 'manager'])))
    .orderBy(asc(users.id))
    .limit(1);
  // Goods with stock enough for any line below, in a fixed order.
  const shelf: ProductRow[] = await tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.isActive, true),
        eq(products.kind, 'goods'),
        gte(products.stockPieces, 20),
      ),
    )
    .orderBy(asc(products.id));
  if (shelf.length < 5) return;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);

  for (const debtor of DEBT_BOOK) {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.storeId, storeId), eq(customers.name, debtor.name)))
      .limit(1);
    if (!customer) continue;
    if (debtor.creditLimit !== null) {
      await tx
        .update(customers)
        .set({ creditLimit: debtor.creditLimit })
        .where(eq(customers.id, customer.id));
    }
    let owedCents = 0;
    for (const sale of debtor.sales) {
      const items = sale.lines.map(([index, quantity]) => ({
        product_id: shelf[index]!.id,
        quantity,
        unit_price: shelf[index]!.pieceSellingPrice,
        unit_type: 'piece' as const,
      }));
      const cents = items.reduce((sum, item) => sum + item.quantity * toCents(item.unit_price)!, 0);
      const total = (cents / 100).toFixed(2);
      const input = createSaleSchema.parse({
        items,
        total,
        customer_id: customer.id,
        payments: [{ method: 'credit', amount: total }],
      });
      await insertSale(tx, storeId, cashier?.id ?? null, input, undefined, null, at(sale.daysAgo));
      owedCents += cents;
    }
    for (const repayment of debtor.repayments) {
      // A share of what is owed, in whole shillings (all of it for a share of 1).
      const cents =
        repayment.share === 1 ? owedCents : Math.round((owedCents * repayment.share) / 100) * 100;
      const input = repaymentInputSchema.parse({
        amount: (cents / 100).toFixed(2),
        method: repayment.method,
        ...('mpesa_code' in repayment ? { mpesa_code: repayment.mpesa_code } : {}),
      });
      await writeRepayment(
        tx,
        storeId,
        cashier?.id ?? null,
        customer.id,
        input,
        null,
        null,
        at(repayment.daysAgo),
      );
      owedCents -= cents;
    }
  }
}
