import { PackageIcon } from 'lucide-react';
import { useState } from 'react';
import type { InventoryProduct } from '../lib/product-types';

const SIZE = 40;

/**
 * The product's small photo in lists (the WebP thumbnail, loaded lazily with its size set so
 * rows do not jump), or a neutral placeholder when it has none or the file cannot be loaded.
 * Decorative: the product's name is written beside it.
 */
export function ProductThumbnail({ product }: { product: InventoryProduct }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = product.thumbnail_url ?? null;
  if (!src || failed === src) {
    return (
      <span
        aria-hidden="true"
        data-testid="product-thumbnail-placeholder"
        className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500"
      >
        <PackageIcon className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={SIZE}
      height={SIZE}
      loading="lazy"
      decoding="async"
      className="size-10 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
      onError={() => setFailed(src)}
    />
  );
}
