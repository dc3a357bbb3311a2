import {
  IMPORT_MAX_CHARS,
  productImportResponseSchema,
  productImportSchema,
} from '@duka/shared/products/products-csv.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { IMPORT_TEMPLATE_CSV, exportFileName, exportProductsCsv } from './products-export.service';
import { importProducts } from './products-import.service';
import { catalogueChanged } from './products-catalogue.service';

const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * CSV import and export of products (issue 6), under /products. Staff only: the file carries
 * buying prices, which shoppers never see.
 */
export const productsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any write here (committed before the reply) may change the catalogue's counts and what a
  // search matches.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      catalogueChanged(request.storeId ?? undefined);
    }
  });
  const { db, clock } = app.deps;
  const access = { capability: 'products:write', store: true } as const;

  app.get(
    '/export.csv',
    { config: { access }, schema: { tags: ['products'] } },
    async (request, reply) => {
      const storeId = requireStoreId(request);
      // From the replica when there is one near enough (issue 27).
      const reads = await app.deps.readDb();
      const name = await exportFileName(reads, storeId, clock.now());
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(exportProductsCsv(reads, storeId));
    },
  );

  app.get(
    '/import-template.csv',
    { config: { access }, schema: { tags: ['products'] } },
    async (_request, reply) =>
      reply
        .type(CSV_TYPE)
        .header('content-disposition', 'attachment; filename="products-import-template.csv"')
        .send(IMPORT_TEMPLATE_CSV),
  );

  app.post(
    '/import',
    {
      config: { access },
      // The file travels as a JSON string: room for 10 MB of text with its escapes.
      bodyLimit: 2 * IMPORT_MAX_CHARS,
      schema: {
        tags: ['products'],
        body: productImportSchema,
        response: { 200: productImportResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { csv, commit } = request.body;
      const actor = { id: auth.user.id, role: auth.user.role };
      const data = await importProducts(db, actor, requireStoreId(request), csv, commit);
      return { data };
    },
  );
};
