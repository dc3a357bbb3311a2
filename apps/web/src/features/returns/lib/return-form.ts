/**
 * The return dialog's rules (issue 24), apart from its markup so they are tested on their own:
 * what is left of each line, the refund in integer cents as the server counts it (a line's
 * charged total pro rata; the delivery fee is no line), the payload, and the server's refusals
 * in the reader's language.
 */
import { WALK_IN_CUSTOMER } from '@duka/shared/customers/customers.schemas';
import { toCents } from '@duka/shared/money/money';
import {
  createReturnSchema,
  type CreateReturnInput,
  type RefundMethod,
} from '@duka/shared/returns/returns.schemas';
import { leftToReturn } from '@duka/shared/returns/returnable';
import type { Sale, SaleItem } from '@duka/shared/sales/sales.schemas';
import { ApiRequestError, errorMessage, isNetworkFailure } from '@/lib/api-client';
import { i18n, translateMessage } from '@/lib/i18n';

export { leftToReturn };

/** One line of the form: how many come back, and whether they go back on the shelf. */
export interface ReturnLine {
  quantity: number;
  restock: boolean;
}

export interface ReturnFormState {
  /** By sale item id; a line not in it (or at 0) is not returned. */
  lines: Record<number, ReturnLine>;
  method: RefundMethod;
  mpesaCode: string;
  reason: string;
}

export type ReturnFieldErrors = Partial<Record<'items' | 'mpesa_code' | 'reason', string>>;

/** The lines that can still come back, in the sale's order. */
export function returnableItems(sale: Pick<Sale, 'items'>): SaleItem[] {
  return sale.items.filter((item) => leftToReturn(item) > 0);
}

/** Nothing picked, everything back on the shelf, cash from the drawer. */
export function initialReturnForm(sale: Pick<Sale, 'items'>): ReturnFormState {
  const lines: Record<number, ReturnLine> = {};
  for (const item of returnableItems(sale)) lines[item.id] = { quantity: 0, restock: true };
  return { lines, method: 'cash', mpesaCode: '', reason: '' };
}

/** A typed or stepped quantity kept within 0..left (anything not a whole number is 0). */
export function clampQuantity(value: number, left: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(left, Math.max(0, Math.trunc(value)));
}

/**
 * Credit is offered only for a sale with a named customer: the Walk-in Customer owes nothing (a
 * sale's customer carries only the name, the one every store's walk-in is stored under).
 */
export function creditAllowed(sale: Pick<Sale, 'Customer'>): boolean {
  return sale.Customer !== null && sale.Customer.name !== WALK_IN_CUSTOMER;
}

/**
 * What `quantity` more units of a line refund, in integer cents, as the server counts it
 * (apps/server/src/modules/returns/returns.service.ts): the line's charged total pro rata,
 * cumulative — ⌊total × (r + q) / n⌋ − ⌊total × r / n⌋ with r already returned of n sold. That
 * is the unit price × q for a line sold at its price; for a line a cart discount was spread
 * over, what it was charged, and a line returned whole, over any number of returns, refunds
 * exactly its total.
 */
export function lineRefundCents(
  item: Pick<SaleItem, 'quantity' | 'returned_quantity' | 'total'>,
  quantity: number,
): number {
  if (quantity <= 0 || item.quantity <= 0) return 0;
  const total = BigInt(toCents(item.total) ?? 0);
  const sold = BigInt(item.quantity);
  const already = BigInt(item.returned_quantity);
  return Number((total * (already + BigInt(quantity))) / sold - (total * already) / sold);
}

/** The refund in integer cents: each picked line's share of what it was charged. */
export function refundCents(sale: Pick<Sale, 'items'>, lines: ReturnFormState['lines']): number {
  let cents = 0;
  for (const item of sale.items) cents += lineRefundCents(item, lines[item.id]?.quantity ?? 0);
  return cents;
}

/** The picked lines as the API takes them. */
export function pickedItems(
  sale: Pick<Sale, 'items'>,
  lines: ReturnFormState['lines'],
): CreateReturnInput['items'] {
  return sale.items.flatMap((item) => {
    const line = lines[item.id];
    if (!line || line.quantity <= 0) return [];
    return [{ sale_item_id: item.id, quantity: line.quantity, restock: line.restock }];
  });
}

/**
 * The form checked with the shared schema (the server's own rules): the payload, or the
 * messages by field.
 */
export function buildReturnInput(
  sale: Pick<Sale, 'items'>,
  form: ReturnFormState,
): { input: CreateReturnInput } | { errors: ReturnFieldErrors } {
  const parsed = createReturnSchema.safeParse({
    items: pickedItems(sale, form.lines),
    refund_method: form.method,
    mpesa_code: form.method === 'mpesa' ? form.mpesaCode : undefined,
    reason: form.reason,
  });
  if (parsed.success) return { input: parsed.data };
  const errors: ReturnFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'items' || field === 'mpesa_code' || field === 'reason') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { errors };
}

/** The server's 400 field messages, by the dialog's fields. */
export function serverFieldErrors(error: unknown): ReturnFieldErrors {
  const errors: ReturnFieldErrors = {};
  if (!(error instanceof ApiRequestError) || error.status !== 400) return errors;
  for (const { path, message } of error.errors) {
    const parts = path.split(/[./]/).filter(Boolean);
    const field = parts[0] === 'body' ? parts[1] : parts[0];
    if ((field === 'items' || field === 'mpesa_code' || field === 'reason') && !errors[field]) {
      errors[field] = message;
    }
  }
  return errors;
}

const OVER_RETURN = /^Only (\d+) left to return of (.+)$/;
const PRODUCT_GONE = /^(.+) is no longer in the catalogue: write it off$/;
const CREDIT_TOO_LARGE = /^The customer owes (.+): a refund off their credit can be at most that$/;

/**
 * Why the return was refused, in the reader's language: the 409s that carry a number or a name
 * (what is left of a line — in the line's unit when the sale names it —, a product deleted
 * since, what the customer owes) filled into the catalogue's words; no answer at all says the return may not be recorded and that a
 * retry is safe; anything else in the server's words.
 */
export function returnFailureMessage(error: unknown, sale?: Pick<Sale, 'items'>): string {
  const t = i18n.t.bind(i18n);
  if (isNetworkFailure(error)) return t('returns:dialog.noAnswer');
  if (!(error instanceof ApiRequestError)) return t('returns:dialog.failed');
  const message = error.serverMessage ?? '';
  const over = OVER_RETURN.exec(message);
  if (over) {
    const count = Number(over[1]);
    const product = over[2]!;
    const item = sale?.items.find((line) => line.Product.name === product);
    return item
      ? t('returns:dialog.overReturn', {
          count,
          product,
          unit: t(`returns:units.${item.unit_type}`, { count }),
        })
      : t('returns:dialog.overReturnPlain', { count, product });
  }
  const gone = PRODUCT_GONE.exec(message);
  if (gone) return t('returns:dialog.productGone', { product: gone[1]! });
  const credit = CREDIT_TOO_LARGE.exec(message);
  if (credit) return t('returns:dialog.creditTooLarge', { balance: credit[1]! });
  return translateMessage(errorMessage(error, t('returns:dialog.failed')));
}
