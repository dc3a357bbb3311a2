/**
 * /api/purchase-orders (spec §7). Staff read; admin and sales create; the status change checks
 * the capability of the move it makes (approve/reject: purchase-orders:approve; received:
 * purchase-orders:receive) in the service, so the route itself asks for the wider of the two.
 * Every route acts on one store (PRODUCT.md §2).
 */
import { idParamSchema } from '@duka/shared/api/errors.schemas';
import {
  createPurchaseOrderSchema,
  purchaseOrderItemInputSchema,
  purchaseOrderItemsResponseSchema,
  purchaseOrderListResponseSchema,
  purchaseOrderSchema,
  purchaseOrderStatusBodySchema,
  receivePurchaseOrderSchema,
} from '@duka/shared/purchase-orders/purchase-orders.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { presentItem, presentPurchaseOrder } from './purchase-orders.presenters';
import {
  addPurchaseOrderItem,
  changePurchaseOrderStatus,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrderItems,
  listPurchaseOrders,
  receivePurchaseOrder,
} from './purchase-orders.service';

export const purchaseOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const read = { capability: 'purchase-orders:read', store: true } as const;
  const create = { capability: 'purchase-orders:create', store: true } as const;
  // Every role that may make some status move; the service checks the move itself.
  const changeStatus = { capability: 'purchase-orders:receive', store: true } as const;
  const tags = ['purchase-orders'];

  // A plain array (spec §7), newest first.
  app.get(
    '/',
    {
      config: { access: read },
      schema: { tags, response: { 200: purchaseOrderListResponseSchema } },
    },
    async (request) => {
      const rows = await listPurchaseOrders(db, requireStoreId(request));
      return rows.map(presentPurchaseOrder);
    },
  );

  app.get(
    '/:id',
    {
      config: { access: read },
      schema: { tags, params: idParamSchema, response: { 200: purchaseOrderSchema } },
    },
    async (request) =>
      presentPurchaseOrder(await getPurchaseOrder(db, requireStoreId(request), request.params.id)),
  );

  app.get(
    '/:id/items',
    {
      config: { access: read },
      schema: { tags, params: idParamSchema, response: { 200: purchaseOrderItemsResponseSchema } },
    },
    async (request) => {
      const rows = await listPurchaseOrderItems(db, requireStoreId(request), request.params.id);
      return rows.map(presentItem);
    },
  );

  // One more line on a pending order; answers the whole order with its new total.
  app.post(
    '/:id/items',
    {
      config: { access: create },
      schema: {
        tags,
        params: idParamSchema,
        body: purchaseOrderItemInputSchema,
        response: { 201: purchaseOrderSchema },
      },
    },
    async (request, reply) => {
      const row = await addPurchaseOrderItem(
        db,
        requireStoreId(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(presentPurchaseOrder(row));
    },
  );

  app.post(
    '/',
    {
      config: { access: create },
      schema: { tags, body: createPurchaseOrderSchema, response: { 201: purchaseOrderSchema } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const row = await createPurchaseOrder(
        db,
        requireStoreId(request),
        auth.user.id,
        request.body,
      );
      return reply.status(201).send(presentPurchaseOrder(row));
    },
  );

  app.put(
    '/:id/status',
    {
      config: { access: changeStatus },
      schema: {
        tags,
        params: idParamSchema,
        body: purchaseOrderStatusBodySchema,
        response: { 200: purchaseOrderSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await changePurchaseOrderStatus(
        db,
        requireStoreId(request),
        { id: auth.user.id, role: auth.user.role },
        request.params.id,
        request.body.status,
      );
      return presentPurchaseOrder(row);
    },
  );

  // One delivery (issue 20): what arrived of each line; `close` ends the order short.
  app.post(
    '/:id/receive',
    {
      config: { access: { capability: 'purchase-orders:receive', store: true } },
      schema: {
        tags,
        params: idParamSchema,
        body: receivePurchaseOrderSchema,
        response: { 200: purchaseOrderSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await receivePurchaseOrder(
        db,
        requireStoreId(request),
        auth.user.id,
        request.params.id,
        request.body,
      );
      return presentPurchaseOrder(row);
    },
  );
};
