/**
 * Calls from outside services (issue 21). Each store has one secret in the addresses it gives
 * them (/api/webhooks/{token}/…); a manager reads them with GET /stores/{id}/webhooks.
 *
 * Africa's Talking's SMS delivery report (research notes §2.1): a form-encoded POST with the
 * message's `id`, its `status` (Sent, Submitted, Buffered, Rejected, Success, Failed, …) and,
 * when it failed, `failureReason`; also `phoneNumber`, `networkCode`, `retryCount`.
 */
import { z } from 'zod';
import { idSchema, textSchema } from '../api/primitives';

export const webhookTokenParamsSchema = z.object({
  token: textSchema({ label: 'token', max: 100, min: 1 }),
});

export const smsDeliveryReportSchema = z.object({
  id: textSchema({ label: 'id', max: 100, min: 1 }),
  status: textSchema({ label: 'status', max: 50, min: 1 }),
  failureReason: textSchema({ label: 'failureReason', max: 200 }).optional(),
  phoneNumber: textSchema({ label: 'phoneNumber', max: 30 }).optional(),
  networkCode: textSchema({ label: 'networkCode', max: 20 }).optional(),
  retryCount: textSchema({ label: 'retryCount', max: 10 }).optional(),
});
export type SmsDeliveryReport = z.infer<typeof smsDeliveryReportSchema>;

/** What a webhook answers a well-formed call: received (a repeat too: `duplicate`). */
export const webhookAckSchema = z.object({
  success: z.literal(true),
  duplicate: z.boolean(),
});

export const storeWebhooksParamsSchema = z.object({ storeId: idSchema('Invalid store') });
export const storeWebhooksResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Give it to Africa's Talking as the SMS delivery reports callback. */
    sms_delivery_reports_url: z.string(),
  }),
});
