/**
 * The account statement as a reminder, for WhatsApp and SMS (issue 21), in the store's words
 * as its receipts are (receipt-text.ts: the business name, phone and M-Pesa till of its receipt
 * settings; English, as every server text is today). Dates in Africa/Nairobi.
 */
import type { AccountEntry } from '@duka/shared/customers/customers.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';

/** A reminder is short: the balance and the latest few entries (an SMS is 160 characters). */
export const STATEMENT_TEXT_ENTRIES = 3;

const dateFormat = new Intl.DateTimeFormat('en-KE', {
  timeZone: 'Africa/Nairobi',
  dateStyle: 'medium',
});

/** 'Mary' of 'Mary Njeri': the greeting is personal, the statement's name in full. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function entryLine(entry: AccountEntry): string {
  const when = dateFormat.format(new Date(entry.created_at));
  const what =
    entry.type === 'credit_sale'
      ? `Credit sale #${entry.sale_id} ${formatCurrency(entry.amount)}`
      : `Paid ${formatCurrency(entry.amount)} (${entry.method === 'mpesa' ? 'M-Pesa' : 'cash'})`;
  return `${when}: ${what}, balance ${formatCurrency(entry.balance_after)}`;
}

export function statementText(
  customer: { name: string; balance: number; oldest_unpaid_at: string | null },
  entries: readonly AccountEntry[],
  settings: ReceiptSettings,
): string {
  const lines = [
    `Hi ${firstName(customer.name)}, your balance at ${settings.business_name} is ${formatCurrency(customer.balance)}.`,
  ];
  if (customer.balance > 0 && customer.oldest_unpaid_at !== null) {
    lines.push(`Unpaid since ${dateFormat.format(new Date(customer.oldest_unpaid_at))}.`);
  }
  const latest = entries.slice(-STATEMENT_TEXT_ENTRIES);
  if (latest.length > 0) lines.push('', 'Latest:', ...latest.map(entryLine));
  if (customer.balance > 0) {
    lines.push('');
    if (settings.mpesa_till) lines.push(`Pay by M-Pesa till/paybill ${settings.mpesa_till}.`);
    if (settings.phone) lines.push(`Questions? Call ${settings.phone}.`);
  }
  lines.push('', 'Thank you!');
  return lines.join('\n');
}
