/**
 * What Safaricom posts for a payment a customer makes to the store's till or paybill (issue 23,
 * C2B; research notes §1.3): /api/hooks/daraja/{token}/validation and …/confirmation. No
 * session, no CSRF: the store's Daraja hook token in the path is checked first (lib/access.plugin
 * `{ webhook: 'daraja' }`, anything else a 404) and names the store. A well-formed body is always
 * answered `{ ResultCode: 0, ResultDesc: 'Accepted' }` (Safaricom retries otherwise); a
 * malformed one is a 400 and changes nothing.
 *
 * Validation accepts every payment: External Validation is off unless Safaricom enables it, and
 * refusing (C2B00015 for another shortcode) would turn a customer's money away for a setting of
 * ours; the confirmation decides what is kept (c2b.service.ts).
 */
import { c2bPaymentSchema, DARAJA_ACK, darajaAckSchema } from '@duka/shared/payments/mpesa.schemas';
import { webhookTokenParamsSchema } from '@duka/shared/webhooks/webhooks.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { c2bAmountOf, recordC2bConfirmation } from './c2b.service';

export const c2bHooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const hook = {
    config: { access: { webhook: 'daraja' as const } },
    schema: {
      tags: ['payments'],
      params: webhookTokenParamsSchema,
      body: c2bPaymentSchema,
      response: { 200: darajaAckSchema },
    },
  };

  app.post('/:token/validation', hook, async (request) => {
    // A malformed amount is a malformed body (400), as on the confirmation.
    c2bAmountOf(request.body.TransAmount);
    return DARAJA_ACK;
  });

  app.post('/:token/confirmation', hook, async (request) => {
    await recordC2bConfirmation(app.deps, requireStoreId(request), request.body);
    return DARAJA_ACK;
  });
};
