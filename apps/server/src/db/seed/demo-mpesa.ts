/**
 * The demo store's M-Pesa (issue 23, decisions/0013): its Daraja settings — Safaricom's sandbox
 * paybill 174379 with the sandbox passkey (research notes §1.4) and the demo's own consumer key
 * and secret, the ones the in-repo fake Daraja accepts in development — registered for
 * confirmations; and this morning's payments: one a customer made to the paybill that paid a
 * sale (attached by hand at the till), two no sale has used yet (one with the payer's name, one
 * with only the masked number), and one M-Pesa sale whose typed code matched no payment
 * (Unverified on the manager's M-Pesa view). Written through the sale's own path (write_sale
 * links the payment). The M-Pesa sales the month of history made before the store connected
 * M-Pesa stay unchecked (mpesa_verified null).
 */
import { createSaleSchema } from '@duka/shared/sales/sales.schemas';
import { toCents } from '@duka/shared/money/money';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../client';
import { customers } from '../../modules/customers/customers.table';
import { darajaHookTokenOf } from '../../modules/payments/daraja-token';
import { mpesaPayments, storeMpesaSettings } from '../../modules/payments/mpesa.table';
import { products } from '../../modules/products/products.table';
import { stockMovements } from '../../modules/products/stock-movements.table';
import { insertSale } from '../../modules/sales/sales.service';
import { users } from '../../modules/users/users.table';

/** Safaricom's sandbox (research notes §1.4) and the demo's credentials for the fake Daraja. */
export const DEMO_MPESA_SETTINGS = {
  shortcode: '174379',
  kind: 'paybill',
  environment: 'sandbox',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  consumerKey: 'duka-demo-key',
  consumerSecret: 'duka-demo-secret',
} as const;

/** The demo's received payments, by their TransID. */
export const DEMO_MPESA_RECEIVED = {
  /** Paid the sale made a few minutes after it. */
  matched: 'TKQ4H7X2PA',
  /** No sale yet: the payer's name shows on the till. */
  named: 'TKQ6J2M9RB',
  /** No sale yet, no name: the masked number shows. */
  masked: 'TKQ8N5T3SC',
} as const;

/** The unverified sale's typed code: no payment of the store has it. */
export const DEMO_UNVERIFIED_CODE = 'TKQ0Z9Z9ZZ';

export async function seedDemoMpesa(tx: Executor, storeId: number, now = new Date()) {
  await darajaHookTokenOf(tx, storeId);
  await tx
    .update(storeMpesaSettings)
    .set({ ...DEMO_MPESA_SETTINGS, c2bRegisteredAt: now, updatedAt: now })
    .where(eq(storeMpesaSettings.storeId, storeId));

  const [cashier] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.role, 'sales')))
    .orderBy(asc(users.id))
    .limit(1);
  const [walkIn] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.isWalkIn, true)))
    .limit(1);
  const shelf = await tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.isActive, true),
        eq(products.kind, 'goods'),
        gte(products.stockPieces, 5),
      ),
    )
    .orderBy(asc(products.id))
    .limit(2);
  if (!cashier || !walkIn || shelf.length < 2) return;
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const oneOf = (product: (typeof shelf)[number], quantity: number) => {
    const price = toCents(product.pieceSellingPrice)!;
    return {
      items: [{ product_id: product.id, quantity, unit_price: (price / 100).toFixed(2) }],
      total: ((price * quantity) / 100).toFixed(2),
      cents: price * quantity,
    };
  };

  // A customer paid the paybill from their phone; the cashier attached it to the sale.
  const paid = oneOf(shelf[0]!, 2);
  const received = (
    receipt: string,
    amount: string,
    at: Date,
    payer: { phone: string; payerName: string | null; reference: string | null },
  ) => ({
    storeId,
    source: 'c2b' as const,
    status: 'paid' as const,
    amount,
    ...payer,
    mpesaReceipt: receipt,
    transactionTime: nairobiTransTime(at),
    createdAt: at,
    completedAt: at,
  });
  const [matched] = await tx
    .insert(mpesaPayments)
    .values([
      received(DEMO_MPESA_RECEIVED.matched, paid.total, minutesAgo(50), {
        phone: '2547 ***** 126',
        payerName: 'GRACE WANJIRU',
        reference: null,
      }),
      received(DEMO_MPESA_RECEIVED.named, '350.00', minutesAgo(30), {
        phone: '2547 ***** 482',
        payerName: 'DAVID OMONDI KAMAU',
        reference: 'DEMO',
      }),
      received(DEMO_MPESA_RECEIVED.masked, '120.00', minutesAgo(12), {
        phone: '2547 ***** 903',
        payerName: null,
        reference: null,
      }),
    ])
    .returning({ id: mpesaPayments.id });
  const written = [
    await insertSale(
      tx,
      storeId,
      cashier.id,
      createSaleSchema.parse({
        items: paid.items,
        total: paid.total,
        customer_id: walkIn.id,
        payment_method: 'mpesa',
        mpesa_payment_id: matched!.id,
      }),
      undefined,
      null,
      minutesAgo(48),
    ),
  ];
  // The cashier typed a code from an SMS the customer showed: no payment has it.
  const typed = oneOf(shelf[1]!, 1);
  written.push(
    await insertSale(
      tx,
      storeId,
      cashier.id,
      createSaleSchema.parse({
        items: typed.items,
        total: typed.total,
        customer_id: walkIn.id,
        payment_method: 'mpesa',
        mpesa_code: DEMO_UNVERIFIED_CODE,
      }),
      undefined,
      null,
      minutesAgo(20),
    ),
  );
  // Their stock movements at the sales' times, as the rest of the demo's.
  for (const sale of written) {
    await tx
      .update(stockMovements)
      .set({ createdAt: sale.createdAt })
      .where(
        and(eq(stockMovements.storeId, storeId), eq(stockMovements.reference, `SALE-${sale.id}`)),
      );
  }
}

/** TransTime as Safaricom writes it: YYYYMMDDHHmmss in Nairobi (UTC+3). */
function nairobiTransTime(at: Date): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
}
