/**
 * /api/customers for the till (issue 7): staff read the list and add a customer with a name and
 * a phone (PRODUCT.md §1, §4b). Updating, deleting and loyalty come with the customers page.
 */
import {
  createCustomerSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerResponseSchema,
} from '@duka/shared/customers/customers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { createCustomer, listCustomers, presentCustomer } from './customers.service';

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/',
    {
      config: { access: { capability: 'customers:read', store: true } },
      schema: {
        tags: ['customers'],
        querystring: customerListQuerySchema,
        response: { 200: customerListResponseSchema },
      },
    },
    async (request) => {
      const rows = await listCustomers(db, requireStoreId(request), request.query.q);
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
        response: { 201: customerResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await createCustomer(db, requireStoreId(request), request.body);
      return reply.status(201).send({ data: presentCustomer(row) });
    },
  );
};
