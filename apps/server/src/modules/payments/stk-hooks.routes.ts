/**
 * Safaricom's STK push callback (issue 23, decisions/0013 "STK push"):
 * POST /api/hooks/daraja/{token}/stk, the CallBackURL of every prompt a store sends. No session,
 * no CSRF: the gate (lib/access.plugin.ts, `{ webhook: 'daraja' }`) finds the store by the
 * token before the body is read, 404 otherwise. Safaricom posts JSON; a malformed body is 400,
 * any well-formed one is acknowledged (DARAJA_ACK), whether it changed something or not —
 * Safaricom retries anything else.
 */
import { webhookTokenParamsSchema } from '@duka/shared/webhooks/webhooks.schemas';
import {
  DARAJA_ACK,
  darajaAckSchema,
  stkCallbackSchema,
} from '@duka/shared/payments/mpesa.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { applyStkCallback } from './stk-callback.service';

export const stkHooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:token/stk',
    {
      config: { access: { webhook: 'daraja' } },
      schema: {
        tags: ['webhooks'],
        params: webhookTokenParamsSchema,
        body: stkCallbackSchema,
        response: { 200: darajaAckSchema },
      },
    },
    async (request) => {
      const storeId = requireStoreId(request);
      const { db, clock } = app.deps;
      const outcome = await db.transaction((tx) =>
        applyStkCallback(tx, storeId, request.body, clock.now(), (message, details) =>
          request.log.warn({ storeId, ...details }, message),
        ),
      );
      request.log.info(
        { storeId, checkoutRequestId: request.body.Body.stkCallback.CheckoutRequestID, outcome },
        'STK callback',
      );
      return DARAJA_ACK;
    },
  );
};
