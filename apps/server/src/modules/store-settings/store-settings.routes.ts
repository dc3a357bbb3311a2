/**
 * /api/stores/{storeId}/settings (issue 20): the store's admin and managers read and save its
 * rules, a super_admin any store's; cashiers and shoppers are refused (403). Another store's id
 * answers 404 (PRODUCT.md §2), as for the receipt settings.
 */
import {
  storeSettingsInputSchema,
  storeSettingsParamsSchema,
  storeSettingsResponseSchema,
} from '@duka/shared/store-settings/store-settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeOfPath } from '../stores/stores.service';
import { getStoreSettings, saveStoreSettings } from './store-settings.service';

export const storeSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const read = { capability: 'store-settings:read', store: 'optional' } as const;
  const write = { capability: 'store-settings:update', store: 'optional' } as const;

  app.get(
    '/:storeId/settings',
    {
      config: { access: read },
      schema: {
        tags: ['store-settings'],
        params: storeSettingsParamsSchema,
        response: { 200: storeSettingsResponseSchema },
      },
    },
    async (request) => {
      const storeId = await storeOfPath(db, request, request.params.storeId);
      return { success: true as const, data: await getStoreSettings(db, storeId) };
    },
  );

  app.put(
    '/:storeId/settings',
    {
      config: { access: write },
      schema: {
        tags: ['store-settings'],
        params: storeSettingsParamsSchema,
        body: storeSettingsInputSchema,
        response: { 200: storeSettingsResponseSchema },
      },
    },
    async (request) => {
      const storeId = await storeOfPath(db, request, request.params.storeId);
      return { success: true as const, data: await saveStoreSettings(db, storeId, request.body) };
    },
  );
};
