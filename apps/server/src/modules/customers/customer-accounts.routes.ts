/**
 * A customer's account (issue 21), under /api/customers: the statement, repayments of credit
 * and the statement sent as a reminder. Staff read it and take repayments (the till's customer
 * selector as well as /customers); every route acts on one store (PRODUCT.md §2).
 */
import { idParamSchema } from '@duka/shared/api/errors.schemas';
import {
  customerAccountResponseSchema,
  repaymentInputSchema,
  repaymentResponseSchema,
  sendStatementSchema,
  statementSendResponseSchema,
} from '@duka/shared/customers/customers.schemas';
import { RECEIPT_CHANNELS } from '@duka/shared/sales/sales.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { getCustomerAccount, recordRepayment } from './customer-accounts.service';
import { sendStatement } from './statement-send.service';

export const customerAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/:id/account',
    {
      config: { access: { capability: 'customers:read', store: true } },
      schema: {
        tags: ['customers'],
        params: idParamSchema,
        response: { 200: customerAccountResponseSchema },
      },
    },
    async (request) => ({
      data: await getCustomerAccount(db, requireStoreId(request), request.params.id),
    }),
  );

  app.post(
    '/:id/repayments',
    {
      config: { access: { capability: 'customers:repay', store: true } },
      schema: {
        tags: ['customers'],
        params: idParamSchema,
        body: repaymentInputSchema,
        response: { 200: repaymentResponseSchema, 201: repaymentResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(
        request.headers['idempotency-key'],
        'customers.idempotency_key_invalid',
      );
      const { repayment, replayed } = await recordRepayment(
        db,
        requireStoreId(request),
        requireAuth(request).user.id,
        request.params.id,
        request.body,
        key,
      );
      // As POST /sales: a replay is 200 with Idempotent-Replayed, a new repayment 201.
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ data: repayment });
    },
  );

  for (const channel of RECEIPT_CHANNELS) {
    app.post(
      `/:id/statement/${channel}`,
      {
        config: { access: { capability: 'customers:send-statement', store: true } },
        schema: {
          tags: ['customers'],
          params: idParamSchema,
          body: sendStatementSchema,
          response: { 200: statementSendResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await sendStatement(
          db,
          requireStoreId(request),
          request.params.id,
          channel,
          request.body?.phone,
        ),
      }),
    );
  }
};
