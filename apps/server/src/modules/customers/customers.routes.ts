/**
 * /api/customers (spec §7; issue 7, issue 9). Staff read the list and add a customer (the till's
 * quick add sends a name and a phone); managers edit and delete (PRODUCT.md §1). A customer's
 * loyalty points and history are read here too; adjustments live under /api/loyalty. The
 * account, repayments and statements (issue 21) are customer-accounts.routes.ts.
 */
import { idParamSchema } from '@duka/shared/api/errors.schemas';
import {
  createCustomerSchema,
  customerDeleteResponseSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerResponseSchema,
  loyaltyPointsResponseSchema,
  loyaltyTransactionsResponseSchema,
  updateCustomerSchema,
} from '@duka/shared/customers/customers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { presentCustomer } from './customers.presenters';
import { createCustomer, deleteCustomer, listCustomers, updateCustomer } from './customers.service';
import { getLoyaltyPoints, listLoyaltyTransactions } from './loyalty.service';

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const read = { capability: 'customers:read', store: true } as const;
  const manage = { capability: 'customers:manage', store: true } as const;

  app.get(
    '/',
    {
      config: { access: read },
      schema: {
        tags: ['customers'],
        querystring: customerListQuerySchema,
        response: { 200: customerListResponseSchema },
      },
    },
    async (request) => {
      const rows = await listCustomers(db, requireStoreId(request), request.query);
      return { data: rows.map(presentCustomer) };
    },
  );

  app.post(
    '/',
    {
      config: { access: { capability: 'customers:create', store: true } },
      schema: {
        tags: ['customers'],
        body: createCustomerSchema,
        response: { 200: customerResponseSchema, 201: customerResponseSchema },
      },
    },
    async (request, reply) => {
      // A client id sent again (an offline till's retried upload) answers the first customer.
      const { row, created } = await createCustomer(db, requireStoreId(request), request.body);
      return reply.status(created ? 201 : 200).send({ data: presentCustomer(row) });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: manage },
      schema: {
        tags: ['customers'],
        params: idParamSchema,
        body: updateCustomerSchema,
        response: { 200: customerResponseSchema },
      },
    },
    async (request) => {
      const row = await updateCustomer(
        db,
        requireStoreId(request),
        request.params.id,
        request.body,
        requireAuth(request).user.role,
      );
      return { data: presentCustomer(row) };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: manage },
      schema: {
        tags: ['customers'],
        params: idParamSchema,
        response: { 200: customerDeleteResponseSchema },
      },
    },
    async (request) => {
      const archived = await deleteCustomer(db, requireStoreId(request), request.params.id);
      return { success: true as const, archived };
    },
  );

  app.get(
    '/:id/loyalty/points',
    {
      config: { access: read },
      schema: {
        tags: ['loyalty'],
        params: idParamSchema,
        response: { 200: loyaltyPointsResponseSchema },
      },
    },
    async (request) => ({
      data: await getLoyaltyPoints(db, requireStoreId(request), request.params.id),
    }),
  );

  app.get(
    '/:id/loyalty/transactions',
    {
      config: { access: read },
      schema: {
        tags: ['loyalty'],
        params: idParamSchema,
        response: { 200: loyaltyTransactionsResponseSchema },
      },
    },
    async (request) => ({
      data: await listLoyaltyTransactions(db, requireStoreId(request), request.params.id),
    }),
  );
};
