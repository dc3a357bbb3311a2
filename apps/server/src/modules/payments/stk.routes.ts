/**
 * STK push at the till (issue 23, decisions/0013 "STK push"), under /api/payments/mpesa:
 * - POST /stk: send the prompt to the customer's phone → 201 { id, status: 'pending',
 *   checkout_request_id }; 409 when the store's M-Pesa settings are incomplete; Daraja's
 *   refusal in plain words (stk.service promptRefusal).
 * - GET /{id}: the request's status, for the till to poll (an id of a received C2B payment or
 *   of another store's request: 404).
 */
import {
  mpesaPaymentParamsSchema,
  stkCreatedSchema,
  stkPushInputSchema,
  stkStatusResponseSchema,
} from '@duka/shared/payments/mpesa.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { sendStkPush, stkStatus } from './stk.service';

export const stkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stk',
    {
      config: { access: { capability: 'mpesa:prompt', store: true } },
      schema: {
        tags: ['payments'],
        body: stkPushInputSchema,
        response: { 201: stkCreatedSchema },
      },
    },
    async (request, reply) => {
      // Safaricom calls back at PUBLIC_URL, else where this request came (a LAN install).
      const origin = app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const data = await sendStkPush(
        app.deps,
        requireStoreId(request),
        requireAuth(request).user.id,
        request.body,
        origin,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/:id',
    {
      config: { access: { capability: 'mpesa:prompt', store: true } },
      schema: {
        tags: ['payments'],
        params: mpesaPaymentParamsSchema,
        response: { 200: stkStatusResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await stkStatus(app.deps.db, requireStoreId(request), request.params.id),
    }),
  );
};
