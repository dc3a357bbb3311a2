/**
 * Serves the built web app (apps/web/dist) at `/`, and answers what matches no route: JSON 404
 * under /api and for a missing file under /assets or /uploads, and index.html for any other GET so the
 * client router can take it.
 *
 * Operational contract: compressed (the build writes .br and .gz beside each file; we pick by
 * Accept-Encoding), hashed assets cached a year (their name changes when their content does),
 * HTML and other unhashed files revalidated on every use — the service worker (sw.js) and the
 * web app manifest among them (issue 22): kept longer, they would hold an installed till on an
 * old release.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_URL_PREFIX } from '../modules/products/product-images.service';

const ASSETS_URL_PREFIX = '/assets/';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Stored, but checked with the server (ETag) before each use: a release shows up at once. */
export const REVALIDATE_CACHE = 'no-cache';

export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const hasWebApp = !!distDir && existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    const assetsDir = path.join(path.resolve(distDir), 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: 'index.html',
      // Sends file.br or file.gz in place of file when the browser accepts it (and it exists).
      preCompressed: true,
      // ...but never the compressed copies under their own names.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          path.resolve(filePath).startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
        );
        // A cache must not hand a brotli body to a browser that asked for gzip.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      // A missing script or stylesheet (an old release's chunk) must fail as such: served the
      // app's HTML instead, it would break in a confusing way, and be cached for a year.
      !request.url.startsWith(ASSETS_URL_PREFIX) &&
      // Nor may a missing photo (app/uploads-static.ts).
      !request.url.startsWith(UPLOADS_URL_PREFIX);
    if (hasWebApp && isPage) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ message: 'Not found', code: 'not_found' });
  });
}
