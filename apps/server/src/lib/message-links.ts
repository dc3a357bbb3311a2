/**
 * The links the web app opens to send a text from the person's own phone (PRODUCT.md §4): a
 * WhatsApp chat (wa.me) or an SMS (sms:). Receipts (modules/sales/receipt-text.ts) and account
 * statements (modules/customers/statement-send.service.ts, issue 21) use them.
 */

/** '+254712345678' → '254712345678', the digits-only form wa.me wants (research notes §2.2). */
export function waNumber(phone: string): string {
  return phone.replace(/\D/g, '');
}

export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${waNumber(phone)}?text=${encodeURIComponent(text)}`;
}

export function smsLink(phone: string, text: string): string {
  return `sms:${phone}?body=${encodeURIComponent(text)}`;
}
