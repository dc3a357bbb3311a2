import type { ShopperProduct } from '@duka/shared/products/products.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import { PackageIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isOutOfStock, shelfOf } from '@/features/cart/lib/cart-stock';
import { formatStock } from '@/lib/format-stock';
import { piecePrice } from '../lib/shop-products';

const imageClass = 'aspect-square w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800';

/**
 * The first photo's thumbnail (a phone on mobile data never loads a full-size photo for a
 * small square), or a placeholder when there is none or it fails to load (spec §2 Shop).
 */
function ProductPicture({ src }: { src: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div
        aria-hidden="true"
        data-testid="product-image-placeholder"
        className={`${imageClass} flex items-center justify-center text-slate-400`}
      >
        <PackageIcon className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      className={imageClass}
      onError={() => setFailed(src)}
    />
  );
}

/** Spec §2 Shop card: image, name, description or 'No description', price or 'N/A', Add to Cart. */
export function ShopProductCard({
  product,
  onAdd,
}: {
  product: ShopperProduct;
  onAdd: (product: ShopperProduct) => void;
}) {
  const { t } = useTranslation(['shop', 'common']);
  const price = piecePrice(product);
  const description = product.description.trim();
  // Stock as on the shelf when the answer tells it (issue 20); the server decides at the order.
  const shelf = shelfOf(product);
  const out = isOutOfStock(product);
  return (
    <li
      data-testid="shop-product"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2 text-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <ProductPicture src={product.images[0]?.thumbnail_url ?? product.thumbnail_url} />
      <h3 className="leading-tight font-semibold">{product.name}</h3>
      <p className="line-clamp-3 text-xs text-slate-600 dark:text-slate-400">
        {description || t('card.noDescription')}
      </p>
      <p className="mt-auto font-semibold">
        <span className="sr-only">{t('card.price')}: </span>
        {price === null ? t('card.noPrice') : formatCurrency(price)}
      </p>
      {shelf && (
        <p
          className={out ? 'text-xs font-semibold text-red-700 dark:text-red-400' : 'text-xs'}
          data-testid="shop-product-stock"
        >
          {out ? t('common:shelf.outOfStock') : t('card.stock', { stock: formatStock(shelf) })}
        </p>
      )}
      <Button
        size="sm"
        aria-label={t('card.addNamed', { name: product.name })}
        disabled={out}
        onClick={() => onAdd(product)}
      >
        {t('card.add')}
      </Button>
    </li>
  );
}
