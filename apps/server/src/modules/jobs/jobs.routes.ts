/**
 * GET /api/jobs (issue 21): the store's background jobs for all its staff (a
 * super_admin with a chosen store), newest first, paged, optionally of one state. Each shows its
 * kind, state, attempts and last error, never its payload (no phone number, no receipt text).
 */
import { jobListQuerySchema, jobListResponseSchema } from '@duka/shared/jobs/jobs.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { listJobs, presentJob } from './jobs.service';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { capability: 'jobs:read', store: true } },
      schema: {
        tags: ['jobs'],
        querystring: jobListQuerySchema,
        response: { 200: jobListResponseSchema },
      },
    },
    async (request) => {
      const { page, pageSize, state } = request.query;
      const { rows, total } = await listJobs(app.deps.db, requireStoreId(request), {
        page,
        pageSize,
        state,
      });
      return { data: rows.map(presentJob), total, page, pageSize };
    },
  );
};
