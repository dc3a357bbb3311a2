import {
  PRODUCT_IMAGE_BYTES_MAX,
  PRODUCT_IMAGE_MESSAGES,
  PRODUCT_IMAGES_MAX,
} from '@duka/shared/products/products.schemas';

/**
 * The server's photo rules (image files only, 5 MB each, 8 per product), checked before upload
 * so a person hears at once, in the server's own words (translated through messages.json).
 * The first rule `files` break next to `existingCount` saved photos, or null.
 */
export function photoProblem(files: readonly File[], existingCount: number): string | null {
  if (files.some((file) => !file.type.startsWith('image/'))) {
    return PRODUCT_IMAGE_MESSAGES.notAnImage;
  }
  if (files.some((file) => file.size > PRODUCT_IMAGE_BYTES_MAX)) {
    return PRODUCT_IMAGE_MESSAGES.tooLarge;
  }
  if (existingCount + files.length > PRODUCT_IMAGES_MAX) return PRODUCT_IMAGE_MESSAGES.tooMany;
  return null;
}
