/**
 * /api/reports (spec §2 Reports, §7 "each reads data.data"; PRODUCT.md §1, §4; issue 9).
 * Managers read the reports of their store (capability reports:read, PRODUCT.md §2); the monthly
 * VAT report (issue 26) has a capability of its own, reports:vat.
 */
import {
  discountsReportResponseSchema,
  expensesSummaryResponseSchema,
  inventoryReportQuerySchema,
  inventoryReportResponseSchema,
  performanceReportQuerySchema,
  performanceReportResponseSchema,
  profitReportResponseSchema,
  reportRangeQuerySchema,
  salesSummaryResponseSchema,
} from '@duka/shared/reports/reports.schemas';
import { vatReportQuerySchema, vatReportResponseSchema } from '@duka/shared/etims/etims.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import {
  discountsReport,
  expensesSummary,
  inventoryReport,
  performanceReport,
  profitReport,
  salesSummary,
} from './reports.service';
import { vatReport } from './vat.service';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every report reads from the replica when there is one near enough (issue 27).
  const { readDb } = app.deps;
  const read = { capability: 'reports:read', store: true } as const;

  app.get(
    '/inventory',
    {
      config: { access: read },
      schema: {
        tags: ['reports'],
        querystring: inventoryReportQuerySchema,
        response: { 200: inventoryReportResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await inventoryReport(await readDb(), requireStoreId(request), request.query),
    }),
  );

  app.get(
    '/product-performance',
    {
      config: { access: read },
      schema: {
        tags: ['reports'],
        querystring: performanceReportQuerySchema,
        response: { 200: performanceReportResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await performanceReport(await readDb(), requireStoreId(request), request.query),
    }),
  );

  app.get(
    '/sales-summary',
    {
      config: { access: read },
      schema: {
        tags: ['reports'],
        querystring: reportRangeQuerySchema,
        response: { 200: salesSummaryResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await salesSummary(await readDb(), requireStoreId(request), request.query),
    }),
  );

  app.get(
    '/expenses-summary',
    {
      config: { access: read },
      schema: {
        tags: ['reports'],
        querystring: reportRangeQuerySchema,
        response: { 200: expensesSummaryResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await expensesSummary(await readDb(), requireStoreId(request), request.query),
    }),
  );

  app.get(
    '/profit',
    {
      config: { access: read },
      schema: {
        tags: ['reports'],
        querystring: reportRangeQuerySchema,
        response: { 200: profitReportResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await profitReport(await readDb(), requireStoreId(request), request.query),
    }),
  );

  app.get(
    '/discounts',
    {
      config: { access: read },
      schema: {
        tags: ['reports'],
        querystring: reportRangeQuerySchema,
        response: { 200: discountsReportResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await discountsReport(await readDb(), requireStoreId(request), request.query),
    }),
  );

  app.get(
    '/vat',
    {
      config: { access: { capability: 'reports:vat', store: true } },
      schema: {
        tags: ['reports'],
        querystring: vatReportQuerySchema,
        response: { 200: vatReportResponseSchema },
      },
    },
    async (request) => ({
      data: await vatReport(await readDb(), requireStoreId(request), request.query),
    }),
  );
};
