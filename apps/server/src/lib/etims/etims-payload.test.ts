/**
 * TrnsSalesSaveWrReq from a sale and a credit note (issue 26, research notes §3.5): numbers,
 * dates in Nairobi time, the payment type, per-letter sums from the stored line taxes (the
 * delivery fee a B line), tax-exclusive taxable amounts, item codes.
 */
import { describe, expect, it } from 'vitest';
import { REQUIRED_ITEM_FIELDS, REQUIRED_SALE_FIELDS } from '../../testing/fake-etims';
import {
  buildSalesPayload,
  DELIVERY_ITEM_CODE,
  ITEM_CLASS_CODE,
  itemCode,
  nairobiDateTime,
  paymentTypeCode,
  type EtimsDocument,
  type EtimsLine,
} from './etims-payload';

const line = (overrides: Partial<EtimsLine>): EtimsLine => ({
  productId: 12,
  sku: 'UNG-JOG2',
  name: 'Jogoo Maize Flour 2kg',
  barcode: '6161101600019',
  kind: 'goods',
  unitType: 'piece',
  quantity: 1,
  unitPriceCents: 100_00,
  totalCents: 100_00,
  taxType: 'B',
  taxCents: 13_79,
  ...overrides,
  // Charged at the list price unless the line says otherwise.
  chargedUnitPriceCents: overrides.chargedUnitPriceCents ?? overrides.unitPriceCents ?? 100_00,
});

const sale: EtimsDocument = {
  kind: 'sale',
  etimsNo: 41,
  originalEtimsNo: null,
  documentNo: 37,
  // 23:30 UTC is 02:30 the next day in Nairobi.
  at: new Date('2026-11-21T23:30:05Z'),
  buyerKraPin: 'A123456789B',
  customerName: 'Achieng Otieno',
  customerPhone: '0712345678',
  payments: [{ method: 'mpesa', amountCents: 1_478_00 }],
  lines: [
    // 3 × 116 at 16%: tax 48.00 of 348.00.
    line({ quantity: 3, unitPriceCents: 116_00, totalCents: 348_00, taxCents: 48_00 }),
    // A pack at 1000 with 100 off, 8%: tax 900 × 8/108 = 66.67.
    line({
      productId: 3,
      sku: 'GAS-6',
      name: 'Gas 6kg',
      barcode: null,
      unitType: 'pack',
      quantity: 1,
      unitPriceCents: 1_000_00,
      totalCents: 900_00,
      taxType: 'E',
      taxCents: 66_67,
    }),
    // Exempt.
    line({
      productId: 9,
      sku: 'MILK',
      name: 'Milk',
      totalCents: 30_00,
      unitPriceCents: 30_00,
      taxType: 'A',
      taxCents: 0,
    }),
  ],
  deliveryCents: 200_00,
  deliveryTaxCents: 27_59,
  user: { id: 5, name: 'Wanjiku Kamau' },
  storeName: 'Duka Demo — Nairobi',
  reason: null,
};

describe('buildSalesPayload', () => {
  it('a sale: numbers, Nairobi dates, payment type and the per-letter sums of the stored taxes', () => {
    const payload = buildSalesPayload(sale);
    expect(payload).toMatchObject({
      invcNo: 41,
      orgInvcNo: 0,
      trdInvcNo: 'INV-37',
      custTin: 'A123456789B',
      custNm: 'Achieng Otieno',
      salesTyCd: 'N',
      rcptTyCd: 'S',
      pmtTyCd: '06',
      salesSttsCd: '02',
      cfmDt: '20261122023005',
      salesDt: '20261122',
      rfdRsnCd: null,
      totItemCnt: 4,
      taxblAmtA: 30,
      taxRtA: 0,
      taxAmtA: 0,
      // 348 + 200 delivery, less 48 + 27.59.
      taxblAmtB: 472.41,
      taxRtB: 16,
      taxAmtB: 75.59,
      taxblAmtC: 0,
      taxblAmtD: 0,
      taxblAmtE: 833.33,
      taxRtE: 8,
      taxAmtE: 66.67,
      totTaxblAmt: 1335.74,
      totTaxAmt: 142.26,
      totAmt: 1478,
      prchrAcptcYn: 'N',
      regrId: '5',
      regrNm: 'Wanjiku Kamau',
      modrId: '5',
      modrNm: 'Wanjiku Kamau',
      receipt: {
        custTin: 'A123456789B',
        custMblNo: '0712345678',
        rcptPbctDt: '20261122023005',
        prchrAcptcYn: 'N',
      },
    });
    expect(payload.totTaxblAmt + payload.totTaxAmt).toBeCloseTo(payload.totAmt, 10);
    for (const field of REQUIRED_SALE_FIELDS) {
      expect(payload[field as keyof typeof payload], field).not.toBeNull();
    }
    expect(payload.itemList).toEqual([
      {
        itemSeq: 1,
        itemCd: 'KE2NTU0000012',
        itemClsCd: ITEM_CLASS_CODE,
        itemNm: 'Jogoo Maize Flour 2kg',
        bcd: '6161101600019',
        pkgUnitCd: 'NT',
        pkg: 3,
        qtyUnitCd: 'U',
        qty: 3,
        prc: 116,
        splyAmt: 348,
        dcRt: 0,
        dcAmt: 0,
        taxTyCd: 'B',
        taxblAmt: 300,
        taxAmt: 48,
        totAmt: 348,
      },
      expect.objectContaining({
        itemSeq: 2,
        itemCd: 'KE2NTU0000003',
        itemNm: 'Gas 6kg (pack)',
        bcd: null,
        prc: 1000,
        splyAmt: 1000,
        dcRt: 10,
        dcAmt: 100,
        taxTyCd: 'E',
        taxblAmt: 833.33,
        taxAmt: 66.67,
        totAmt: 900,
      }),
      expect.objectContaining({ itemSeq: 3, taxTyCd: 'A', taxblAmt: 30, taxAmt: 0 }),
      expect.objectContaining({
        itemSeq: 4,
        itemCd: DELIVERY_ITEM_CODE,
        itemNm: 'Delivery',
        taxTyCd: 'B',
        taxblAmt: 172.41,
        taxAmt: 27.59,
        totAmt: 200,
      }),
    ]);
    for (const item of payload.itemList) {
      for (const field of REQUIRED_ITEM_FIELDS) expect(item[field], field).not.toBeNull();
      expect(item.itemCd.length).toBeLessThanOrEqual(20);
    }
  });

  it('a credit note: R with the sale as orgInvcNo, refund reason 06, its own number', () => {
    const payload = buildSalesPayload({
      ...sale,
      kind: 'credit_note',
      etimsNo: 44,
      originalEtimsNo: 41,
      documentNo: 3,
      payments: [{ method: 'cash', amountCents: 116_00 }],
      lines: [line({ quantity: 1, unitPriceCents: 116_00, totalCents: 116_00, taxCents: 16_00 })],
      deliveryCents: 0,
      deliveryTaxCents: 0,
      reason: 'Torn bag',
    });
    expect(payload).toMatchObject({
      invcNo: 44,
      orgInvcNo: 41,
      trdInvcNo: 'CN-3',
      rcptTyCd: 'R',
      rfdRsnCd: '06',
      rfdDt: '20261122023005',
      pmtTyCd: '01',
      remark: 'Torn bag',
      totItemCnt: 1,
      taxblAmtB: 100,
      taxAmtB: 16,
      totAmt: 116,
    });
  });

  it('a line sold above its list price is priced at what it was sold for, never a negative discount', () => {
    const payload = buildSalesPayload({
      ...sale,
      deliveryCents: 0,
      deliveryTaxCents: 0,
      lines: [
        // Listed at 100, sold at 120 each.
        line({
          quantity: 2,
          unitPriceCents: 100_00,
          chargedUnitPriceCents: 120_00,
          totalCents: 240_00,
          taxCents: 33_10,
        }),
        // Listed at 100, sold at 120 with 20 off the line: still priced 120, 20 discount.
        line({
          quantity: 2,
          unitPriceCents: 100_00,
          chargedUnitPriceCents: 120_00,
          totalCents: 220_00,
          taxCents: 30_34,
        }),
      ],
    });
    expect(
      payload.itemList.map(({ prc, splyAmt, dcRt, dcAmt, totAmt }) => ({
        prc,
        splyAmt,
        dcRt,
        dcAmt,
        totAmt,
      })),
    ).toEqual([
      { prc: 120, splyAmt: 240, dcRt: 0, dcAmt: 0, totAmt: 240 },
      { prc: 120, splyAmt: 240, dcRt: 8.33, dcAmt: 20, totAmt: 220 },
    ]);
    for (const item of payload.itemList) {
      expect(item.splyAmt - item.dcAmt).toBeCloseTo(item.totAmt, 10);
    }
  });

  it('a seller whose account is gone is sent as Duka', () => {
    expect(buildSalesPayload({ ...sale, user: null })).toMatchObject({
      regrId: 'duka',
      regrNm: 'Duka',
    });
  });
});

describe('paymentTypeCode', () => {
  it('cash 01, M-Pesa 06, credit 02; credit with a paid part 03; else the larger part', () => {
    expect(paymentTypeCode([{ method: 'cash', amountCents: 1 }])).toBe('01');
    expect(paymentTypeCode([{ method: 'mpesa', amountCents: 1 }])).toBe('06');
    expect(paymentTypeCode([{ method: 'credit', amountCents: 1 }])).toBe('02');
    expect(
      paymentTypeCode([
        { method: 'cash', amountCents: 100 },
        { method: 'credit', amountCents: 900 },
      ]),
    ).toBe('03');
    expect(
      paymentTypeCode([
        { method: 'mpesa', amountCents: 100 },
        { method: 'credit', amountCents: 900 },
      ]),
    ).toBe('03');
    expect(
      paymentTypeCode([
        { method: 'cash', amountCents: 100 },
        { method: 'mpesa', amountCents: 900 },
      ]),
    ).toBe('06');
    expect(
      paymentTypeCode([
        { method: 'cash', amountCents: 500 },
        { method: 'mpesa', amountCents: 500 },
      ]),
    ).toBe('01');
  });
});

describe('itemCode and nairobiDateTime', () => {
  it('codes a product by its id, a deleted one by its SKU, a service as type 3', () => {
    expect(itemCode({ productId: 1234567, sku: 'X', kind: 'goods' })).toBe('KE2NTU1234567');
    expect(itemCode({ productId: 5, sku: 'X', kind: 'service' })).toBe('KE3NTU0000005');
    expect(itemCode({ productId: null, sku: 'ung-jog/2kg-extra-long', kind: 'goods' })).toBe(
      'KE2NTUUNGJOG2KGEXT',
    );
  });

  it('writes Nairobi time (UTC+3) as YYYYMMDDhhmmss', () => {
    expect(nairobiDateTime(new Date('2026-12-31T21:00:00Z'))).toBe('20270101000000');
    expect(nairobiDateTime(new Date('2026-06-15T08:04:09.999Z'))).toBe('20260615110409');
  });
});
