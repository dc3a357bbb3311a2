/**
 * A sale's and a return's eTIMS invoice (issue 26): POST …/etims/retry (managers) sends a
 * refused one again; GET …/etims/qr (staff) draws its KRA QR code once signed. Registered
 * under /sales and under /returns (a return by its own id).
 */
import { etimsRetryParamsSchema, etimsRetryResponseSchema } from '@duka/shared/etims/etims.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { drawQr } from './etims-qr';
import { etimsQrText, retryEtimsInvoice, type EtimsOwner } from './etims-invoices.service';

function etimsInvoiceRoutes(owner: EtimsOwner): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = app.deps;

    app.post(
      '/:id/etims/retry',
      {
        config: { access: { capability: 'etims:retry', store: true } },
        schema: {
          tags: ['etims'],
          params: etimsRetryParamsSchema,
          response: { 200: etimsRetryResponseSchema },
        },
      },
      async (request) => {
        const data = await retryEtimsInvoice(
          db,
          requireStoreId(request),
          owner,
          request.params.id,
          clock.now(),
        );
        app.jobs.kick();
        return { success: true as const, data };
      },
    );

    app.get(
      '/:id/etims/qr',
      {
        config: { access: { capability: 'etims:qr', store: true } },
        schema: { tags: ['etims'], params: etimsRetryParamsSchema },
      },
      async (request, reply) => {
        const text = await etimsQrText(db, requireStoreId(request), owner, request.params.id);
        return reply
          .type('image/svg+xml')
          .header('Cache-Control', 'private, max-age=86400')
          .send(drawQr(text));
      },
    );
  };
}

export const saleEtimsRoutes = etimsInvoiceRoutes('sale');
export const returnEtimsRoutes = etimsInvoiceRoutes('return');
