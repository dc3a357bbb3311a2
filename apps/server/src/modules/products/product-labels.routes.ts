import { idParamSchema } from '@duka/shared/api/errors.schemas';
import { labelsQuerySchema, labelsResponseSchema } from '@duka/shared/products/labels.schemas';
import { productResponseSchema } from '@duka/shared/products/products.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStoreId } from '../../lib/access.plugin';
import { presentLabel } from './product-labels.presenters';
import { assignInternalBarcode, labelRows } from './product-labels.service';
import { catalogueChanged } from './products-catalogue.service';
import { presentProduct } from './products.presenters';

/**
 * Shelf labels and internal barcodes (issue 25), under /products. GET /labels is a static path,
 * so the router takes it before /:id whatever the order they were registered in.
 */
export const productLabelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/labels',
    {
      config: { access: { capability: 'products:labels', store: true } },
      schema: {
        tags: ['products'],
        description:
          'The labels of the products in `ids` (comma-separated; ids of no product of the ' +
          "store are left out) or of a purchase order's received lines: name, SKU, selling " +
          'prices, copies and the barcode drawn as SVG (EAN-13 or Code 128; null when it ' +
          'cannot be drawn).',
        querystring: labelsQuerySchema,
        response: { 200: labelsResponseSchema },
      },
    },
    async (request) => {
      const rows = await labelRows(db, requireStoreId(request), request.query);
      return { success: true as const, data: rows.map(presentLabel) };
    },
  );

  app.post(
    '/:id/barcode',
    {
      config: { access: { capability: 'products:write', store: true } },
      schema: {
        tags: ['products'],
        description:
          'Gives a product without a barcode the next store-internal EAN-13 (prefix 20); ' +
          'answers the product as PUT does.',
        params: idParamSchema,
        response: { 200: productResponseSchema },
      },
    },
    async (request) => {
      const row = await assignInternalBarcode(
        db,
        requireStoreId(request),
        request.params.id,
      ).finally(catalogueChanged);
      return { success: true as const, data: presentProduct(row) };
    },
  );
};
