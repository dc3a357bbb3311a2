import { z } from 'zod';

/**
 * Where the latest SMS receipt sent through the provider stands (issue 21): queued (waiting for
 * or between attempts), sent (the provider took it; the badge is on), delivered (the provider's
 * delivery report said so), failed (no attempt left, or refused: `sms_error` says why). null:
 * none was ever sent through the provider.
 */
export const SMS_RECEIPT_STATES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type SmsReceiptState = (typeof SMS_RECEIPT_STATES)[number];

/** A sale's receipt badges (spec §3 receipt_status), with the SMS send's state and reason. */
export const receiptStatusSchema = z.object({
  sms: z.boolean(),
  whatsapp: z.boolean(),
  sms_state: z.enum(SMS_RECEIPT_STATES).nullable(),
  sms_error: z.string().nullable(),
});
export type ReceiptStatus = z.infer<typeof receiptStatusSchema>;
