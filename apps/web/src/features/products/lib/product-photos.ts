/**
 * The server's photo rules (issue 6: image files only, 5 MB each, 8 per product), checked
 * before upload so a person hears at once, in the server's own words (messages.json).
 */
export const MAX_PRODUCT_IMAGES = 8;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The first rule `files` break next to `existingCount` saved photos, or null. */
export function photoProblem(files: readonly File[], existingCount: number): string | null {
  if (files.some((file) => !file.type.startsWith('image/'))) return 'Only image files are allowed';
  if (files.some((file) => file.size > MAX_IMAGE_BYTES)) {
    return 'Each image must be 5 MB or smaller';
  }
  if (existingCount + files.length > MAX_PRODUCT_IMAGES) {
    return 'A product can have at most 8 images';
  }
  return null;
}
