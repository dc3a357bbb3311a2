/**
 * Product photos (issue 6): multipart POST/PUT /products, DELETE /products/{id}/images/{id},
 * and GET /uploads/*, with real image files made by sharp and an UPLOAD_DIR of the test's own.
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, signedIn } from '../../testing/factories';
import { addProductImages, prepareImage, withImageFiles } from './product-images.service';
import { productImages } from './product-images.table';
import { products } from './products.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let manager: TestClient;
let cashier: TestClient;
let shopper: TestClient;
let managerB: TestClient;
let superAdmin: TestClient;
let category: number;
let png: Buffer;
let jpeg: Buffer;

interface ImageOut {
  id: number;
  url: string;
  thumbnail_url: string;
}
interface ProductOut {
  id: number;
  name: string;
  image_url: string | null;
  thumbnail_url: string | null;
  images: ImageOut[];
  [field: string]: unknown;
}

let skuSequence = 0;
/** The product form's text fields, every value as the browser sends it: a string. */
function formFields(overrides: Record<string, string> = {}) {
  skuSequence += 1;
  return {
    name: `Photo product ${skuSequence}`,
    sku: `IMG-${skuSequence}`,
    category_id: String(category),
    piece_buying_price: '100',
    piece_selling_price: '120.50',
    pack_buying_price: '0',
    pack_selling_price: '0',
    dozen_buying_price: '0',
    dozen_selling_price: '0',
    quantity: '10',
    min_quantity: '5',
    ...overrides,
  };
}

const photo = (data: Buffer, filename = 'photo.png', type = 'image/png') => ({
  filename,
  data,
  type,
});

async function createWithPhotos(count: number, client = manager): Promise<ProductOut> {
  const files = Array.from({ length: count }, (_, i) => photo(png, `photo-${i}.png`));
  const response = await client.form('POST', '/api/products', formFields(), files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: ProductOut }>().data;
}

/** Every file under UPLOAD_DIR, relative to it. */
async function storedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(t.config.uploadDir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(t.config.uploadDir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

const fileOf = (url: string) => url.replace(/^\/uploads\//, '');

beforeAll(async () => {
  t = await createTestApp({}, { uploads: true });
  storeA = (await buildStore(t.db)).id;
  storeB = (await buildStore(t.db)).id;
  manager = (await signedIn(t, 'manager', storeA)).client;
  cashier = (await signedIn(t, 'sales', storeA)).client;
  shopper = (await signedIn(t, 'user', storeA)).client;
  managerB = (await signedIn(t, 'manager', storeB)).client;
  superAdmin = (await signedIn(t, 'super_admin', storeA)).client;
  category = (await manager.post('/api/categories', { name: 'Unga' })).json().data.id;
  png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 240, g: 190, b: 40 } },
  })
    .png()
    .toBuffer();
  // A phone photo: 4000 × 3000 pixels as stored, EXIF orientation 6 (shown turned 90°).
  jpeg = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .jpeg({ quality: 70 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
});
afterAll(() => t.close());

describe('POST /api/products as multipart/form-data', () => {
  it('creates the product from string fields and keeps each photo as WebP with a thumbnail', async () => {
    const before = await storedFiles();
    const response = await cashier.form(
      'POST',
      '/api/products',
      formFields({ name: 'Jogoo Maize Flour 2kg', is_active: 'false', pack_size: '12' }),
      [photo(jpeg, 'IMG_2041.JPG', 'image/jpeg'), photo(png)],
    );
    expect(response.statusCode, response.body).toBe(201);
    const product = response.json<{ data: ProductOut }>().data;
    expect(product).toMatchObject({
      name: 'Jogoo Maize Flour 2kg',
      piece_selling_price: 120.5,
      quantity: 10,
      pack_size: 12,
      is_active: false,
    });
    expect(product.images).toHaveLength(2);
    const [first, second] = product.images;
    expect(first!.url).toMatch(new RegExp(`^/uploads/products/${storeA}/[0-9a-f-]{36}\\.webp$`));
    expect(first!.thumbnail_url).toBe(first!.url.replace('.webp', '-thumb.webp'));
    expect(product.image_url).toBe(first!.url);
    expect(product.thumbnail_url).toBe(first!.thumbnail_url);
    expect(second!.id).toBeGreaterThan(first!.id);
    // The till's grid and its search carry the same photos, in the same order.
    const listed = (await cashier.get('/api/products?q=Jogoo%20Maize&pageSize=50')).json<{
      data: ProductOut[];
    }>();
    expect(listed.data.find((row) => row.id === product.id)?.images).toEqual(product.images);
    const found = (await cashier.get('/api/products/search?q=jogoo%20maize')).json<{
      data: ProductOut[];
    }>();
    expect(found.data.find((row) => row.id === product.id)?.images).toEqual(product.images);

    const full = await cashier.get(first!.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Turned upright by its EXIF orientation, then fitted within 1600 px.
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect(fullMeta).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
    const thumbnail = await cashier.get(first!.thumbnail_url);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const thumbMeta = await sharp(thumbnail.rawPayload).metadata();
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBeLessThanOrEqual(240);
    expect(thumbMeta).toMatchObject({ width: 180, height: 240 });
    // A small photo is not enlarged.
    const small = await sharp((await cashier.get(second!.url)).rawPayload).metadata();
    expect(small).toMatchObject({ width: 400, height: 300 });

    const added = (await storedFiles()).filter((file) => !before.includes(file));
    expect(added).toHaveLength(4);
    expect(added).toEqual(
      expect.arrayContaining(
        product.images.flatMap((i) => [fileOf(i.url), fileOf(i.thumbnail_url)]),
      ),
    );

    const read = (await manager.get(`/api/products/${product.id}`)).json<{ data: ProductOut }>();
    expect(read.data.images).toEqual(product.images);
  });

  it('refuses the same bad fields with the same messages as JSON, writing nothing', async () => {
    const before = await storedFiles();
    const response = await manager.form(
      'POST',
      '/api/products',
      formFields({
        quantity: '1.5',
        min_quantity: '-3',
        is_active: 'maybe',
        piece_selling_price: '12.345',
        name: '',
      }),
      [photo(png)],
    );
    expect(response.statusCode).toBe(400);
    const messages = Object.fromEntries(
      response.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages).toEqual({
      name: 'Name is required',
      quantity: 'Quantity must be a whole number',
      is_active: 'Active must be true or false',
      min_quantity: 'Min Quantity cannot be negative',
      piece_selling_price:
        'Piece Selling Price must be a number of shillings with at most 2 decimals',
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('a text file named photo.png is refused: 400, no product, no file', async () => {
    const before = await storedFiles();
    const fields = formFields();
    const response = await manager.form('POST', '/api/products', fields, [
      photo(png, 'good.png'),
      photo(Buffer.from('not a picture at all\n'.repeat(50)), 'photo.png', 'image/png'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Only image files are allowed',
      code: 'products.not_an_image',
      errors: [{ path: 'images', message: 'Only image files are allowed' }],
    });
    const rows = await t.db.select().from(products).where(eq(products.sku, fields.sku));
    expect(rows).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an SVG, which is a picture but not a photo format', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const response = await manager.form('POST', '/api/products', formFields(), [
      photo(svg, 'logo.svg', 'image/svg+xml'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Only image files are allowed');
  });

  it('refuses a file over 5 MB: 400, nothing written', async () => {
    const before = await storedFiles();
    const fields = formFields();
    const response = await manager.form('POST', '/api/products', fields, [
      photo(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'huge.jpg', 'image/jpeg'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Each image must be 5 MB or smaller',
      errors: [{ path: 'images', message: 'Each image must be 5 MB or smaller' }],
    });
    expect(await t.db.select().from(products).where(eq(products.sku, fields.sku))).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts 8 photos and refuses a ninth, in one request or added later', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => photo(png, `p${i}.png`));
    const tooMany = await manager.form('POST', '/api/products', formFields(), nine);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('A product can have at most 8 images');

    const product = await createWithPhotos(8);
    expect(product.images).toHaveLength(8);
    const before = await storedFiles();
    const ninth = await manager.form('PUT', `/api/products/${product.id}`, {}, [photo(png)]);
    expect(ninth.statusCode).toBe(400);
    expect(ninth.json()).toMatchObject({
      message: 'A product can have at most 8 images',
      errors: [{ path: 'images', message: 'A product can have at most 8 images' }],
    });
    expect(await storedFiles()).toEqual(before);
    const read = (await manager.get(`/api/products/${product.id}`)).json<{ data: ProductOut }>();
    expect(read.data.images).toHaveLength(8);
  });

  it('a super_admin sends the store in the form, as the web client does', async () => {
    const response = await superAdmin.form(
      'POST',
      '/api/products',
      { ...formFields(), store_id: String(storeA) },
      [photo(png)],
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.images[0].url).toContain(`/uploads/products/${storeA}/`);
  });

  it('still takes JSON, and a product without photos has none', async () => {
    const response = await manager.post('/api/products', {
      ...formFields(),
      category_id: category,
      quantity: 1,
      min_quantity: 0,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      images: [],
      image_url: null,
      thumbnail_url: null,
    });
  });

  it('refuses a file in another field, and a form on a route that takes none (415)', async () => {
    const elsewhere = await manager.form('POST', '/api/products', formFields(), [
      { ...photo(png), field: 'document' },
    ]);
    expect(elsewhere.statusCode).toBe(400);
    const category = await manager.form('POST', '/api/categories', { name: 'Sabuni' });
    expect(category.statusCode).toBe(415);
    expect(category.json()).toEqual({
      message: 'Unsupported content type',
      code: 'request.unsupported_media_type',
    });
  });
});

describe('PUT /api/products/{id} as multipart/form-data', () => {
  it('changes the fields sent and adds the photos after the existing ones', async () => {
    const product = await createWithPhotos(1);
    const response = await manager.form(
      'PUT',
      `/api/products/${product.id}`,
      { name: 'Renamed with photos', min_quantity: '7' },
      [photo(jpeg, 'second.jpg', 'image/jpeg')],
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<{ data: ProductOut }>().data;
    expect(updated).toMatchObject({ name: 'Renamed with photos', min_quantity: 7, quantity: 10 });
    expect(updated.images).toHaveLength(2);
    expect(updated.images[0]).toEqual(product.images[0]);
    expect(updated.image_url).toBe(product.image_url);
  });
});

describe('PUT /api/products/{id} by a cashier (issue 20)', () => {
  it('adds a photo and renames; a price change with a photo is 403 and keeps no file', async () => {
    const product = await createWithPhotos(0);
    const renamed = await cashier.form(
      'PUT',
      `/api/products/${product.id}`,
      // The form sends back the stored price as text: no change.
      { name: 'Renamed by the cashier', piece_selling_price: '120.50' },
      [photo(png)],
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: ProductOut }>().data).toMatchObject({
      name: 'Renamed by the cashier',
      piece_selling_price: 120.5,
    });
    expect(renamed.json<{ data: ProductOut }>().data.images).toHaveLength(1);
    const before = await storedFiles();
    const refused = await cashier.form(
      'PUT',
      `/api/products/${product.id}`,
      { piece_selling_price: '1' },
      [photo(png, 'cheap.png')],
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      'Only a manager can change Piece Selling Price',
    );
    expect(await storedFiles()).toEqual(before);
    const read = (await manager.get(`/api/products/${product.id}`)).json<{ data: ProductOut }>();
    expect(read.data).toMatchObject({ piece_selling_price: 120.5 });
    expect(read.data.images).toHaveLength(1);
  });
});

describe('DELETE /api/products/{id}/images/{imageId}', () => {
  it('removes the photo and both its files; the next one becomes the first', async () => {
    const product = await createWithPhotos(2);
    const [first, second] = product.images;
    const response = await cashier.delete(`/api/products/${product.id}/images/${first!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const files = await storedFiles();
    expect(files).not.toContain(fileOf(first!.url));
    expect(files).not.toContain(fileOf(first!.thumbnail_url));
    expect((await cashier.get(first!.url)).statusCode).toBe(404);
    const read = (await manager.get(`/api/products/${product.id}`)).json<{ data: ProductOut }>();
    expect(read.data.images).toEqual([second]);
    expect(read.data.image_url).toBe(second!.url);
    expect(
      (await cashier.delete(`/api/products/${product.id}/images/${first!.id}`)).statusCode,
    ).toBe(404);
  });

  it("another store's photo, or one of another product, is 404 and stays", async () => {
    const product = await createWithPhotos(1);
    const other = await createWithPhotos(1);
    const image = product.images[0]!;
    const foreign = await managerB.delete(`/api/products/${product.id}/images/${image.id}`);
    expect(foreign.statusCode).toBe(404);
    const mismatched = await manager.delete(`/api/products/${other.id}/images/${image.id}`);
    expect(mismatched.statusCode).toBe(404);
    expect(mismatched.json()).toEqual({
      message: 'Image not found',
      code: 'products.image_not_found',
    });
    expect(await storedFiles()).toContain(fileOf(image.url));
    expect((await manager.get(image.url)).statusCode).toBe(200);
  });

  it('a shopper may not remove photos (403)', async () => {
    const product = await createWithPhotos(1);
    const response = await shopper.delete(
      `/api/products/${product.id}/images/${product.images[0]!.id}`,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('photos and the product they belong to', () => {
  it('deleting a product without history removes its photos and files', async () => {
    const product = await createWithPhotos(2);
    const response = await manager.delete(`/api/products/${product.id}`);
    expect(response.json()).toEqual({ success: true, deactivated: false });
    const files = await storedFiles();
    for (const image of product.images) {
      expect(files).not.toContain(fileOf(image.url));
      expect(files).not.toContain(fileOf(image.thumbnail_url));
    }
    const rows = await t.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, product.id));
    expect(rows).toEqual([]);
  });

  it('a product deactivated for its history keeps its photos', async () => {
    const product = await createWithPhotos(1);
    // A stock adjustment is history: the product is deactivated, not deleted.
    await manager.put(`/api/products/${product.id}`, { quantity: 3 });
    const response = await manager.delete(`/api/products/${product.id}`);
    expect(response.json()).toEqual({ success: true, deactivated: true });
    expect(await storedFiles()).toContain(fileOf(product.images[0]!.url));
    const read = (await manager.get(`/api/products/${product.id}`)).json<{ data: ProductOut }>();
    expect(read.data.images).toEqual(product.images);
  });

  it('a shopper sees the photos, still without buying prices', async () => {
    const product = await createWithPhotos(2);
    const read = await shopper.get(`/api/products/${product.id}`);
    expect(read.statusCode).toBe(200);
    const data = read.json<{ data: ProductOut }>().data;
    expect(data.images).toEqual(product.images);
    expect(data.thumbnail_url).toBe(product.images[0]!.thumbnail_url);
    for (const field of ['piece_buying_price', 'pack_buying_price', 'dozen_buying_price']) {
      expect(data).not.toHaveProperty(field);
    }
    const list = (await shopper.get('/api/products', { query: { pageSize: 100 } })).json<{
      data: ProductOut[];
    }>();
    const listed = list.data.find((p) => p.id === product.id)!;
    expect(listed.images).toEqual(product.images);
    expect(listed).not.toHaveProperty('piece_buying_price');
    const search = (await shopper.get('/api/products/search', { query: { q: product.name } }))
      .json<{ data: ProductOut[] }>()
      .data.find((p) => p.id === product.id)!;
    expect(search.images).toEqual(product.images);
  });

  it('files written by a transaction that then fails are removed again', async () => {
    const [row] = await t.db.select().from(products).limit(1);
    const before = await storedFiles();
    const image = await prepareImage(png);
    await expect(
      withImageFiles(t.config.uploadDir, (writer) =>
        t.db.transaction(async (tx) => {
          await addProductImages(tx, writer, storeA, row!.id, [image, image]);
          expect((await storedFiles()).length).toBe(before.length + 4);
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    expect(await storedFiles()).toEqual(before);
  });
});

describe('GET /uploads/*', () => {
  it('answers only the files the server wrote: anything else is a JSON 404', async () => {
    const product = await createWithPhotos(1);
    await writeFile(path.join(t.config.uploadDir, 'secret.txt'), 'not for the web');
    const client = t.client();
    expect((await client.get(product.images[0]!.url)).statusCode).toBe(200);
    for (const url of [
      '/uploads/secret.txt',
      '/uploads/',
      '/uploads/products/',
      `/uploads/products/${storeA}/`,
      '/uploads/../package.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      `/uploads/products/${storeA}/..%2f..%2fsecret.txt`,
      `/uploads/products/${storeA}/../../secret.txt`,
      '/uploads/products/1/00000000-0000-0000-0000-000000000000.webp',
      '/uploads/%2Fetc%2Fpasswd',
    ]) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});
