/**
 * /api/stock-counts (issue 25; decisions/0016 "Stock counts"). Every route acts on one store
 * (PRODUCT.md §2): another store's count is 404. Managers start and finish a count
 * (counts:manage); staff read counts (counts:read) and write the lines they counted
 * (counts:count) while sales go on.
 */
import {
  createStockCountSchema,
  finishStockCountSchema,
  stockCountDetailResponseSchema,
  stockCountLinesResponseSchema,
  stockCountLinesSchema,
  stockCountListQuerySchema,
  stockCountListResponseSchema,
  stockCountParamsSchema,
  stockCountResponseSchema,
} from '@duka/shared/stock-counts/stock-counts.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import {
  presentStockCount,
  presentStockCountDetail,
  presentStockCountLine,
} from './stock-counts.presenters';
import { finishCount, getCount, listCounts, startCount, writeLines } from './stock-counts.service';

export const stockCountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const manage = { capability: 'counts:manage', store: true } as const;
  const read = { capability: 'counts:read', store: true } as const;
  const countAccess = { capability: 'counts:count', store: true } as const;

  app.post(
    '/',
    {
      config: { access: manage },
      schema: {
        tags: ['stock-counts'],
        body: createStockCountSchema,
        response: { 201: stockCountResponseSchema },
      },
    },
    async (request, reply) => {
      const count = await startCount(
        db,
        requireStoreId(request),
        requireAuth(request).user.id,
        request.body,
      );
      return reply.status(201).send({ success: true as const, data: presentStockCount(count) });
    },
  );

  app.get(
    '/',
    {
      config: { access: read },
      schema: {
        tags: ['stock-counts'],
        querystring: stockCountListQuerySchema,
        response: { 200: stockCountListResponseSchema },
      },
    },
    async (request) => {
      const { page, pageSize, status } = request.query;
      const { rows, total } = await listCounts(db, requireStoreId(request), {
        page,
        pageSize,
        status,
      });
      return {
        success: true as const,
        data: rows.map(presentStockCount),
        total,
        page,
        pageSize,
      };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: read },
      schema: {
        tags: ['stock-counts'],
        params: stockCountParamsSchema,
        response: { 200: stockCountDetailResponseSchema },
      },
    },
    async (request) => {
      const count = await getCount(db, requireStoreId(request), request.params.id);
      return { success: true as const, data: presentStockCountDetail(count) };
    },
  );

  app.put(
    '/:id/lines',
    {
      config: { access: countAccess },
      schema: {
        tags: ['stock-counts'],
        params: stockCountParamsSchema,
        body: stockCountLinesSchema,
        response: { 200: stockCountLinesResponseSchema },
      },
    },
    async (request) => {
      const lines = await writeLines(
        db,
        requireStoreId(request),
        request.params.id,
        requireAuth(request).user.id,
        request.body.lines,
      );
      return { success: true as const, data: lines.map(presentStockCountLine) };
    },
  );

  app.post(
    '/:id/finish',
    {
      config: { access: manage },
      schema: {
        tags: ['stock-counts'],
        params: stockCountParamsSchema,
        body: finishStockCountSchema,
        response: { 200: stockCountDetailResponseSchema },
      },
    },
    async (request) => {
      const count = await finishCount(
        db,
        requireStoreId(request),
        request.params.id,
        requireAuth(request).user.id,
        request.body,
      );
      return { success: true as const, data: presentStockCountDetail(count) };
    },
  );
};
