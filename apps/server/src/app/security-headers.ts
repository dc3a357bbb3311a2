/**
 * Helmet's security headers on every response. @fastify/helmet rebuilt the helmet middleware
 * (parsing the CSP directives and all) on every request; here it is built once at start-up and
 * each request only sets the same headers.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const setHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
