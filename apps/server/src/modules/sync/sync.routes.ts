/**
 * /api/sync (issue 22, decisions/0012 "Sync protocol"): what an offline till keeps of its store.
 * Staff download the store's products and customers in pages and then only what changed after
 * the cursor each answer gives (GET /sync/products, /sync/customers), and register their device
 * for its receipt number (POST /sync/devices). Shoppers are refused (403); a super_admin acts on
 * the store chosen, as on every store route.
 */
import {
  deviceResponseSchema,
  registerDeviceSchema,
  syncCustomersResponseSchema,
  syncProductsResponseSchema,
  syncQuerySchema,
} from '@duka/shared/sync/sync.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { sendCompressedJson } from '../../lib/compressed-json';
import { registerDevice } from './devices.service';
import { formatCursor } from './sync-cursor';
import { presentSyncCustomer, presentSyncProduct } from './sync.presenters';
import { customerChanges, productChanges } from './sync.service';

const pagingDescription =
  'No `since`: everything. Then call again with the answer’s `cursor` while `has_more`, and ' +
  'keep the last cursor for the next delta. Rows may come again (upsert them by id); a row ' +
  'written while a device pages is never skipped. Brotli or gzip when accepted.';

export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const read = { capability: 'sync:read', store: true } as const;

  app.get(
    '/products',
    {
      config: { access: read },
      schema: {
        tags: ['sync'],
        description: `The store's products changed after the cursor, deactivated ones included (is_active false), and the ids deleted. ${pagingDescription}`,
        querystring: syncQuerySchema,
        response: { 200: syncProductsResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await productChanges(db, requireStoreId(request), request.query);
      return sendCompressedJson(request, reply, {
        products: page.rows.map(presentSyncProduct),
        deleted: page.deleted,
        cursor: formatCursor(page.cursor),
        has_more: page.hasMore,
      });
    },
  );

  app.get(
    '/customers',
    {
      config: { access: read },
      schema: {
        tags: ['sync'],
        description: `The store's customers changed after the cursor (the Walk-in Customer among them), and the ids archived or deleted. ${pagingDescription}`,
        querystring: syncQuerySchema,
        response: { 200: syncCustomersResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await customerChanges(db, requireStoreId(request), request.query);
      return sendCompressedJson(request, reply, {
        customers: page.rows.map(presentSyncCustomer),
        deleted: page.deleted,
        cursor: formatCursor(page.cursor),
        has_more: page.hasMore,
      });
    },
  );

  app.post(
    '/devices',
    {
      config: { access: { capability: 'sync:register-device', store: true } },
      schema: {
        tags: ['sync'],
        description:
          'The device’s number in the store (1, 2, 3…), given once: the same device_id answers the same number (201 the first time, 200 after).',
        body: registerDeviceSchema,
        response: { 200: deviceResponseSchema, 201: deviceResponseSchema },
      },
    },
    async (request, reply) => {
      const { device, created } = await registerDevice(
        db,
        requireStoreId(request),
        requireAuth(request).user.id,
        request.body,
        clock.now(),
      );
      return reply.status(created ? 201 : 200).send({
        success: true as const,
        data: { device_id: device.deviceId, number: device.number },
      });
    },
  );
};
