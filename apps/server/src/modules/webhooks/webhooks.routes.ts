/**
 * Calls from outside services (issue 21, decisions/0010), under /api/webhooks/{token}/…: the
 * access kind `{ webhook: true }` checks the store's secret in the path before anything else
 * (lib/access.plugin.ts). Bodies come form-encoded, as Africa's Talking posts them, or as JSON.
 *
 * And GET /api/stores/{storeId}/webhooks: the addresses a manager gives those services.
 */
import {
  smsDeliveryReportSchema,
  storeWebhooksParamsSchema,
  storeWebhooksResponseSchema,
  webhookAckSchema,
  webhookTokenParamsSchema,
} from '@duka/shared/webhooks/webhooks.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { recordSmsDeliveryReport } from '../sales/receipt-delivery.service';
import { storeOfPath } from '../stores/stores.service';
import { storeWebhooks } from './webhooks.service';

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's routes only: a form body becomes fields (a repeated name keeps the last).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    '/:token/sms/delivery-reports',
    {
      config: { access: { webhook: true } },
      schema: {
        tags: ['webhooks'],
        params: webhookTokenParamsSchema,
        body: smsDeliveryReportSchema,
        response: { 200: webhookAckSchema },
      },
    },
    async (request) => {
      const first = await recordSmsDeliveryReport(app.deps, requireStoreId(request), request.body);
      return { success: true as const, duplicate: !first };
    },
  );
};

export const storeWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:storeId/webhooks',
    {
      config: { access: { capability: 'webhooks:read', store: 'optional' } },
      schema: {
        tags: ['webhooks'],
        params: storeWebhooksParamsSchema,
        response: { 200: storeWebhooksResponseSchema },
      },
    },
    async (request) => {
      const storeId = await storeOfPath(app.deps.db, request, request.params.storeId);
      const origin = app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
      return { success: true as const, data: await storeWebhooks(app.deps.db, storeId, origin) };
    },
  );
};
