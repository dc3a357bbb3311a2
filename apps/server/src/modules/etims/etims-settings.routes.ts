/**
 * /api/stores/{storeId}/etims-settings (issue 26): the store's eTIMS registration, its
 * managers' (a super_admin any store; another store's id answers 404). GET answers it without
 * the cmcKey; PUT registers the device with OSCU and saves it only when OSCU accepted it.
 */
import {
  etimsSettingsInputSchema,
  etimsSettingsParamsSchema,
  etimsSettingsResponseSchema,
} from '@duka/shared/etims/etims.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeOfPath } from '../stores/stores.service';
import { getEtimsSettings, saveEtimsSettings } from './etims-settings.service';

export const etimsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { capability: 'etims:settings', store: 'optional' } as const;

  app.get(
    '/:storeId/etims-settings',
    {
      config: { access },
      schema: {
        tags: ['etims'],
        params: etimsSettingsParamsSchema,
        response: { 200: etimsSettingsResponseSchema },
      },
    },
    async (request) => {
      const storeId = await storeOfPath(app.deps.db, request, request.params.storeId);
      return { success: true as const, data: await getEtimsSettings(app.deps.db, storeId) };
    },
  );

  app.put(
    '/:storeId/etims-settings',
    {
      config: { access },
      schema: {
        tags: ['etims'],
        params: etimsSettingsParamsSchema,
        body: etimsSettingsInputSchema,
        response: { 200: etimsSettingsResponseSchema },
      },
    },
    async (request) => {
      const storeId = await storeOfPath(app.deps.db, request, request.params.storeId);
      const data = await saveEtimsSettings(app.deps, storeId, request.body);
      return { success: true as const, data };
    },
  );
};
