import { describe, expect, it } from 'vitest';
import { taxAndEtimsLines } from './receipt-parts';

describe('taxAndEtimsLines', () => {
  const tax = [
    { tax_type: 'A' as const, rate: 0, taxable_amount: 645, tax_amount: 0 },
    { tax_type: 'B' as const, rate: 16, taxable_amount: 1_292.1, tax_amount: 206.73 },
  ];

  it('lists each letter, the total VAT and the signed invoice with KRA’s page', () => {
    expect(
      taxAndEtimsLines(tax, {
        status: 'sent',
        invoice_number: 'KRACU0100000001/42',
        signature: 'ABCD1234',
        qr_url:
          'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=x',
      }),
    ).toEqual([
      'A-Exempt: taxable KSh 645.00, VAT KSh 0.00',
      'B-VAT 16%: taxable KSh 1,292.10, VAT KSh 206.73',
      'Total VAT: KSh 206.73',
      'CU Invoice No: KRACU0100000001/42',
      'Verify with KRA: https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=x',
    ]);
  });

  it('says pending until KRA signs, and nothing of eTIMS for a store not registered', () => {
    expect(taxAndEtimsLines(tax, { status: 'pending' }).at(-1)).toBe('eTIMS: pending');
    expect(taxAndEtimsLines(tax, { status: 'not_registered' })).toHaveLength(3);
    expect(taxAndEtimsLines([], { status: 'failed', result_code: '910' })).toEqual([]);
  });
});
