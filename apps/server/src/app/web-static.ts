/**
 * Serves the built web app (apps/web/dist) at `/` with a single-page fallback: any GET that is
 * not under /api answers index.html so the client router can take it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (isPage) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ message: 'Not found', code: 'not_found' });
  });
  return true;
}
