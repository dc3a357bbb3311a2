/**
 * /api/product-suppliers (spec §7: GET and POST). Staff read and create (PRODUCT.md §1); every
 * route acts on one store (PRODUCT.md §2).
 */
import {
  createProductSupplierSchema,
  productSupplierListResponseSchema,
  productSupplierQuerySchema,
  productSupplierSchema,
} from '@duka/shared/suppliers/product-suppliers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { presentLink } from './product-suppliers.presenters';
import { linkProductSupplier, listLinks } from './product-suppliers.service';

export const productSuppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['product-suppliers'];

  app.get(
    '/',
    {
      config: { access: { capability: 'suppliers:read', store: true } },
      schema: {
        tags,
        querystring: productSupplierQuerySchema,
        response: { 200: productSupplierListResponseSchema },
      },
    },
    async (request) => {
      const rows = await listLinks(db, requireStoreId(request), request.query);
      return rows.map(presentLink);
    },
  );

  // 201 with a new link; 200 with the existing one when the pair is already linked.
  app.post(
    '/',
    {
      config: { access: { capability: 'suppliers:write', store: true } },
      schema: {
        tags,
        body: createProductSupplierSchema,
        response: { 200: productSupplierSchema, 201: productSupplierSchema },
      },
    },
    async (request, reply) => {
      const { row, created } = await linkProductSupplier(db, requireStoreId(request), request.body);
      return reply.status(created ? 201 : 200).send(presentLink(row));
    },
  );
};
