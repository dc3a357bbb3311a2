/**
 * Serves the built web app (apps/web/dist) at `/`, and answers what matches no route: JSON 404
 * under /api, and index.html for any other GET so the client router can take it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const hasWebApp = !!distDir && existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: 'index.html' });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasWebApp && isPage) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ message: 'Not found', code: 'not_found' });
  });
}
