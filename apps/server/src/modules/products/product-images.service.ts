/**
 * Product photos (issue 6): checked by decoding them (never by name or declared type), turned
 * upright by their EXIF orientation, and kept as WebP under UPLOAD_DIR in
 * `products/<store_id>/<uuid>.webp` (longest side ≤ 1600 px) and `<uuid>-thumb.webp` (≤ 240 px).
 * No part of a path ever comes from the client. Rows are written in the caller's transaction;
 * files written for a transaction that fails are removed again (withImageFiles).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_IMAGES_MAX } from '@duka/shared/products/products.schemas';
import { and, count, eq, max } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '../../db/client';
import { productErrors } from './products.errors';
import { productImages } from './product-images.table';

// Each upload is decoded once; sharp's operation cache would only hold memory.
sharp.cache(false);

const FULL_MAX_PX = 1600;
const THUMBNAIL_MAX_PX = 240;
/** What a phone or a shop's camera makes; sharp names AVIF and HEIC both 'heif'. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const DECODE_OPTIONS = {
  // Accept a photo with a minor flaw (a phone's truncated EXIF); refuse what does not decode.
  failOn: 'error',
  // A 5 MB file may still claim a huge canvas; 100 megapixels covers any phone camera.
  limitInputPixels: 100_000_000,
} as const;

/** Where the files of a store's product photos live, and how the browser asks for them. */
export const PRODUCT_IMAGES_DIR = 'products';
export const UPLOADS_URL_PREFIX = '/uploads/';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const STORED_PATH = new RegExp(`^${PRODUCT_IMAGES_DIR}/[0-9]{1,10}/${UUID}(-thumb)?\\.webp$`);

/** True for a path (inside UPLOAD_DIR) of a file storeImageFiles writes, and nothing else. */
export function isStoredImagePath(relative: string): boolean {
  return STORED_PATH.test(relative);
}

export interface PreparedImage {
  full: Buffer;
  thumbnail: Buffer;
}

/**
 * Decodes an uploaded file and makes the two WebP images kept of it; anything that is not a
 * JPEG, PNG, WebP, GIF or AVIF/HEIC image sharp can decode is 400 'Only image files are allowed'.
 */
export async function prepareImage(data: Buffer): Promise<PreparedImage> {
  try {
    const { format } = await sharp(data, DECODE_OPTIONS).metadata();
    if (!ACCEPTED_FORMATS.has(format)) throw productErrors.notAnImage();
    const upright = sharp(data, DECODE_OPTIONS).autoOrient();
    const within = (px: number) =>
      upright
        .clone()
        .resize(px, px, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    const [full, thumbnail] = await Promise.all([within(FULL_MAX_PX), within(THUMBNAIL_MAX_PX)]);
    return { full, thumbnail };
  } catch {
    throw productErrors.notAnImage();
  }
}

/** One file after another, so a request holds one decoded photo in memory at a time. */
export async function prepareImages(files: { data: Buffer }[]): Promise<PreparedImage[]> {
  const prepared: PreparedImage[] = [];
  for (const file of files) prepared.push(await prepareImage(file.data));
  return prepared;
}

export interface ImageFiles {
  storeId: number;
  fileName: string;
  thumbnailName: string;
}

const storeDir = (uploadDir: string, storeId: number) =>
  path.join(uploadDir, PRODUCT_IMAGES_DIR, String(storeId));

/** Deletes a photo's two files; one already gone is no error. */
export async function removeImageFiles(uploadDir: string, images: ImageFiles[]): Promise<void> {
  await Promise.all(
    images.flatMap((image) =>
      [image.fileName, image.thumbnailName].map((name) =>
        rm(path.join(storeDir(uploadDir, image.storeId), name), { force: true }),
      ),
    ),
  );
}

/**
 * Writes a prepared photo's two files under random names (the storage both the upload route
 * and the demo seed use); `written` learns of each photo before its files exist, so a failure
 * anywhere after this call can remove them.
 */
async function storeImageFiles(
  uploadDir: string,
  storeId: number,
  image: PreparedImage,
  written: ImageFiles[],
): Promise<ImageFiles> {
  const dir = storeDir(uploadDir, storeId);
  await mkdir(dir, { recursive: true });
  const id = randomUUID();
  const files = { storeId, fileName: `${id}.webp`, thumbnailName: `${id}-thumb.webp` };
  written.push(files);
  await writeFile(path.join(dir, files.fileName), image.full, { flag: 'wx' });
  await writeFile(path.join(dir, files.thumbnailName), image.thumbnail, { flag: 'wx' });
  return files;
}

/** Photos to add to a product, and where their files go. */
export interface ImageUpload {
  uploadDir: string;
  images: PreparedImage[];
}

/** Where a transaction writes photo files, and the record of those it wrote. */
export interface ImageWriter {
  uploadDir: string;
  written: ImageFiles[];
}

/**
 * Runs `work` (a transaction that calls addProductImages) and, if it fails, removes every file
 * it wrote, so a refused or rolled-back request leaves nothing in UPLOAD_DIR.
 */
export async function withImageFiles<T>(
  uploadDir: string,
  work: (writer: ImageWriter) => Promise<T>,
): Promise<T> {
  const writer: ImageWriter = { uploadDir, written: [] };
  try {
    return await work(writer);
  } catch (error) {
    await removeImageFiles(uploadDir, writer.written);
    throw error;
  }
}

/**
 * Adds photos to a product, after its existing ones, inside the caller's transaction (which
 * holds the product row locked, so two uploads cannot both pass the limit). More than
 * PRODUCT_IMAGES_MAX in all is 400, before any file is written.
 */
export async function addProductImages(
  tx: Executor,
  writer: ImageWriter,
  storeId: number,
  productId: number,
  images: PreparedImage[],
): Promise<void> {
  if (images.length === 0) return;
  const [existing] = await tx
    .select({ n: count(), last: max(productImages.position) })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  if ((existing?.n ?? 0) + images.length > PRODUCT_IMAGES_MAX) {
    throw productErrors.tooManyImages();
  }
  let position = existing?.last ?? 0;
  for (const image of images) {
    const files = await storeImageFiles(writer.uploadDir, storeId, image, writer.written);
    position += 1;
    await tx.insert(productImages).values({ productId, ...files, position });
  }
}

/** The photo rows of one product, for removing their files once the product is deleted. */
export async function productImageFiles(tx: Executor, productId: number): Promise<ImageFiles[]> {
  return tx
    .select({
      storeId: productImages.storeId,
      fileName: productImages.fileName,
      thumbnailName: productImages.thumbnailName,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId));
}

/**
 * DELETE /products/{id}/images/{imageId}: the row, then its two files. Another store's product
 * or photo, or a photo of another product, is 404.
 */
export async function deleteProductImage(
  db: Executor,
  uploadDir: string,
  storeId: number,
  productId: number,
  imageId: number,
): Promise<void> {
  const [row] = await db
    .delete(productImages)
    .where(
      and(
        eq(productImages.id, imageId),
        eq(productImages.productId, productId),
        eq(productImages.storeId, storeId),
      ),
    )
    .returning();
  if (!row) throw productErrors.imageNotFound();
  await removeImageFiles(uploadDir, [row]);
}
