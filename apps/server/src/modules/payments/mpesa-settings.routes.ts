/**
 * /api/stores/{storeId}/mpesa-settings (issue 23): the store's Daraja settings, its managers'
 * (a super_admin any store; another store's id answers 404). GET answers them without secrets,
 * with the three hook URLs; PUT saves them and registers the C2B URLs with Daraja.
 *
 * And GET /api/payments/mpesa/config (staff of the store): what the till needs to offer M-Pesa.
 */
import {
  mpesaSettingsInputSchema,
  mpesaSettingsParamsSchema,
  mpesaSettingsResponseSchema,
  mpesaTillConfigResponseSchema,
} from '@duka/shared/payments/mpesa.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { storeOfPath } from '../stores/stores.service';
import { getMpesaSettings, mpesaTillConfig, saveMpesaSettings } from './mpesa-settings.service';

export const mpesaSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { capability: 'mpesa:settings', store: 'optional' } as const;
  const originOf = (request: { protocol: string; host: string }) =>
    app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/:storeId/mpesa-settings',
    {
      config: { access },
      schema: {
        tags: ['payments'],
        params: mpesaSettingsParamsSchema,
        response: { 200: mpesaSettingsResponseSchema },
      },
    },
    async (request) => {
      const storeId = await storeOfPath(app.deps.db, request, request.params.storeId);
      const data = await getMpesaSettings(app.deps.db, storeId, originOf(request));
      return { success: true as const, data };
    },
  );

  app.put(
    '/:storeId/mpesa-settings',
    {
      config: { access },
      schema: {
        tags: ['payments'],
        params: mpesaSettingsParamsSchema,
        body: mpesaSettingsInputSchema,
        response: { 200: mpesaSettingsResponseSchema },
      },
    },
    async (request) => {
      const storeId = await storeOfPath(app.deps.db, request, request.params.storeId);
      const data = await saveMpesaSettings(app.deps, storeId, request.body, originOf(request));
      return { success: true as const, data };
    },
  );
};

export const mpesaConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      config: { access: { capability: 'mpesa:prompt', store: true } },
      schema: { tags: ['payments'], response: { 200: mpesaTillConfigResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await mpesaTillConfig(app.deps.db, requireStoreId(request)),
    }),
  );
};
