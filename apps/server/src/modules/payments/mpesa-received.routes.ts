/**
 * The payments a store received by M-Pesa (issue 23; decisions/0013 "Received payments and
 * sales"), under /api/payments/mpesa:
 * - GET /received?unmatched=true (staff): the till's Received payments list — C2B payments of
 *   the last 48 hours, newest first, 100 at most; the payer's names or the masked number.
 * - GET /summary?date=YYYY-MM-DD (managers): the day's payments (C2B and paid prompts) with the
 *   sale each paid or none, the unverified sales, and totals that add up. The day is the
 *   shop's (Africa/Nairobi), today when not given.
 */
import {
  mpesaSummaryQuerySchema,
  mpesaSummaryResponseSchema,
  receivedListResponseSchema,
  receivedQuerySchema,
} from '@duka/shared/payments/mpesa.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { fieldError } from '../../lib/errors';
import { shopDayOf, startOfShopDay } from '../../lib/shop-day';
import { listReceived, mpesaSummary } from './mpesa-received.service';

export const mpesaReceivedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/received',
    {
      config: { access: { capability: 'mpesa:received', store: true } },
      schema: {
        tags: ['payments'],
        querystring: receivedQuerySchema,
        response: { 200: receivedListResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listReceived(db, requireStoreId(request), request.query, clock.now()),
    }),
  );

  app.get(
    '/summary',
    {
      config: { access: { capability: 'mpesa:summary', store: true } },
      schema: {
        tags: ['payments'],
        querystring: mpesaSummaryQuerySchema,
        response: { 200: mpesaSummaryResponseSchema },
      },
    },
    async (request) => {
      const date = request.query.date ?? shopDayOf(clock.now());
      // The schema reads the form; a day no calendar has (2026-02-30) is refused here.
      const start = startOfShopDay(date);
      if (Number.isNaN(start.getTime()) || shopDayOf(start) !== date) {
        throw fieldError('mpesa.summary_date_invalid', 'date', 'Date must be YYYY-MM-DD');
      }
      return {
        success: true as const,
        data: await mpesaSummary(db, requireStoreId(request), date),
      };
    },
  );
};
