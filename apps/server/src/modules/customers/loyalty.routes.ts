/**
 * /api/loyalty (spec §7 loyalty calls; issue 9): managers add and redeem a customer's points.
 * Reading the balance and history is under /api/customers/{id}/loyalty.
 */
import {
  loyaltyAdjustResponseSchema,
  loyaltyAdjustSchema,
} from '@duka/shared/customers/customers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { adjustLoyaltyPoints } from './loyalty.service';

export const loyaltyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const adjust = { capability: 'loyalty:adjust', store: true } as const;

  for (const [path, kind] of [
    ['/add-points', 'add'],
    ['/redeem-points', 'redeem'],
  ] as const) {
    app.post(
      path,
      {
        config: { access: adjust },
        schema: {
          tags: ['loyalty'],
          body: loyaltyAdjustSchema,
          response: { 200: loyaltyAdjustResponseSchema },
        },
      },
      async (request) => {
        const data = await adjustLoyaltyPoints(
          db,
          requireStoreId(request),
          requireAuth(request).user.id,
          kind,
          request.body,
        );
        return { success: true as const, data };
      },
    );
  }
};
