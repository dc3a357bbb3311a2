/**
 * /api/suppliers (spec §7). Staff read, create and update; deleting is for super_admin, admin
 * and manager (PRODUCT.md §1). Every route acts on one store (PRODUCT.md §2).
 */
import { idParamSchema } from '@duka/shared/api/errors.schemas';
import {
  createSupplierSchema,
  supplierDeleteResponseSchema,
  supplierListResponseSchema,
  supplierSchema,
  supplierSearchQuerySchema,
  supplierSearchResponseSchema,
  updateSupplierSchema,
} from '@duka/shared/suppliers/suppliers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { presentSupplier } from './suppliers.presenters';
import {
  createSupplier,
  deleteSupplier,
  getSupplier,
  listSuppliers,
  searchSuppliers,
  updateSupplier,
} from './suppliers.service';

export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const read = { capability: 'suppliers:read', store: true } as const;
  const write = { capability: 'suppliers:write', store: true } as const;
  const remove = { capability: 'suppliers:delete', store: true } as const;

  // A plain array: the spec reads "an array or data.data", and the array is the simpler of the two.
  app.get(
    '/',
    {
      config: { access: read },
      schema: { tags: ['suppliers'], response: { 200: supplierListResponseSchema } },
    },
    async (request) => {
      const rows = await listSuppliers(db, requireStoreId(request));
      return rows.map(presentSupplier);
    },
  );

  // Declared before /:id so 'search' is never read as an id.
  app.get(
    '/search',
    {
      config: { access: read },
      schema: {
        tags: ['suppliers'],
        querystring: supplierSearchQuerySchema,
        response: { 200: supplierSearchResponseSchema },
      },
    },
    async (request) => {
      const rows = await searchSuppliers(db, requireStoreId(request), request.query.q);
      return { data: rows.map(presentSupplier) };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: read },
      schema: { tags: ['suppliers'], params: idParamSchema, response: { 200: supplierSchema } },
    },
    async (request) =>
      presentSupplier(await getSupplier(db, requireStoreId(request), request.params.id)),
  );

  app.post(
    '/',
    {
      config: { access: write },
      schema: {
        tags: ['suppliers'],
        body: createSupplierSchema,
        response: { 201: supplierSchema },
      },
    },
    async (request, reply) => {
      const row = await createSupplier(db, requireStoreId(request), request.body);
      return reply.status(201).send(presentSupplier(row));
    },
  );

  app.put(
    '/:id',
    {
      config: { access: write },
      schema: {
        tags: ['suppliers'],
        params: idParamSchema,
        body: updateSupplierSchema,
        response: { 200: supplierSchema },
      },
    },
    async (request) => {
      const row = await updateSupplier(
        db,
        requireStoreId(request),
        request.params.id,
        request.body,
      );
      return presentSupplier(row);
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: remove },
      schema: {
        tags: ['suppliers'],
        params: idParamSchema,
        response: { 200: supplierDeleteResponseSchema },
      },
    },
    async (request) => {
      const deactivated = await deleteSupplier(db, requireStoreId(request), request.params.id);
      return { success: true as const, deactivated };
    },
  );
};
