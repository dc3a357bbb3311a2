/**
 * /api/stores/{storeId}/receipt-settings (spec §7): staff read, managers save (PRODUCT.md §1).
 * PUT and POST both save — the web app falls back to POST when PUT answers 404 (spec §7).
 * The path names the store: staff may only name their own, a super_admin any store (another
 * store's id answers 404, PRODUCT.md §2).
 */
import {
  receiptSettingsInputSchema,
  receiptSettingsParamsSchema,
  receiptSettingsResponseSchema,
} from '@duka/shared/receipt-settings/receipt-settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeOfPath } from '../stores/stores.service';
import { getReceiptSettings, saveReceiptSettings } from './receipt-settings.service';

export const receiptSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { capability: 'receipt-settings:read', store: 'optional' } as const;
  const write = { capability: 'receipt-settings:update', store: 'optional' } as const;

  app.get(
    '/:storeId/receipt-settings',
    {
      config: { access: read },
      schema: {
        tags: ['receipt-settings'],
        params: receiptSettingsParamsSchema,
        response: { 200: receiptSettingsResponseSchema },
      },
    },
    async (request) => {
      const storeId = await storeOfPath(app.deps.db, request, request.params.storeId);
      return { success: true as const, data: await getReceiptSettings(app.deps.db, storeId) };
    },
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/:storeId/receipt-settings',
      config: { access: write },
      schema: {
        tags: ['receipt-settings'],
        params: receiptSettingsParamsSchema,
        body: receiptSettingsInputSchema,
        response: { 200: receiptSettingsResponseSchema },
      },
      handler: async (request) => {
        const storeId = await storeOfPath(app.deps.db, request, request.params.storeId);
        const data = await saveReceiptSettings(app.deps.db, storeId, request.body);
        return { success: true as const, data };
      },
    });
  }
};
