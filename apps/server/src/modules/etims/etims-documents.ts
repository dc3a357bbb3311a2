/**
 * What OSCU is sent of an invoice (issue 26): a sale or a credit note read from the database as
 * the payload builder takes it (lib/etims/etims-payload.ts) — its lines with the tax stored on
 * them when it was made, the delivery fee's tax, the payment parts, the buyer's PIN, the
 * customer, the person who made it and the store's name.
 */
import { toCents } from '@duka/shared/money/money';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { EtimsDocument, EtimsLine } from '../../lib/etims/etims-payload';
import { customers } from '../customers/customers.table';
import { products } from '../products/products.table';
import { saleReturnItems, saleReturns } from '../returns/returns.table';
import { saleItems, salePayments, sales } from '../sales/sales.table';
import { stores } from '../stores/stores.table';
import { users } from '../users/users.table';
import type { EtimsInvoiceRow } from './etims.table';
import { etimsInvoices } from './etims.table';

const cents = (stored: string | null | undefined) => toCents(stored ?? '0') ?? 0;

async function nameOfUser(db: Executor, userId: number | null) {
  if (userId === null) return null;
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

async function customerOf(db: Executor, customerId: number | null) {
  if (customerId === null) return null;
  const [customer] = await db
    .select({ name: customers.name, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer ?? null;
}

async function storeName(db: Executor, storeId: number): Promise<string> {
  const [store] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
  return store?.name ?? 'Duka';
}

/** The sale's lines, in the order sold, with their product's barcode (null once deleted). */
async function saleLines(db: Executor, saleId: number) {
  return db
    .select({ item: saleItems, barcode: products.barcode })
    .from(saleItems)
    .leftJoin(products, eq(products.id, saleItems.productId))
    .where(eq(saleItems.saleId, saleId))
    .orderBy(asc(saleItems.id));
}

/** A unit's price before its discount: the list price kept on the line, else its unit price. */
function listPriceCents(item: typeof saleItems.$inferSelect): number {
  return cents(item.listPrice ?? item.unitPrice);
}

/** The invoice `row` (a sale's or a credit note's) as OSCU is sent it; null when it is gone. */
export async function loadEtimsDocument(
  db: Executor,
  row: EtimsInvoiceRow,
): Promise<EtimsDocument | null> {
  const [sale] = await db.select().from(sales).where(eq(sales.id, row.saleId));
  if (!sale) return null;
  const customer = await customerOf(db, sale.customerId);
  const base = {
    etimsNo: row.etimsNo,
    buyerKraPin: sale.buyerKraPin,
    customerName: customer?.name ?? null,
    customerPhone: customer?.phone ?? null,
    storeName: await storeName(db, sale.storeId),
  };

  if (row.kind === 'sale') {
    const lines = await saleLines(db, sale.id);
    const parts = await db
      .select({ method: salePayments.method, amount: salePayments.amount })
      .from(salePayments)
      .where(eq(salePayments.saleId, sale.id))
      .orderBy(asc(salePayments.id));
    return {
      ...base,
      kind: 'sale',
      originalEtimsNo: null,
      documentNo: sale.invoiceNo,
      at: sale.createdAt,
      payments: parts.length
        ? parts.map((part) => ({ method: part.method, amountCents: cents(part.amount) }))
        : [
            {
              method: sale.paymentMethod === 'split' ? 'cash' : sale.paymentMethod,
              amountCents: cents(sale.totalAmount),
            },
          ],
      lines: lines.map(({ item, barcode }): EtimsLine => ({
        productId: item.productId,
        sku: item.productSku,
        name: item.productName,
        barcode,
        kind: item.productKind,
        unitType: item.unitType,
        quantity: item.quantity,
        unitPriceCents: listPriceCents(item),
        chargedUnitPriceCents: cents(item.unitPrice),
        totalCents: cents(item.total),
        taxType: item.taxType,
        taxCents: cents(item.taxAmount),
      })),
      deliveryCents: cents(sale.deliveryFee),
      deliveryTaxCents: cents(sale.deliveryTax),
      user: await nameOfUser(db, sale.userId),
      reason: null,
    };
  }

  if (row.returnId === null) return null;
  const [saleReturn] = await db.select().from(saleReturns).where(eq(saleReturns.id, row.returnId));
  if (!saleReturn) return null;
  const [original] = await db
    .select({ etimsNo: etimsInvoices.etimsNo })
    .from(etimsInvoices)
    .where(and(eq(etimsInvoices.saleId, sale.id), eq(etimsInvoices.kind, 'sale')));
  const returned = await db
    .select({ returned: saleReturnItems, item: saleItems, barcode: products.barcode })
    .from(saleReturnItems)
    .innerJoin(saleItems, eq(saleItems.id, saleReturnItems.saleItemId))
    .leftJoin(products, eq(products.id, saleItems.productId))
    .where(eq(saleReturnItems.returnId, saleReturn.id))
    .orderBy(asc(saleReturnItems.id));
  return {
    ...base,
    kind: 'credit_note',
    originalEtimsNo: original?.etimsNo ?? null,
    documentNo: saleReturn.creditNoteNo,
    at: saleReturn.createdAt,
    payments: [{ method: saleReturn.refundMethod, amountCents: cents(saleReturn.amount) }],
    lines: returned.map(({ returned: line, item, barcode }): EtimsLine => ({
      productId: item.productId,
      sku: item.productSku,
      name: item.productName,
      barcode,
      kind: item.productKind,
      unitType: item.unitType,
      quantity: line.quantity,
      // The price charged for the unit sold: the refund is that, pro rata (returns.service).
      unitPriceCents: cents(item.unitPrice),
      chargedUnitPriceCents: cents(item.unitPrice),
      totalCents: cents(line.amount),
      taxType: line.taxType,
      taxCents: cents(line.taxAmount),
    })),
    // A return gives back goods, not the delivery.
    deliveryCents: 0,
    deliveryTaxCents: 0,
    user: await nameOfUser(db, saleReturn.userId),
    reason: saleReturn.reason,
  };
}
