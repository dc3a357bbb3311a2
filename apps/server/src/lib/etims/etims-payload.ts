/**
 * TrnsSalesSaveWrReq, the body of OSCU's saveTrnsSalesOsdc (issue 26, research notes §3.5),
 * from a sale or a credit note as etims-documents.ts reads them. Pure: every figure is integer
 * cents in, shillings with two decimals out.
 *
 * Amounts follow Odoo and navari (research notes §3.5): a line's taxblAmt is its total without
 * its tax, totAmt its VAT-inclusive total; taxblAmtX/taxAmtX add up the lines of letter X (the
 * stored per-line tax, the sale's triggers' — never the letter's total taxed at once), and the
 * delivery fee is a line of its own, letter B. Decisions where the research is silent
 * (decisions/0017 "eTIMS"):
 * - trdInvcNo is our own number: INV-{invoice_no} for a sale, CN-{credit_note_no} for a
 *   credit note.
 * - itemCd: KE + product type (2 finished goods, 3 a service) + NT (packaging: none) + U (unit)
 *   + the product id on 7 digits — stable for the product's life, ≤ 20 characters. A line whose
 *   product was deleted uses its SKU (capitals and digits, at most 12) instead of the id; the
 *   delivery fee is KE3NTU0000000.
 * - itemClsCd: one general class for every item (ITEM_CLASS_CODE), until products carry KRA's
 *   classification (selectItemClsList).
 * - pmtTyCd: cash 01, M-Pesa 06 (mobile money), credit 02; a split with a credit part and a
 *   paid part (cash or M-Pesa) 03 (cash/credit); a split of cash and M-Pesa the larger part's
 *   method (cash on a tie). A credit note: its refund's method.
 */
import { TAX_RATES, TAX_TYPES, type TaxType } from '@duka/shared/tax/tax';

/** The item classification sent for every item (the research notes' example class). */
export const ITEM_CLASS_CODE = '5059690800';
/** The delivery fee's item code and name. */
export const DELIVERY_ITEM_CODE = 'KE3NTU0000000';

export type EtimsPaymentMethod = 'cash' | 'mpesa' | 'credit';

export interface EtimsLine {
  /** Null when the product was deleted since. */
  productId: number | null;
  sku: string;
  name: string;
  barcode: string | null;
  kind: 'goods' | 'service';
  unitType: 'piece' | 'pack' | 'dozen';
  quantity: number;
  /** The unit's price before any discount (the list price), VAT-inclusive. */
  unitPriceCents: number;
  /**
   * The unit's price as charged (sale_items.unit_price), VAT-inclusive: below the list price
   * for a discount, above it for a line sold above its list price.
   */
  chargedUnitPriceCents: number;
  /** The line's VAT-inclusive total, after its discount. */
  totalCents: number;
  taxType: TaxType;
  /** The VAT inside totalCents, as stored on the line. */
  taxCents: number;
}

export interface EtimsDocument {
  kind: 'sale' | 'credit_note';
  /** OSCU's invcNo (etims_invoices.etims_no). */
  etimsNo: number;
  /** A credit note's sale's etims_no; ignored for a sale. */
  originalEtimsNo: number | null;
  /** sales.invoice_no or sale_returns.credit_note_no. */
  documentNo: number;
  /** When it was made (the sale's created_at, the return's). */
  at: Date;
  buyerKraPin: string | null;
  customerName: string | null;
  customerPhone: string | null;
  /** The parts paid (a sale) or the refund's method (a credit note), with their amounts. */
  payments: { method: EtimsPaymentMethod; amountCents: number }[];
  lines: EtimsLine[];
  deliveryCents: number;
  deliveryTaxCents: number;
  /** Who made it; null when the account was deleted since. */
  user: { id: number; name: string } | null;
  storeName: string;
  /** A credit note's reason (the remark). */
  reason: string | null;
}

/** Shillings with two decimals, as a JSON number. */
const amount = (cents: number) => Math.round(cents) / 100;

/**
 * YYYYMMDDhhmmss in Africa/Nairobi time (UTC+3, no daylight saving), OSCU's date-times — Odoo
 * converts to Nairobi time before formatting (research notes §3.5).
 */
export function nairobiDateTime(at: Date): string {
  return new Date(at.getTime() + 3 * 60 * 60 * 1000)
    .toISOString()
    .replace(/[-:T]/g, '')
    .slice(0, 14);
}

export function itemCode(line: Pick<EtimsLine, 'productId' | 'sku' | 'kind'>): string {
  const prefix = `KE${line.kind === 'service' ? 3 : 2}NTU`;
  if (line.productId !== null) return `${prefix}${String(line.productId).padStart(7, '0')}`;
  const sku = line.sku.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return `${prefix}${(sku || '0').slice(0, 12)}`;
}

const PAYMENT_CODES: Record<EtimsPaymentMethod, string> = {
  cash: '01',
  credit: '02',
  mpesa: '06',
};

export function paymentTypeCode(payments: EtimsDocument['payments']): string {
  const methods = new Set(payments.map((part) => part.method));
  if (methods.has('credit') && (methods.has('cash') || methods.has('mpesa'))) return '03';
  const byMethod = new Map<EtimsPaymentMethod, number>();
  for (const part of payments) {
    byMethod.set(part.method, (byMethod.get(part.method) ?? 0) + part.amountCents);
  }
  let main: EtimsPaymentMethod = 'cash';
  let largest = -1;
  for (const method of ['cash', 'mpesa', 'credit'] as const) {
    const sum = byMethod.get(method);
    if (sum !== undefined && sum > largest) {
      main = method;
      largest = sum;
    }
  }
  return PAYMENT_CODES[main];
}

const clip = (text: string, length: number) => text.slice(0, length);

/** The whole TrnsSalesSaveWrReq of a sale or a credit note. */
export function buildSalesPayload(doc: EtimsDocument) {
  const lines: (EtimsLine & { code?: string })[] = [...doc.lines];
  if (doc.deliveryCents !== 0) {
    lines.push({
      code: DELIVERY_ITEM_CODE,
      productId: null,
      sku: 'DELIVERY',
      name: 'Delivery',
      barcode: null,
      kind: 'service',
      unitType: 'piece',
      quantity: 1,
      unitPriceCents: doc.deliveryCents,
      chargedUnitPriceCents: doc.deliveryCents,
      totalCents: doc.deliveryCents,
      taxType: 'B',
      taxCents: doc.deliveryTaxCents,
    });
  }
  const itemList = lines.map((line, index) => {
    // KRA reads prc × qty − dcAmt as the line's amount and a discount is never negative: a
    // line sold above its list price is priced at what it was sold for, with no discount.
    const priceCents = Math.max(line.unitPriceCents, line.chargedUnitPriceCents);
    const supplyCents = priceCents * line.quantity;
    const discountCents = Math.max(0, supplyCents - line.totalCents);
    return {
      itemSeq: index + 1,
      itemCd: line.code ?? itemCode(line),
      itemClsCd: ITEM_CLASS_CODE,
      itemNm: clip(line.unitType === 'piece' ? line.name : `${line.name} (${line.unitType})`, 200),
      bcd: line.barcode,
      pkgUnitCd: 'NT',
      pkg: line.quantity,
      qtyUnitCd: 'U',
      qty: line.quantity,
      prc: amount(priceCents),
      splyAmt: amount(supplyCents),
      dcRt: supplyCents > 0 ? Math.round((discountCents * 10000) / supplyCents) / 100 : 0,
      dcAmt: amount(discountCents),
      taxTyCd: line.taxType,
      taxblAmt: amount(line.totalCents - line.taxCents),
      taxAmt: amount(line.taxCents),
      totAmt: amount(line.totalCents),
    };
  });

  const perLetter = new Map<TaxType, { taxable: number; tax: number }>(
    TAX_TYPES.map((letter) => [letter, { taxable: 0, tax: 0 }]),
  );
  let totalCents = 0;
  for (const line of lines) {
    const sums = perLetter.get(line.taxType)!;
    sums.taxable += line.totalCents - line.taxCents;
    sums.tax += line.taxCents;
    totalCents += line.totalCents;
  }
  const letters: Record<string, number> = {};
  let taxableCents = 0;
  let taxCents = 0;
  for (const letter of TAX_TYPES) {
    const sums = perLetter.get(letter)!;
    letters[`taxblAmt${letter}`] = amount(sums.taxable);
    letters[`taxRt${letter}`] = TAX_RATES[letter];
    letters[`taxAmt${letter}`] = amount(sums.tax);
    taxableCents += sums.taxable;
    taxCents += sums.tax;
  }

  const confirmed = nairobiDateTime(doc.at);
  const credit = doc.kind === 'credit_note';
  const user = doc.user
    ? { id: clip(String(doc.user.id), 20), name: clip(doc.user.name, 60) }
    : { id: 'duka', name: 'Duka' };
  return {
    invcNo: doc.etimsNo,
    orgInvcNo: credit ? (doc.originalEtimsNo ?? 0) : 0,
    trdInvcNo: credit ? `CN-${doc.documentNo}` : `INV-${doc.documentNo}`,
    custTin: doc.buyerKraPin,
    custNm: doc.customerName === null ? null : clip(doc.customerName, 60),
    salesTyCd: 'N',
    rcptTyCd: credit ? 'R' : 'S',
    pmtTyCd: paymentTypeCode(doc.payments),
    salesSttsCd: '02',
    cfmDt: confirmed,
    salesDt: confirmed.slice(0, 8),
    stockRlsDt: confirmed,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: credit ? confirmed : null,
    rfdRsnCd: credit ? '06' : null,
    totItemCnt: itemList.length,
    ...letters,
    totTaxblAmt: amount(taxableCents),
    totTaxAmt: amount(taxCents),
    totAmt: amount(totalCents),
    prchrAcptcYn: 'N',
    remark: credit && doc.reason ? clip(doc.reason, 400) : null,
    regrId: user.id,
    regrNm: user.name,
    modrId: user.id,
    modrNm: user.name,
    receipt: {
      custTin: doc.buyerKraPin,
      custMblNo: doc.customerPhone,
      rptNo: null,
      rcptPbctDt: confirmed,
      trdeNm: clip(doc.storeName, 20),
      adrs: null,
      topMsg: clip(doc.storeName, 20),
      btmMsg: credit ? 'Credit note' : 'Thank you',
      prchrAcptcYn: 'N',
    },
    itemList,
  };
}

export type SalesPayload = ReturnType<typeof buildSalesPayload>;
