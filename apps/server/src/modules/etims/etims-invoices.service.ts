/**
 * A sale's or a return's eTIMS invoice, as its routes act on it (issue 26): Retry of a refused
 * one, and the QR code of a signed one. Another store's sale or return is not found (404).
 */
import type { EtimsState } from '@duka/shared/etims/etims.schemas';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/errors';
import { saleReturns } from '../returns/returns.table';
import { sales } from '../sales/sales.table';
import { ETIMS_ANSWER_LOST_MESSAGE, OVERLAPPED_DATA, sendEtimsNow } from './etims-send.service';
import { signedReceiptUrl } from './etims-read.service';
import { etimsInvoices, type EtimsInvoiceRow } from './etims.table';

export type EtimsOwner = 'sale' | 'return';

const ownerErrors = {
  sale: () => notFound('Sale not found', 'sale.not_found'),
  return: () => notFound('Return not found', 'return.not_found'),
};

/**
 * The invoice of the store's sale (kind 'sale') or return (its credit note); undefined when it
 * has none (the store was not registered when it was made); 404 when the sale or the return is
 * not the store's.
 */
async function invoiceOf(
  db: Executor,
  storeId: number,
  owner: EtimsOwner,
  id: number,
): Promise<EtimsInvoiceRow | undefined> {
  if (owner === 'sale') {
    const [sale] = await db
      .select({ id: sales.id })
      .from(sales)
      .where(and(eq(sales.id, id), eq(sales.storeId, storeId)));
    if (!sale) throw ownerErrors.sale();
    const [row] = await db
      .select()
      .from(etimsInvoices)
      .where(and(eq(etimsInvoices.saleId, id), eq(etimsInvoices.kind, 'sale')));
    return row;
  }
  const [saleReturn] = await db
    .select({ id: saleReturns.id })
    .from(saleReturns)
    .where(and(eq(saleReturns.id, id), eq(saleReturns.storeId, storeId)));
  if (!saleReturn) throw ownerErrors.return();
  const [row] = await db.select().from(etimsInvoices).where(eq(etimsInvoices.returnId, id));
  return row;
}

const what = (owner: EtimsOwner) => (owner === 'sale' ? 'invoice' : 'credit note');

/**
 * Retry: a failed invoice back to pending (KRA's code and message cleared), a pending one (eTIMS
 * was unreachable) tried now instead of after the backoff — either way the store's send job is
 * due at once, and the invoices still go in order. 409 for a sent invoice or none, and for one
 * KRA answered 994 after an earlier try's answer was lost (it holds it; sending again is 994).
 */
export async function retryEtimsInvoice(
  db: Executor,
  storeId: number,
  owner: EtimsOwner,
  id: number,
  now: Date,
): Promise<EtimsState> {
  const invoice = await invoiceOf(db, storeId, owner, id);
  if (!invoice) {
    throw conflict(
      'etims.not_retryable',
      `This ${what(owner)} cannot be retried: it was made before the store was registered for ` +
        'eTIMS',
    );
  }
  if (
    invoice.status === 'failed' &&
    invoice.resultCode === OVERLAPPED_DATA &&
    invoice.message === ETIMS_ANSWER_LOST_MESSAGE
  ) {
    // Sent again it would get 994 again: KRA holds it already.
    throw conflict('etims.not_retryable', ETIMS_ANSWER_LOST_MESSAGE);
  }
  const [reset] = await db
    .update(etimsInvoices)
    .set({ status: 'pending', resultCode: null, message: null })
    .where(and(eq(etimsInvoices.id, invoice.id), eq(etimsInvoices.status, 'failed')))
    .returning();
  const pending = reset ?? (invoice.status === 'pending' ? invoice : undefined);
  if (!pending) {
    throw conflict(
      'etims.not_retryable',
      `Only a failed or waiting ${what(owner)} can be retried: this one is ${invoice.status}`,
    );
  }
  await sendEtimsNow(db, now, storeId);
  return pending.message === null
    ? { status: 'pending' }
    : { status: 'pending', message: pending.message };
}

/** The QR code (SVG) of a signed invoice: KRA's receipt page. 404 while it is not sent. */
export async function etimsQrText(
  db: Executor,
  storeId: number,
  owner: EtimsOwner,
  id: number,
): Promise<string> {
  const invoice = await invoiceOf(db, storeId, owner, id);
  // Under the registration it was signed with, not the store's settings of today.
  const url = invoice ? signedReceiptUrl(invoice) : null;
  if (!url) {
    throw new AppError(
      404,
      'etims.not_sent',
      `This ${what(owner)} has no KRA QR code: eTIMS has not signed it yet`,
    );
  }
  return url;
}
