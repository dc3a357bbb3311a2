/**
 * How a sale is paid (issue 21; docs/decisions/0009), in integer cents: the rules across the
 * parts of a split payment, shared by the server (sales.service.ts, which answers them as 400s)
 * and the till (which can say the same before sending).
 *
 * Without `payments`, the sale is one payment of `payment_method` for the total, as before
 * issue 21: cash (what was tendered, at least the total, the rest change), M-Pesa (the total)
 * or credit (the whole total owed). With `payments`, the parts add up to at least the total;
 * the excess is change, given only in cash, as the contract says: only when there is a
 * cash part at least that large ('Change can only be given in cash'); it comes off the largest
 * cash part (the first of equals), so a written cash part is net of change, and a cash part
 * handed back whole as change is not written (a part is above 0); one credit part at most; an
 * M-Pesa code once.
 * `payment_method` may be left out, or sent as 'split' whatever the parts, or as the single
 * method of the parts. The sale's method is the single method of its parts, or 'split'.
 * The till (apps/web payment-parts.ts) checks the change with the same changeProblem.
 */
import type { PaymentPartMethod, SalePaymentMethod } from './sales.schemas';

export interface PaymentPartInput {
  method: PaymentPartMethod;
  amount: number;
  mpesa_code?: string | undefined;
}

export interface PaymentsInput {
  payment_method?: SalePaymentMethod | undefined;
  payments?: PaymentPartInput[] | undefined;
  amount_paid?: number | undefined;
  mpesa_code?: string | undefined;
}

/** A part as written: amount > 0, cash net of the change. */
export interface SettledPart {
  method: PaymentPartMethod;
  amount: number;
  mpesa_code: string | null;
}

export interface SettledPayments {
  /** The sale's payment_method: the single method of its parts, or 'split'. */
  method: SalePaymentMethod;
  /** The parts as written (cash net of change); none for a sale of total 0. */
  parts: SettledPart[];
  /** What was tendered in all (the parts as given): the total plus the change. */
  tendered: number;
  change: number;
  /** The credit part (0 when none): what the customer will owe. */
  credit: number;
  /** The sale's M-Pesa code: its first M-Pesa part's, or null. */
  mpesaCode: string | null;
}

export type PaymentProblem =
  | { code: 'method_required'; path: 'payment_method'; message: string }
  | { code: 'split_needs_payments'; path: 'payment_method'; message: string }
  | { code: 'method_mismatch'; path: 'payment_method'; message: string }
  | { code: 'amount_too_low'; path: 'amount_paid' | 'payments'; message: string }
  | { code: 'one_credit_part'; path: 'payments'; message: string }
  | { code: 'mpesa_code_reused'; path: `payments.${number}.mpesa_code`; message: string }
  | { code: 'change_not_cash'; path: 'payments'; message: string };

export const AMOUNT_TOO_LOW = 'Amount tendered must be at least total';
export const CHANGE_NOT_CASH = 'Change can only be given in cash';

/**
 * The one change rule (server and till): change is given only when a cash part is at least
 * that large, and comes off the largest cash part (the first of equals). Answers that part's
 * index (-1 for no change), or 'change_not_cash' when no cash part covers the change.
 */
export function changeFrom(
  parts: readonly { method: PaymentPartMethod; amount: number }[],
  change: number,
): { ok: true; index: number } | { ok: false; code: 'change_not_cash' } {
  if (change <= 0) return { ok: true, index: -1 };
  let largest = -1;
  for (const [index, part] of parts.entries()) {
    if (part.method !== 'cash') continue;
    if (largest < 0 || part.amount > parts[largest]!.amount) largest = index;
  }
  if (largest < 0 || parts[largest]!.amount < change) return { ok: false, code: 'change_not_cash' };
  return { ok: true, index: largest };
}

/** The sale's method for parts of these methods: the single one, or 'split'. */
export function saleMethodOf(methods: readonly PaymentPartMethod[]): SalePaymentMethod {
  const distinct = new Set(methods);
  const [only] = distinct;
  return distinct.size === 1 && only ? only : 'split';
}

/** The payment of a sale of `total` cents, or the first rule it breaks. */
export function settlePayments(
  total: number,
  input: PaymentsInput,
): { ok: true; value: SettledPayments } | { ok: false; problem: PaymentProblem } {
  const fail = (problem: PaymentProblem) => ({ ok: false as const, problem });
  if (input.payments === undefined) {
    const method = input.payment_method;
    if (method === undefined) {
      return fail({
        code: 'method_required',
        path: 'payment_method',
        message: 'Payment method must be cash, mpesa, credit or split',
      });
    }
    if (method === 'split') {
      return fail({
        code: 'split_needs_payments',
        path: 'payment_method',
        message: 'Split payment needs its payments',
      });
    }
    // Cash: what was tendered (at least the total) and the change. M-Pesa, credit: the total.
    const tendered = method === 'cash' ? (input.amount_paid ?? total) : total;
    if (tendered < total) {
      return fail({ code: 'amount_too_low', path: 'amount_paid', message: AMOUNT_TOO_LOW });
    }
    const mpesaCode = method === 'mpesa' && input.mpesa_code ? input.mpesa_code : null;
    return {
      ok: true,
      value: {
        method,
        parts: total > 0 ? [{ method, amount: total, mpesa_code: mpesaCode }] : [],
        tendered,
        change: tendered - total,
        credit: method === 'credit' ? total : 0,
        mpesaCode,
      },
    };
  }

  const given = input.payments;
  const method = saleMethodOf(given.map((part) => part.method));
  // 'split' is accepted whatever the parts; a single method must be the parts' own.
  if (
    input.payment_method !== undefined &&
    input.payment_method !== 'split' &&
    input.payment_method !== method
  ) {
    return fail({
      code: 'method_mismatch',
      path: 'payment_method',
      message: `Payment method must be ${method} for these payments`,
    });
  }
  if (given.filter((part) => part.method === 'credit').length > 1) {
    return fail({
      code: 'one_credit_part',
      path: 'payments',
      message: 'A sale can have only one credit part',
    });
  }
  const codes = new Set<string>();
  for (const [index, part] of given.entries()) {
    if (part.method !== 'mpesa' || !part.mpesa_code) continue;
    if (codes.has(part.mpesa_code)) {
      return fail({
        code: 'mpesa_code_reused',
        path: `payments.${index}.mpesa_code`,
        message: 'Each M-Pesa part needs its own code',
      });
    }
    codes.add(part.mpesa_code);
  }
  const tendered = given.reduce((sum, part) => sum + part.amount, 0);
  if (tendered < total) {
    return fail({ code: 'amount_too_low', path: 'payments', message: AMOUNT_TOO_LOW });
  }
  const change = tendered - total;
  const from = changeFrom(given, change);
  if (!from.ok) {
    return fail({ code: from.code, path: 'payments', message: CHANGE_NOT_CASH });
  }
  // A cash part handed back whole as change is no part of the payment (parts are above 0).
  const parts: SettledPart[] = given
    .map((part, index) => ({
      method: part.method,
      amount: index === from.index ? part.amount - change : part.amount,
      mpesa_code: part.method === 'mpesa' && part.mpesa_code ? part.mpesa_code : null,
    }))
    .filter((part) => part.amount > 0);
  return {
    ok: true,
    value: {
      method: saleMethodOf(parts.map((part) => part.method)),
      parts,
      tendered,
      change,
      credit: parts.find((part) => part.method === 'credit')?.amount ?? 0,
      mpesaCode: parts.find((part) => part.method === 'mpesa')?.mpesa_code ?? null,
    },
  };
}
