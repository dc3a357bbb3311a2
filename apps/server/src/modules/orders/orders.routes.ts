/**
 * /api/orders (spec §3 Order, §7; PRODUCT.md §1, §2, §4, §5; issue 8). Anyone signed in places
 * orders in their own store (a super_admin in the chosen one) and reads the ones they placed;
 * staff read all of the store's orders and move them along. Every route acts on one store.
 */
import { idParamSchema } from '@duka/shared/api/errors.schemas';
import { can } from '@duka/shared/auth/permissions';
import {
  createOrderSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  updateOrderStatusSchema,
} from '@duka/shared/orders/orders.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import type { AuthUser } from '../../lib/session';
import { presentOrder } from './orders.presenters';
import { createOrder, getOrderWithParts, listOrders, updateOrderStatus } from './orders.service';

/** Staff see every order of the store; anyone else only the orders they placed. */
function ownerFilter(user: AuthUser, mine = false): number | undefined {
  return mine || !can(user.role, 'orders:manage') ? user.id : undefined;
}

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const create = { capability: 'orders:create', store: true } as const;
  const read = { capability: 'orders:read-own', store: true } as const;
  const manage = { capability: 'orders:manage', store: true } as const;

  app.post(
    '/',
    {
      config: { access: create },
      schema: { tags: ['orders'], body: createOrderSchema, response: { 201: orderResponseSchema } },
    },
    async (request, reply) => {
      const order = await createOrder(
        db,
        requireStoreId(request),
        requireAuth(request).user.id,
        request.body,
      );
      return reply.status(201).send({ success: true, data: presentOrder(order) });
    },
  );

  app.get(
    '/',
    {
      config: { access: read },
      schema: {
        tags: ['orders'],
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema },
      },
    },
    async (request) => {
      const { page, pageSize, status, mine } = request.query;
      const { rows, total } = await listOrders(db, requireStoreId(request), {
        page,
        pageSize,
        status,
        ownerId: ownerFilter(requireAuth(request).user, mine),
      });
      return { orders: rows.map(presentOrder), total, page, pageSize };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: read },
      schema: { tags: ['orders'], params: idParamSchema, response: { 200: orderResponseSchema } },
    },
    async (request) => {
      const order = await getOrderWithParts(
        db,
        requireStoreId(request),
        request.params.id,
        ownerFilter(requireAuth(request).user),
      );
      return { success: true as const, data: presentOrder(order) };
    },
  );

  app.put(
    '/:id/status',
    {
      config: { access: manage },
      schema: {
        tags: ['orders'],
        params: idParamSchema,
        body: updateOrderStatusSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => {
      const order = await updateOrderStatus(
        db,
        requireStoreId(request),
        requireAuth(request).user.id,
        request.params.id,
        request.body.status,
      );
      return { success: true as const, data: presentOrder(order) };
    },
  );
};
