import type { Shift, ShiftReport } from '@duka/shared/shifts/shifts.schemas';

/** Achieng's shift, opened at 08:02 in Nairobi with a float of KSh 2,000 (tests only). */
export const OPEN_SHIFT: Shift = {
  id: 7,
  store_id: 1,
  status: 'open',
  User: { id: 3, name: 'Achieng Otieno' },
  opening_float: 2000,
  opened_at: '2026-11-26T05:02:00.000Z',
  closed_at: null,
  closed_by: null,
  expected_cash: null,
  counted_cash: null,
  difference: null,
  note: null,
};

/** Its X report: 2000 + 1500 − 300 − 100 + 200 + 500 − 250 = 3550 expected in the drawer. */
export const X_REPORT: ShiftReport = {
  ...OPEN_SHIFT,
  cash_sales: 1500,
  change_given: 300,
  cash_refunds: 100,
  cash_repayments: 200,
  pay_ins: 500,
  pay_outs: 250,
  expected_cash: 3550,
  mpesa_total: 800,
  credit_total: 400,
  mpesa_refunds: 60,
  credit_refunds: 0,
  sales_total: 2400,
  sales_count: 6,
  returns_count: 1,
  denominations: null,
  movements: [
    {
      id: 1,
      type: 'pay_out',
      amount: 250,
      reason: 'Transport',
      expense_id: 12,
      User: { id: 3, name: 'Achieng Otieno' },
      created_at: '2026-11-26T07:15:00.000Z',
    },
    {
      id: 2,
      type: 'pay_in',
      amount: 500,
      reason: 'Change from the bank',
      expense_id: null,
      User: { id: 3, name: 'Achieng Otieno' },
      created_at: '2026-11-26T08:00:00.000Z',
    },
  ],
};

/** The Z report of a count of 3 × 1000 + 1 × 500 = 3500: short by 50. */
export const Z_REPORT: ShiftReport = {
  ...X_REPORT,
  status: 'closed',
  closed_at: '2026-11-26T15:30:00.000Z',
  closed_by: { id: 3, name: 'Achieng Otieno' },
  counted_cash: 3500,
  difference: -50,
  denominations: { '1000': 3, '500': 1 },
};
