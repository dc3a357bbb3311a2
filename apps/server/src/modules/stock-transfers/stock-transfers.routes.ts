/**
 * /api/stock-transfers (issue 25; decisions/0016 "Transfers"). Every route acts on one store:
 * the sender's for a send and a cancel (a super_admin names it with store_id, an admin sends
 * from their own), the destination's for a receive, either for a read. A transfer between two
 * other stores is 404; the wrong side of one is 403 (the sender receiving, the destination
 * cancelling).
 */
import {
  cancelStockTransferSchema,
  createStockTransferSchema,
  receiveStockTransferSchema,
  stockTransferListQuerySchema,
  stockTransferListResponseSchema,
  stockTransferParamsSchema,
  stockTransferResponseSchema,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { presentTransfer } from './stock-transfers.presenters';
import {
  cancelTransfer,
  getTransfer,
  listTransfers,
  receiveTransfer,
  sendTransfer,
} from './stock-transfers.service';

export const stockTransfersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const send = { capability: 'transfers:send', store: true } as const;
  const read = { capability: 'transfers:read', store: true } as const;
  const receive = { capability: 'transfers:receive', store: true } as const;
  const answer = async (storeId: number, id: number) => ({
    success: true as const,
    data: presentTransfer(await getTransfer(db, storeId, id)),
  });

  app.post(
    '/',
    {
      config: { access: send },
      schema: {
        tags: ['stock-transfers'],
        body: createStockTransferSchema,
        response: { 201: stockTransferResponseSchema },
      },
    },
    async (request, reply) => {
      const storeId = requireStoreId(request);
      const id = await sendTransfer(db, storeId, requireAuth(request).user.id, request.body);
      return reply.status(201).send(await answer(storeId, id));
    },
  );

  app.get(
    '/',
    {
      config: { access: read },
      schema: {
        tags: ['stock-transfers'],
        querystring: stockTransferListQuerySchema,
        response: { 200: stockTransferListResponseSchema },
      },
    },
    async (request) => {
      const { data, total } = await listTransfers(db, requireStoreId(request), request.query);
      return {
        success: true as const,
        data: data.map(presentTransfer),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: read },
      schema: {
        tags: ['stock-transfers'],
        params: stockTransferParamsSchema,
        response: { 200: stockTransferResponseSchema },
      },
    },
    async (request) => answer(requireStoreId(request), request.params.id),
  );

  app.post(
    '/:id/receive',
    {
      config: { access: receive },
      schema: {
        tags: ['stock-transfers'],
        params: stockTransferParamsSchema,
        body: receiveStockTransferSchema,
        response: { 200: stockTransferResponseSchema },
      },
    },
    async (request) => {
      const storeId = requireStoreId(request);
      await receiveTransfer(
        db,
        storeId,
        requireAuth(request).user.id,
        request.params.id,
        request.body ?? {},
      );
      return answer(storeId, request.params.id);
    },
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: send },
      schema: {
        tags: ['stock-transfers'],
        params: stockTransferParamsSchema,
        body: cancelStockTransferSchema,
        response: { 200: stockTransferResponseSchema },
      },
    },
    async (request) => {
      const storeId = requireStoreId(request);
      await cancelTransfer(db, storeId, requireAuth(request).user.id, request.params.id);
      return answer(storeId, request.params.id);
    },
  );
};
