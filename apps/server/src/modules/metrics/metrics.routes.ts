/**
 * GET /api/metrics (issue 27): the app's metrics for Prometheus, registered only when
 * METRICS_TOKEN is set (else the path is a 404 like any unknown one). The scraper sends
 * `Authorization: Bearer <METRICS_TOKEN>`; the gate (lib/access.plugin.ts, `{ bearer:
 * 'metrics' }`) checks it, with no session and no CSRF token.
 *
 * Also counts every answered request by its route pattern: one onResponse hook on the whole app.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UNMATCHED_ROUTE, type AppMetrics } from './app-metrics';
import { METRICS_CONTENT_TYPE } from './metrics-registry';

export const METRICS_PATH = '/api/metrics';

export const metricsPlugin = fp<{ metrics: AppMetrics }>(
  async (app: FastifyInstance, { metrics }) => {
    // Synchronous (done callback): no promise per request on the hot path.
    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern (/api/sales/:id), never the URL: one series per route, not per id.
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      metrics.recordRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.get(
      METRICS_PATH,
      {
        config: { access: { bearer: 'metrics' } },
        schema: { tags: ['metrics'], produces: [METRICS_CONTENT_TYPE] },
      },
      async (_request, reply) => {
        const { db, clock, config, readDb } = app.deps;
        const text = await metrics.render(
          db,
          clock.now(),
          config.databaseRead ? readDb : undefined,
        );
        return reply.type(METRICS_CONTENT_TYPE).header('cache-control', 'no-store').send(text);
      },
    );
  },
);
