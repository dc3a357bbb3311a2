/**
 * /api/sales (spec §7; PRODUCT.md §1, §3, §4; issue 7). Staff make sales, read them and send
 * receipts; every route acts on one store (PRODUCT.md §2).
 */
import { idParamSchema } from '@duka/shared/api/errors.schemas';
import {
  confirmReceiptSchema,
  createSaleSchema,
  discountPolicyResponseSchema,
  IDEMPOTENCY_KEY,
  RECEIPT_CHANNELS,
  receiptConfirmResponseSchema,
  receiptSendResponseSchema,
  saleItemsResponseSchema,
  saleListQuerySchema,
  saleListResponseSchema,
  saleResponseSchema,
  sendReceiptSchema,
} from '@duka/shared/sales/sales.schemas';
import {
  SYNC_SALES_MAX,
  saleReviewSchema,
  syncSalesResponseSchema,
  syncSalesSchema,
} from '@duka/shared/sync/sync.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { fieldError } from '../../lib/errors';
import { getStoreSettings } from '../store-settings/store-settings.service';
import { discountApprover } from './discount-approval.service';
import { confirmReceipt, sendReceipt } from './receipt-send.service';
import { saleErrors } from './sales.errors';
import { presentSale, presentSaleItem } from './sales.presenters';
import { syncSales } from './sales-sync.service';
import { createSale, getSaleWithParts, listSales, reviewSale } from './sales.service';

/** The Idempotency-Key header (PRODUCT.md §3): absent, or 8–100 letters, digits, - and _. */
function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !IDEMPOTENCY_KEY.test(key)) {
    throw fieldError(
      'sale.idempotency_key_invalid',
      'Idempotency-Key',
      'Idempotency-Key must be 8 to 100 letters, digits, - or _',
    );
  }
  return key;
}

/**
 * POST /sales/sync's body: up to 100 sales of up to 500 lines each (about 150 bytes a line at
 * most), well past the app's 1 MB — a batch the server cannot read would stay on the device
 * and hold back every sale after it (issue 22).
 */
const SYNC_BODY_LIMIT = SYNC_SALES_MAX * 500 * 160;

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const read = { capability: 'sales:read', store: true } as const;
  const review = { capability: 'sales:review', store: true } as const;
  const create = { capability: 'sales:create', store: true } as const;
  const send = { capability: 'sales:send-receipt', store: true } as const;
  const approver = discountApprover(app.deps);

  app.post(
    '/',
    {
      // A manager's approval is a password check, counted by the sign-in limits.
      config: { access: { ...create, limited: true } },
      schema: {
        tags: ['sales'],
        body: createSaleSchema,
        response: { 200: saleResponseSchema, 201: saleResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const storeId = requireStoreId(request);
      const { sale, replayed } = await createSale(
        db,
        storeId,
        requireAuth(request).user,
        request.body,
        key,
        approver(storeId, request.ip),
        clock.now(),
      );
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ success: true, data: presentSale(sale) });
    },
  );

  // Issue 22: the sales a device made offline, each on its own (sales-sync.service.ts). A
  // manager's approval in an item is counted by the sign-in limits as on POST /sales, but a
  // limit reached refuses that item (429 in its result), never the request.
  app.post(
    '/sync',
    {
      config: { access: create },
      bodyLimit: SYNC_BODY_LIMIT,
      schema: {
        tags: ['sales'],
        body: syncSalesSchema,
        response: { 200: syncSalesResponseSchema },
      },
    },
    async (request) => {
      const storeId = requireStoreId(request);
      const { user } = requireAuth(request);
      // The device says whose sales these are: never recorded as another person's.
      if (request.body.user_id !== undefined && request.body.user_id !== user.id) {
        throw saleErrors.syncOtherUser();
      }
      const results = await syncSales(
        db,
        storeId,
        user,
        request.body.sales,
        approver(storeId, request.ip),
        clock.now(),
      );
      app.metrics?.recordSyncedSales(results);
      return { results };
    },
  );

  // Issue 22: a manager marks an offline sale that took stock below zero as reviewed.
  app.post(
    '/:id/review',
    {
      config: { access: review },
      schema: {
        tags: ['sales'],
        params: idParamSchema,
        body: saleReviewSchema,
        response: { 200: saleResponseSchema },
      },
    },
    async (request) => {
      const sale = await reviewSale(
        db,
        requireStoreId(request),
        requireAuth(request).user,
        request.params.id,
        request.body.note,
        clock.now(),
      );
      return { success: true as const, data: presentSale(sale) };
    },
  );

  // Issue 20: what the till needs to know before checkout — the store's cap, and whether it
  // holds this seller (a cashier) — without the managers' settings.
  app.get(
    '/discount-policy',
    {
      config: { access: create },
      schema: { tags: ['sales'], response: { 200: discountPolicyResponseSchema } },
    },
    async (request) => {
      const settings = await getStoreSettings(db, requireStoreId(request));
      return {
        success: true as const,
        data: {
          max_cashier_discount_percent: settings.max_cashier_discount_percent,
          capped: requireAuth(request).user.role === 'sales',
        },
      };
    },
  );

  app.get(
    '/',
    {
      config: { access: read },
      schema: {
        tags: ['sales'],
        querystring: saleListQuerySchema,
        response: { 200: saleListResponseSchema },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await listSales(db, requireStoreId(request), request.query);
      return { sales: rows.map(presentSale), total, page, pageSize };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: read },
      schema: { tags: ['sales'], params: idParamSchema, response: { 200: saleResponseSchema } },
    },
    async (request) => {
      const sale = await getSaleWithParts(db, requireStoreId(request), request.params.id);
      return { success: true as const, data: presentSale(sale) };
    },
  );

  app.get(
    '/:id/items',
    {
      config: { access: read },
      schema: {
        tags: ['sales'],
        params: idParamSchema,
        response: { 200: saleItemsResponseSchema },
      },
    },
    async (request) => {
      const sale = await getSaleWithParts(db, requireStoreId(request), request.params.id);
      return { data: sale.items.map(presentSaleItem) };
    },
  );

  for (const channel of RECEIPT_CHANNELS) {
    app.post(
      `/:id/receipt/${channel}`,
      {
        config: { access: send },
        schema: {
          tags: ['sales'],
          params: idParamSchema,
          body: sendReceiptSchema,
          response: { 200: receiptSendResponseSchema },
        },
      },
      async (request) => {
        const data = await sendReceipt(
          app.deps,
          requireStoreId(request),
          requireAuth(request).user.id,
          request.params.id,
          channel,
          request.body?.phone,
        );
        // A queued SMS goes out now rather than at the worker's next look.
        if (data.queued) app.jobs.kick();
        return { success: true as const, data };
      },
    );

    app.post(
      `/:id/receipt/${channel}/confirm`,
      {
        config: { access: send },
        schema: {
          tags: ['sales'],
          params: idParamSchema,
          body: confirmReceiptSchema,
          response: { 200: receiptConfirmResponseSchema },
        },
      },
      async (request) => {
        const data = await confirmReceipt(
          app.deps,
          requireStoreId(request),
          request.params.id,
          channel,
        );
        return { success: true as const, data };
      },
    );
  }
};
