import type { Sale } from '@duka/shared/sales/sales.schemas';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSale } from '@/test/fixtures';
import { SETTINGS } from '../lib/receipt-fixtures';
import { ReceiptView } from './receipt-view';

/** The receipt's payment rows (label → amount), in order, after the total. */
function paymentRows(sale: Sale): string[][] {
  render(<ReceiptView sale={sale} settings={SETTINGS} paper="58" />);
  const rows = [...document.querySelectorAll('dl > div')].map((row) =>
    [...row.children].map((cell) => cell.textContent ?? ''),
  );
  return rows.slice(rows.findIndex(([label]) => label === 'Total'));
}

describe('the receipt of a payment in parts (issue 21)', () => {
  it('lists each part — cash net of change, M-Pesa with its code — and the change', () => {
    const rows = paymentRows(
      buildSale({
        payment_method: 'split',
        payments: [
          { method: 'cash', amount: 500, mpesa_code: null, mpesa_payment_id: null },
          { method: 'mpesa', amount: 380, mpesa_code: 'SFT4A1B2C3', mpesa_payment_id: null },
        ],
        amount_paid: 1000,
        change_amount: 120,
      }),
    );
    expect(rows).toEqual([
      ['Total', 'KSh 880.00'],
      ['Payment method', 'Split payment'],
      ['Cash', 'KSh 500.00'],
      ['M-Pesa SFT4A1B2C3', 'KSh 380.00'],
      ['Change', 'KSh 120.00'],
    ]);
  });

  it('lists the M-Pesa part and the change of a cash part handed back whole', () => {
    const rows = paymentRows(
      buildSale({
        payment_method: 'mpesa',
        mpesa_code: 'SFT4A1B2C3',
        payments: [
          { method: 'mpesa', amount: 880, mpesa_code: 'SFT4A1B2C3', mpesa_payment_id: null },
        ],
        amount_paid: 980,
        change_amount: 100,
      }),
    );
    expect(rows).toEqual([
      ['Total', 'KSh 880.00'],
      ['Payment method', 'M-Pesa'],
      ['M-Pesa SFT4A1B2C3', 'KSh 880.00'],
      ['Change', 'KSh 100.00'],
    ]);
  });

  it('shows the credit part and the balance due while credit remains', () => {
    const rows = paymentRows(
      buildSale({
        payment_method: 'split',
        payment_status: 'pending',
        payments: [
          { method: 'mpesa', amount: 300, mpesa_code: null, mpesa_payment_id: null },
          { method: 'credit', amount: 580, mpesa_code: null, mpesa_payment_id: null },
        ],
        amount_paid: 880,
        change_amount: 0,
        balance_due: 580,
      }),
    );
    expect(rows).toEqual([
      ['Total', 'KSh 880.00'],
      ['Payment method', 'Split payment'],
      ['M-Pesa', 'KSh 300.00'],
      ['Credit (pay later)', 'KSh 580.00'],
      ['Balance due', 'KSh 580.00'],
    ]);
    expect(screen.getByText('Balance due').parentElement).toHaveClass('font-bold');
  });

  it('shows a sale wholly on credit by its method and its balance due', () => {
    const onCredit = buildSale({
      payment_method: 'credit',
      payment_status: 'pending',
      payments: [{ method: 'credit', amount: 880, mpesa_code: null, mpesa_payment_id: null }],
      amount_paid: 880,
      change_amount: 0,
      balance_due: 880,
    });
    expect(paymentRows(onCredit)).toEqual([
      ['Total', 'KSh 880.00'],
      ['Payment method', 'Credit (pay later)'],
      ['Balance due', 'KSh 880.00'],
    ]);
  });

  it('shows no balance due once repayments have paid the credit', () => {
    const repaid = buildSale({
      payment_method: 'credit',
      payments: [{ method: 'credit', amount: 880, mpesa_code: null, mpesa_payment_id: null }],
      amount_paid: 880,
      change_amount: 0,
      balance_due: 0,
    });
    expect(paymentRows(repaid)).toEqual([
      ['Total', 'KSh 880.00'],
      ['Payment method', 'Credit (pay later)'],
    ]);
  });

  it('keeps the one-payment receipt as it was: cash tendered and change', () => {
    expect(paymentRows(buildSale())).toEqual([
      ['Total', 'KSh 880.00'],
      ['Payment method', 'Cash'],
      ['Cash tendered', 'KSh 1,000.00'],
      ['Change', 'KSh 120.00'],
    ]);
  });
});
