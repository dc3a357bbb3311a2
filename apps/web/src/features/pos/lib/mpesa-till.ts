/**
 * The till's M-Pesa rules (issue 23), pure: what a prompt's answer means to the cashier, which
 * received payment may pay a part, and which one picks itself (a paybill payment made to this
 * checkout's reference). Loaded with the M-Pesa panel.
 */
import { toCents } from '@duka/shared/money/money';
import {
  STK_RESULT_KEYS,
  type ReceivedPayment,
  type StkStatusView,
} from '@duka/shared/payments/mpesa.schemas';

/** A catalogue key under pos:mpesa.result. */
export type StkResultKey =
  | 'insufficient'
  | 'cancelled'
  | 'unreachable'
  | 'wrongPin'
  | 'expired'
  | 'tooSoon'
  | 'timeout'
  | 'other';

export type StkOutcome =
  | { kind: 'waiting' }
  | { kind: 'paid'; id: number; receipt: string | null }
  | { kind: 'failed'; key: StkResultKey; desc: string | null };

/** The catalogue key for Daraja's ResultCode (STK_RESULT_KEYS), 'other' for any other. */
export function stkResultKey(code: string | null): StkResultKey {
  const key = code === null ? undefined : STK_RESULT_KEYS[code.trim()];
  return key ? (key.replace(/^mpesa\.result\./, '') as StkResultKey) : 'other';
}

/** What the prompt's status means at the till. */
export function stkOutcome(status: StkStatusView): StkOutcome {
  if (status.status === 'pending') return { kind: 'waiting' };
  if (status.status === 'paid') {
    return { kind: 'paid', id: status.id, receipt: status.mpesa_receipt };
  }
  return { kind: 'failed', key: stkResultKey(status.result_code), desc: status.result_desc };
}

/** A received payment pays a part of `dueCents` only when it is at least that much. */
export function covers(payment: Pick<ReceivedPayment, 'amount'>, dueCents: number): boolean {
  return (toCents(payment.amount) ?? 0) >= dueCents;
}

/**
 * The unmatched payment a customer made to this checkout's reference (a paybill's account
 * number), large enough and not refused before; null when there is none.
 */
export function paymentForReference(
  received: readonly ReceivedPayment[],
  reference: string,
  dueCents: number,
  refused: ReadonlySet<number>,
): ReceivedPayment | null {
  const wanted = reference.trim().toUpperCase();
  return (
    received.find(
      (payment) =>
        payment.sale_id === null &&
        payment.bill_ref !== null &&
        payment.bill_ref.trim().toUpperCase() === wanted &&
        covers(payment, dueCents) &&
        !refused.has(payment.id),
    ) ?? null
  );
}
