/**
 * A credit or split payment's arithmetic (issue 21), in integer cents, as the server checks it:
 * every part above 0; the parts add up to at least the total; what they pay beyond it is change,
 * given only in cash, by the server's own rule (changeFrom in @duka/shared/sales/payments: the
 * cash parts cover it, and it comes off the largest, which stays above 0); one credit part, for a named customer
 * (never the Walk-in Customer) and within their credit limit when they have one of their own
 * (the store's default limit is the server's to apply: its 409 says so); an M-Pesa code used
 * once. Loaded with the payment parts' fields, not with the till.
 */
import { toCents } from '@duka/shared/money/money';
import { changeFrom } from '@duka/shared/sales/payments';
import type { PaymentPartMethod } from '@duka/shared/sales/sales.schemas';
import { normaliseMpesaCode, type PaymentPlan, type PlannedPayment } from './checkout';

/** A part as its fields hold it. */
export interface PartDraft {
  /** Stable across edits, for React and the fields' ids. */
  key: number;
  method: PaymentPartMethod;
  /** As typed. */
  amount: string;
  mpesaCode: string;
  /** Issue 23: a paid prompt or received payment attached to this M-Pesa part. */
  mpesaPaymentId?: number;
}

/** What the checkout knows of the sale's customer: is it a named one, what do they owe. */
export interface CreditCustomer {
  is_walk_in: boolean;
  /** KSh owed; absent from a server older than issue 21. */
  balance?: number;
  credit_limit?: number | null;
}

/** Why Complete Sale stays disabled, the most pressing first; 'left' is shown as Left to pay. */
export type PlanProblem =
  'creditNeedsCustomer' | 'sameCode' | 'left' | 'changeNotCash' | 'creditLimit';

export interface PlanDetails extends PaymentPlan {
  leftCents: number;
  creditCents: number;
  /** What the customer may still take on credit under their own limit; null for no own limit. */
  creditRoomCents: number | null;
  problem: PlanProblem | null;
}

function positiveCents(value: unknown): number {
  const parsed = toCents(value);
  return parsed !== null && parsed > 0 ? parsed : 0;
}

/** The parts above 0 (an empty field is a part not taken), as they will be sent. */
export function plannedParts(drafts: readonly PartDraft[]): PlannedPayment[] {
  return drafts
    .map((draft) => ({
      method: draft.method,
      amountCents: positiveCents(draft.amount),
      mpesaCode: draft.method === 'mpesa' ? normaliseMpesaCode(draft.mpesaCode) : '',
      ...(draft.method === 'mpesa' && draft.mpesaPaymentId !== undefined
        ? { mpesaPaymentId: draft.mpesaPaymentId }
        : {}),
    }))
    .filter((part) => part.amountCents > 0);
}

function sumOf(parts: readonly PlannedPayment[], method?: PaymentPartMethod): number {
  return parts
    .filter((part) => method === undefined || part.method === method)
    .reduce((sum, part) => sum + part.amountCents, 0);
}

/** The plan of these parts for a sale of `totalCents` to `customer` (null: none resolved). */
export function planPayment(
  drafts: readonly PartDraft[],
  totalCents: number,
  customer: CreditCustomer | null,
): PlanDetails {
  const parts = plannedParts(drafts);
  const paidCents = sumOf(parts);
  const creditCents = sumOf(parts, 'credit');
  const leftCents = Math.max(0, totalCents - paidCents);
  const excessCents = Math.max(0, paidCents - totalCents);
  const limitCents =
    customer?.credit_limit === null || customer?.credit_limit === undefined
      ? null
      : positiveCents(customer.credit_limit);
  const creditRoomCents =
    limitCents === null ? null : Math.max(0, limitCents - positiveCents(customer?.balance ?? 0));
  const codes = parts.map((part) => part.mpesaCode).filter(Boolean);
  const change = changeFrom(
    parts.map((part) => ({ method: part.method, amount: part.amountCents })),
    excessCents,
  );

  let problem: PlanProblem | null = null;
  if (creditCents > 0 && (customer === null || customer.is_walk_in)) {
    problem = 'creditNeedsCustomer';
  } else if (new Set(codes).size < codes.length) problem = 'sameCode';
  else if (parts.length === 0 || leftCents > 0) problem = 'left';
  else if (!change.ok) problem = 'changeNotCash';
  else if (creditRoomCents !== null && creditCents > creditRoomCents) problem = 'creditLimit';

  return {
    parts,
    paidCents,
    // Change only ever comes from cash: none is given while the rule refuses it.
    changeCents: change.ok ? excessCents : 0,
    ready: problem === null,
    leftCents,
    creditCents,
    creditRoomCents,
    problem,
  };
}
