import { idParamSchema } from '@duka/shared/api/errors.schemas';
import {
  storeInputSchema,
  storeListResponseSchema,
  storeResponseSchema,
} from '@duka/shared/stores/stores.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/access.plugin';
import { presentStore } from './stores.presenters';
import {
  createStore,
  listStoresFor,
  listTransferDestinations,
  updateStore,
} from './stores.service';

export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/',
    {
      config: { access: { capability: 'stores:read' } },
      schema: { tags: ['stores'], response: { 200: storeListResponseSchema } },
    },
    async (request) => {
      const rows = await listStoresFor(db, requireAuth(request).user);
      return { success: true as const, data: rows.map(presentStore) };
    },
  );

  // Issue 25: the stores a transfer may go to, for those who send (an admin sees no other
  // store in GET /stores).
  app.get(
    '/transfer-destinations',
    {
      config: { access: { capability: 'transfers:send' } },
      schema: { tags: ['stores'], response: { 200: storeListResponseSchema } },
    },
    async (request) => {
      const rows = await listTransferDestinations(db, requireAuth(request).user);
      return { success: true as const, data: rows.map(presentStore) };
    },
  );

  app.post(
    '/',
    {
      config: { access: { capability: 'stores:manage' } },
      schema: { tags: ['stores'], body: storeInputSchema, response: { 201: storeResponseSchema } },
    },
    async (request, reply) => {
      const row = await createStore(db, request.body);
      return reply.status(201).send({ success: true as const, data: presentStore(row) });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: { capability: 'stores:manage' } },
      schema: {
        tags: ['stores'],
        params: idParamSchema,
        body: storeInputSchema.partial(),
        response: { 200: storeResponseSchema },
      },
    },
    async (request) => {
      const row = await updateStore(db, request.params.id, request.body);
      return { success: true as const, data: presentStore(row) };
    },
  );
};
