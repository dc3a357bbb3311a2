/**
 * How a sale's and a credit note's tax and eTIMS state read in every answer (issue 26,
 * decisions/0017): the tax per letter from the amounts kept on their lines (migration 0042's
 * triggers), and the state from etims_invoices and the store's registration — for a page of
 * sales in two queries whatever its length (sales.service.ts withParts, returns-read.service.ts).
 */
import {
  etimsReceiptUrl,
  type EtimsEnvironment,
  type EtimsState,
} from '@duka/shared/etims/etims.schemas';
import { centsToNumber, toCents } from '@duka/shared/money/money';
import { TAX_RATES, TAX_TYPES, type TaxLine, type TaxType } from '@duka/shared/tax/tax';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { etimsInvoices, storeEtimsSettings, type EtimsInvoiceRow } from './etims.table';

/** What a store's receipts need of its eTIMS registration. */
export interface EtimsStoreInfo {
  kraPin: string;
  branchId: string;
  environment: EtimsEnvironment;
  sdcId: string | null;
  registered: boolean;
}

/** A taxed line as kept: its letter, its VAT-inclusive amount and the VAT in it (decimals). */
export interface StoredTaxedLine {
  taxType: TaxType;
  amount: string;
  taxAmount: string;
}

/** The tax per letter, A to E, of the letters present: the kept line taxes added up. */
export function presentTax(lines: readonly StoredTaxedLine[]): TaxLine[] {
  const sums = new Map<TaxType, { total: number; tax: number }>();
  for (const line of lines) {
    const sum = sums.get(line.taxType) ?? { total: 0, tax: 0 };
    sum.total += toCents(line.amount) ?? 0;
    sum.tax += toCents(line.taxAmount) ?? 0;
    sums.set(line.taxType, sum);
  }
  return TAX_TYPES.filter((type) => sums.has(type)).map((type) => {
    const { total, tax } = sums.get(type)!;
    return {
      tax_type: type,
      rate: TAX_RATES[type],
      taxable_amount: centsToNumber(total - tax),
      tax_amount: centsToNumber(tax),
    };
  });
}

/**
 * The state of an invoice; none written means the store was not registered when it was made. A
 * sent one reads from what it was signed under (kept on its row), never the store's settings of
 * today: a branch, environment or device changed later does not rewrite past receipts.
 */
export function presentEtimsState(invoice: EtimsInvoiceRow | undefined): EtimsState {
  if (!invoice) return { status: 'not_registered' };
  if (invoice.status === 'sent') {
    const signature = invoice.signature ?? '';
    const sent: EtimsState = {
      status: 'sent',
      // navari's "CU Invoice No": the control unit's id and its receipt number.
      invoice_number: `${invoice.sdcId ?? ''}/${invoice.receiptNo ?? ''}`,
      signature,
    };
    if (invoice.internalData !== null) sent.internal_data = invoice.internalData;
    if (invoice.sdcDateTime !== null) sent.sdc_date_time = invoice.sdcDateTime;
    const url = signedReceiptUrl(invoice);
    if (url) sent.qr_url = url;
    return sent;
  }
  const state: EtimsState = { status: invoice.status };
  if (invoice.resultCode !== null) state.result_code = invoice.resultCode;
  if (invoice.message !== null) state.message = invoice.message;
  return state;
}

/** KRA's receipt page of a signed invoice, under the registration it was signed with. */
export function signedReceiptUrl(invoice: EtimsInvoiceRow): string | null {
  if (invoice.status !== 'sent' || !invoice.signature) return null;
  if (!invoice.environment || !invoice.kraPin || !invoice.branchId) return null;
  return etimsReceiptUrl(invoice.environment, invoice.kraPin, invoice.branchId, invoice.signature);
}

/** The state of a sale just written: waiting to be sent when its store is registered. */
export function newInvoiceState(registered: boolean): EtimsState {
  return { status: registered ? 'pending' : 'not_registered' };
}

/** The registration of these stores, by store id (a store never registered is absent). */
export async function etimsStoresOf(
  db: Executor,
  storeIds: readonly number[],
): Promise<Map<number, EtimsStoreInfo>> {
  const found = new Map<number, EtimsStoreInfo>();
  if (storeIds.length === 0) return found;
  const rows = await db
    .select()
    .from(storeEtimsSettings)
    .where(inArray(storeEtimsSettings.storeId, [...new Set(storeIds)]));
  for (const row of rows) {
    found.set(row.storeId, {
      kraPin: row.kraPin,
      branchId: row.branchId,
      environment: row.environment,
      sdcId: row.sdcId,
      registered: row.registeredAt !== null,
    });
  }
  return found;
}

/** The invoices of these sales (kind 'sale'), by sale id. */
export async function etimsInvoicesOfSales(
  db: Executor,
  saleIds: readonly number[],
): Promise<Map<number, EtimsInvoiceRow>> {
  if (saleIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(etimsInvoices)
    .where(and(inArray(etimsInvoices.saleId, [...saleIds]), eq(etimsInvoices.kind, 'sale')));
  return new Map(rows.map((row) => [row.saleId, row]));
}

/** The credit notes of these returns, by return id. */
export async function etimsInvoicesOfReturns(
  db: Executor,
  returnIds: readonly number[],
): Promise<Map<number, EtimsInvoiceRow>> {
  if (returnIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(etimsInvoices)
    .where(inArray(etimsInvoices.returnId, [...returnIds]));
  return new Map(rows.map((row) => [row.returnId!, row]));
}
