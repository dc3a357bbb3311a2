import { idParamSchema } from '@duka/shared/api/errors.schemas';
import {
  PRODUCT_IMAGE_BYTES_MAX,
  PRODUCT_IMAGES_FIELD,
  PRODUCT_IMAGES_MAX,
  createProductSchema,
  movementListQuerySchema,
  movementListResponseSchema,
  productDeleteResponseSchema,
  productFieldsFromForm,
  productImageDeleteResponseSchema,
  productImageParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
  updateProductSchema,
} from '@duka/shared/products/products.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { formFilesOf, type FormDataOptions } from '../../lib/form-data';
import { deleteProductImage, prepareImages } from './product-images.service';
import { productErrors } from './products.errors';
import {
  catalogueChanged,
  getProduct,
  listMovements,
  listProducts,
  searchProducts,
} from './products-catalogue.service';
import { createProduct, deleteProduct, updateProduct } from './products-writes.service';
import { presentFor, presentProduct } from './products.presenters';

/** POST and PUT also take the product form as multipart/form-data, with its photos. */
const productForm: FormDataOptions = {
  fileField: PRODUCT_IMAGES_FIELD,
  maxFiles: PRODUCT_IMAGES_MAX,
  maxFileBytes: PRODUCT_IMAGE_BYTES_MAX,
  toBody: productFieldsFromForm,
  tooManyFiles: productErrors.tooManyImages,
  fileTooLarge: productErrors.imageTooLarge,
};
const consumes = ['application/json', 'multipart/form-data'];
const formDescription =
  'JSON, or multipart/form-data: the same fields as strings ("12.50", "true") and photos in ' +
  `the repeatable file field '${PRODUCT_IMAGES_FIELD}' (each ≤ 5 MB, at most ` +
  `${PRODUCT_IMAGES_MAX} a product; JPEG, PNG, WebP, GIF or AVIF).`;

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any write here (committed before the reply) may change the catalogue's counts and what a
  // search matches.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      catalogueChanged(request.storeId ?? undefined);
    }
  });
  const { db, config } = app.deps;
  const read = { capability: 'products:read', store: true } as const;
  const write = { capability: 'products:write', store: true } as const;

  // Spec §7: the list is read as data.data; shoppers get active products and selling prices.
  app.get(
    '/',
    {
      config: { access: read },
      schema: {
        tags: ['products'],
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (request) => {
      const { role } = requireAuth(request).user;
      const page = await listProducts(db, role, requireStoreId(request), request.query);
      return { ...page, data: page.data.map((row) => presentFor(role, row)) };
    },
  );

  app.get(
    '/search',
    {
      config: { access: read },
      schema: {
        tags: ['products'],
        querystring: productSearchQuerySchema,
        response: { 200: productSearchResponseSchema },
      },
    },
    async (request) => {
      const { role } = requireAuth(request).user;
      const rows = await searchProducts(db, role, requireStoreId(request), request.query.q);
      return { data: rows.map((row) => presentFor(role, row)) };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: read },
      schema: {
        tags: ['products'],
        params: idParamSchema,
        response: { 200: productResponseSchema },
      },
    },
    async (request) => {
      const { role } = requireAuth(request).user;
      const row = await getProduct(db, role, requireStoreId(request), request.params.id);
      return { success: true as const, data: presentFor(role, row) };
    },
  );

  app.get(
    '/:id/movements',
    {
      config: { access: { capability: 'products:history', store: true } },
      schema: {
        tags: ['products'],
        params: idParamSchema,
        querystring: movementListQuerySchema,
        response: { 200: movementListResponseSchema },
      },
    },
    async (request) => listMovements(db, requireStoreId(request), request.params.id, request.query),
  );

  app.post(
    '/',
    {
      config: { access: write, formData: productForm },
      schema: {
        tags: ['products'],
        consumes,
        description: formDescription,
        body: createProductSchema,
        response: { 201: productResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const images = await prepareImages(formFilesOf(request));
      const row = await createProduct(db, requireStoreId(request), auth.user.id, request.body, {
        uploadDir: config.uploadDir,
        images,
      });
      return reply.status(201).send({ success: true as const, data: presentProduct(row) });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: write, formData: productForm },
      schema: {
        tags: ['products'],
        params: idParamSchema,
        consumes,
        description: formDescription,
        body: updateProductSchema,
        response: { 200: productResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const images = await prepareImages(formFilesOf(request));
      const row = await updateProduct(
        db,
        requireStoreId(request),
        { id: auth.user.id, role: auth.user.role },
        request.params.id,
        request.body,
        { uploadDir: config.uploadDir, images },
      );
      return { success: true as const, data: presentProduct(row) };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: { capability: 'products:delete', store: true } },
      schema: {
        tags: ['products'],
        params: idParamSchema,
        response: { 200: productDeleteResponseSchema },
      },
    },
    async (request) => {
      const deactivated = await deleteProduct(
        db,
        config.uploadDir,
        requireStoreId(request),
        request.params.id,
      );
      return { success: true as const, deactivated };
    },
  );

  // Removing a photo is editing the product: the same roles as PUT.
  app.delete(
    '/:id/images/:imageId',
    {
      config: { access: write },
      schema: {
        tags: ['products'],
        params: productImageParamsSchema,
        response: { 200: productImageDeleteResponseSchema },
      },
    },
    async (request) => {
      const { id, imageId } = request.params;
      await deleteProductImage(db, config.uploadDir, requireStoreId(request), id, imageId);
      return { success: true as const };
    },
  );
};
