/**
 * GET /uploads/*: the product photos under UPLOAD_DIR (modules/products/product-images.service.ts
 * writes them). Only names the server itself makes are answered — `products/<store id>/<uuid>`
 * `.webp` or `-thumb.webp` — so no path can leave the folder, nothing else in it is reachable,
 * and there is no listing; anything else, or a file that is gone, is a JSON 404. A name is never
 * reused, so a file is cached for a year.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors';
import { isStoredImagePath, UPLOADS_URL_PREFIX } from '../modules/products/product-images.service';
import { IMMUTABLE_CACHE } from './web-static';

async function fileSize(file: string): Promise<number | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
}

export async function registerUploads(app: FastifyInstance, uploadDir: string) {
  app.get(`${UPLOADS_URL_PREFIX}*`, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    if (!isStoredImagePath(name)) throw notFound();
    const file = path.join(uploadDir, name);
    const size = await fileSize(file);
    if (size === null) throw notFound();
    return reply
      .header('cache-control', IMMUTABLE_CACHE)
      .header('content-length', size)
      .type('image/webp')
      .send(createReadStream(file));
  });
}
