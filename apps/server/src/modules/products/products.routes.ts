import { idParamSchema } from '@duka/shared/api/errors.schemas';
import {
  createProductSchema,
  movementListQuerySchema,
  movementListResponseSchema,
  productDeleteResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
  updateProductSchema,
} from '@duka/shared/products/products.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listMovements,
  listProducts,
  presentFor,
  presentProduct,
  searchProducts,
  updateProduct,
} from './products.service';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const read = { capability: 'products:read', store: true } as const;
  const write = { capability: 'products:write', store: true } as const;

  // Spec §7: the list is read as data.data; shoppers get active products and selling prices.
  app.get(
    '/',
    {
      config: { access: read },
      schema: {
        tags: ['products'],
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (request) => {
      const { role } = requireAuth(request).user;
      const page = await listProducts(db, role, requireStoreId(request), request.query);
      return { ...page, data: page.data.map((row) => presentFor(role, row)) };
    },
  );

  app.get(
    '/search',
    {
      config: { access: read },
      schema: {
        tags: ['products'],
        querystring: productSearchQuerySchema,
        response: { 200: productSearchResponseSchema },
      },
    },
    async (request) => {
      const { role } = requireAuth(request).user;
      const rows = await searchProducts(db, role, requireStoreId(request), request.query.q);
      return { data: rows.map((row) => presentFor(role, row)) };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: read },
      schema: {
        tags: ['products'],
        params: idParamSchema,
        response: { 200: productResponseSchema },
      },
    },
    async (request) => {
      const { role } = requireAuth(request).user;
      const row = await getProduct(db, role, requireStoreId(request), request.params.id);
      return { success: true as const, data: presentFor(role, row) };
    },
  );

  app.get(
    '/:id/movements',
    {
      config: { access: { capability: 'products:history', store: true } },
      schema: {
        tags: ['products'],
        params: idParamSchema,
        querystring: movementListQuerySchema,
        response: { 200: movementListResponseSchema },
      },
    },
    async (request) => listMovements(db, requireStoreId(request), request.params.id, request.query),
  );

  app.post(
    '/',
    {
      config: { access: write },
      schema: {
        tags: ['products'],
        body: createProductSchema,
        response: { 201: productResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const row = await createProduct(db, requireStoreId(request), auth.user.id, request.body);
      return reply.status(201).send({ success: true as const, data: presentProduct(row) });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: write },
      schema: {
        tags: ['products'],
        params: idParamSchema,
        body: updateProductSchema,
        response: { 200: productResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await updateProduct(
        db,
        requireStoreId(request),
        auth.user.id,
        request.params.id,
        request.body,
      );
      return { success: true as const, data: presentProduct(row) };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: { capability: 'products:delete', store: true } },
      schema: {
        tags: ['products'],
        params: idParamSchema,
        response: { 200: productDeleteResponseSchema },
      },
    },
    async (request) => {
      const deactivated = await deleteProduct(db, requireStoreId(request), request.params.id);
      return { success: true as const, deactivated };
    },
  );
};
