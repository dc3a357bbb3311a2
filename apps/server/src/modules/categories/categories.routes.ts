import { idParamSchema } from '@duka/shared/api/errors.schemas';
import { successResponseSchema } from '@duka/shared/auth/auth.schemas';
import {
  categoryInputSchema,
  categoryListResponseSchema,
  categoryResponseSchema,
} from '@duka/shared/categories/categories.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { presentCategory } from './categories.presenters';
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from './categories.service';

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const read = { capability: 'categories:read', store: true } as const;
  const manage = { capability: 'categories:manage', store: true } as const;

  // Spec §7: GET /categories answers a plain array.
  app.get(
    '/',
    {
      config: { access: read },
      schema: { tags: ['categories'], response: { 200: categoryListResponseSchema } },
    },
    async (request) => (await listCategories(db, requireStoreId(request))).map(presentCategory),
  );

  app.post(
    '/',
    {
      config: { access: manage },
      schema: {
        tags: ['categories'],
        body: categoryInputSchema,
        response: { 201: categoryResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await createCategory(db, requireStoreId(request), request.body);
      return reply.status(201).send({ success: true as const, data: presentCategory(row) });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: manage },
      schema: {
        tags: ['categories'],
        params: idParamSchema,
        body: categoryInputSchema,
        response: { 200: categoryResponseSchema },
      },
    },
    async (request) => {
      const row = await updateCategory(
        db,
        requireStoreId(request),
        request.params.id,
        request.body,
      );
      return { success: true as const, data: presentCategory(row) };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: manage },
      schema: {
        tags: ['categories'],
        params: idParamSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await deleteCategory(db, requireStoreId(request), request.params.id);
      return { success: true as const };
    },
  );
};
