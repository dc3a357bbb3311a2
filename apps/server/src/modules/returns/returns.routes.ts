/**
 * /api/sales/{id}/returns (issue 24): managers take lines of a sale back and refund them; the
 * refund receipt goes by WhatsApp or SMS like a sale's. Every route acts on one store: another
 * store's sale is 404.
 */
import { idParamSchema } from '@duka/shared/api/errors.schemas';
import {
  createReturnSchema,
  returnParamsSchema,
  saleReturnResponseSchema,
} from '@duka/shared/returns/returns.schemas';
import {
  RECEIPT_CHANNELS,
  receiptSendResponseSchema,
  sendReceiptSchema,
} from '@duka/shared/sales/sales.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { sendRefundReceipt } from './refund-receipt.service';
import { createReturn } from './returns.service';

export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const create = { capability: 'returns:create', store: true } as const;
  const send = { capability: 'sales:send-receipt', store: true } as const;

  app.post(
    '/:id/returns',
    {
      config: { access: create },
      schema: {
        tags: ['sales'],
        params: idParamSchema,
        body: createReturnSchema,
        response: { 200: saleReturnResponseSchema, 201: saleReturnResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(
        request.headers['idempotency-key'],
        'return.idempotency_key_invalid',
      );
      const { saleReturn, replayed } = await createReturn(
        db,
        requireStoreId(request),
        requireAuth(request).user.id,
        request.params.id,
        request.body,
        key,
        app.deps.clock.now(),
      );
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ success: true, data: saleReturn });
    },
  );

  for (const channel of RECEIPT_CHANNELS) {
    app.post(
      `/:id/returns/:returnId/receipt/${channel}`,
      {
        config: { access: send },
        schema: {
          tags: ['sales'],
          params: returnParamsSchema,
          body: sendReceiptSchema,
          response: { 200: receiptSendResponseSchema },
        },
      },
      async (request) => {
        const data = await sendRefundReceipt(
          app.deps,
          requireStoreId(request),
          request.params.id,
          request.params.returnId,
          channel,
          request.body?.phone,
        );
        // A queued SMS goes out now rather than at the worker's next look.
        if (data.queued) app.jobs.kick();
        return { success: true as const, data };
      },
    );
  }
};
