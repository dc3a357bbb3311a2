/** Product photos as the API answers them: the URLs the browser asks /uploads/ for. */
import type { ProductImage } from '@duka/shared/products/products.schemas';
import { PRODUCT_IMAGES_DIR, UPLOADS_URL_PREFIX } from './product-images.service';
import type { ProductImageRow } from './product-images.table';

/** Where the browser asks for a stored photo file of the store. */
export const fileUrl = (storeId: number, name: string) =>
  `${UPLOADS_URL_PREFIX}${PRODUCT_IMAGES_DIR}/${storeId}/${name}`;

/** What a product's answer needs of a photo. */
export type ImageRef = Pick<ProductImageRow, 'id' | 'storeId' | 'fileName' | 'thumbnailName'>;

export function presentImage(row: ImageRef): ProductImage {
  return {
    id: row.id,
    url: fileUrl(row.storeId, row.fileName),
    thumbnail_url: fileUrl(row.storeId, row.thumbnailName),
  };
}
